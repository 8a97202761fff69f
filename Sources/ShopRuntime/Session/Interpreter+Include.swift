import ShopLanguage
import ShopPluginAPI

extension Interpreter {
    /// Runs the script at `path` inside this session (`run FILE ARG…`); its failures are
    /// printed where they happen and fail the including command. An `exit` in it ends the
    /// script, not the session: a status other than 0 fails the including command.
    func include(_ file: FilePath, arguments: ArraySlice<Word>) async throws {
        let (path, name) = (file.absolute, file.text)
        guard scriptStack.count < Self.maximumIncludeDepth else {
            throw CommandError.failed(
                "run: scripts nested deeper than \(Self.maximumIncludeDepth) levels (does '\(name)' run itself?)")
        }
        let reader = try ScriptReader(ScriptFile(path: path, name: name), syntax: registry.syntax)
        var words: [EvaluatedWord] = []
        for word in arguments { words.append(try await evaluate(word)) }
        let outcome = await run(
            reader, path: path, policy: .stopAtFirstFailure, arguments: arguments.isEmpty ? nil : words)
        if outcome.interrupted { throw CancellationError() }
        if outcome.failures > 0 { throw ReportedError() }
        if let status = exitRequest.take(), status != 0 {
            throw CommandError.failed("run: '\(name)' exited with status \(status)")
        }
    }
}
