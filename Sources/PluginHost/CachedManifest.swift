import ShopKit

/// A plugin's manifest as the registry file keeps it, read in three steps: its head at start
/// (name, version, summary, keys and reads — what a session needs before any command runs),
/// its outline when the plugin is first looked up (each command cut to its path, aliases,
/// abstract and input), and the whole manifest on the first use of one of its commands. A
/// manifest read from the file decodes each step from the file's text only when asked.
///
/// ```swift
/// let cached = CachedManifest(json)             // from the plugin: all at hand
/// let plugin = try OutsidePlugin(cached: cached, executable: path, settings: settings)
/// let whole = try cached.whole.get()            // ManifestError when the text is damaged
/// ```
public struct CachedManifest: Sendable, Equatable {
    private let start: Start
    private let source: Source

    /// What a session reads at start.
    private enum Start: Sendable {
        /// The head read straight from the file's text and checked (a manifest with no
        /// commands and no default verb); the default verb, and where the commands are in
        /// the text, to read them when the outline is asked for.
        case head(PluginManifest, defaultVerb: String?, commands: Range<Int>?)
        /// The outline as values, checked when asked: a manifest the plugin sent, or text the
        /// straight reading did not take (``PluginManifest/init(json:path:)`` words its problem).
        case outline(Value)
    }

    private enum Source: Sendable {
        case value(Value)
        /// The manifest's object in the registry file's text (shared by all its entries).
        case text([UInt8], Range<Int>)
    }

    /// The fields of a command that are part of the outline.
    static let outlineCommandFields = ["path", "aliases", "abstract", "input"]

    /// A manifest the plugin sent.
    public init(_ manifest: Value) {
        start = .outline(Self.outline(of: manifest))
        source = .value(manifest)
    }

    /// Reads the manifest object next in `reader`, a reader over `bytes`: its head now,
    /// straight into a checked manifest (``readCheckedHead(_:)``), the rest only checked for
    /// syntax (its text is decoded by ``outline`` and ``whole``).
    init(reading reader: inout JSONReader, in bytes: [UInt8]) throws(JSONError) {
        _ = try reader.peekKind()
        let offset = reader.offset
        if let (head, defaultVerb, commands) = Self.readCheckedHead(&reader) {
            start = .head(head, defaultVerb: defaultVerb, commands: commands)
        } else {
            reader.rewind(to: offset)
            start = .outline(try Self.readOutline(&reader))
        }
        source = .text(bytes, offset..<reader.offset)
    }

    /// The manifest without its commands or default verb, checked; the error names the JSON
    /// path of the first bad field.
    public var head: PluginManifest {
        get throws(ManifestError) {
            switch start {
            case .head(let head, _, _): return head
            case .outline(let value):
                var manifest = try PluginManifest(json: value)
                (manifest.commands, manifest.defaultVerb) = ([], nil)
                return manifest
            }
        }
    }

    /// The manifest with each command cut to its outline, checked; the error names the JSON
    /// path of the first bad field.
    public var outline: PluginManifest {
        get throws(ManifestError) {
            switch start {
            case .head(let head, let defaultVerb, let commands):
                guard case .text(let bytes, let range) = source else { return head }
                if let outline = Self.readCheckedOutline(
                    head: head, defaultVerb: defaultVerb, commandsIn: commands.map { (bytes, $0) })
                {
                    return outline
                }
                // The reading through values words the problem.
                let value = try? Self.read(bytes[range]) { reader throws(JSONError) in try Self.readOutline(&reader) }
                return try PluginManifest(json: value ?? .null)
            case .outline(let value): return try PluginManifest(json: value)
            }
        }
    }

    /// The outline of the manifest next in `reader`, as values.
    private static func readOutline(_ reader: inout JSONReader) throws(JSONError) -> Value {
        var pairs: [(String, Value)] = []
        try reader.readObject { key, reader throws(JSONError) in
            guard key == "commands", try reader.peekKind() == .array else {
                pairs.append((key, try reader.readValue()))
                return
            }
            var commands: [Value] = []
            try reader.readArray { _, reader throws(JSONError) in
                commands.append(try Self.readCommandOutline(&reader))
            }
            pairs.append((key, .list(commands)))
        }
        return .record(Record(pairs: pairs))
    }

    /// The outline of the command next in `reader`.
    private static func readCommandOutline(_ reader: inout JSONReader) throws(JSONError) -> Value {
        guard try reader.peekKind() == .object else { return try reader.readValue() }
        var pairs: [(String, Value)] = []
        try reader.readObject { key, reader throws(JSONError) in
            if outlineCommandFields.contains(key) {
                pairs.append((key, try reader.readValue()))
            } else {
                try reader.skipValueSyntax()
            }
        }
        return .record(Record(pairs: pairs))
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

    /// The manifest with each command cut to its outline.
    private static func outline(of json: Value) -> Value {
        guard let record = json.recordValue, let commands = record["commands"]?.listValue else { return json }
        let outlines: Value = .list(
            commands.map { command in
                guard let fields = command.recordValue else { return command }
                return .record(
                    Record(pairs: outlineCommandFields.compactMap { key in fields[key].map { (key, $0) } }))
            })
        return .record(
            Record(
                pairs: record.fields.map { field in (field.name, field.name == "commands" ? outlines : field.value) }))
    }
}
