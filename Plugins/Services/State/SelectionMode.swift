import ShopPluginAPI

/// Whether one service or several can be selected at once (`services.mode`).
enum SelectionMode: String, ChoiceArgument {
    /// At most one: selecting another replaces it.
    case single
    /// Any number, in the order they were selected.
    case multi
}
