import ShopFormats
import ShopPluginAPI
import ShopWire

/// A plugin's manifest as the registry file keeps it, read in two steps: its head when the
/// registry file is read (name, version, summary, keys and reads — what a session needs before
/// any of the plugin's commands), and the whole manifest when the plugin's commands are first
/// asked for. A manifest read from the file decodes its whole text only when asked.
///
/// ```swift
/// let cached = CachedManifest(json)             // from the plugin: all at hand
/// let plugin = try OutsidePlugin(cached: cached, executable: path, settings: settings)
/// let whole = try cached.whole.get()            // ManifestError when the text is damaged
/// ```
public struct CachedManifest: Sendable, Equatable {
    private let start: Head
    private let source: Source

    /// What a session reads first.
    private enum Head: Sendable {
        /// The head read straight from the file's text and checked (a manifest with no
        /// commands and no default verb).
        case read(PluginManifest)
        /// The head as values (the manifest without its commands and default verb), checked
        /// when asked: a manifest the plugin sent, or text the straight reading did not take
        /// (``PluginManifest/init(json:path:)`` words its problem).
        case values(Value)
    }

    private enum Source: Sendable {
        case value(Value)
        /// The manifest's object in the registry file's text (shared by all its entries).
        case text([UInt8], Range<Int>)
    }

    /// A manifest the plugin sent.
    public init(_ manifest: Value) {
        start = .values(Self.head(of: manifest))
        source = .value(manifest)
    }

    /// Reads the manifest object next in `reader`, a reader over `bytes`: its head now,
    /// straight into a checked manifest (``readCheckedHead(_:)``), the rest only checked for
    /// syntax (its text is decoded by ``whole``).
    init(reading reader: inout JSONReader, in bytes: [UInt8]) throws(JSONError) {
        _ = try reader.peekKind()
        let offset = reader.offset
        if let head = Self.readCheckedHead(&reader) {
            start = .read(head)
        } else {
            reader.rewind(to: offset)
            start = .values(Self.head(of: try reader.readValue()))
        }
        source = .text(bytes, offset..<reader.offset)
    }

    /// The manifest without its commands or default verb, checked; the error names the JSON
    /// path of the first bad field.
    public var head: PluginManifest {
        get throws(ManifestError) {
            switch start {
            case .read(let head): return head
            case .values(let value): return try PluginManifest(json: value)
            }
        }
    }

    /// The members of a manifest but its commands and default verb.
    private static func head(of json: Value) -> Value {
        guard let record = json.recordValue else { return json }
        return .record(
            Record(
                pairs: record.fields.filter { $0.name != "commands" && $0.name != "defaultVerb" }.map {
                    ($0.name, $0.value)
                }))
    }

    /// The whole manifest; a text that does not decode is an error at the JSON path under
    /// `manifest`.
    public var whole: Result<Value, ManifestError> {
        switch source {
        case .value(let value): return .success(value)
        case .text(let bytes, let range):
            do {
                return .success(try Self.read(bytes[range]) { reader throws(JSONError) in try reader.readValue() })
            } catch {
                return .failure(ManifestError(path: "manifest", error.description))
            }
        }
    }

    /// `body`'s reading of the JSON text `slice`, which must hold nothing after what it reads.
    static func read<Result>(
        _ slice: ArraySlice<UInt8>, _ body: (inout JSONReader) throws(JSONError) -> Result
    ) throws(JSONError) -> Result {
        let outcome: Swift.Result<Result, JSONError> = slice.withUnsafeBufferPointer { buffer in
            Swift.Result { () throws(JSONError) in try JSONReader.withReader(over: buffer, body) }
        }
        return try outcome.get()
    }

    public static func == (lhs: CachedManifest, rhs: CachedManifest) -> Bool {
        lhs.whole == rhs.whole
    }
}
