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
        case .and(let conditions), .or(let conditions):
            var parts: [RowCondition] = []
            for part in conditions {
                guard let row = await rowCondition(part, for: table, in: interpreter) else { return nil }
                parts.append(row)
            }
            if case .and = condition { return Self.joined(parts, by: RowCondition.and) }
            return Self.joined(parts, by: RowCondition.or)
        }
    }

    /// `parts` (not empty) joined pairwise by `join`, a tree as deep as the log of their
    /// count: a long chain of `and`s stays shallow.
    private static func joined(
        _ parts: [RowCondition], by join: (RowCondition, RowCondition) -> RowCondition
    ) -> RowCondition? {
        var level = parts
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { index in
                index + 1 < level.count ? join(level[index], level[index + 1]) : level[index]
            }
        }
        return level.first
    }

    /// The column a field word names: plain or quoted text that is a field of the table.
    private func column(named word: Word, in table: RecordTable) -> Int? {
        guard let text = word.staticText, !word.mentionsItem else { return nil }
        return FieldPath(text).column(in: table)
    }
}
