import ShopPluginAPI
import ShopState

/// `state save FILE [--force]`: writes every key and variable as JSON, atomically.
struct StateSaveCommand: SynchronousSessionCommand {
    let spec = CommandSpec(
        path: ["state", "save"], abstract: "Save the whole state to a JSON file",
        discussion:
            "The file is written atomically; an existing file is kept unless --force. A link is followed; devices, FIFOs and folders are refused.",
        arguments: [Self.file], options: [Self.force],
        examples: [Example("state save snapshot.json --force")])

    static let file = Argument<FilePath>("FILE", "where to write")
    static let force = Flag("--force", "replace an existing file")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let values = try session.store.allValues()
        let file = try invocation[Self.file]
        try FileSystem.writeAtomically(
            StateFile.encode(values), to: file.absolute, named: file.text, replacingExisting: invocation[Self.force])
        invocation.console.message("saved \(values.count) \(values.count == 1 ? "key" : "keys") to \(file.text)")
        return nil
    }
}
