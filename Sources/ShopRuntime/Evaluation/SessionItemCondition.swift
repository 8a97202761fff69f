import ShopLanguage
import ShopPluginAPI

/// A deferred argument's words read as a condition, checked once per item: text on the left
/// names a field of the item, `$it` is the item. What `where` filters with.
struct SessionItemCondition: ItemCondition {
    private let evaluator: ConditionEvaluator
    private let session: Interpreter

    /// `itemName` names the item besides `$it` (`--item NAME`).
    init(_ condition: Condition, command: String, itemName: String?, in session: Interpreter) {
        evaluator = ConditionEvaluator(condition, mode: .perItem(command: command), itemName: itemName)
        self.session = session
    }

    func holds(for item: Value, at index: Int) async throws -> Bool {
        try await evaluator.holds(item: item, at: index, input: nil, in: session)
    }

    func filter(_ items: ValueList) async throws -> ValueList {
        try await evaluator.filter(items, in: session)
    }

    func requireKnownFields(in items: ValueList) throws {
        try evaluator.requireKnownFields(in: items)
    }
}
