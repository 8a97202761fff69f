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
}

extension Command {
    public var outline: CommandSpec? { nil }
}

/// What a command returns: a value, and how to show it when it is displayed.
public struct CommandResult: Sendable {
    /// The value passed down a pipeline and printed by `--format json`.
    public var value: Value
    /// How to show the value in the `table` and `plain` formats, instead of the generic table.
    public var view: (any ValueView)?

    public init(_ value: Value, view: (any ValueView)? = nil) {
        self.value = value
        self.view = view
    }

    /// A result shown the generic way.
    public static func value(_ value: Value) -> CommandResult {
        CommandResult(value)
    }
}
