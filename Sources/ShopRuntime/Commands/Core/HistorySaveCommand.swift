import ShopLanguage
import ShopPluginAPI

/// `history save FILE [--outputs] [--force]`: this session's successful commands as a script.
struct HistorySaveCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["history", "save"], abstract: "Save this session's successful commands as a .shopscript",
        discussion:
            "With --outputs every command gets the '#>' lines it prints in the test environment, so the file is a ready transcript test ('shop test FILE'). The file is written atomically; an existing file or symbolic link is kept unless --force, which replaces the link itself. Devices, FIFOs and folders are refused; /dev/stdout writes to the stream.",
        arguments: [Self.file], options: [Self.outputs, Self.force],
        examples: [Example("history save tour.shopscript --outputs")], history: .notReplayable)

    static let file = Argument<FilePath>("FILE", "the script to write")
    static let outputs = Flag("--outputs", "add each command's output as '#>' lines")
    static let force = Flag("--force", "replace an existing file")

    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult? {
        let file = try invocation[Self.file]
        let (name, path) = (file.text, file.absolute)
        let commands = try session.replayableCommands()
        var text = "# Saved from a shop session.\n" + commands.map { $0 + "\n" }.joined()
        if invocation[Self.outputs] {
            text = await TranscriptRunner.updated(
                Parser.parse(text, file: name, syntax: session.registry.syntax), source: text, path: path,
                plugins: session.registry.plugins)
        }
        let toStream = try invocation.console.writeFile(
            Array(text.utf8), to: file, replacingExisting: invocation[Self.force])
        if toStream { return nil }
        invocation.console.message("saved \(commands.count) command\(commands.count == 1 ? "" : "s") to \(name)")
        return nil
    }
}
