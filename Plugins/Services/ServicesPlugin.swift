import ShopKit

/// The services picker as commands: a catalog of paid services shown as cards, a selection in
/// single or multi mode, and a confirm step (SPEC §5 `services`).
///
/// State: `services.items` (the catalog), `services.selected` (ids in selection order),
/// `services.mode` (`single` or `multi`) and `services.catalog` (where the catalog came from,
/// its heading and button words). Typing `services` alone lists the cards.
///
/// ```swift
/// let session = try TestSession(plugins: [ServicesPlugin()])
/// await session.run("services select windows; services confirm")  // "…Selected: Window cleaning\n"
/// ```
public struct ServicesPlugin: Plugin {
    public let name = "services"
    public let version = "1.0.0"
    public let summary = "Browse a catalog of paid services, pick, confirm"

    /// Shared by the commands of every session made with this plugin value.
    private let context = ServicesContext(indexes: CatalogIndexCache())

    public init() {}

    public var stateKeys: [StateKeyDeclaration] { ServicesKeys.declarations }

    public var commands: [any Command] {
        [
            ServicesListCommand(context: context), ServicesShowCommand(context: context),
            ServicesSelectCommand(context: context),
            ServicesDeselectCommand(context: context), ServicesToggleCommand(context: context), ServicesClearCommand(),
            ServicesModeCommand(context: context), ServicesConfirmCommand(context: context),
            ServicesLoadCommand(context: context),
        ]
    }

    public var defaultVerb: String? { "list" }
}
