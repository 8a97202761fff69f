import ShopFormats
import ShopPluginAPI
import ShopWire

extension CachedManifest {
    /// The head of the manifest object next in `reader` (its name, version, summary, keys and
    /// reads), read straight into a manifest with no commands and checked by
    /// ``PluginManifest/init(name:version:summary:defaultVerb:stateKeys:reads:commands:path:)``;
    /// the rest is only checked for syntax. Nil when anything is not as a valid manifest has
    /// it — a field's type, a rule — and the reading through values
    /// (``PluginManifest/init(json:path:)``) words the problem. Reads to the object's end, or,
    /// when it answers nil, to some place inside it (``JSONReader/rewind(to:)`` back to read
    /// it again).
    ///
    /// Every registered plugin's head is read when the registry file is, and nothing more: a
    /// session that never looks a plugin up never decodes its commands.
    static func readCheckedHead(_ reader: inout JSONReader) -> PluginManifest? {
        (try? readHead(&reader)) ?? nil
    }

    /// The members read, by their index; others are skipped, checked only for syntax.
    private static let manifestNames = JSONMemberNames(["name", "version", "summary", "stateKeys", "reads"])
    private static let stateKeyNames = JSONMemberNames(["key", "abstract", "type", "choices", "initial"])

    private static func readHead(_ reader: inout JSONReader) throws(JSONError) -> PluginManifest? {
        var (name, version, summary): (String?, String?, String?)
        var stateKeys: [StateKeyDeclaration] = []
        var reads: [String] = []
        try reader.readObject(manifestNames) { index, reader throws(JSONError) in
            switch index {
            case 0: name = try reader.readString()
            case 1: version = try reader.readString()
            case 2: summary = try reader.optionalString()
            case 3: stateKeys = try reader.list { reader throws(JSONError) in try readStateKey(&reader) }
            case 4: reads = try reader.strings()
            default: try reader.skipValueSyntax()
            }
        }
        guard let name, let version else { return nil }
        return try? PluginManifest(
            name: name, version: version, summary: summary ?? "", defaultVerb: nil, stateKeys: stateKeys,
            reads: reads, commands: [])
    }

    private static func readStateKey(_ reader: inout JSONReader) throws(JSONError) -> StateKeyDeclaration {
        var (key, abstract, type): (String?, String?, String?)
        var choices: [String]?
        var initial: Value = .null
        try reader.readObject(stateKeyNames) { index, reader throws(JSONError) in
            switch index {
            case 0: key = try reader.readString()
            case 1: abstract = try reader.optionalString()
            case 2: type = try reader.readString()
            case 3: choices = try reader.strings()
            case 4: initial = try reader.readValue()
            default: try reader.skipValueSyntax()
            }
        }
        guard let key, let type, let valueType = try? ValueType(parsing: type, choices: choices),
            valueType.accepts(initial)
        else { throw reader.error(.invalidValue("not a valid state key")) }
        let first = initial
        return StateKeyDeclaration(key: key, abstract: abstract ?? "", type: valueType, initialValue: { first })
    }
}

extension JSONReader {
    /// A string, or nil for `null`.
    fileprivate mutating func optionalString() throws(JSONError) -> String? {
        try readNullIfPresent() ? nil : try readString()
    }

    /// A list of strings; `null` is an empty list.
    fileprivate mutating func strings() throws(JSONError) -> [String] {
        try list { reader throws(JSONError) in try reader.readString() }
    }

    /// A list of elements read by `element`; `null` is an empty list.
    fileprivate mutating func list<Element>(
        _ element: (inout JSONReader) throws(JSONError) -> Element
    ) throws(JSONError) -> [Element] {
        guard try !readNullIfPresent() else { return [] }
        var elements: [Element] = []
        try readArray { _, reader throws(JSONError) in elements.append(try element(&reader)) }
        return elements
    }
}
