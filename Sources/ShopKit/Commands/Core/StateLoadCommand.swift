/// `state load FILE`: replaces keys and variables with those of a saved state (one undo step).
struct StateLoadCommand: Command {
    let spec = CommandSpec(
        path: ["state", "load"], abstract: "Load a state saved with 'state save'",
        discussion: "Every value is checked by the plugin that owns its key; if any is refused, nothing changes.",
        arguments: [ArgumentSpec("FILE", "a file written by 'state save'", kind: .path)])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let name = invocation.arguments.text("FILE") ?? ""
        let bytes = try FileSystem.read(invocation.resolve(path: name))
        let values: [(key: String, value: Value)]
        do {
            values = try StateFile.decode(bytes)
        } catch {
            throw CommandError.failed("cannot load '\(name)': \(error)")
        }
        try invocation.interpreter.store.load(values)
        invocation.console.message("loaded \(values.count) keys from \(name)")
        return nil
    }
}
