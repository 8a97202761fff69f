/// A command: its metadata and what it does.
///
/// A command is a `Sendable` value. `run` gets the bound arguments, the pipeline input, the
/// state (writable only within the plugin's own keys) and the environment, and returns a
/// result or nil. Throwing fails the command alone: the session undoes its state changes
/// and prints the error's description on one line.
///
/// ```swift
/// struct ShoutCommand: Command {
///     static let words = Argument<[String]>("WORDS", "what to shout")
///
///     let spec = CommandSpec(
///         path: ["shout", "out"], abstract: "Print the words in capitals",
///         arguments: [Self.words], examples: [Example("shout out hello")])
///
///     func run(_ invocation: Invocation) async throws -> CommandResult? {
///         .value(.string(try invocation[Self.words].joined(separator: " ").uppercased()))
///     }
/// }
/// ```
public protocol Command: Sendable {
    /// What the command is called, takes and documents.
    var spec: CommandSpec { get }

    /// For a command whose full spec is costly to make (an outside plugin's, decoded from its
    /// cached manifest on first use): a spec with only the path, aliases, abstract and input,
    /// already checked, which is all a session reads when it starts. Nil, the default, has
    /// the session read ``spec`` at once.
    var outline: CommandSpec? { get }

    /// Does the work.
    func run(_ invocation: Invocation) async throws -> CommandResult?

    /// Runs the command now when it never waits (a ``SynchronousCommand``), else does
    /// nothing and says so (the default). Chosen by the conformance, where a cast to
    /// ``SynchronousCommand`` scans every conformance in the program on its first use per type
    /// (callgrind: 6.8M instructions for the core commands), and returning the command as an
    /// existential would copy it into a box.
    func runSynchronously(_ invocation: Invocation) throws -> SynchronousOutcome
}

extension Command {
    public var outline: CommandSpec? { nil }

    public func runSynchronously(_ invocation: Invocation) throws -> SynchronousOutcome { .needsAwait }
}

/// What ``Command/runSynchronously(_:)`` did.
public enum SynchronousOutcome: Sendable {
    /// The command ran and gave this.
    case ran(CommandResult?)
    /// The command may wait: nothing ran, ``Command/run(_:)`` runs it.
    case needsAwait
}

/// A command whose work never waits: its `run` is synchronous, so the session calls it
/// without an async call and the switch back to its executor after one (callgrind, 20,000
/// rounds of a loop of `set`: 223M instructions called with `await`, 218M without).
///
/// A synchronous `run` satisfies ``Command/run(_:)`` too, so adopting this protocol is all
/// a command that never awaits needs:
///
/// ```swift
/// struct ShoutCommand: SynchronousCommand {
///     static let words = Argument<[String]>("WORDS", "what to shout")
///     let spec = CommandSpec(path: ["shout"], abstract: "Print the words in capitals", arguments: [Self.words])
///
///     func run(_ invocation: Invocation) throws -> CommandResult? {
///         .value(.string(try invocation[Self.words].joined(separator: " ").uppercased()))
///     }
/// }
/// ```
public protocol SynchronousCommand: Command {
    /// Does the work, without waiting for anything.
    func run(_ invocation: Invocation) throws -> CommandResult?
}

extension SynchronousCommand {
    public func runSynchronously(_ invocation: Invocation) throws -> SynchronousOutcome {
        .ran(try run(invocation))
    }
}

/// What a command returns: a value, and how to show it when it is displayed.
public struct CommandResult: Sendable {
    /// The value passed down a pipeline and printed by `--format json`.
    public var value: Value
    /// The view, boxed: an existential of a protocol that is not a class's makes the result a
    /// value the compiler keeps in memory, and an async function allocates room for each such
    /// result it holds (callgrind, 20,000 rounds of a loop: three allocations a pipeline).
    private var viewBox: ViewBox?

    public init(_ value: Value, view: (any ValueView)? = nil) {
        self.value = value
        self.viewBox = view.map(ViewBox.init)
    }

    /// How to show the value in the `table` and `plain` formats, instead of the generic table.
    public var view: (any ValueView)? {
        get { viewBox?.view }
        set { viewBox = newValue.map(ViewBox.init) }
    }

    /// Whether it has a ``view``, known without copying the view out.
    var hasView: Bool { viewBox != nil }

    private final class ViewBox: Sendable {
        let view: any ValueView

        init(_ view: any ValueView) {
            self.view = view
        }
    }

    /// A result shown the generic way.
    public static func value(_ value: Value) -> CommandResult {
        CommandResult(value)
    }
}
