import ShopPluginAPI

/// Loaded images, one line each: `news 1: PNG 48×32, 239 bytes, memory hit (0.01 ms)`.
///
/// The time shows at the prompt only, so scripts and transcripts print the same every run
/// (`--format json` always carries it as `milliseconds`).
struct NewsImageView: ValueView {
    /// One loaded image and the news it belongs to.
    struct Line: Sendable {
        var number: Int
        var image: LoadedImage
        var milliseconds: Double
    }

    let lines: [Line]
    /// Whether each line ends with the time the load took.
    let showsTime: Bool

    func render(in context: RenderContext) -> String {
        lines.map { Self.text($0, showsTime: showsTime) }.joined(separator: "\n")
    }

    /// The line for one image.
    static func text(_ line: Line, showsTime: Bool) -> String {
        let header = line.image.header
        let time = showsTime ? " (\(milliseconds(line.milliseconds)) ms)" : ""
        return "news \(line.number): \(header.format.rawValue.uppercased()) \(header.width)×\(header.height), "
            + "\(line.image.byteCount) bytes, \(origin(line.image.origin))\(time)"
    }

    /// Where the bytes came from, as hit or miss.
    static func origin(_ origin: ImageOrigin) -> String {
        switch origin {
        case .memory: "memory hit"
        case .disk: "disk hit"
        case .network: "miss, downloaded"
        case .replayed: "replayed"
        case .embedded: "embedded"
        }
    }

    /// `0.04`: two decimals, without a locale.
    static func milliseconds(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The record of one image: what `--format json` prints and pipelines get.
    static func value(_ line: Line) -> Value {
        .record(
            Record(
                names: fieldNames,
                values: [
                    .int(line.number), .string(line.image.url), .string(line.image.header.format.rawValue),
                    .int(line.image.header.width), .int(line.image.header.height), .int(line.image.byteCount),
                    .string(line.image.origin.rawValue), .double(line.milliseconds),
                ]))
    }

    static let fieldNames = FieldNames([
        "number", "url", "format", "width", "height", "bytes", "origin", "milliseconds",
    ])
}
