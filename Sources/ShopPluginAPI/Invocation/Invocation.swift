import ShopRendering
import ShopValues

/// Everything a command's `run` gets: its typed arguments, the pipeline input, and its
/// capabilities — the state (its plugin's keys writable), the console, the environment
/// (clock, width, style, folders, variables, HTTP), its session objects, and the runtime's
/// reading of its deferred argument (``Deferred``).
///
/// Made of plain values and small protocols (``StateBackend``, ``OutputSink``,
/// ``TerminalSurface``, ``DeferredWords``), with no pointer to the interpreter or the session,
/// so the session builds one in process and a kit serving a plugin out of process builds one
/// from a `run` request.
///
/// ```swift
/// static let count = Argument<Int>("N", "how many")
/// func run(_ invocation: Invocation) async throws -> CommandResult? {
///     let rows = try invocation.requireListInput()
///     return .value(.list(Array(rows.prefix(try invocation[Self.count]))))
/// }
/// ```
public struct Invocation {
    /// The session's surroundings as commands see them, shared by every command until one of
    /// them changes (the format, the running script), so making and passing an invocation
    /// copies little.
    package final class Context {
        let environment: SessionEnvironment
        let console: Console
        let baseDirectory: String
        let format: OutputFormat
        let objects: SessionObjects
        /// What typed reads of arguments need, made once here rather than for each read.
        let arguments: ArgumentContext

        package init(
            environment: SessionEnvironment, console: Console, baseDirectory: String, format: OutputFormat,
            objects: SessionObjects
        ) {
            self.environment = environment
            self.console = console
            self.baseDirectory = baseDirectory
            self.format = format
            self.objects = objects
            arguments = ArgumentContext(baseDirectory: baseDirectory, variables: environment.variables)
        }
    }

    /// The command, with its spec read once.
    let command: DeclaredCommand
    let context: Context
    /// The words bound by name (for generic code; commands read ``subscript(_:)-swift.method`` instead).
    public let arguments: Arguments
    /// The previous command's result value in a pipeline, else nil.
    public let input: Value?
    /// The state: everything readable, the plugin's own keys writable.
    public let state: StateAccess
    /// The runtime's reading of the words of the command's deferred argument (see
    /// ``Deferred``); nil for a command that declares none, or outside a session.
    let deferred: (any DeferredWords)?

    /// An invocation for a command run outside a session's interpreter (a kit serving a
    /// plugin out of process builds one from a `run` request).
    public init(
        command: DeclaredCommand, arguments: Arguments, input: Value?, state: StateAccess,
        environment: SessionEnvironment, console: Console, baseDirectory: String, format: OutputFormat,
        objects: SessionObjects
    ) {
        self.init(
            command: command,
            context: Context(
                environment: environment, console: console, baseDirectory: baseDirectory, format: format,
                objects: objects),
            arguments: arguments, input: input, state: state, deferred: nil)
    }

    /// An invocation in a session: its surroundings shared with the session's other commands,
    /// and its deferred argument's words, when it has one, as the runtime keeps them.
    package init(
        command: DeclaredCommand, context: Context, arguments: Arguments, input: Value?, state: StateAccess,
        deferred: (any DeferredWords)?
    ) {
        self.command = command
        self.context = context
        self.arguments = arguments
        self.input = input
        self.state = state
        self.deferred = deferred
    }

    /// What the command is: its name, arguments and documentation.
    public var spec: CommandSpec { command.spec }
    /// Clock, width, colours, folders, variables, HTTP.
    public var environment: SessionEnvironment { context.environment }
    /// Messages, warnings, the terminal.
    public var console: Console { context.console }
    /// The folder relative paths start from: the running script's, else the working directory.
    public var baseDirectory: String { context.baseDirectory }
    /// How the session shows results.
    public var format: OutputFormat { context.format }

    /// The render settings for a result shown now (the width is read now: terminals resize).
    public var renderContext: RenderContext {
        .showing(in: format, width: environment.width(), style: environment.style)
    }

    /// The argument, as the Swift type it was declared with (`T`, `T?` or `[T]`).
    public subscript<T>(_ argument: Argument<T>) -> T {
        get throws(CommandError) { try arguments.read(argument, in: context.arguments) }
    }

    /// The option's value, or its default (nil for `Option<T?>`).
    public subscript<T>(_ option: Option<T>) -> T {
        get throws(CommandError) { try arguments.read(option, in: context.arguments) }
    }

    /// The option's word as written (`007`, `5.0`), for messages; nil when left out.
    public func word<T>(_ option: Option<T>) -> BoundWord? {
        arguments.word(ofOption: option.optionSpec.name)
    }

    /// Every word given for `option`, in order: for an option that may be given more than
    /// once (`--header A:1 --header B:2`); ``subscript(_:)-swift.method`` reads the last.
    public func words<T>(_ option: Option<T>) -> [BoundWord] {
        arguments.words(ofOption: option.optionSpec.name)
    }

    /// Whether the flag was given.
    public subscript(_ flag: Flag) -> Bool {
        arguments.flag(flag.optionSpec.name)
    }

    /// This session's object of type `Object` for the command's plugin, made by `make` the
    /// first time any of the plugin's commands asks for it in this session.
    ///
    /// For what one session keeps apart from the state store — a network client, a guard
    /// against overlapping loads — since a plugin value is shared by every session of the
    /// process. Values `undo` must restore belong in state keys instead.
    ///
    /// ```swift
    /// let loader = invocation.sessionObject { ThumbnailLoader() }   // the same loader all session long
    /// ```
    public func sessionObject<Object: AnyObject & Sendable>(_ make: () -> Object) -> Object {
        context.objects.object(owner: state.owner ?? "", make: make)
    }

    /// This session's object of type `Object` for the command's plugin, as
    /// ``sessionObject(_:)``, told when the session ends (see ``SessionEnding``).
    public func endingSessionObject<Object: SessionEnding>(_ make: () -> Object) -> Object {
        context.objects.endingObject(owner: state.owner ?? "", make: make)
    }

    /// This session's object of type `Object` kept for plugin `plugin`, if it made one (for
    /// commands about plugins, such as `plugin log`).
    public func existingSessionObject<Object: AnyObject & Sendable>(of plugin: String, as type: Object.Type) -> Object?
    {
        context.objects.existing(owner: plugin, as: type)
    }

    /// `path` resolved against ``baseDirectory`` (absolute paths and `~/` kept).
    public func resolve(path: String) -> String {
        FilePath.resolve(path, relativeTo: baseDirectory, home: environment.variables["HOME"])
    }

    /// The input, or an error naming the command when there is none.
    public func requireInput() throws(CommandError) -> Value {
        guard let input else { throw .needsInput(command: spec.name) }
        return input
    }

    /// The input as a list, or an error naming the command.
    public func requireListInput() throws(CommandError) -> ValueList {
        let input = try requireInput()
        guard case .list(let elements) = input else {
            throw .invalidInput(command: spec.name, expected: "a list", got: input.describedType)
        }
        return elements
    }
}
