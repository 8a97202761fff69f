import ShopLanguage
import ShopPluginAPI

/// A deferred argument's word as one value, evaluated once per item with `$it` bound (once in
/// all when it does not mention `$it`): what `insert` and `update` set.
final class SessionItemValue: ItemValue {
    private let word: Word
    private let itemName: String?
    private let session: Interpreter
    /// The value, once evaluated, when the word does not mention `$it` (nor names the item).
    private var constant: Value?

    /// `itemName` names the item besides `$it` (`--item NAME`): the word is then evaluated per item.
    init(_ word: Word, itemName: String?, in session: Interpreter) {
        self.word = word
        self.itemName = itemName
        self.session = session
    }

    func value(for item: Value) async throws -> Value {
        if let constant { return constant }
        guard word.mentionsItem || itemName != nil else {
            let value = try await session.value(of: word)
            constant = value
            return value
        }
        return try await session.withItem(item, named: itemName) { try await session.value(of: word) }
    }
}
