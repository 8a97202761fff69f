import ShopPluginAPI

/// Typed reads and writes of the plugin's keys for one command.
struct ServicesState {
    let state: StateAccess

    init(_ invocation: Invocation) {
        state = invocation.state
    }

    /// The catalog's index (and through it, its item records).
    func index() throws -> CatalogIndex {
        try state[ServicesKeys.items]
    }

    /// The selection and the mode.
    func selection() throws -> Selection {
        Selection(ids: try state[ServicesKeys.selected], mode: try state[ServicesKeys.mode])
    }

    /// The catalog's source and words.
    func catalogInfo() throws -> CatalogInfo {
        try state[ServicesKeys.catalog]
    }

    /// Writes the selection's ids and mode (only the keys that changed).
    func write(_ selection: Selection, over previous: Selection) throws {
        if selection.ids != previous.ids { try state.set(ServicesKeys.selected, to: selection.ids) }
        if selection.mode != previous.mode { try state.set(ServicesKeys.mode, to: selection.mode) }
    }

    /// Replaces the catalog and the selection.
    func write(_ index: CatalogIndex, info: CatalogInfo, selected: [String]) throws {
        try state.set(ServicesKeys.items, to: index)
        try state.set(ServicesKeys.catalog, to: info)
        try state.set(ServicesKeys.selected, to: selected)
    }
}
