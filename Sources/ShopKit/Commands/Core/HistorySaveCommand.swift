/// `history save FILE [--outputs] [--force]`: this session's successful commands as a script.
struct HistorySaveCommand: Command {
    let spec = CommandSpec(
        path: ["history", "save"], abstract: "Save this session's successful commands as a .shopscript",
        discussion:
            "With --outputs every command gets the '#>' lines it prints in the test environment, so the file is a ready transcript test ('shop test FILE'). The file is written atomically; an existing file is kept unless --force. A link is followed; devices, FIFOs and folders are refused.",
        arguments: [ArgumentSpec("FILE", "the script to write", kind: .path)],
        options: [
            OptionSpec(flag: "--outputs", "add each command's output as '#>' lines"),
            OptionSpec(flag: "--force", "replace an existing file"),
        ],
        examples: [Example("history save tour.shopscript --outputs")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let name = invocation.arguments.text("FILE") ?? ""
        let path = invocation.resolve(path: name)
        let interpreter = invocation.interpreter
        let commands = try interpreter.replayableCommands()
        var text = "# Saved from a shop session.\n" + commands.map { $0 + "\n" }.joined()
        if invocation.arguments.flag("--outputs") {
            text = await TranscriptRunner.updated(
                Parser.parse(text, file: name), source: text, path: path, plugins: interpreter.registry.plugins)
        }
        try FileSystem.writeAtomically(
            Array(text.utf8), to: path, named: name, replacingExisting: invocation.arguments.flag("--force"))
        invocation.console.message("saved \(commands.count) command\(commands.count == 1 ? "" : "s") to \(name)")
        return nil
    }
}
