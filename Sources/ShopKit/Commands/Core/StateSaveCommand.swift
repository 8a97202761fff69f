/// `state save FILE`: writes every key and variable as JSON, atomically.
struct StateSaveCommand: Command {
    let spec = CommandSpec(
        path: ["state", "save"], abstract: "Save the whole state to a JSON file",
        arguments: [ArgumentSpec("FILE", "where to write", kind: .path)])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let values = try invocation.interpreter.store.allValues()
        let path = invocation.resolve(path: invocation.arguments.text("FILE") ?? "")
        try FileSystem.writeAtomically(StateFile.encode(values), to: path)
        invocation.console.message("saved \(values.count) keys to \(invocation.arguments.text("FILE") ?? path)")
        return nil
    }
}
