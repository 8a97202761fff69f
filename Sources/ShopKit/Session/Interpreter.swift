/// Runs parsed steps against one registry and one state store, and prints what they yield.
///
/// Each pipeline is one change of the state store: it is committed when the pipeline
/// succeeds (an `undo` step) and rolled back when it fails. A failing command prints one
/// `error:` line; the error policy decides whether the script goes on.
final class Interpreter: SessionControl {
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

    init(configuration: SessionConfiguration, registry: CommandRegistry?) throws(RegistryError) {
        if let registry {
            self.registry = registry
        } else {
            self.registry = try CommandRegistry(
                core: CoreCommands.all + configuration.hostCommands, coreDefaults: CoreCommands.groupDefaults,
                plugins: configuration.plugins)
        }
        store = StateStore(declarations: self.registry.stateKeys)
        environment = configuration.environment
        output = configuration.output
        history = configuration.history
        sessionID = configuration.sessionID
        format = configuration.format
        showsErrorLocations = configuration.showsErrorLocations
        echoesSteps = configuration.echoesSteps
        baseDirectory = configuration.environment.workingDirectory
    }

    // MARK: Scripts

    /// Runs a script as it parses it, line by line, under `policy`; `file` names it in
    /// messages and `path` (absolute, for files) anchors its relative paths.
    func run(_ text: String, file: String?, path: String?, policy: ErrorPolicy) async -> RunOutcome {
        var outcome = RunOutcome()
        var parser = Parser(text: text, file: file)
        if let path { enterScript(path) }
        defer { if path != nil { leaveScript() } }
        while let item = parser.next() {
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

    /// Runs the pipelines of one step in order, stopping at the first that fails.
    func runStep(_ step: Step) async -> StepOutcome {
        for index in step.pipelines.indices {
            if Task.isCancelled { return .interrupted }
            let label = ChangeLabel(line: step.source, characters: Self.labelRange(ofPipeline: index, in: step))
            let outcome = await runPipeline(step.pipelines[index], label: label)
            guard outcome == .succeeded else { return outcome }
            if exitRequest != nil { break }
        }
        return .succeeded
    }

    /// Runs one pipeline as one change of the store labelled `label` (its text), printing its
    /// result or its error.
    func runPipeline(_ pipeline: Pipeline, label: ChangeLabel) async -> StepOutcome {
        store.beginChange(label: label)
        do {
            var carried: CommandResult?
            for (index, call) in pipeline.commands.enumerated() {
                let (command, invocation) = try prepare(call, input: carried?.value, isFirst: index == 0)
                do {
                    carried = try await command.run(invocation)
                } catch let error as LocatedError {
                    throw error
                } catch let error as CancellationError {
                    throw error
                } catch {
                    throw LocatedError(error, at: Self.location(of: error, in: call, arguments: invocation.arguments))
                }
            }
            store.commitChange()
            if let carried { display(carried) }
            return .succeeded
        } catch {
            store.rollBackChange()
            if error is CancellationError || Task.isCancelled {
                if environment.isInteractive { output.write("\n", to: .standardError) }
                reportLine("interrupted")
                return .interrupted
            }
            report(error)
            return .failed
        }
    }

    /// Evaluates a command's words, finds the command and binds its arguments.
    private func prepare(_ call: CommandCall, input: Value?, isFirst: Bool) throws(LocatedError) -> (
        any Command, Invocation
    ) {
        var words: [EvaluatedWord] = []
        words.reserveCapacity(call.words.count)
        for index in call.words.indices { words.append(try evaluate(call.words[index])) }
        let resolved: (command: RegisteredCommand, nameLength: Int)
        do {
            resolved = try registry.resolve(words[0].text, words.count > 1 ? words[1].text : nil)
        } catch {
            throw LocatedError(error, at: call.location)
        }
        let registered = resolved.command
        if !isFirst && registered.input == .none {
            throw LocatedError(CommandError.takesNoInput(command: registered.spec.name), at: call.location)
        }
        if isFirst && registered.input == .required {
            throw LocatedError(CommandError.needsInput(command: registered.spec.name), at: call.location)
        }
        let arguments: Arguments
        do {
            arguments = try ArgumentBinder(command: registered).bind(words[resolved.nameLength...])
        } catch {
            throw LocatedError(error, at: call.location)
        }
        let invocation = Invocation(
            command: registered, context: invocationContext, arguments: arguments, input: input,
            state: StateAccess(backend: store, owner: registered.owner))
        return (registered.command, invocation)
    }

    // MARK: Words

    /// The value and text of a word after interpolation.
    func evaluate(_ word: borrowing Word) throws(LocatedError) -> EvaluatedWord {
        if word.tail.isEmpty {
            switch word.head {
            case .literal(let text):
                if word.isQuoted {
                    return EvaluatedWord(value: .string(text), text: text, isOptionLike: false)
                }
                return EvaluatedWord(
                    value: try Self.infer(text, at: word.location), text: text, isOptionLike: Self.isOptionLike(text))
            case .variable(let name, let location):
                let value = try lookUp(name, at: location)
                let text = value.plainText
                return EvaluatedWord(
                    value: word.isQuoted ? .string(text) : value, text: text, isOptionLike: false)
            }
        }
        var text = ""
        for part in word.parts {
            switch part {
            case .literal(let literal): text += literal
            case .variable(let name, let location): text += try lookUp(name, at: location).plainText
            }
        }
        let value: Value = word.isQuoted ? .string(text) : try Self.infer(text, at: word.location)
        return EvaluatedWord(value: value, text: text, isOptionLike: false)
    }

    /// The value of an unquoted word, its errors placed at the word.
    private static func infer(_ text: String, at location: SourceLocation) throws(LocatedError) -> Value {
        do {
            return try LiteralValue.infer(text)
        } catch {
            throw LocatedError(error, at: location)
        }
    }

    /// Whether an unquoted word starts with `--`.
    private static func isOptionLike(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "-") && bytes.next() == UInt8(ascii: "-")
    }

    private func lookUp(_ name: String, at location: SourceLocation) throws(LocatedError) -> Value {
        do {
            return try store.value(name)
        } catch {
            throw LocatedError(error, at: location)
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

    /// Prints a result the way the session's format wants.
    func display(_ result: CommandResult) {
        let context = renderContext
        let text: String
        if format == .json {
            text = JSONWriter.compact(result.value)
        } else if let view = result.view, format == .table || view.isPlainText {
            text = view.render(in: context)
        } else {
            text = ValueRenderer.render(result.value, in: context)
        }
        if result.view?.pagesWhenTall == true, let screen = console.screen, screen.pagesText(text) { return }
        output.write(text + "\n", to: .standardOutput)
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

    private func reportLine(_ line: String) {
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

    public init(failures: Int = 0, interrupted: Bool = false) {
        self.failures = failures
        self.interrupted = interrupted
    }
}
