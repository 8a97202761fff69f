import ShopRendering
import ShopValues

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

    /// Does the work. A command that never waits may implement it without `async`.
    func run(_ invocation: Invocation) async throws -> CommandResult?
}

/// What a command returns: a value, and how to show it when it is displayed.
public struct CommandResult: Sendable {
    /// The value passed down a pipeline and printed by `--format json`.
    public var value: Value
    /// The view, boxed, so that a result stays small: most results have none.
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
    package var hasView: Bool { viewBox != nil }

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
