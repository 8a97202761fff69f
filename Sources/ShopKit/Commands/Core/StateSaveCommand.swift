/// `state save FILE [--force]`: writes every key and variable as JSON, atomically.
struct StateSaveCommand: Command {
    let spec = CommandSpec(
        path: ["state", "save"], abstract: "Save the whole state to a JSON file",
        discussion:
            "The file is written atomically; an existing file is kept unless --force. A link is followed; devices, FIFOs and folders are refused.",
        arguments: [ArgumentSpec("FILE", "where to write", kind: .path)],
        options: [OptionSpec(flag: "--force", "replace an existing file")],
        examples: [Example("state save snapshot.json --force")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let values = try invocation.interpreter.store.allValues()
        let name = invocation.arguments.text("FILE") ?? ""
        try FileSystem.writeAtomically(
            StateFile.encode(values), to: invocation.resolve(path: name), named: name,
            replacingExisting: invocation.arguments.flag("--force"))
        invocation.console.message("saved \(values.count) keys to \(name)")
        return nil
    }
}
