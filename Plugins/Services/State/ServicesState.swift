import ShopKit

/// Typed reads and writes of the plugin's keys for one command.
struct ServicesState {
    let state: StateAccess

    init(_ invocation: Invocation) {
        state = invocation.state
    }

    /// The item records of the catalog.
    func items() throws -> [Value] {
        try state.value(ServicesKeys.items).listValue ?? []
    }

    /// The selection and the mode.
    func selection() throws -> Selection {
        let ids = try state.value(ServicesKeys.selected).listValue?.compactMap(\.stringValue) ?? []
        let mode = try state.value(ServicesKeys.mode).stringValue.flatMap(SelectionMode.init(rawValue:)) ?? .single
        return Selection(ids: ids, mode: mode)
    }

    /// The catalog's source and words.
    func catalogInfo() throws -> CatalogInfo {
        CatalogInfo(try state.value(ServicesKeys.catalog))
    }

    /// Writes the selection's ids and mode (only the keys that changed).
    func write(_ selection: Selection, over previous: Selection) throws {
        if selection.ids != previous.ids {
            try state.set(ServicesKeys.selected, to: .list(selection.ids.map(Value.string)))
        }
        if selection.mode != previous.mode {
            try state.set(ServicesKeys.mode, to: .string(selection.mode.rawValue))
        }
    }

    /// Replaces the catalog and the selection.
    func write(_ catalog: Catalog, selected: [String]) throws {
        try state.set(ServicesKeys.items, to: .list(catalog.items))
        try state.set(ServicesKeys.catalog, to: catalog.info.value)
        try state.set(ServicesKeys.selected, to: .list(selected.map(Value.string)))
    }
}
