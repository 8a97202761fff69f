/// `expect LEFT OP RIGHT`: an assertion that fails the command, naming both sides.
///
/// After `|` the input is the left side: `services list | count | expect == 6`.
struct ExpectCommand: Command {
    static let left = Argument<BoundWord>("LEFT", "a value (the input, after '|')")
    static let comparison = Argument<BoundWord>(
        "OP", "the comparison", completion: .choices(ComparisonOperator.spellings))
    static let right = Argument<BoundWord?>("RIGHT", "a value")

    let spec = CommandSpec(
        path: ["expect"], abstract: "Check a condition; fail naming both sides when it does not hold",
        discussion: "OP is one of: \(ComparisonOperator.spellings.joined(separator: " ")). \(Pattern.dialect)",
        arguments: [Self.left, Self.comparison, Self.right],
        examples: [
            Example("set x 3; expect $x == 3"), Example("expect 'shop script' contains script"),
            Example("expect 'order 4711' matches '^order \\d+$'"),
        ],
        input: .optional)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let words =
            [try invocation[Self.left], try invocation[Self.comparison]]
            + [try invocation[Self.right]].compactMap { $0 }
        var operands = words.map(\.value)
        var texts = words.map(\.text)
        if let input = invocation.input, operands.count == 2 {
            operands.insert(input, at: 0)
            texts.insert(input.plainText, at: 0)
        }
        guard operands.count == 3 else {
            throw CommandError.missingArgument(command: spec.name, argument: "RIGHT", usage: spec.usage)
        }
        let comparison = try ComparisonOperator.named(texts[1], in: spec.name)
        let (left, right) = (operands[0], operands[2])
        let pattern = comparison == .matches ? try Pattern(right.plainText) : nil
        guard let holds = try comparison.evaluate(left, right, pattern: pattern) else {
            throw CommandError.failed(
                "expect failed: cannot compare \(Self.describe(left, typed: true)) \(comparison.rawValue) \(Self.describe(right, typed: true))"
            )
        }
        guard holds else {
            let typed = left.typeName != right.typeName && comparison != .contains && comparison != .matches
            throw CommandError.failed(
                "expect failed: \(Self.describe(left, typed: typed)) \(comparison.rawValue) \(Self.describe(right, typed: typed))"
            )
        }
        return nil
    }

    private static func describe(_ value: Value, typed: Bool) -> String {
        var text = value.quoted
        if text.count > 200 { text = String(text.prefix(200)) + "…" }
        return typed ? "\(text) (\(value.typeName))" : text
    }
}
