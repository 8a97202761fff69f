import ShopPluginAPI

/// The selection changes `select`, `deselect` and `toggle` share: each finds the service, changes
/// the selection, writes it (one undo step) and says what happened.
struct SelectionUpdate {
    let invocation: Invocation

    /// Selects the service the `ID` argument names.
    func select() throws {
        let (state, reference, selection) = try prepare()
        try select(reference.service, state: state, selection: selection)
    }

    /// Deselects the service the `ID` argument names.
    func deselect() throws {
        let (state, reference, selection) = try prepare()
        try deselect(reference.service, state: state, selection: selection)
    }

    /// Selects the service the `ID` argument names, or deselects it if it is selected.
    func toggle() throws {
        let (state, reference, selection) = try prepare()
        if selection.contains(reference.service.id) {
            try deselect(reference.service, state: state, selection: selection)
        } else {
            try select(reference.service, state: state, selection: selection)
        }
    }

    private func prepare() throws -> (ServicesState, ServiceReference, Selection) {
        let state = ServicesState(invocation)
        let reference = try ServiceReference.resolve(try invocation[ServiceReference.argument], in: try state.index())
        return (state, reference, try state.selection())
    }

    private func select(_ service: Service, state: ServicesState, selection previous: Selection) throws {
        var selection = previous
        switch selection.select(service.id) {
        case .alreadySelected:
            invocation.console.message("\(service.title) is already selected")
        case .selected(let replaced):
            try state.write(selection, over: previous)
            var message = "selected \(service.title) (\(Price.format(service.price)))"
            if !replaced.isEmpty {
                message += " in place of " + titles(of: replaced, in: try state.index())
            }
            if let terminal = invocation.console.terminal {
                invocation.console.flush()
                CheckmarkPulse.play(
                    before: Sanitizer.inert(message), on: terminal, style: invocation.environment.style)
            }
            invocation.console.message("✓ " + message)
        }
    }

    private func deselect(_ service: Service, state: ServicesState, selection previous: Selection) throws {
        var selection = previous
        guard selection.deselect(service.id) else {
            invocation.console.message("\(service.title) was not selected")
            return
        }
        try state.write(selection, over: previous)
        invocation.console.message("deselected \(service.title)")
    }

    /// `Wash and iron`, `Wash and iron and Dog walking`: the titles of `ids` (an id itself when
    /// the catalog no longer has it).
    private func titles(of ids: [String], in index: CatalogIndex) -> String {
        ids.map { id in index.position(of: id).flatMap { Service(index.items[$0])?.title } ?? id }
            .joined(separator: " and ")
    }
}
