import ShopPluginAPI

/// A small plugin that exercises the plugin protocol in tests: a state key, commands with
/// arguments, options, completion, a view, input, and a command that throws.
public struct CounterPlugin: Plugin {
    public let name = "counter"
    public let version = "0.0.1"
    public let summary = "A counter for testing the host"

    public init() {}

    /// The count: a typed key whose model is an `Int`.
    public static let value = StateKey<Int>(
        "counter.value", abstract: "the count", type: .int, initial: 0,
        decode: { value, _ throws(StateError) in
            guard let count = value.intValue else {
                throw .invalidValue(key: "counter.value", reason: "expected a whole number")
            }
            return count
        },
        encode: { .int($0) })

    public var stateKeys: [StateKeyDeclaration] { [Self.value.declaration] }

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
            arguments: [Self.amount], options: [Self.quiet], examples: [Example("counter add 5")])

        static let amount = Argument<Int>("N", "how much", completion: .custom { _ in ["1", "10", "100"] })
        static let quiet = Flag("--quiet", "print nothing")

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            let next = try invocation.state[CounterPlugin.value] + invocation[Self.amount]
            try invocation.state.set(CounterPlugin.value, to: next)
            if !invocation[Self.quiet] { invocation.console.message("counter is \(next)") }
            return nil
        }
    }

    struct ShowCommand: Command {
        let spec = CommandSpec(
            path: ["counter", "show"], abstract: "Show the counter", examples: [Example("counter show")])

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            let count = try invocation.state[CounterPlugin.value]
            return CommandResult(.int(count), view: CounterView(value: count))
        }
    }

    struct FailCommand: Command {
        let spec = CommandSpec(
            path: ["counter", "fail"], abstract: "Change the counter, then throw",
            arguments: [Self.reason])

        static let reason = Argument<String?>("REASON", "what to say")

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            try invocation.state.set(CounterPlugin.value, to: -1)
            throw CounterError.refused(try invocation[Self.reason] ?? "on purpose")
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
