import ShopPluginAPI

/// What a plugin declares, as data: name, version, summary, default verb, state keys, the
/// keys it reads, and its commands — a plugin's `manifest` on the wire, for built-in
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
    /// The verb that runs when the plugin's name is typed alone (`promo` runs `promo list`):
    /// the second word of one of its two-word commands. A plugin with a one-word command
    /// (`["tally"]`) has none: its name alone runs that command.
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
    /// under `path`. Every rule a manifest keeps is checked here, so `plugin add`, `plugin
    /// check`, `--plugin`, `#%plugin` and a kit checking its own plugin refuse the same
    /// manifests with the same words.
    public init(json value: Value, path: String = "manifest") throws(ManifestError) {
        let fields = try ManifestFields(value, path: path)
        name = try fields.string("name")
        try Self.checkName(name, path: path)
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
        try checkNamespace(path: path)
    }

    /// A manifest from parts a decoder read straight from JSON, checked by the rules
    /// ``init(json:path:)`` applies to what it read: the name, each command's declaration,
    /// and the namespace. (The parts' own types are the decoder's to check.)
    public init(
        name: String, version: String, summary: String, defaultVerb: String?, stateKeys: [StateKeyDeclaration],
        reads: [String], commands: [CommandSpec], path: String = "manifest"
    ) throws(ManifestError) {
        try Self.checkName(name, path: path)
        for index in commands.indices {
            do {
                try commands[index].validate(path: "")
            } catch {
                throw ManifestError(path: "\(path).commands[\(index)]" + error.path, error.reason)
            }
        }
        (self.name, self.version, self.summary, self.defaultVerb) = (name, version, summary, defaultVerb)
        (self.stateKeys, self.reads, self.commands) = (stateKeys, reads, commands)
        try checkNamespace(path: path)
    }

    private static func checkName(_ name: String, path: String) throws(ManifestError) {
        guard isPluginName(name) else {
            throw ManifestError(
                path: "\(path).name", "'\(name)' must be lowercase letters, digits and '-', from a letter")
        }
        if isReserved(name) {
            throw ManifestError(path: "\(path).name", "'\(name)' is a name shop keeps for itself")
        }
    }

    /// The plugin's manifest, checked by the same rules as one read from JSON: what a kit
    /// serving `plugin` out of process, or a plugin's own tests, run to be refused exactly as
    /// `plugin add` would refuse it.
    ///
    /// ```swift
    /// try PluginManifest.check(GreeterPlugin())   // ManifestError: manifest.commands[1].path: …
    /// ```
    @discardableResult
    public static func check(_ plugin: any Plugin) throws(ManifestError) -> PluginManifest {
        try PluginManifest(json: PluginManifest(plugin).json)
    }

    /// Names a plugin may not take, sorted: the core's commands, aliases and groups, and the
    /// words the language keeps for itself. A literal, not made from the core's specs: every
    /// registered plugin is checked when the registry file is read. `ReservedNamesTests` checks
    /// that it matches the core.
    public static let reservedNames: [String] = [
        "append", "args", "avg", "chart", "clear", "columns", "commands", "count", "date", "describe", "each", "echo",
        "edit", "env", "exit", "expand", "expect", "find", "first", "flatten", "format", "from", "get", "group", "help",
        "history", "http", "insert", "into", "it", "join", "last", "length", "lines", "math", "max", "min", "open",
        "page",
        "plugin", "plugins", "print", "quit", "range", "reject", "rename", "replace", "reverse", "run", "save",
        "select", "set", "skip", "sleep", "sort", "split", "sql", "state", "str", "sum", "take", "to", "trim", "undo",
        "uniq",
        "unset", "update", "vars", "where",
    ]

    /// Whether `name` is one of ``reservedNames`` (searched by halves).
    static func isReserved(_ name: String) -> Bool {
        var (low, high) = (0, reservedNames.count)
        while low < high {
            let middle = (low + high) / 2
            if reservedNames[middle] == name { return true }
            if reservedNames[middle] < name { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// Keys and commands inside the plugin's namespace, each declared once.
    /// Runs for every registered plugin at every start, so it is kept cheap: no copies of the
    /// specs, and a manifest's few names searched in a line rather than hashed.
    private func checkNamespace(path: String) throws(ManifestError) {
        let prefix = name + "."
        for index in stateKeys.indices {
            let key = stateKeys[index].key
            // Built only for an error: a manifest is checked at every start.
            var place: String { "\(path).stateKeys[\(index)].key" }
            guard key.utf8.count > prefix.utf8.count, key.hasPrefix(prefix) else {
                throw ManifestError(path: place, "'\(key)' must start with '\(name).'")
            }
            if let first = stateKeys[..<index].firstIndex(where: { $0.key == key }) {
                throw ManifestError(path: place, "'\(key)' is declared twice (also \(path).stateKeys[\(first)])")
            }
        }
        for (index, key) in reads.enumerated()
        where !key.utf8.contains(UInt8(ascii: ".")) || key.hasPrefix(".") || key.hasSuffix(".") {
            throw ManifestError(path: "\(path).reads[\(index)]", "'\(key)' is not a state key (PLUGIN.KEY)")
        }
        var verbs: [(verb: String, command: Int)] = []
        verbs.reserveCapacity(commands.count)
        var bare: Int?
        for index in commands.indices {
            let words = commands[index].path
            let aliases = commands[index].aliases
            var place: String { "\(path).commands[\(index)]" }
            guard words.first == name else {
                throw ManifestError(
                    path: "\(place).path", "'\(commands[index].name)' must be '\(name) VERB' or '\(name)'")
            }
            if words.count == 1 {
                if let first = bare {
                    throw ManifestError(
                        path: "\(place).path", "'\(name)' is declared twice (also \(path).commands[\(first)])")
                }
                if !aliases.isEmpty {
                    throw ManifestError(path: "\(place).aliases", "the command '\(name)' itself takes no aliases")
                }
                bare = index
                continue
            }
            for position in -1..<aliases.count {
                let verb = position < 0 ? words[1] : aliases[position]
                if let first = verbs.first(where: { $0.verb == verb }) {
                    throw ManifestError(
                        path: "\(place).path",
                        "'\(name) \(verb)' is declared twice (also \(path).commands[\(first.command)])")
                }
                verbs.append((verb, index))
            }
        }
        guard let defaultVerb else { return }
        if let bare {
            throw ManifestError(
                path: "\(path).defaultVerb",
                "'\(name)' alone runs \(path).commands[\(bare)], so the plugin can have no default verb")
        }
        if !verbs.contains(where: { $0.verb == defaultVerb }) {
            throw ManifestError(path: "\(path).defaultVerb", "no command '\(name) \(defaultVerb)'")
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
