import ShopPluginAPI

/// `services mode [single|multi]`: how many services can be selected at once.
struct ServicesModeCommand: Command {
    let spec = CommandSpec(
        path: ["services", "mode"], abstract: "Pick one service (single) or several (multi)",
        discussion:
            "Without a word, shows the mode. Going from multi to single keeps only the most recent selection.",
        arguments: [Self.mode],
        examples: [Example("services mode multi"), Example("services mode", "the current mode")])

    static let mode = Argument<SelectionMode?>("MODE", "single or multi")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let state = ServicesState(invocation)
        let previous = try state.selection()
        guard let mode = try invocation[Self.mode] else {
            return .value(.string(previous.mode.rawValue))
        }
        guard mode != previous.mode else {
            invocation.console.message("the mode is already \(mode.rawValue)")
            return nil
        }
        var selection = previous
        let dropped = selection.switchMode(to: mode)
        try state.write(selection, over: previous)
        switch mode {
        case .multi:
            invocation.console.message("mode: multi — select any number of services")
        case .single where dropped.isEmpty:
            invocation.console.message("mode: single — select one service")
        case .single:
            let kept = selection.ids.first ?? ""
            let index = try state.index()
            let title = index.position(of: kept).flatMap { Service(index.items[$0])?.title } ?? kept
            invocation.console.message(
                "mode: single — kept \(title), deselected \(dropped.count) \(dropped.count == 1 ? "other" : "others")")
        }
        return nil
    }
}
