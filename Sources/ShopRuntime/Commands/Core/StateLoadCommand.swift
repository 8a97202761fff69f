import ShopPluginAPI
import ShopState

/// `state load FILE`: replaces keys and variables with those of a saved state (one undo step).
struct StateLoadCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["state", "load"], abstract: "Load a state saved with 'state save'",
        discussion: "Every value is checked by the plugin that owns its key; if any is refused, nothing changes. A "
            + "command saved with def under a name shop now uses for a command of its own is skipped with a warning.",
        arguments: [Self.file])

    static let file = Argument<FilePath>("FILE", "a file written by 'state save'")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let file = try invocation[Self.file]
        let name = file.text
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(file.absolute)
        } catch {
            throw error.naming(name)
        }
        let values: [(key: String, value: Value)]
        do {
            values = try StateFile.decode(bytes)
        } catch {
            throw CommandError.failed("cannot load '\(name)': \(error)")
        }
        let loaded = values.filter { entry in
            guard let command = Self.definedCommandName(entry.key), session.registry.startsALine(command) else {
                return true
            }
            let owner = session.registry.plugin(named: command) != nil ? "the \(command) plugin" : "shop"
            invocation.console.warning(
                "state load: the saved command '\(command)' is skipped: '\(command)' is \(owner)'s own now; "
                    + "define it under another name")
            return false
        }
        try session.store.load(loaded)
        invocation.console.message("loaded \(loaded.count) \(loaded.count == 1 ? "key" : "keys") from \(name)")
        return nil
    }

    /// NAME of a `commands.NAME` key (a command saved with `def`), else nil.
    private static func definedCommandName(_ key: String) -> String? {
        let prefix = UserCommand.namespace.prefix + "."
        guard key.hasPrefix(prefix) else { return nil }
        return String(key.dropFirst(prefix.count))
    }
}
