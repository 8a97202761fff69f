import ShopLanguage
import ShopPluginAPI
import Synchronization

/// The table of every command: the core's and each plugin's, by name.
///
/// Built once per session from explicit lists; a second command with the same name or alias
/// is refused. Two-word commands form groups: every plugin is one (`services select`), and
/// the core has a few (`state get`, `history save`). Lookup, help and completion read it.
///
/// A plugin's commands are read the first time its name is looked up, not when the table is
/// built: every session builds one, and a run that never calls a plugin (`shop -c exit`, a
/// script of core commands) need not read them. So a plugin whose commands break the rules (a
/// command outside its namespace, a name twice) is refused at its first use, one line naming
/// it; ``check()`` reads them all at once, for tests. Likewise the core's verbs and the host's
/// commands are made, with their specs, the first time a lookup needs more than the session's
/// own commands: making every spec at start touched code all over the executable.
///
/// Besides the plugins it is given, the table may hold the host's further plugins (`shop`'s
/// outside plugins registered with `plugin add`), read once, the first time a name none of
/// the others has is looked up or every plugin is needed; its answers never change within a
/// session.
public struct CommandRegistry: Sendable {
    /// The one-word commands and aliases of the core's first part (the session's own), ready
    /// from the start and read without a lock: the interpreter looks up most lines' commands here.
    private let firstTopLevel: [String: RegisteredCommand]
    /// The whole core — its first part and the commands made later (the verbs, the host's) —
    /// made the first time a lookup needs more than ``firstTopLevel``.
    private let core: CoreCommandTable.OnFirstUse
    /// The plugins and their groups.
    private let pluginTable: PluginTable
    /// The verbs of a two-word command family.
    struct Group: Sendable {
        var verbs: [String: RegisteredCommand] = [:]
        var defaultVerb: String?
        /// A plugin's one-word command (`hello`, path `["hello"]`): what its name runs when
        /// the next word is not one of its verbs.
        var bare: RegisteredCommand?
        /// Whether a word that is not a verb goes to the default verb as an argument
        /// (`history 5`); plugin groups refuse unknown verbs instead.
        var defaultTakesArguments = false
    }

    /// Builds the table; throws when two commands of the core, or a plugin and a core
    /// command, share a name or an alias. A plugin's own commands and keys are checked when
    /// its group is first looked up (``check()`` checks them all now).
    ///
    /// - Parameters:
    ///   - core: the commands of the session itself, in the order `help` lists them.
    ///   - laterCore: the core's other commands (the verbs and the host's), listed after
    ///     `core`: made, and checked against the rest, the first time a lookup needs a name
    ///     none of `core`'s one-word commands has, so that a run of the session's own commands
    ///     (`shop -c exit`, a script of `set` and `echo`) never makes them. A command of a
    ///     group `core` has (`plugin list`) may be among them.
    ///   - coreDefaults: for core groups, the verb run when the group's name comes alone or
    ///     with arguments that are not verbs (`history` → `history list`).
    ///   - morePlugins: the host's further plugins, read the first time a lookup needs a
    ///     plugin none of `plugins` is, or every plugin. One named as the core or a given
    ///     plugin is left out: the given one wins, as `shop --plugin PATH` replaces a
    ///     registered plugin of its name.
    init(
        core: [RegisteredCommand], laterCore: (@Sendable () -> [RegisteredCommand])? = nil,
        coreDefaults: [String: String] = [:], plugins: [any Plugin], morePlugins: (@Sendable () -> [any Plugin])? = nil
    ) throws(RegistryError) {
        let pluginNames = plugins.map(\.name)
        let first = try CoreCommandTable(core, defaults: laterCore == nil ? coreDefaults : [:], plugins: pluginNames)
        firstTopLevel = first.topLevel
        if let laterCore {
            self.core = CoreCommandTable.OnFirstUse { () throws(RegistryError) in
                try CoreCommandTable(core + laterCore(), defaults: coreDefaults, plugins: pluginNames)
            }
        } else {
            self.core = CoreCommandTable.OnFirstUse(first)
        }
        let whole = self.core
        pluginTable = PluginTable(plugins: plugins, more: morePlugins) { name in whole.table?.has(name) ?? false }
    }

    /// The core commands, in the order given (the later ones made now, if not yet).
    public var coreCommands: [any Command] {
        core.table?.commands.map(\.command) ?? []
    }

    /// The plugins, in the order given, then the host's further ones (read now, if not yet).
    public var plugins: [any Plugin] {
        pluginTable.all
    }

    /// Makes every plugin's group now, in the order the plugins were given; throws the first
    /// plugin's mistake.
    public func check() throws(RegistryError) {
        _ = try core.made()
        for plugin in plugins {
            _ = try pluginTable.group(named: plugin.name)?.get()
        }
    }

    /// `plugin`'s group; throws when a command or key lies outside its namespace or two
    /// commands share a name.
    fileprivate static func group(of plugin: any Plugin) throws(RegistryError) -> Group {
        var group = Group(defaultVerb: plugin.defaultVerb)
        for command in plugin.commands {
            let registered = RegisteredCommand(command, owner: plugin.name)
            let path = registered.spec.path
            guard (1...2).contains(path.count), path[0] == plugin.name else {
                throw .misplacedCommand(registered.spec.name, plugin: plugin.name)
            }
            guard path.count == 2 else {
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
        core.table?.groups[name] ?? (try? pluginTable.group(named: name)?.get())
    }

    /// Checks a command's spec.
    static func check(_ command: RegisteredCommand) throws(RegistryError) {
        do {
            try command.spec.validate(path: command.spec.name)
        } catch {
            throw .invalidSpec(error)
        }
    }

    static func add(_ command: RegisteredCommand, to group: inout Group) throws(RegistryError) {
        try check(command)
        let spec = command.spec
        for verb in [spec.path[1]] + spec.aliases {
            guard group.verbs[verb] == nil else { throw .duplicate("\(spec.path[0]) \(verb)") }
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
        if let command = firstTopLevel[first] { return (command, 1) }
        let core: CoreCommandTable
        do {
            core = try self.core.made()
        } catch {
            throw .failed(error.description)
        }
        if let command = core.topLevel[first] { return (command, 1) }
        let group: Group
        if let coreGroup = core.groups[first] {
            group = coreGroup
        } else if let plugin = pluginTable.group(named: first) {
            do {
                group = try plugin.get()
            } catch {
                throw .failed("plugin \(first): \(error)")
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

    /// The command a line's first words name among the core's and the given plugins', or nil;
    /// the host's further plugins are not read for it (their commands take no deferred words).
    func givenCommand(_ first: String, _ second: String?) -> (command: RegisteredCommand, nameLength: Int)? {
        if let command = topLevelCommand(named: first) { return (command, 1) }
        guard core.table?.groups[first] != nil || pluginTable.isGiven(first) else { return nil }
        return try? resolve(first, second)
    }

    /// What the parser needs of these commands: which words each reads as a condition, an
    /// expression or a command.
    public var syntax: any CallSyntax { RegistrySyntax(registry: self) }

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

    /// The state keys the given plugins declare (``stateKeys`` without the further plugins').
    var givenStateKeys: [StateKeyDeclaration] {
        pluginTable.given.flatMap(\.stateKeys)
    }

    /// Reads the further plugins' state keys, when there may be further plugins.
    var laterStateKeys: (() -> [StateKeyDeclaration])? {
        guard pluginTable.hasMore else { return nil }
        let table = pluginTable
        return { table.all.dropFirst(table.given.count).flatMap(\.stateKeys) }
    }

    /// Names a line can start with: core commands, aliases, group and plugin names, sorted.
    public var topLevelNames: [String] {
        guard let core = core.table else { return plugins.map(\.name).sorted() }
        return (Array(core.topLevel.keys) + Array(core.groups.keys) + plugins.map(\.name)).sorted()
    }

    /// The one-word core command or alias named `name`, if there is one (one lookup for the
    /// session's own commands, the interpreter's hot path).
    public func topLevelCommand(named name: String) -> RegisteredCommand? {
        firstTopLevel[name] ?? core.table?.topLevel[name]
    }

    /// Whether a line can start with `name`: a core command, an alias, a group or a plugin.
    public func startsALine(_ name: String) -> Bool {
        topLevelCommand(named: name) != nil || isGroup(name)
    }

    /// Whether `name` is a group (a plugin or a core family such as `state`).
    public func isGroup(_ name: String) -> Bool {
        core.table?.groups[name] != nil || pluginTable.plugin(named: name) != nil
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
        pluginTable.plugin(named: name)
    }

    /// A name a line can start with that is near `name`; never a plugin's verb, which does
    /// something else entirely (`clear` is not `services clear`).
    private func suggestion(for name: String) -> String? {
        Suggestion.nearest(to: name, in: topLevelNames)
    }
}

/// The plugins of a registry by name, each with its group made on its first lookup; the
/// host's further plugins join them, once, the first time a name none of them has is looked
/// up or every plugin is needed.
private final class PluginTable: Sendable {
    /// The plugins given when the registry was built.
    let given: [any Plugin]
    /// Their names.
    private let givenNames: Set<String>
    /// Whether the host may have further plugins.
    let hasMore: Bool

    private struct Contents {
        var plugins: [any Plugin]
        var byName: [String: any Plugin]
        var groups: [String: Result<CommandRegistry.Group, RegistryError>] = [:]
        /// Reads the host's further plugins; nil once they were read (or when there are none).
        var more: (@Sendable () -> [any Plugin])?
    }

    private let contents: Mutex<Contents>
    /// Whether the core has a command or group of this name, which no further plugin may take.
    private let isCoreName: @Sendable (String) -> Bool

    init(
        plugins: [any Plugin], more: (@Sendable () -> [any Plugin])?, isCoreName: @escaping @Sendable (String) -> Bool
    ) {
        given = plugins
        givenNames = Set(plugins.map(\.name))
        hasMore = more != nil
        var byName: [String: any Plugin] = [:]
        for plugin in plugins { byName[plugin.name] = plugin }
        contents = Mutex(Contents(plugins: plugins, byName: byName, more: more))
        self.isCoreName = isCoreName
    }

    /// Whether `name` is one of the plugins given (the further ones are not read for it).
    func isGiven(_ name: String) -> Bool {
        givenNames.contains(name)
    }

    /// Every plugin, the further ones read now if not yet.
    var all: [any Plugin] {
        contents.withLock { contents in
            readMore(into: &contents)
            return contents.plugins
        }
    }

    /// The plugin named `name`, the further ones read now if none of those known has it.
    func plugin(named name: String) -> (any Plugin)? {
        contents.withLock { contents in
            if let plugin = contents.byName[name] { return plugin }
            readMore(into: &contents)
            return contents.byName[name]
        }
    }

    /// The group of the plugin named `name`, made on its first lookup; nil for no plugin.
    func group(named name: String) -> Result<CommandRegistry.Group, RegistryError>? {
        contents.withLock { contents in
            if let made = contents.groups[name] { return made }
            if contents.byName[name] == nil { readMore(into: &contents) }
            guard let plugin = contents.byName[name] else { return nil }
            let made = Result { () throws(RegistryError) in try CommandRegistry.group(of: plugin) }
            contents.groups[name] = made
            return made
        }
    }

    /// Adds the host's further plugins, once: those whose names are free.
    private func readMore(into contents: inout Contents) {
        guard let more = contents.more.take() else { return }
        for plugin in more() where !isCoreName(plugin.name) && contents.byName[plugin.name] == nil {
            contents.plugins.append(plugin)
            contents.byName[plugin.name] = plugin
        }
    }
}
