extension Interpreter {
    /// Runs the script at `path` inside this session (`run FILE`); its failures are printed
    /// where they happen and fail the including command.
    func include(_ file: FilePath) async throws {
        let (path, name) = (file.absolute, file.text)
        guard scriptStack.count < Self.maximumIncludeDepth else {
            throw CommandError.failed(
                "run: scripts nested deeper than \(Self.maximumIncludeDepth) levels (does '\(name)' run itself?)")
        }
        let text = try ScriptSource.read(path: path, name: name)
        let outcome = await run(text, file: name, path: path, policy: .stopAtFirstFailure)
        if outcome.interrupted { throw CancellationError() }
        if outcome.failures > 0 { throw ReportedError() }
    }
}
