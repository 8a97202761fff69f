/// A horizontal bar chart in Unicode blocks, scaled to the width: label, bar, value.
///
/// Bars have eighth-of-a-cell precision (`▏▎▍▌▋▊▉█`). With negative values a zero line
/// splits the bar area in proportion, negative bars growing left from it (with half-cell
/// precision at their left end, the finest Unicode offers); an all-zero chart draws no bars.
/// Bars are coloured only when the style allows colour.
///
/// ```
/// Window cleaning   ███████████████████████████▌          1500
/// Wash and iron     ████████████████▎                      890
/// ```
public struct BarChart: ValueView {
    /// One bar.
    public struct Bar: Sendable, Equatable {
        public var label: String
        public var value: Double
        /// The value as shown at the bar's end.
        public var text: String

        public init(label: String, value: Double, text: String) {
            self.label = label
            self.value = value
            self.text = text
        }
    }

    public let bars: [Bar]
    /// A dim line under the chart (rows left out), if any.
    public let note: String?

    public init(bars: [Bar], note: String? = nil) {
        self.bars = bars
        self.note = note
    }

    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    static let positiveColor = RGBColor(red: 0x4F, green: 0xA3, blue: 0xE0)
    static let negativeColor = RGBColor(red: 0xE0, green: 0x6C, blue: 0x4F)

    public func render(in context: RenderContext) -> String {
        let width = max(10, context.width)
        let labels = bars.map { Sanitizer.inert($0.label) }
        let labelWidth = min(labels.map { DisplayWidth.of($0) }.max() ?? 0, width / 3)
        let textWidth = bars.map { DisplayWidth.of($0.text) }.max() ?? 0
        let barWidth = max(1, width - labelWidth - textWidth - 2)
        let low = min(0, bars.map(\.value).min() ?? 0)
        let high = max(0, bars.map(\.value).max() ?? 0)
        let span = high - low
        let zero = span > 0 ? Int((-low / span * Double(barWidth)).rounded()) : 0
        var lines: [String] = []
        for (bar, label) in zip(bars, labels) {
            let drawn =
                span > 0 ? Self.bar(bar.value, span: span, zero: zero, width: barWidth, style: context.style) : ""
            let used = span > 0 ? Self.cells(bar.value, span: span, zero: zero, width: barWidth) : 0
            let gap = String(repeating: " ", count: max(0, barWidth - used))
            let value = String(repeating: " ", count: textWidth - DisplayWidth.of(bar.text)) + bar.text
            lines.append(TextLayout.pad(label, to: labelWidth) + " " + drawn + gap + " " + value)
        }
        if bars.isEmpty { lines.append("(nothing to chart)") }
        if let note { lines.append(context.style.dim(TextLayout.truncate(note, to: width))) }
        return lines.joined(separator: "\n")
    }

    /// How many cells a bar's text takes, spaces before a negative bar included.
    private static func cells(_ value: Double, span: Double, zero: Int, width: Int) -> Int {
        if value >= 0 {
            let eighths = Int((value / span * Double(width) * 8).rounded())
            return zero + (eighths + 7) / 8
        }
        return zero
    }

    private static func bar(_ value: Double, span: Double, zero: Int, width: Int, style: TerminalStyle) -> String {
        if value >= 0 {
            let eighths = Int((value / span * Double(width) * 8).rounded())
            let text = String(repeating: "█", count: eighths / 8) + Self.eighths[eighths % 8]
            return String(repeating: " ", count: zero) + style.apply([.foreground(positiveColor)], to: text)
        }
        let halves = min(zero * 2, Int((-value / span * Double(width) * 2).rounded()))
        let text = (halves % 2 == 1 ? "▐" : "") + String(repeating: "█", count: halves / 2)
        let lead = zero - (halves + 1) / 2
        return String(repeating: " ", count: lead) + style.apply([.foreground(negativeColor)], to: text)
    }
}
