import ShopKit

/// A small plugin that exercises the plugin protocol in tests: a state key, commands with
/// arguments, options, completion, a view, input, and a command that throws.
public struct CounterPlugin: Plugin {
    public let name = "counter"
    public let version = "0.0.1"
    public let summary = "A counter for testing the host"

    public init() {}

    public var stateKeys: [StateKeyDeclaration] {
        [
            StateKeyDeclaration(
                key: "counter.value", abstract: "the count", initialValue: { .int(0) },
                validate: { value throws(StateError) in
                    guard value.intValue != nil else {
                        throw .invalidValue(key: "counter.value", reason: "expected a whole number")
                    }
                })
        ]
    }

    public var commands: [any Command] { [AddCommand(), ShowCommand(), FailCommand(), SumCommand()] }

    public var defaultVerb: String? { "show" }

    /// The error `counter fail` throws.
    public enum CounterError: Error, Equatable, CustomStringConvertible {
        case refused(String)

        public var description: String {
            switch self {
            case .refused(let reason): "counter refused: \(reason)"
            }
        }
    }

    struct AddCommand: Command {
        let spec = CommandSpec(
            path: ["counter", "add"], aliases: ["plus"], abstract: "Add N to the counter",
            arguments: [
                ArgumentSpec("N", "how much", kind: .integer, completion: .custom { _ in ["1", "10", "100"] })
            ],
            options: [OptionSpec(flag: "--quiet", "print nothing")],
            examples: [Example("counter add 5")])

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            let current = try invocation.state.value("counter.value").intValue ?? 0
            let next = current + (invocation.arguments.int("N") ?? 0)
            try invocation.state.set("counter.value", to: .int(next))
            if !invocation.arguments.flag("--quiet") { invocation.console.message("counter is \(next)") }
            return nil
        }
    }

    struct ShowCommand: Command {
        let spec = CommandSpec(
            path: ["counter", "show"], abstract: "Show the counter", examples: [Example("counter show")])

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            let value = try invocation.state.value("counter.value")
            return CommandResult(value, view: CounterView(value: value.intValue ?? 0))
        }
    }

    struct FailCommand: Command {
        let spec = CommandSpec(
            path: ["counter", "fail"], abstract: "Change the counter, then throw",
            arguments: [ArgumentSpec("REASON", "what to say", isOptional: true)])

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            try invocation.state.set("counter.value", to: .int(-1))
            throw CounterError.refused(invocation.arguments.text("REASON") ?? "on purpose")
        }
    }

    struct SumCommand: Command {
        let spec = CommandSpec(
            path: ["counter", "sum"], abstract: "Add up the numbers of the input list",
            examples: [Example("echo '[1,2]' | from json | counter sum")], input: .required)

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            .value(.int(try invocation.requireListInput().compactMap(\.intValue).reduce(0, +)))
        }
    }

    struct CounterView: ValueView {
        let value: Int

        func render(in context: RenderContext) -> String {
            context.style.bold("[\(value)]")
        }
    }
}
