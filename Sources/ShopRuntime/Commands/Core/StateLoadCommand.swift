import ShopPluginAPI
import ShopState

/// `state load FILE`: replaces keys and variables with those of a saved state (one undo step).
struct StateLoadCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["state", "load"], abstract: "Load a state saved with 'state save'",
        discussion: "Every value is checked by the plugin that owns its key; if any is refused, nothing changes.",
        arguments: [Self.file])

    static let file = Argument<FilePath>("FILE", "a file written by 'state save'")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let file = try invocation[Self.file]
        let name = file.text
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(file.absolute)
        } catch {
            throw error.naming(name)
        }
        let values: [(key: String, value: Value)]
        do {
            values = try StateFile.decode(bytes)
        } catch {
            throw CommandError.failed("cannot load '\(name)': \(error)")
        }
        try session.store.load(values)
        invocation.console.message("loaded \(values.count) \(values.count == 1 ? "key" : "keys") from \(name)")
        return nil
    }
}
