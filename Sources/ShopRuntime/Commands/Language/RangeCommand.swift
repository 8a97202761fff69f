import ShopPluginAPI

/// `range FROM TO [STEP]`: the ints from FROM to TO inclusive.
struct RangeCommand: SessionCommand {
    /// The most items a range yields.
    static let maximumCount = 10_000_000

    static let from = Argument<Int>("FROM", "the first int")
    static let to = Argument<Int>("TO", "the last int (reached when STEP divides the distance)")
    static let step = Argument<Int?>("STEP", "how far apart (default 1)")

    let spec = CommandSpec(
        path: ["range"], abstract: "The ints from FROM to TO, inclusive (counting down when FROM > TO)",
        discussion: "STEP (default 1) is how far apart they are; its sign does not matter. At most 10,000,000 items.",
        arguments: [Self.from, Self.to, Self.step],
        examples: [Example("range 1 5"), Example("range 10 0 5"), Example("for i in $(range 1 3); echo $i; end")])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let from = try invocation[Self.from]
        let to = try invocation[Self.to]
        let step = try invocation[Self.step] ?? 1
        guard step != 0 else { throw CommandError.failed("range: STEP cannot be 0") }
        let magnitude = step.magnitude
        let distance = from <= to ? UInt(bitPattern: to &- from) : UInt(bitPattern: from &- to)
        guard distance / magnitude < UInt(Self.maximumCount) else {
            throw CommandError.failed("range: at most 10,000,000 items (\(from) to \(to) by \(magnitude) makes more)")
        }
        let count = distance / magnitude + 1
        var values: [Value] = []
        values.reserveCapacity(Int(count))
        var current = from
        let stride = Int(bitPattern: magnitude)
        for _ in 0..<count {
            values.append(.int(current))
            current = from <= to ? current &+ stride : current &- stride
        }
        return .value(.list(values))
    }
}
