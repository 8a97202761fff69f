import ShopPluginAPI

/// `first [N]` and `last [N]`: the first or last item itself, or a list of the first or
/// last N.
struct FirstOrLastCommand: Command {
    /// Which end of the list.
    enum End: String, Sendable {
        case first, last
    }

    static let count = Argument<Int?>("N", "how many, as a list; leave out for the item itself")

    let end: End
    let spec: CommandSpec

    init(_ end: End) {
        self.end = end
        let noun = end == .first ? "first" : "last"
        spec = CommandSpec(
            path: [end.rawValue], abstract: "The \(noun) item, or a list of the \(noun) N",
            discussion: "Without N the item itself comes back (an error for an empty list); with N, a list of up to N.",
            arguments: [Self.count],
            examples: [
                Example("services list | sort price | \(end.rawValue) | get title"),
                Example("services list | \(end.rawValue) 2"),
            ],
            input: .required, resultFields: .input)
    }

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let items = try invocation.requireListInput()
        guard let count = try invocation[Self.count] else {
            guard let item = end == .first ? items.first : items.last else {
                throw VerbError.emptyList(command: spec.name)
            }
            return .value(item)
        }
        guard count >= 0 else { throw VerbError.negativeCount(command: spec.name, got: count) }
        let kept = min(count, items.count)
        return .value(.list(items.slice(end == .first ? 0..<kept : items.count - kept..<items.count)))
    }
}
