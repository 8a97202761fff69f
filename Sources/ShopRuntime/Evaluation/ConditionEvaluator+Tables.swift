import ShopLanguage
import ShopPluginAPI
import ShopVerbs

extension ConditionEvaluator {
    /// The condition as a ``RowCondition`` over `table`'s columns, for `where` to check a
    /// column at a time; nil when a part of it is not a comparison of a field of the table
    /// with a value that does not read `$it` or run commands (a path, `$it`, a field that is
    /// no column), or such a value cannot be read: the items are then checked one by one.
    ///
    /// Values are read here, once, as the per-item check reads them once; a value that fails
    /// to read is left for the per-item check, which reads it only if an item needs it.
    func rowCondition(
        _ condition: Condition, for table: RecordTable, in interpreter: Interpreter
    ) async -> RowCondition? {
        switch condition {
        case .truth(.word(let word)):
            guard let column = column(named: word, in: table) else { return nil }
            return .test(column: column, ConditionEvaluator.isTruthy)
        case .truth(.input):
            return nil
        case .comparison(let comparison):
            guard case .word(let left) = comparison.left, let column = column(named: left, in: table),
                case .word(let right) = comparison.right, !right.mentionsItem,
                !right.flags.contains(.runsCommands),
                let constant = try? await remembered(right, in: interpreter)
            else { return nil }
            var pattern: Pattern?
            if comparison.comparator == .matches {
                guard let compiled = try? Pattern(constant.plainText) else { return nil }
                pattern = compiled
            }
            return .comparison(column: column, comparison.comparator, constant, pattern: pattern)
        case .not(let inner):
            return await rowCondition(inner, for: table, in: interpreter).map(RowCondition.not)
        case .and(let left, let right):
            guard let left = await rowCondition(left, for: table, in: interpreter),
                let right = await rowCondition(right, for: table, in: interpreter)
            else { return nil }
            return .and(left, right)
        case .or(let left, let right):
            guard let left = await rowCondition(left, for: table, in: interpreter),
                let right = await rowCondition(right, for: table, in: interpreter)
            else { return nil }
            return .or(left, right)
        }
    }

    /// The column a field word names: plain or quoted text that is a field of the table.
    private func column(named word: Word, in table: RecordTable) -> Int? {
        guard let text = word.staticText, !word.mentionsItem else { return nil }
        return FieldPath(text).column(in: table)
    }
}
