import ShopPluginAPI
import ShopState

/// `state save FILE [--force]`: writes every key and variable as JSON, atomically.
struct StateSaveCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["state", "save"], abstract: "Save the whole state to a JSON file",
        discussion:
            "The file is written atomically; an existing file or symbolic link is kept unless --force, which replaces the link itself. Devices, FIFOs and folders are refused; /dev/stdout writes to the stream.",
        arguments: [Self.file], options: [Self.force],
        examples: [Example("state save snapshot.json --force")])

    static let file = Argument<FilePath>("FILE", "where to write")
    static let force = Flag("--force", "replace an existing file")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let values = try session.store.allValues()
        let file = try invocation[Self.file]
        let toStream = try invocation.console.writeFile(
            StateFile.encode(values), to: file, replacingExisting: invocation[Self.force])
        if toStream { return nil }
        invocation.console.message("saved \(values.count) \(values.count == 1 ? "key" : "keys") to \(file.text)")
        return nil
    }
}
