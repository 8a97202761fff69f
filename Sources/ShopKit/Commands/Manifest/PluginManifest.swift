/// What a plugin declares, as data: name, version, summary, default verb, state keys, the
/// keys it reads, and its commands — the `manifest` of PLUGIN-PROTOCOL §4, for built-in
/// and outside plugins alike.
///
/// ```swift
/// let manifest = PluginManifest(ServicesPlugin())
/// let again = try PluginManifest(json: manifest.json)   // checked, errors name the path
/// ```
public struct PluginManifest: Sendable {
    public var name: String
    public var version: String
    public var summary: String
    public var defaultVerb: String?
    public var stateKeys: [StateKeyDeclaration]
    /// Keys of other plugins it reads (sent with each `run`).
    public var reads: [String]
    public var commands: [CommandSpec]

    /// The manifest of a Swift plugin.
    public init(_ plugin: any Plugin) {
        name = plugin.name
        version = plugin.version
        summary = plugin.summary
        defaultVerb = plugin.defaultVerb
        stateKeys = plugin.stateKeys
        reads = plugin.reads
        commands = plugin.commands.map(\.spec)
    }

    /// The manifest as JSON.
    public var json: Value {
        var pairs: [(String, Value)] = [
            ("name", .string(name)), ("version", .string(version)), ("summary", .string(summary)),
        ]
        if let defaultVerb { pairs.append(("defaultVerb", .string(defaultVerb))) }
        pairs += [
            ("stateKeys", .list(stateKeys.map(\.json))), ("reads", .list(reads.map(Value.string))),
            ("commands", .list(commands.map(\.json))),
        ]
        return .record(Record(pairs: pairs))
    }

    /// Reads and checks a manifest; the error names the JSON path of the first bad field,
    /// under `path`.
    public init(json value: Value, path: String = "manifest") throws(ManifestError) {
        let fields = try ManifestFields(value, path: path)
        name = try fields.string("name")
        guard Self.isPluginName(name) else {
            throw ManifestError(
                path: fields.path(of: "name"), "'\(name)' must be lowercase letters, digits and '-', from a letter")
        }
        version = try fields.string("version")
        summary = try fields.optionalString("summary") ?? ""
        defaultVerb = try fields.optionalString("defaultVerb")
        stateKeys = try fields.list("stateKeys").map { element throws(ManifestError) in
            try StateKeyDeclaration(json: element.value, path: element.path)
        }
        reads = try fields.strings("reads")
        commands = try fields.list("commands").map { element throws(ManifestError) in
            try CommandSpec(json: element.value, path: element.path)
        }
        for (index, key) in stateKeys.enumerated() where !key.key.hasPrefix(name + ".") {
            throw ManifestError(path: "\(path).stateKeys[\(index)].key", "'\(key.key)' must start with '\(name).'")
        }
        for (index, command) in commands.enumerated() where command.path.first != name || command.path.count != 2 {
            throw ManifestError(
                path: "\(path).commands[\(index)].path", "'\(command.name)' must be '\(name) VERB'")
        }
        if let defaultVerb, !commands.contains(where: { $0.path.last == defaultVerb }) {
            throw ManifestError(path: fields.path(of: "defaultVerb"), "no command '\(name) \(defaultVerb)'")
        }
    }

    /// Lowercase letters, digits and `-`, starting with a letter.
    static func isPluginName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }
}
