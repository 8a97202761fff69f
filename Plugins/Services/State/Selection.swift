/// The selected ids and the mode, and the rules that change them: single mode keeps at most
/// one; multi mode keeps the order of selection.
struct Selection: Equatable, Sendable {
    /// The selected ids, in selection order.
    private(set) var ids: [String]
    /// Single or multi.
    private(set) var mode: SelectionMode

    /// Whether `id` is selected.
    func contains(_ id: String) -> Bool {
        ids.contains(id)
    }

    /// What ``select(_:)`` did.
    enum SelectOutcome: Equatable {
        /// It was selected already; nothing changed.
        case alreadySelected
        /// It is selected now; in single mode `replaced` names the ids it took the place of.
        case selected(replaced: [String])
    }

    /// Selects `id`: added at the end, or in single mode in place of the others.
    mutating func select(_ id: String) -> SelectOutcome {
        if mode == .single ? ids == [id] : ids.contains(id) { return .alreadySelected }
        let replaced = mode == .single ? ids.filter { $0 != id } : []
        if mode == .single { ids = [id] } else { ids.append(id) }
        return .selected(replaced: replaced)
    }

    /// Deselects `id`; false when it was not selected.
    mutating func deselect(_ id: String) -> Bool {
        guard let position = ids.firstIndex(of: id) else { return false }
        ids.remove(at: position)
        return true
    }

    /// Clears the selection; returns how many were selected.
    mutating func clear() -> Int {
        defer { ids = [] }
        return ids.count
    }

    /// Switches the mode; going to single keeps only the most recent selection and returns
    /// the ids it dropped.
    mutating func switchMode(to newMode: SelectionMode) -> [String] {
        mode = newMode
        guard newMode == .single, ids.count > 1, let kept = ids.last else { return [] }
        let dropped = Array(ids.dropLast())
        ids = [kept]
        return dropped
    }
}
