import ShopPluginAPI

/// The services picker as commands: a catalog of paid services shown as cards, a selection in
/// single or multi mode, and a confirm step.
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

    public init() {}

    public var stateKeys: [StateKeyDeclaration] { ServicesKeys.declarations }

    public var commands: [any Command] {
        [
            ServicesListCommand(), ServicesShowCommand(), ServicesSelectCommand(), ServicesDeselectCommand(),
            ServicesToggleCommand(), ServicesClearCommand(), ServicesModeCommand(), ServicesConfirmCommand(),
            ServicesLoadCommand(),
        ]
    }

    public var defaultVerb: String? { "list" }
}
