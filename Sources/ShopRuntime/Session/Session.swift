import ShopLanguage
import ShopPluginAPI
import ShopState

/// One `shop` session: a state store, the commands of the core and the plugins, and the
/// output, shared by everything the user runs until the session ends.
///
/// A session runs one thing at a time: a call that comes while another runs (an actor lets
/// it in while the first waits) is refused with `error: this session is already running
/// a command` and changes nothing. The REPL runs each command in a `Task` and cancels it
/// on Ctrl-C; `shop test` runs one session per file, files in parallel.
///
/// ```swift
/// let session = try Session(configuration: SessionConfiguration(
///     plugins: [], environment: environment, output: output))
/// let outcome = await session.run("set x 1; echo $x", file: nil, path: nil, policy: .stopAtFirstFailure)
/// ```
public actor Session {
    let interpreter: Interpreter
    /// The commands of this session, for help and completion outside it.
    public nonisolated let registry: CommandRegistry
    /// The runs under way: more than one while a run waits and the actor lets another in.
    private var runsUnderWay = 0

    /// A session; `registry`, when given, must hold the configuration's plugins (sessions of
    /// one `shop test` run share one).
    public init(configuration: SessionConfiguration, registry: CommandRegistry? = nil) throws(RegistryError) {
        let interpreter = try Interpreter(configuration: configuration, registry: registry)
        self.interpreter = interpreter
        self.registry = interpreter.registry
    }

    /// Runs script text line by line; `file` names it in messages, `path` (absolute) anchors
    /// its relative paths.
    public func run(_ text: String, file: String?, path: String?, policy: ErrorPolicy) async -> RunOutcome {
        await exclusively(refused: RunOutcome(failures: 1)) {
            await interpreter.run(text, file: file, path: path, policy: policy)
        }
    }

    /// Runs a script given arguments of its own (`shop run FILE ARG…`); otherwise as
    /// ``run(_:file:path:policy:)``.
    public func run(_ text: String, file: String?, path: String?, policy: ErrorPolicy, arguments: [String]) async
        -> RunOutcome
    {
        await changing {
            await interpreter.run(
                text, file: file, path: path, policy: policy, arguments: arguments.map(ScriptInterface.argument))
        }
    }

    /// Runs a script file as it reads it, a chunk at a time; otherwise as
    /// ``run(_:file:path:policy:arguments:)``.
    public func run(_ file: ScriptFile, path: String, policy: ErrorPolicy, arguments: [String]) async -> RunOutcome {
        let reader: ScriptReader
        do {
            reader = try ScriptReader(file, syntax: registry.syntax)
        } catch {
            interpreter.reportLine("error: \(error)")
            return RunOutcome(failures: 1)
        }
        return await changing {
            await interpreter.run(
                reader, path: path, policy: policy, arguments: arguments.map(ScriptInterface.argument))
        }
    }

    /// Parses script text as this session runs it: the words its commands read as
    /// conditions, expressions or commands are read too, and their mistakes reported.
    public nonisolated func parse(_ text: String, file: String?) -> Script {
        Parser.parse(text, file: file, syntax: registry.syntax)
    }

    /// Binds the `param` lines of a script whose steps ``run(step:)`` runs next to their
    /// defaults (`shop test`, `shop demo`); throws, changing nothing, when one is required.
    public func bindDefaults(of script: Script) throws(CommandError) {
        try interpreter.bindDefaults(of: script)
    }

    /// Runs one step of a script this session parsed (``parse(_:file:)``: demo mode, `shop
    /// test`) and reports how it ended.
    public func run(step: Step) async -> StepOutcome {
        await exclusively(refused: .failed) { await interpreter.runStep(step) }
    }

    /// Whether a run is under way.
    private var isRunning = false

    /// Runs `body` unless another run is under way, else reports and answers `refused`.
    private func exclusively<Outcome>(refused: Outcome, _ body: () async -> Outcome) async -> Outcome {
        guard !isRunning else {
            interpreter.report(CommandError.failed("this session is already running a command"))
            return refused
        }
        isRunning = true
        defer { isRunning = false }
        return await changing(body)
    }

    /// Runs `body`, which changes the interpreter across suspensions; Tab reads no state until
    /// the last run under way ends.
    private func changing<Outcome>(_ body: () async -> Outcome) async -> Outcome {
        runsUnderWay += 1
        defer { runsUnderWay -= 1 }
        return await body()
    }

    /// This session's id in the history.
    public var sessionID: String { interpreter.sessionID }

    /// The status `exit` asked for, if it ran.
    public var exitRequest: Int32? { interpreter.exitRequest }

    /// The number of undoable changes so far: demo mode returns to it with ``rollBack(to:)``.
    public var checkpoint: Int { interpreter.store.checkpoint }

    /// Undoes changes until `checkpoint` remain.
    public func rollBack(to checkpoint: Int) {
        interpreter.store.rollBack(to: checkpoint)
    }

    /// Sets the output format (`--format`).
    public func setFormat(_ format: OutputFormat) {
        interpreter.format = format
    }
}

extension Session {
    /// Reads what was typed at the prompt (its lines joined by `\n`): `!!` and `!N` expanded,
    /// parsed once. Hand it back to ``execute(_:)`` once it needs no more lines.
    public func parse(entry: String) -> PromptEntry {
        interpreter.parse(entry: entry)
    }

    /// Runs an entry typed at the prompt and records it in the history.
    public func execute(_ entry: PromptEntry) async -> StepOutcome {
        await exclusively(refused: .failed) { await interpreter.executeInteractive(entry) }
    }

    /// Runs a line typed at the prompt (``parse(entry:)``, then ``execute(_:)``).
    public func execute(line: String) async -> StepOutcome {
        await execute(parse(entry: line))
    }

    /// What Tab completion needs, read from the session when Tab is pressed: the commands, the
    /// current state and the session's objects. While a run is under way (no prompt then), the
    /// commands alone: a run's state is read once it ends.
    public func completionContext() -> CompletionContext {
        guard runsUnderWay == 0 else { return commandsAlone }
        return CompletionContext(
            registry: registry, state: interpreter.store.snapshot(),
            workingDirectory: interpreter.environment.workingDirectory, objects: interpreter.sessionObjects,
            userCommands: interpreter.userCommands.map(\.spec))
    }

    /// What Tab completion needs when the state cannot be read: the commands alone.
    public nonisolated var commandsAlone: CompletionContext {
        CompletionContext(registry: registry, state: StateSnapshot(), workingDirectory: "")
    }

    /// The names of the user's own commands, for the line's colours; none while a run is under way.
    public var userCommandNames: Set<String> {
        runsUnderWay == 0 ? interpreter.userCommandNames : []
    }

    /// Ends the session: plugins' session objects finish their work (outside plugins are
    /// shut down). Call it once, when nothing more will run.
    public func end() async {
        await interpreter.sessionObjects.endAll()
    }
}
