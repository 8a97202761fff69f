import Glibc
import HistoryStore
import LineEditor
import ShopLanguage
import ShopPluginAPI
import ShopRuntime

/// The interactive loop: prompt, line editing, completion, history, Ctrl-C and Ctrl-D.
struct REPL {
    let factory: SessionFactory

    /// Runs until Ctrl-D or `exit`; returns the exit status.
    func run() async -> Int32 {
        let output = StandardStreams(style: factory.outputStyle)
        let process = factory.process
        let history = openHistory(output: output)
        defer { history.writeWaitingCommands() }
        var environment: SessionEnvironment
        do {
            environment = try factory.environment(interactive: process.outputIsTerminal)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 2
        }
        // One keyboard for the animations and the line editor: keys an animation reads ahead
        // reach the prompt.
        let keyboard = TerminalInput(fileDescriptor: STDIN_FILENO)
        // What `edit` saved, run next as if typed.
        let editedEntries = EditedEntries()
        if process.outputIsTerminal { environment.terminal = ShopTerminal(keyboard: keyboard) }
        if process.isInteractive {
            environment.screen = ShopScreen(
                variables: process.variables, style: environment.style, editedEntries: editedEntries)
        }
        guard let session = factory.session(output: output, environment: environment, history: history) else {
            return 1
        }
        let interrupts = Interrupts {}
        await runInitScript(session, output: output, interrupts: interrupts)
        if let status = await session.exitRequest {
            await session.end()
            return status
        }

        let reader = LineReaderFactory.make(programName: "shop", typeAhead: keyboard)
        let sessionID = await session.sessionID
        reader.loadHistory(olderCommands(history, excluding: sessionID))
        var forgetsSeen = history.forgetCount
        let atPrompt = SessionAtPrompt(session: session)
        reader.completionHandler = { request in
            let answer = atPrompt.completion().describedCompletion(request.textBeforeCursor)
            return TabCompletion(
                replacedCount: answer.prefix.count,
                candidates: answer.candidates.map { TabCompletionCandidate($0.value, description: $0.description) })
        }
        let style = environment.style
        if let editor = reader as? LineEditor {
            PromptAppearance(style: style, variables: process.variables).apply(to: editor, session: atPrompt)
        }
        if reader.isInteractive {
            output.write(
                environment.style.dim("shop \(Shop.version) — 'help' lists commands, Tab completes, Ctrl-D leaves")
                    + "\n",
                to: .standardOutput)
        }
        let prompt = Prompt.styled(style)
        var pending = ""
        while true {
            output.flush()
            let event: LineEditorEvent
            if pending.isEmpty, let edited = editedEntries.take() {
                event = (reader as? LineEditor)?.showAndReturn(edited, prompt: prompt) ?? .line(edited)
            } else {
                event = reader.readLine(prompt: pending.isEmpty ? prompt : PromptAppearance.continuationPrompt)
            }
            switch event {
            case .endOfFile:
                if reader.isInteractive { output.write("\n", to: .standardOutput) }
                await session.end()
                return 0
            case .interrupted:
                pending = ""
            case .invalidUTF8(_, let line):
                output.write("error: line \(line) is not valid UTF-8; ignored\n", to: .standardError)
                pending = ""
            case .line(let text):
                let command = pending + text
                let entry = await session.parse(entry: command)
                if entry.needsMoreLines {
                    pending = command + "\n"
                    continue
                }
                pending = ""
                guard !command.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) else { continue }
                reader.addHistory(command)
                _ = await interrupts.run { await session.execute(entry) }
                if let status = await session.exitRequest {
                    await session.end()
                    return status
                }
                if history.forgetCount != forgetsSeen {
                    // Forgotten commands leave Up at once, and so does the forget line (never recorded).
                    forgetsSeen = history.forgetCount
                    reader.replaceHistory(
                        older: olderCommands(history, excluding: sessionID),
                        session: (try? history.entries(in: .session(sessionID), matching: nil, limit: nil).map(\.text))
                            ?? [])
                }
            }
        }
    }

    /// The SQLite history, or in-memory history with one warning when it cannot be opened or
    /// is not kept (no home folder); what happens to it later in the session is said as it
    /// happens (see ``SessionHistoryStore``).
    private func openHistory(output: StandardStreams) -> SessionHistoryStore {
        let memoryOnly = SessionHistoryStore(primary: InMemoryHistoryStore()) { _ in }
        guard factory.options.recordsHistory else { return memoryOnly }
        guard factory.folders.keepsState else {
            output.write("warning: \(RunFolders.noHomeWarning)\n", to: .standardError)
            return memoryOnly
        }
        do {
            return SessionHistoryStore(
                primary: try SQLiteHistoryStore(path: SQLiteHistoryStore.path(stateDirectory: factory.folders.state))
            ) { notice in
                output.write("warning: \(notice)\n", to: .standardError)
                output.flush()
            }
        } catch {
            output.write("warning: \(SessionHistoryStore.Notice.memoryOnly(error))\n", to: .standardError)
            return memoryOnly
        }
    }

    /// The newest commands of earlier sessions, oldest first, for Up (a block as its lines).
    private func olderCommands(_ history: any HistoryStoring, excluding session: String) -> [String] {
        (try? history.entries(in: .allExcept(session), matching: nil, limit: 1000).map(\.text)) ?? []
    }

    /// Runs `~/.config/shop/init.shopscript` when it exists; its errors are reported, the REPL starts anyway.
    private func runInitScript(_ session: Session, output: StandardStreams, interrupts: Interrupts) async {
        guard let path = factory.process.initScriptPath, FileSystem.exists(path) else { return }
        do {
            let text = try ScriptSource.read(path: path, name: path)
            _ = await interrupts.run { await session.run(text, file: path, path: path, policy: .keepGoing) }
        } catch {
            output.write("warning: \(error)\n", to: .standardError)
        }
    }
}
