import ShopLanguage
import ShopPluginAPI

/// A deferred argument's word as one value, evaluated once per item with `$it` bound (once in
/// all when it does not mention `$it`): what `insert` and `update` set.
final class SessionItemValue: ItemValue {
    private let word: Word
    private let session: Interpreter
    /// The value, once evaluated, when the word does not mention `$it`.
    private var constant: Value?

    init(_ word: Word, in session: Interpreter) {
        self.word = word
        self.session = session
    }

    func value(for item: Value) async throws -> Value {
        if let constant { return constant }
        guard word.mentionsItem else {
            let value = try await session.value(of: word)
            constant = value
            return value
        }
        return try await session.withItem(item) { try await session.value(of: word) }
    }
}
