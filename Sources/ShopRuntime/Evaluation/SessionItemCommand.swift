import ShopLanguage
import ShopPluginAPI

/// A deferred argument's words read as a command, run once per item with `$it` bound (and the
/// item as its input when it reads input): what `each` runs.
struct SessionItemCommand: ItemCommand {
    private let call: CommandCall
    private let itemName: String?
    private let session: Interpreter

    /// The command the parser read from the words; `itemName` names the item besides `$it`.
    init(_ call: CommandCall, itemName: String?, in session: Interpreter) {
        self.call = call
        self.itemName = itemName
        self.session = session
    }

    func run(for item: Value) async throws -> Value? {
        try await session.withItem(item, named: itemName) {
            try await session.run(call, input: item, isFirst: false, offersInput: true)?.value
        }
    }
}
