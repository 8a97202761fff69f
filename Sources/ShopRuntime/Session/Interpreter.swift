import ShopLanguage
import ShopPluginAPI
import ShopState

/// Runs parsed steps against one registry and one state store, and prints what they yield.
///
/// Each pipeline is one change of the state store: it is committed when the pipeline
/// succeeds (an `undo` step) and rolled back when it fails. A failing command prints one
/// `error:` line; the error policy decides whether the script goes on.
final class Interpreter {
    /// How deep `run FILE` may nest.
    static let maximumIncludeDepth = 64

    let registry: CommandRegistry
    let store: StateStore
    var environment: SessionEnvironment
    let output: any OutputSink
    let history: any HistoryStoring
    let sessionID: String
    var format: OutputFormat {
        didSet { cachedInvocationContext = nil }
    }
    /// What commands see of the session, made again when the format or the running script changes.
    var cachedInvocationContext: Invocation.Context?
    /// Whether errors name their place (`FILE:LINE:COLUMN:`); off at the prompt and in transcripts.
    var showsErrorLocations: Bool
    /// Whether each step is printed before it runs (`run --echo`).
    var echoesSteps: Bool
    /// Set by `exit`: the status the session should end with.
    var exitRequest: Int32?
    /// The scripts being run, innermost last, as absolute paths.
    private(set) var scriptStack: [String] = []
    /// The folder relative paths start from: the running script's, else the working folder.
    private(set) var baseDirectory: String
    /// Whether a failing history store was reported already.
    var hasWarnedAboutHistory = false
    /// What plugins keep for this session besides state: caches, clients, guards.
    let sessionObjects = SessionObjects()
    /// The language's own state: shown values, `$it`, calls, `$_`.
    var language: LanguageState

    init(configuration: SessionConfiguration, registry: CommandRegistry?) throws(RegistryError) {
        if let registry {
            self.registry = registry
        } else {
            self.registry = try CoreCommands.registry(
                plugins: configuration.plugins, hostCommands: configuration.hostCommands,
                morePlugins: configuration.morePlugins)
        }
        store = StateStore(declarations: self.registry.givenStateKeys, later: self.registry.laterStateKeys)
        store.register(UserCommand.namespace)
        language = LanguageState()
        environment = configuration.environment
        output = configuration.output
        history = configuration.history
        sessionID = configuration.sessionID
        format = configuration.format
        showsErrorLocations = configuration.showsErrorLocations
        echoesSteps = configuration.echoesSteps
        baseDirectory = configuration.environment.workingDirectory
        if let folder = configuration.commandsFolder { scanCommands(in: folder) }
    }

    // MARK: Scripts

    /// Runs a script as it parses it, line by line, under `policy`; `file` names it in
    /// messages and `path` (absolute, for files) anchors its relative paths; `arguments`, when
    /// given, are the script's own (`$args`), bound to its `param` lines before anything runs.
    func run(
        _ text: String, file: String?, path: String?, policy: ErrorPolicy, arguments: [EvaluatedWord]? = nil
    ) async -> RunOutcome {
        await run(
            ScriptReader(text: text, file: file, syntax: registry.syntax), path: path, policy: policy,
            arguments: arguments)
    }

    /// ``run(_:file:path:policy:arguments:)`` of the script `reader` reads.
    func run(_ reader: ScriptReader, path: String?, policy: ErrorPolicy, arguments: [EvaluatedWord]?) async
        -> RunOutcome
    {
        var outcome = RunOutcome()
        let frame: Frame?
        do {
            frame = try scriptFrame(of: reader, arguments: arguments)
        } catch {
            reportLine("error: \(error)")
            return RunOutcome(failures: 1, isUsageError: true)
        }
        var steps = ScriptSteps(reader)
        if let path { enterScript(path) }
        if let frame { language.frames.append(frame) }
        let enclosingPolicy = language.keepsGoing
        language.keepsGoing = policy == .keepGoing
        defer {
            if path != nil { leaveScript() }
            if frame != nil { language.frames.removeLast() }
            language.keepsGoing = enclosingPolicy
        }
        while let item = await steps.next() {
            switch consume item {
            case .expectation:
                continue
            case .narration(let narration):
                if echoesSteps {
                    output.write(environment.style.dim("## " + narration.text) + "\n", to: .standardOutput)
                }
            case .invalid(let diagnostics):
                for diagnostic in diagnostics { report(diagnostic) }
                outcome.failures += 1
                if policy == .stopAtFirstFailure { return outcome }
            case .step(let step):
                if echoesSteps {
                    output.write(environment.style.dim(Prompt.plain) + step.source + "\n", to: .standardOutput)
                }
                switch await runStep(step) {
                case .succeeded: break
                case .failed:
                    outcome.failures += 1
                    if policy == .stopAtFirstFailure { return outcome }
                case .interrupted:
                    outcome.interrupted = true
                    return outcome
                }
                if exitRequest != nil { return outcome }
            }
        }
        return outcome
    }

    private func enterScript(_ path: String) {
        cachedInvocationContext = nil
        scriptStack.append(path)
        baseDirectory = FilePath.directory(of: path)
    }

    private func leaveScript() {
        cachedInvocationContext = nil
        scriptStack.removeLast()
        baseDirectory = scriptStack.last.map(FilePath.directory(of:)) ?? environment.workingDirectory
    }

    /// Runs the statements of one step in order, stopping at the first that fails: each
    /// pipeline and each block is one change of the store.
    func runStep(_ step: Step) async -> StepOutcome {
        var blocks = 0
        for statement in step.statements {
            if Task.isCancelled { return .interrupted }
            let outcome: StepOutcome
            if case .pipeline(let pipeline) = statement {
                outcome = await runPipeline(pipeline, label: pipeline.label)
            } else {
                let isBlock = statement.isBlock
                let label =
                    isBlock ? Self.label(ofBlock: blocks, in: step) : ChangeLabel(line: step.source)
                if isBlock { blocks += 1 }
                outcome = await runBlock(statement, label: label)
            }
            guard outcome == .succeeded else { return outcome }
            if exitRequest != nil { break }
        }
        return .succeeded
    }

    /// Runs one pipeline as one change of the store labelled `label` (its text), printing its
    /// result or its error.
    func runPipeline(_ pipeline: Pipeline, label: ChangeLabel) async -> StepOutcome {
        store.beginChange(label: label)
        let result: CommandResult?
        do {
            result = try await evaluate(pipeline)
            store.commitChange()
        } catch {
            store.rollBackChange()
            return outcome(of: error)
        }
        do {
            if let result { try display(result) }
        } catch {
            return outcome(of: error)
        }
        return .succeeded
    }

    /// Reports a failure (or Ctrl-C) of a top-level statement; the step ends there.
    func outcome(of error: any Error) -> StepOutcome {
        if Self.isCancellation(error) || Task.isCancelled {
            if environment.isInteractive { output.write("\n", to: .standardError) }
            reportLine("interrupted")
            return .interrupted
        }
        report(error)
        return .failed
    }

    /// Runs a pipeline's commands, each result flowing into the next; nothing is shown. The
    /// caller checks for Ctrl-C before the first command; a result made while Ctrl-C came is
    /// not kept (a table read then may have rows left unknown).
    func evaluate(_ pipeline: Pipeline) async throws -> CommandResult? {
        var carried = try await run(pipeline.first, input: nil, isFirst: true)
        for call in pipeline.rest {
            try Self.checkCancellation()
            carried = try await run(call, input: carried?.value, isFirst: false)
        }
        try Self.checkCancellation()
        return carried
    }

    /// Runs one command of a pipeline: a value that starts it, or a command with its words
    /// evaluated and bound. With `offersInput` (`each`), `input` goes to a command that reads
    /// input and is left out for one that does not.
    func run(_ call: CommandCall, input: Value?, isFirst: Bool, offersInput: Bool = false) async throws
        -> CommandResult?
    {
        if Self.isValue(call.words[0]) {
            guard isFirst else {
                throw LocatedError(LanguageError.valueAfterPipe(call.words[0].spelling), at: call.location)
            }
            guard call.words.count == 1 else {
                throw LocatedError(
                    LanguageError.valueTakesNoArguments(call.words[0].spelling, extra: call.words[1].spelling),
                    at: call.words[1].location)
            }
            return .value(try await value(of: call.words[0]))
        }
        let (registered, nameLength) = try resolve(call)
        var (input, isFirst) = (input, isFirst)
        if offersInput, registered.input == .none { (input, isFirst) = (nil, true) }
        switch registered.route {
        case .arithmetic:
            if case .expression(let expression) = call.argument {
                try checkPlace(of: call, for: registered, isFirst: isFirst)
                return .value(try await value(of: expression))
            }
        case .assignment:
            // Two words, neither the `--` that ends options: binding them cannot fail (NAME
            // takes any text, VALUE any value), so nothing needs them bound.
            if call.words.count == 3, call.words[1].bareText != "--", call.words[2].bareText != "--" {
                try checkPlace(of: call, for: registered, isFirst: isFirst)
                try await assign(call.words[1], to: call.words[2], in: call)
                return nil
            }
        case .invocation:
            break
        }
        let invocation = try await prepare(call, for: registered, after: nameLength, input: input, isFirst: isFirst)
        do {
            if let command = registered.sessionCommand { return try await command.run(invocation, in: self) }
            return try await registered.command.run(invocation)
        } catch {
            throw Self.located(error, in: call, arguments: invocation.arguments)
        }
    }

    /// `set NAME VALUE`: the variable named by the first word's text set to the second's value.
    private func assign(_ name: Word, to value: Word, in call: CommandCall) async throws {
        let name = try await evaluate(name).text
        let value = try await self.value(of: value)
        do {
            try assign(name, to: value)
        } catch {
            // Its errors are about no one argument: they are placed at the call, as a command's are.
            throw Self.located(error, in: call, arguments: Arguments(argumentNames: []))
        }
    }

    /// A command's error with its place (see ``location(of:in:arguments:)``), unless it has a
    /// place already (or is Ctrl-C).
    private static func located(_ error: any Error, in call: CommandCall, arguments: Arguments) -> any Error {
        if error is LocatedError || isCancellation(error) { return error }
        return LocatedError(error, at: location(of: error, in: call, arguments: arguments))
    }

    /// Whether a command's first word is a value rather than a command's name: anything but
    /// unquoted plain text that is not a number, `true`, `false` or `null`.
    private static func isValue(_ word: Word) -> Bool {
        guard word.tail.isEmpty, case .literal(let text) = word.head else { return true }
        if case .string? = try? LiteralValue.infer(text) { return false }
        return true
    }

    /// The command a call's first words name, and how many words its name takes.
    private func resolve(_ call: CommandCall) throws(LocatedError) -> (RegisteredCommand, Int) {
        let first = call.words[0].bareText ?? ""
        let second = call.words.count > 1 ? call.words[1].bareText : nil
        do {
            return try resolve(first, second)
        } catch {
            throw LocatedError(error, at: call.location)
        }
    }

    /// Evaluates a command's argument words as it binds them; the words of a deferred
    /// argument are kept as written (with what the parser read them as). A word that cannot
    /// be evaluated is the error, before any binding error.
    private func prepare(
        _ call: CommandCall, for registered: RegisteredCommand, after nameLength: Int, input: Value?, isFirst: Bool
    ) async throws -> Invocation {
        let (eager, deferred) = try split(call, for: registered, after: nameLength, isFirst: isFirst)
        var words: [EvaluatedWord] = []
        words.reserveCapacity(eager.count)
        for index in eager { words.append(try await evaluate(call.words[index])) }
        var listed = ListedWords(consume words)
        let arguments: Arguments
        do {
            // Errors point into the call's words: the binder counts from the first it is given.
            arguments = try registered.bind(&listed, firstIndex: eager.lowerBound)
        } catch {
            throw LocatedError(error, at: call.location)
        }
        let deferredArgument =
            registered.deferredArgument == nil
            ? nil
            : DeferredArgument(
                call.words[deferred ?? call.words.endIndex..<call.words.endIndex], read: call.argument,
                of: registered.declared, in: self)
        return Invocation(
            command: registered.declared, context: invocationContext, arguments: arguments, input: input,
            state: StateAccess(backend: store, owner: registered.owner), deferred: deferredArgument)
    }

    /// Checks the command's place in the pipeline and splits its argument words into those
    /// evaluated now and those of its deferred argument.
    private func split(_ call: CommandCall, for registered: RegisteredCommand, after nameLength: Int, isFirst: Bool)
        throws(LocatedError) -> (eager: Range<Int>, deferred: Range<Int>?)
    {
        try checkPlace(of: call, for: registered, isFirst: isFirst)
        let arguments = call.words[nameLength...]
        guard let start = ArgumentBinder.deferredStart(in: arguments, of: registered) else {
            if let deferred = registered.deferredArgument, !registered.spec.arguments[deferred].isOptional {
                throw LocatedError(
                    CommandError.missingArgument(
                        command: registered.spec.name, argument: registered.spec.arguments[deferred].name,
                        usage: registered.spec.usage),
                    at: call.location)
            }
            return (arguments.indices, nil)
        }
        return (nameLength..<start, start..<call.words.endIndex)
    }

    /// Checks that the command may stand where it does: first in its pipeline, or after `|`.
    private func checkPlace(of call: CommandCall, for registered: RegisteredCommand, isFirst: Bool)
        throws(LocatedError)
    {
        if !isFirst && registered.input == .none {
            throw LocatedError(CommandError.takesNoInput(command: registered.spec.name), at: call.location)
        }
        if isFirst && registered.input == .required {
            throw LocatedError(CommandError.needsInput(command: registered.spec.name), at: call.location)
        }
    }

    // MARK: Output

    /// The console commands get now: the terminal only for interactive commands outside scripts.
    var console: Console {
        let atPrompt = environment.isInteractive && scriptStack.isEmpty
        let animates = atPrompt && environment.animations
        return Console(
            sink: output, format: format, terminal: animates ? environment.terminal : nil,
            screen: atPrompt ? environment.screen : nil)
    }

    /// The render settings for a result shown now.
    var renderContext: RenderContext {
        .showing(in: format, width: environment.width(), style: environment.style)
    }

    /// Prints a result the way the session's format wants. Throws `CancellationError`, showing
    /// nothing, when Ctrl-C came while it was written out: a table's rows may be read (a lazy
    /// sort found) only now, and a read that Ctrl-C stops leaves them unknown.
    func display(_ result: CommandResult) throws {
        let format = format
        // Most results have no view: the optional existential is not made for them.
        let view = result.hasView ? result.view : nil
        // JSON goes out as the writer's bytes, unless a pager may want it as text.
        if format == .json, view?.pagesWhenTall != true || console.screen == nil {
            try writeJSONLine(result.value)
        } else if let view {
            let text =
                format != .json && (format == .table || view.isPlainText)
                ? view.render(in: renderContext) : text(of: result.value)
            try Self.checkCancellation()
            if !view.pagesWhenTall || console.screen?.pagesText(text) != true {
                output.writeLine(text, to: .standardOutput)
            }
        } else {
            let text = text(of: result.value)
            try Self.checkCancellation()
            output.writeLine(text, to: .standardOutput)
        }
        language.lastShown = result.value
    }

    /// Writes `value` as one line of compact JSON, from the writer's bytes, unless Ctrl-C came
    /// while they were written.
    private func writeJSONLine(_ value: Value) throws {
        let written = JSONWriter.withCompactBytes(value) { bytes in
            guard !Task.isCancelled else { return false }
            output.writeLine(utf8: bytes, to: .standardOutput)
            return true
        }
        if !written { throw CancellationError() }
    }

    /// A value's text in the session's format, without a view. A string's needs no render
    /// settings, whose width is read from the terminal each time they are made.
    private func text(of value: Value) -> String {
        if format == .json { return JSONWriter.compact(value) }
        if case .string(let string) = value { return ValueRenderer.text(ofString: string) }
        return ValueRenderer.render(value, in: renderContext)
    }

    /// Prints one `error:` line for a failed command.
    func report(_ error: any Error) {
        var location: SourceLocation?
        var underlying: any Error = error
        if let located = error as? LocatedError {
            location = located.location
            underlying = located.underlying
        }
        if underlying is ReportedError { return }
        let message = Self.message(for: underlying)
        // A script's errors always name their place, even at the prompt (`run FILE`, init.shopscript).
        if showsErrorLocations || !scriptStack.isEmpty, let location, location.file != nil {
            reportLine("error: \(location): \(message)")
        } else {
            reportLine("error: \(message)")
        }
        if let help = (underlying as? CommandFailure)?.help { reportLine("help: \(help)") }
    }

    func reportLine(_ line: String) {
        output.write(Sanitizer.inert(line) + "\n", to: .standardError)
    }

    /// The one-line message of any error.
    static func message(for error: any Error) -> String {
        if let described = error as? any CustomStringConvertible { return described.description }
        return String(describing: error)
    }
}

/// An error with the place in the script that caused it.
struct LocatedError: Error {
    let underlying: any Error
    let location: SourceLocation

    init(_ underlying: any Error, at location: SourceLocation) {
        self.underlying = underlying
        self.location = location
    }
}

/// A failure already printed (by a script run inside `run FILE`); it only stops the caller.
struct ReportedError: Error {}

/// What to do after a command fails.
public enum ErrorPolicy: Sendable, Equatable {
    /// Stop the script (`shop run`).
    case stopAtFirstFailure
    /// Report and go on (`shop run --keep-going`).
    case keepGoing
}

/// How a step or pipeline ended.
public enum StepOutcome: Sendable, Equatable {
    case succeeded
    case failed
    case interrupted
}

/// What a script run amounted to.
public struct RunOutcome: Sendable, Equatable {
    /// How many commands failed (or diagnostics, for a script that could not be parsed).
    public var failures = 0
    /// Whether Ctrl-C stopped it.
    public var interrupted = false
    /// Whether its arguments did not fit its `param` lines, so nothing ran (exit 2).
    public var isUsageError = false

    public init(failures: Int = 0, interrupted: Bool = false, isUsageError: Bool = false) {
        self.failures = failures
        self.interrupted = interrupted
        self.isUsageError = isUsageError
    }
}
