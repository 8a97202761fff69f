extension Invocation {
    /// A count argument (`take N`, `history N`), read as a whole number of 0 or more: a
    /// negative count is a usage error naming the argument, like any other wrong word.
    public func count(_ argument: Argument<Int>) throws(CommandError) -> Int {
        try checkedCount(try self[argument], argument.argumentSpec.name)
    }

    /// An optional count argument; nil when it was left out.
    public func count(_ argument: Argument<Int?>) throws(CommandError) -> Int? {
        guard let count = try self[argument] else { return nil }
        return try checkedCount(count, argument.argumentSpec.name)
    }

    private func checkedCount(_ count: Int, _ name: String) throws(CommandError) -> Int {
        guard count >= 0 else {
            throw .invalidArgument(
                command: spec.name, argument: name, expected: "a whole number, 0 or more", got: String(count))
        }
        return count
    }
}
