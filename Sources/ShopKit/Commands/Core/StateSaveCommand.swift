/// `state save FILE`: writes every key and variable as JSON, atomically.
struct StateSaveCommand: Command {
    let spec = CommandSpec(
        path: ["state", "save"], abstract: "Save the whole state to a JSON file",
        arguments: [Self.file])

    static let file = Argument<FilePath>("FILE", "where to write")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let values = try invocation.core.store.allValues()
        let file = try invocation[Self.file]
        try FileSystem.writeAtomically(StateFile.encode(values), to: file.absolute)
        invocation.console.message("saved \(values.count) \(values.count == 1 ? "key" : "keys") to \(file.text)")
        return nil
    }
}
