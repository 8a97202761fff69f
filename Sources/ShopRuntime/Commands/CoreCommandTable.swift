import ShopPluginAPI
import Synchronization

/// The core's commands by name, checked once: one-word commands and their aliases, and the
/// two-word families (`state get`, `date now`).
struct CoreCommandTable: Sendable {
    /// The commands, in the order `help` lists them.
    let commands: [RegisteredCommand]
    /// The one-word commands and their aliases.
    private(set) var topLevel: [String: RegisteredCommand] = [:]
    /// The families (`state`, `history`, `date`).
    private(set) var groups: [String: CommandRegistry.Group] = [:]

    /// The table of `commands`; throws when two share a name or an alias, a group's name is a
    /// command's, a command's path is longer than two words, a default of `defaults` names
    /// no verb of its group, or a plugin of `plugins` is named as a command or group.
    init(_ commands: [RegisteredCommand], defaults: [String: String], plugins: [String]) throws(RegistryError) {
        self.commands = commands
        for registered in commands {
            let path = registered.spec.path
            switch path.count {
            case 1:
                try CommandRegistry.check(registered)
                for name in [path[0]] + registered.spec.aliases {
                    guard topLevel[name] == nil else { throw .duplicate(name) }
                    topLevel[name] = registered
                }
            case 2:
                try CommandRegistry.add(registered, to: &groups[path[0], default: CommandRegistry.Group()])
            default:
                throw .misplacedCommand(registered.spec.name, plugin: "core")
            }
        }
        for (group, verb) in defaults {
            guard groups[group]?.verbs[verb] != nil else { throw .misplacedCommand("\(group) \(verb)", plugin: "core") }
            groups[group]?.defaultVerb = verb
            groups[group]?.defaultTakesArguments = true
        }
        for name in groups.keys where topLevel[name] != nil { throw .duplicate(name) }
        var pluginNames: Set<String> = []
        for name in plugins {
            guard !has(name), pluginNames.insert(name).inserted else { throw .duplicate(name) }
        }
    }

    /// Whether a command or a group is named `name`.
    func has(_ name: String) -> Bool {
        topLevel[name] != nil || groups[name] != nil
    }

    /// A table made the first time it is asked for (once, whichever thread asks first), or
    /// given made.
    final class OnFirstUse: Sendable {
        private enum Contents {
            case waiting(@Sendable () throws(RegistryError) -> CoreCommandTable)
            case made(Result<CoreCommandTable, RegistryError>)
        }

        private let contents: Mutex<Contents>

        init(_ make: @escaping @Sendable () throws(RegistryError) -> CoreCommandTable) {
            contents = Mutex(.waiting(make))
        }

        init(_ table: CoreCommandTable) {
            contents = Mutex(.made(.success(table)))
        }

        /// The table, made now if not yet; throws what making it threw.
        func made() throws(RegistryError) -> CoreCommandTable {
            try contents.withLock { contents in
                switch contents {
                case .made(let result):
                    return result
                case .waiting(let make):
                    let result = Result { () throws(RegistryError) in try make() }
                    contents = .made(result)
                    return result
                }
            }.get()
        }

        /// The table, made now if not yet; nil when making it failed (``made()`` says why).
        var table: CoreCommandTable? {
            try? made()
        }
    }
}
