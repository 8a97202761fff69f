import Synchronization

/// The table of every command: the core's and each plugin's, by name.
///
/// Built once per session from explicit lists; a second command with the same name or alias
/// is refused. Two-word commands form groups: every plugin is one (`services select`), and
/// the core has a few (`state get`, `history save`). Lookup, help and completion read it.
///
/// A plugin's group is made the first time its name is looked up, not when the registry is
/// built: every session builds one, and a run that never calls a plugin (`shop -c exit`, a
/// script of core commands) made them all for nothing — two fifths of `shop -c exit`, and
/// with ten outside plugins registered most of what they added. So a plugin whose commands
/// break the rules (a command outside its namespace, a name twice) is refused at its first
/// use, one line naming it; ``check()`` makes every group at once, for tests.
///
/// Plugins may also be deferred (``DeferredPlugins``, the registered outside ones): found
/// the first time a question cannot be answered without them, so the registry's answers
/// never change within a session.
public struct CommandRegistry: Sendable {
    /// The plugins given, in order; the deferred ones follow them in ``plugins``.
    private let givenPlugins: [any Plugin]
    /// The core commands, in the order given.
    public let coreCommands: [any Command]
    private let topLevel: [String: RegisteredCommand]
    /// The core's groups (`state`, `history`), made with the registry.
    private let coreGroups: [String: Group]
    /// Each plugin's group by its name, made on first lookup.
    private let pluginGroups: [String: PluginGroup]
    /// The deferred plugins' groups, found when first needed.
    private let deferredGroups: DeferredGroups?
    /// Which registry this is, for what callers keep of its lookups (``ResolutionCache``).
    let identity = Identity()

    /// A registry's identity: compared with `===`.
    final class Identity: Sendable {}

    /// The verbs of a two-word command family.
    private struct Group: Sendable {
        var verbs: [String: RegisteredCommand] = [:]
        var defaultVerb: String?
        /// A plugin's one-word command (`hello`, path `["hello"]`): what its name runs when
        /// the next word is not one of its verbs.
        var bare: RegisteredCommand?
        /// Whether a word that is not a verb goes to the default verb as an argument
        /// (`history 5`); plugin groups refuse unknown verbs instead.
        var defaultTakesArguments = false
    }

    /// A plugin's group, made from its declarations the first time it is asked for and kept.
    private final class PluginGroup: Sendable {
        let plugin: any Plugin
        private let made = Mutex<Result<Group, RegistryError>?>(nil)

        init(_ plugin: any Plugin) {
            self.plugin = plugin
        }

        var group: Result<Group, RegistryError> {
            made.withLock { made in
                if let made { return made }
                let result = Result { () throws(RegistryError) in try CommandRegistry.group(of: plugin) }
                made = result
                return result
            }
        }
    }

    /// The deferred plugins whose names are free, each with its group, found on first use.
    /// A deferred plugin named as the core or a given plugin is left out: the given one wins,
    /// as `shop --plugin PATH` replaces a registered plugin of its name.
    private final class DeferredGroups: Sendable {
        private let source: DeferredPlugins
        private let taken: @Sendable (String) -> Bool
        private let found = Mutex<(plugins: [any Plugin], groups: [String: PluginGroup])?>(nil)

        init(_ source: DeferredPlugins, taken: @escaping @Sendable (String) -> Bool) {
            self.source = source
            self.taken = taken
        }

        var plugins: [any Plugin] { withResolved { $0.plugins } }
        var names: [String] { withResolved { Array($0.groups.keys) } }

        /// The group of the deferred plugin named `name`: looked up in place, since every
        /// name none of the given plugins has (a `def` call, a `$variable.field`) comes here.
        func group(named name: String) -> PluginGroup? {
            withResolved { $0.groups[name] }
        }

        private func withResolved<Result>(
            _ body: ((plugins: [any Plugin], groups: [String: PluginGroup])) -> Result
        ) -> Result {
            found.withLock { found in
                if let found { return body(found) }
                var resolved: (plugins: [any Plugin], groups: [String: PluginGroup]) = ([], [:])
                for plugin in source.all where !taken(plugin.name) && resolved.groups[plugin.name] == nil {
                    resolved.plugins.append(plugin)
                    resolved.groups[plugin.name] = PluginGroup(plugin)
                }
                found = resolved
                return body(resolved)
            }
        }
    }

    /// Builds the table; throws when two commands of the core, or a plugin and a core
    /// command, share a name or an alias. A plugin's own commands and keys are checked when
    /// its group is first looked up (``check()`` checks them all now).
    ///
    /// - Parameters:
    ///   - coreDefaults: for core groups, the verb run when the group's name comes alone or
    ///     with arguments that are not verbs (`history` → `history list`).
    ///   - deferred: plugins found when first needed, after `plugins`.
    public init(
        core: [any Command], coreDefaults: [String: String] = [:], plugins: [any Plugin],
        deferred: DeferredPlugins? = nil
    ) throws(RegistryError) {
        var topLevel: [String: RegisteredCommand] = [:]
        var groups: [String: Group] = [:]
        for command in core {
            let registered = RegisteredCommand(command, owner: nil)
            let path = registered.declared.path
            switch path.count {
            case 1:
                try Self.check(registered)
                for name in [path[0]] + registered.declared.aliases {
                    guard topLevel[name] == nil else { throw .duplicate(name) }
                    topLevel[name] = registered
                }
            case 2:
                try Self.add(registered, to: &groups[path[0], default: Group()])
            default:
                throw .misplacedCommand(command.spec.name, plugin: "core")
            }
        }
        for (group, verb) in coreDefaults {
            guard groups[group]?.verbs[verb] != nil else { throw .misplacedCommand("\(group) \(verb)", plugin: "core") }
            groups[group]?.defaultVerb = verb
            groups[group]?.defaultTakesArguments = true
        }
        for name in groups.keys where topLevel[name] != nil { throw .duplicate(name) }
        var pluginGroups: [String: PluginGroup] = [:]
        pluginGroups.reserveCapacity(plugins.count)
        for plugin in plugins {
            let name = plugin.name
            guard topLevel[name] == nil, groups[name] == nil, pluginGroups[name] == nil else { throw .duplicate(name) }
            pluginGroups[name] = PluginGroup(plugin)
        }
        self.givenPlugins = plugins
        self.coreCommands = core
        self.topLevel = topLevel
        self.coreGroups = groups
        self.pluginGroups = pluginGroups
        let (commands, families, given) = (topLevel, groups, pluginGroups)
        deferredGroups = deferred.map { deferred in
            DeferredGroups(deferred) { name in
                commands[name] != nil || families[name] != nil || given[name] != nil
            }
        }
    }

    /// The plugins, in the order given, then the deferred ones (found now, if not yet).
    public var plugins: [any Plugin] {
        guard let deferredGroups else { return givenPlugins }
        return givenPlugins + deferredGroups.plugins
    }

    /// A plugin's group by the plugin's name: a given plugin's, else a deferred one's.
    private func pluginGroup(named name: String) -> PluginGroup? {
        pluginGroups[name] ?? deferredGroups?.group(named: name)
    }

    /// Makes every plugin's group now, in the order the plugins were given; throws the first
    /// plugin's mistake.
    public func check() throws(RegistryError) {
        for plugin in plugins {
            _ = try pluginGroup(named: plugin.name)?.group.get()
        }
    }

    /// `plugin`'s group; throws when a command or key lies outside its namespace or two
    /// commands share a name.
    private static func group(of plugin: any Plugin) throws(RegistryError) -> Group {
        if let reason = plugin.unusableReason { throw .unusable(reason) }
        var group = Group(defaultVerb: plugin.defaultVerb)
        for command in plugin.commands {
            let registered = RegisteredCommand(command, owner: plugin.name)
            guard (1...2).contains(registered.declared.path.count), registered.declared.path[0] == plugin.name
            else {
                throw .misplacedCommand(registered.declared.name, plugin: plugin.name)
            }
            guard registered.declared.path.count == 2 else {
                try check(registered)
                guard group.bare == nil, group.defaultVerb == nil else { throw .duplicate(plugin.name) }
                group.bare = registered
                continue
            }
            try add(registered, to: &group)
        }
        for key in plugin.stateKeys.map(\.key) where !key.hasPrefix(plugin.name + ".") {
            throw .misplacedKey(key, plugin: plugin.name)
        }
        if let verb = plugin.defaultVerb, group.verbs[verb] == nil {
            throw .misplacedCommand("\(plugin.name) \(verb)", plugin: plugin.name)
        }
        return group
    }

    /// The group named `name`: the core's, or a plugin's (made now if it is the first look);
    /// nil for no group or a plugin whose declarations break the rules.
    private func group(named name: String) -> Group? {
        coreGroups[name] ?? (try? pluginGroup(named: name)?.group.get())
    }

    /// Checks a command's spec; an outline was checked where it was made.
    private static func check(_ command: RegisteredCommand) throws(RegistryError) {
        guard !command.isOutlined else { return }
        do {
            try command.declared.validate(path: command.declared.name)
        } catch {
            throw .invalidSpec(error)
        }
    }

    private static func add(_ command: RegisteredCommand, to group: inout Group) throws(RegistryError) {
        try check(command)
        let declared = command.declared
        for verb in [declared.path[1]] + declared.aliases {
            guard group.verbs[verb] == nil else { throw .duplicate("\(declared.path[0]) \(verb)") }
            group.verbs[verb] = command
        }
    }

    /// Finds the command named by the first words of a command line; returns it and how many
    /// words its name took.
    public func resolve(_ words: [String]) throws(CommandError) -> (command: RegisteredCommand, nameLength: Int) {
        guard let first = words.first else { throw .unknownCommand("", suggestion: nil) }
        return try resolve(first, words.count > 1 ? words[1] : nil)
    }

    /// Finds the command named by a line's first word and, for groups, its second.
    public func resolve(_ first: String, _ second: String?) throws(CommandError) -> (
        command: RegisteredCommand, nameLength: Int
    ) {
        if let command = topLevel[first] { return (command, 1) }
        let group: Group
        if let core = coreGroups[first] {
            group = core
        } else if let plugin = pluginGroup(named: first) {
            do {
                group = try plugin.group.get()
            } catch {
                guard case .unusable(let reason) = error else { throw .failed("plugin \(first): \(error)") }
                throw .failed(reason)
            }
        } else {
            throw .unknownCommand(first, suggestion: suggestion(for: first))
        }
        if let second, let command = group.verbs[second] { return (command, 2) }
        if let bare = group.bare { return (bare, 1) }
        if let verb = group.defaultVerb, let command = group.verbs[verb],
            second == nil || (group.defaultTakesArguments && !command.spec.arguments.isEmpty)
        {
            return (command, 1)
        }
        let verbs = group.verbs.keys.sorted()
        guard let second else { throw .missingVerb(plugin: first, verbs: verbs) }
        throw .unknownVerb(plugin: first, verb: second, suggestion: Suggestion.nearest(to: second, in: verbs))
    }

    /// The command with this exact name (`echo`, `services select`), aliases included.
    public func command(named name: String) -> (any Command)? {
        let words = name.split(separator: " ").map(String.init)
        guard let (registered, length) = try? resolve(words), length == words.count else { return nil }
        return registered.command
    }

    /// Every command: the core's first, then each plugin's.
    public var allCommands: [any Command] {
        coreCommands + plugins.flatMap(\.commands)
    }

    /// Every state key plugins declare.
    public var stateKeys: [StateKeyDeclaration] {
        plugins.flatMap(\.stateKeys)
    }

    /// The state keys the given plugins declare (``stateKeys`` without the deferred plugins').
    var givenStateKeys: [StateKeyDeclaration] {
        givenPlugins.flatMap(\.stateKeys)
    }

    /// Finds the deferred plugins' state keys, when there are deferred plugins.
    var deferredStateKeys: (() -> [StateKeyDeclaration])? {
        deferredGroups.map { groups in { groups.plugins.flatMap(\.stateKeys) } }
    }

    /// Names a line can start with: core commands, aliases, group and plugin names, sorted.
    public var topLevelNames: [String] {
        var names = Array(topLevel.keys) + Array(coreGroups.keys) + Array(pluginGroups.keys)
        if let deferredGroups { names += deferredGroups.names }
        return names.sorted()
    }

    /// The one-word core command or alias named `name`, if there is one (one lookup, for the
    /// interpreter's hot path).
    public func topLevelCommand(named name: String) -> RegisteredCommand? {
        topLevel[name]
    }

    /// Whether a line can start with `name`: a core command, an alias, a group or a plugin.
    public func startsALine(_ name: String) -> Bool {
        topLevel[name] != nil || isGroup(name)
    }

    /// Whether `name` is a group (a plugin or a core family such as `state`).
    public func isGroup(_ name: String) -> Bool {
        coreGroups[name] != nil || pluginGroup(named: name) != nil
    }

    /// The verbs of a group (aliases included), sorted; empty for an unknown group.
    public func verbNames(of group: String) -> [String] {
        self.group(named: group).map { $0.verbs.keys.sorted() } ?? []
    }

    /// A plugin's one-word command (path `[name]`), if it has one.
    public func bareCommand(of group: String) -> RegisteredCommand? {
        self.group(named: group)?.bare
    }

    /// The plugin with this name.
    public func plugin(named name: String) -> (any Plugin)? {
        pluginGroup(named: name)?.plugin
    }

    /// A name a line can start with that is near `name`; never a plugin's verb, which does
    /// something else entirely (`clear` is not `services clear`).
    private func suggestion(for name: String) -> String? {
        Suggestion.nearest(to: name, in: topLevelNames)
    }
}

/// Why a registry could not be built: a programming error in a plugin's declaration.
public enum RegistryError: Error, Equatable, CustomStringConvertible {
    /// Two commands claim one name.
    case duplicate(String)
    /// A command's path does not start with its plugin's name (or has more than two words).
    case misplacedCommand(String, plugin: String)
    /// A state key outside the plugin's namespace.
    case misplacedKey(String, plugin: String)
    /// A command's declaration breaks a rule of ``CommandSpec``.
    case invalidSpec(ManifestError)
    /// A plugin's declarations could not be read (``Plugin/unusableReason``).
    case unusable(String)

    public var description: String {
        switch self {
        case .duplicate(let name): "two commands are named '\(name)'"
        case .misplacedCommand(let name, let plugin): "command '\(name)' does not belong in \(plugin)"
        case .misplacedKey(let key, let plugin): "state key '\(key)' is outside the \(plugin) namespace"
        case .invalidSpec(let error): error.description
        case .unusable(let reason): reason
        }
    }
}

/// A command as the registry holds it: the command, its metadata read once, and its owner.
public final class RegisteredCommand: Sendable {
    /// The command.
    public let command: any Command
    /// The plugin whose keys it may write, or nil for a core command.
    public let owner: String?
    /// Whether it reads a pipeline's input (kept apart for the interpreter's hot path).
    let input: InputRequirement
    /// The spec read when the registry was built: the whole of it, or the command's outline
    /// (``Command/outline``) — enough for its names and input.
    let declared: CommandSpec
    /// Whether `declared` is an outline, the full spec to be read on first use.
    let isOutlined: Bool
    /// Where its deferred and required arguments are, read with the spec (nil when outlined).
    private let declaredBinder: ArgumentBinder?
    /// An outlined command's full spec and binder, read on first use and kept: the command's
    /// own `spec` decodes it again each time it is asked.
    private let decoded = Mutex<(spec: CommandSpec, binder: ArgumentBinder)?>(nil)

    /// The full spec of an outlined command, with its binder.
    private var decodedSpec: (spec: CommandSpec, binder: ArgumentBinder) {
        decoded.withLock { decoded in
            if let decoded { return decoded }
            let spec = command.spec
            let read = (spec, ArgumentBinder(spec.arguments))
            decoded = read
            return read
        }
    }

    /// The index of its deferred argument, if it has one (kept apart, as ``input``).
    var deferredArgument: Int? {
        isOutlined ? decodedSpec.binder.deferredArgument : declaredBinder?.deferredArgument ?? nil
    }

    /// Binds `words` to its arguments and options (see ``ArgumentBinder``).
    func bind(_ words: inout some BindingWords, firstIndex: Int = 0) throws(CommandError) -> Arguments {
        // The spec read in place: copied, each of its lists was retained and released.
        if let arguments = try declaredBinder?.bind(&words, firstIndex: firstIndex, to: declared, of: self) {
            return arguments
        }
        let (spec, binder) = decodedSpec
        return try binder.bind(&words, firstIndex: firstIndex, to: spec, of: self)
    }

    /// `command` with its metadata read once; `owner` is its plugin's name (nil for the core).
    public init(_ command: any Command, owner: String?) {
        self.command = command
        self.owner = owner
        let outline = command.outline
        self.declared = outline ?? command.spec
        self.isOutlined = outline != nil
        self.input = declared.input
        self.declaredBinder = outline == nil ? ArgumentBinder(declared.arguments) : nil
    }

    /// Its metadata: read once, when the registry was built or, for an outlined command, on
    /// first use.
    public var spec: CommandSpec {
        isOutlined ? decodedSpec.spec : declared
    }
}
