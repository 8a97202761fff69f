import ShopLanguage
import ShopPluginAPI
import ShopVerbs

/// Evaluates a ``Condition`` left to right, `and` and `or` short-circuiting, for `if`,
/// `while`, `expect` and, once per item, `where`.
///
/// Operands that do not read `$it` are evaluated at most once and remembered, so a `where`
/// over a million rows evaluates `$budget` once; in `where`, a left or lone operand that is
/// plain or quoted text names a field of the item.
final class ConditionEvaluator {
    /// How operands are read.
    enum Mode {
        /// Every operand is a value, evaluated each time (`if`, `while`, `expect`).
        case once
        /// Once per item (`where`, named `command` in messages): text on the left names a
        /// field (or a path) of the item; operands that do not read `$it` are evaluated once
        /// and remembered.
        case perItem(command: String)
    }

    let condition: Condition
    private let mode: Mode
    /// The name the item has besides `$it` (`where --item NAME`): operands are then read per item.
    private let itemName: String?
    private var remembered: [SourceLocation: Value] = [:]
    private var readers: [SourceLocation: FieldReader] = [:]
    private var patterns: [String: Pattern] = [:]
    /// The position of the item being checked, for messages.
    private var itemIndex = 0

    init(_ condition: Condition, mode: Mode, itemName: String? = nil) {
        self.condition = condition
        self.mode = mode
        self.itemName = itemName
    }

    /// Whether the condition holds for `item` (bound to `$it`) and `input` (the pipeline's).
    func holds(item: Value?, at index: Int = 0, input: Value?, in interpreter: Interpreter) async throws -> Bool {
        itemIndex = index
        return try await evaluate(condition, item: item, input: input, in: interpreter, explaining: false).holds
    }

    /// The items for which the condition holds, in order (`where`). A table is checked a
    /// column at a time when the condition compiles for it (``rowCondition(_:for:in:)``). A
    /// lone comparison of a field with an operand that does not read `$it` — the common
    /// `where price < 100` — reads that operand once and checks the items in a plain loop,
    /// without a suspension per item.
    func filter(_ items: ValueList, in interpreter: Interpreter) async throws -> ValueList {
        if case .perItem = mode, let table = items.table, table.count > 0,
            let compiled = await rowCondition(condition, for: table, in: interpreter),
            let outcome = try await table.rows(where: compiled), outcome.columnsRead.values.allSatisfy({ $0 })
        {
            return ValueList(outcome.table)
        }
        guard !items.isEmpty, case .perItem = mode, case .comparison(let comparison) = condition,
            case .word(let left) = comparison.left,
            left.staticText != nil, case .word(let rightWord) = comparison.right, !rightWord.mentionsItem,
            itemName == nil
        else {
            var kept: [Value] = []
            for (index, item) in items.enumerated()
            where try await holds(item: item, at: index, input: nil, in: interpreter) {
                kept.append(item)
            }
            return ValueList(kept)
        }
        let right = try await value(of: comparison.right, isLeft: false, item: nil, input: nil, in: interpreter)
        var reader = self.reader(for: left)
        defer { readers[left.location] = reader }
        var kept: [Value] = []
        for (index, item) in items.enumerated() {
            itemIndex = index
            if try compare(try Self.fieldValue(in: item, at: index, reader: &reader), comparison, right) {
                kept.append(item)
            }
        }
        return ValueList(kept)
    }

    /// Throws for a field named on the left that none of `items` had (see ``FieldReader``).
    func requireKnownFields(in items: ValueList) throws {
        for reader in readers.values { try reader.requireKnown(in: items) }
    }

    /// Whether the condition holds, and if not, the first comparison that was false, as
    /// `expect` words it (`2000 > 5000`).
    func check(input: Value?, in interpreter: Interpreter) async throws -> (holds: Bool, reason: String) {
        let result = try await evaluate(condition, item: nil, input: input, in: interpreter, explaining: true)
        return (result.holds, result.reason ?? "")
    }

    private func evaluate(
        _ condition: Condition, item: Value?, input: Value?, in interpreter: Interpreter, explaining: Bool
    ) async throws -> (holds: Bool, reason: String?) {
        switch condition {
        case .truth(let operand):
            let value = try await self.value(of: operand, isLeft: true, item: item, input: input, in: interpreter)
            let holds = Self.isTruthy(value)
            return (holds, explaining ? "\(Self.spelling(of: operand)) is \(Self.describe(value, typed: false))" : nil)
        case .comparison(let comparison):
            let left = try await value(of: comparison.left, isLeft: true, item: item, input: input, in: interpreter)
            let right = try await value(of: comparison.right, isLeft: false, item: item, input: input, in: interpreter)
            let holds = try compare(left, comparison, right)
            guard explaining else { return (holds, nil) }
            let typed =
                left.typeName != right.typeName && comparison.comparator != .contains
                && comparison.comparator != .matches
            let reason =
                "\(Self.describe(left, typed: typed)) \(comparison.comparator.rawValue) \(Self.describe(right, typed: typed))"
            return (holds, reason)
        case .not(let inner):
            let result = try await evaluate(inner, item: item, input: input, in: interpreter, explaining: explaining)
            return (!result.holds, result.reason.map { "not (\($0))" })
        case .and(let conditions):
            var result: (holds: Bool, reason: String?) = (true, nil)
            for condition in conditions {
                result = try await evaluate(
                    condition, item: item, input: input, in: interpreter, explaining: explaining)
                guard result.holds else { return result }
            }
            return result
        case .or(let conditions):
            var first: (holds: Bool, reason: String?)?
            for condition in conditions {
                let result = try await evaluate(
                    condition, item: item, input: input, in: interpreter, explaining: explaining)
                if result.holds { return result }
                if first == nil { first = result }
            }
            return first ?? (false, nil)
        }
    }

    private func value(
        of operand: Operand, isLeft: Bool, item: Value?, input: Value?, in interpreter: Interpreter
    ) async throws -> Value {
        guard case .word(let word) = operand else { return input ?? .null }
        if case .perItem = mode, isLeft, word.staticText != nil, let item { return try fieldValue(of: word, in: item) }
        if word.mentionsItem || itemName != nil {
            return try await interpreter.withItem(item, named: itemName) { try await interpreter.value(of: word) }
        }
        guard case .perItem = mode else { return try await interpreter.value(of: word) }
        return try await remembered(word, in: interpreter)
    }

    /// The value of a word that does not read `$it`, read once and remembered.
    func remembered(_ word: Word, in interpreter: Interpreter) async throws -> Value {
        if let known = remembered[word.location] { return known }
        let value = try await interpreter.value(of: word)
        remembered[word.location] = value
        return value
    }

    /// The field (or path) `word` names in `item`, the ``itemIndex``th, read through the
    /// word's ``FieldReader`` (kept for ``requireKnownFields(in:)``).
    private func fieldValue(of word: Word, in item: Value) throws -> Value {
        var reader = self.reader(for: word)
        defer { readers[word.location] = reader }
        return try Self.fieldValue(in: item, at: itemIndex, reader: &reader)
    }

    /// The reader of the field `word` names, made on first use.
    private func reader(for word: Word) -> FieldReader {
        if let known = readers[word.location] { return known }
        guard case .perItem(let command) = mode else { return FieldReader(FieldPath(""), command: "") }
        return FieldReader(FieldPath(word.staticText ?? ""), command: command)
    }

    /// The field `reader` reads in `item`; a plain value (in a list of them) is its own field `it`.
    private static func fieldValue(in item: Value, at index: Int, reader: inout FieldReader) throws -> Value {
        if reader.path.text == "it" {
            guard case .record = item else { return item }
        }
        return try reader.value(in: item, at: index)
    }

    private func compare(_ left: Value, _ comparison: Comparison, _ right: Value) throws -> Bool {
        var pattern: Pattern?
        if comparison.comparator == .matches {
            let text = right.plainText
            if let known = patterns[text] {
                pattern = known
            } else {
                let compiled = try Pattern(text)
                patterns[text] = compiled
                pattern = compiled
            }
        }
        if let holds = try comparison.comparator.evaluate(left, right, pattern: pattern) { return holds }
        if case .perItem = mode, left.isNull || right.isNull { return false }
        throw LocatedError(
            LanguageError.cannotCompare(
                "\(Self.describe(left, typed: true)) \(comparison.comparator.rawValue) \(Self.describe(right, typed: true))"
            ), at: comparison.location)
    }

    /// Whether a lone value counts as true: anything but `false`, `null`, `0`, `""`, `[]`, `{}`.
    static func isTruthy(_ value: Value) -> Bool {
        switch value {
        case .null: false
        case .bool(let bool): bool
        case .string(let string): !string.isEmpty
        case .list(let list): !list.isEmpty
        case .record(let record): record.count > 0
        default: value.doubleValue.map { $0 != 0 } ?? true
        }
    }

    /// A value as a failing `expect` shows it, cut at 200 characters.
    static func describe(_ value: Value, typed: Bool) -> String {
        var text = value.quoted
        if text.count > 200 { text = String(text.prefix(200)) + "…" }
        return typed ? "\(text) (\(value.typeName))" : text
    }

    private static func spelling(of operand: Operand) -> String {
        switch operand {
        case .input: "the input"
        case .word(let word): word.spelling
        }
    }
}
