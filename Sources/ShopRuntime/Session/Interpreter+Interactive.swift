import ShopLanguage
import ShopPluginAPI

extension Interpreter {
    /// Reads what was typed at the prompt: expands `!!` and `!N`, and parses the result with
    /// the session's commands, once.
    func parse(entry typed: String) -> PromptEntry {
        let trimmed = typed.trimmingBlanks
        let text: String
        do {
            text = try expandHistoryReference(trimmed)
        } catch {
            return PromptEntry(
                typed: typed, text: trimmed, script: Script(file: nil, items: [], diagnostics: []),
                failure: Self.message(for: error))
        }
        return PromptEntry(
            typed: typed, text: text, isExpanded: text != trimmed,
            script: Parser.parse(text, file: nil, syntax: registry.syntax))
    }

    /// Runs an entry typed at the prompt, every command on it, and records it in the history
    /// with its duration and status, as its commands' history policy says.
    func executeInteractive(_ entry: PromptEntry) async -> StepOutcome {
        guard !entry.isBlank else { return .succeeded }
        if let failure = entry.failure {
            reportLine("error: \(failure)")
            return .failed
        }
        let text = entry.text
        if entry.isExpanded { output.write(environment.style.dim(text) + "\n", to: .standardOutput) }
        let startedAt = SessionClock.system.now
        let started = ContinuousClock.now
        let outcome = await run(entry.script)
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let status: HistoryStatus =
            switch outcome {
            case .succeeded: .succeeded
            case .failed: .failed
            case .interrupted: .interrupted
            }
        guard historyPolicy(of: entry.script) != .never else { return outcome }
        do {
            _ = try history.record(
                HistoryRecord(session: sessionID, startedAt: startedAt, text: text, duration: seconds, status: status))
        } catch {
            warnOnce(about: error)
        }
        return outcome
    }

    /// Runs a parsed entry's steps in turn, up to the first that does not succeed or `exit`.
    private func run(_ script: Script) async -> StepOutcome {
        if script.hasErrors {
            for diagnostic in script.diagnostics { report(diagnostic) }
            return .failed
        }
        for step in script.steps {
            let outcome = await runStep(step)
            if outcome != .succeeded || exitRequest != nil { return outcome }
        }
        return .succeeded
    }

    /// `!!` becomes this session's last command, `!N` the command numbered N; other lines stay.
    func expandHistoryReference(_ line: String) throws -> String {
        guard line.hasPrefix("!") else { return line }
        if line == "!!" {
            guard let last = try history.entries(in: .session(sessionID), matching: nil, limit: 1).last else {
                throw CommandError.failed("!!: no command yet in this session")
            }
            return last.text
        }
        guard let id = Int64(line.dropFirst()) else { return line }
        guard let entry = try history.entry(id: id) else {
            throw CommandError.failed("!\(id): no command number \(id) in the history")
        }
        return entry.text
    }

    /// This session's successful commands that belong in a saved script: those whose
    /// commands all have the history policy `record`.
    func replayableCommands() throws -> [String] {
        try history.entries(in: .session(sessionID), matching: nil, limit: nil).filter { entry in
            entry.status == .succeeded && historyPolicy(of: Parser.parse(entry.text, file: nil)) == .record
        }.map(\.text)
    }

    /// The strictest history policy of the commands a script runs (`never` before
    /// `not-replayable` before `record`).
    func historyPolicy(of script: Script) -> HistoryPolicy {
        var policy = HistoryPolicy.record
        for step in script.steps {
            for call in step.commandCalls {
                guard case .literal(let first)? = call.words.first?.head else { continue }
                var second: String?
                if call.words.count > 1, case .literal(let word) = call.words[1].head { second = word }
                guard let command = try? registry.resolve(first, second).command else { continue }
                switch command.spec.history {
                case .never: return .never
                case .notReplayable: policy = .notReplayable
                case .record: break
                }
            }
        }
        return policy
    }

    private func warnOnce(about error: any Error) {
        guard !hasWarnedAboutHistory else { return }
        hasWarnedAboutHistory = true
        output.write("warning: \(Self.message(for: error)); this command is not in the history\n", to: .standardError)
    }
}
