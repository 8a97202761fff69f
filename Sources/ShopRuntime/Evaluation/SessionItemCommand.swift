import ShopLanguage
import ShopPluginAPI

/// A deferred argument's words read as a command, run once per item with `$it` bound (and the
/// item as its input when it reads input): what `each` runs.
struct SessionItemCommand: ItemCommand {
    private let call: CommandCall
    private let session: Interpreter

    /// The command the parser read from the words.
    init(_ call: CommandCall, in session: Interpreter) {
        self.call = call
        self.session = session
    }

    func run(for item: Value) async throws -> Value? {
        try await session.withItem(item) {
            try await session.run(call, input: item, isFirst: false, offersInput: true)?.value
        }
    }
}
