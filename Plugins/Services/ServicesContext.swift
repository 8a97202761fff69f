import ShopKit

/// What every `services` command shares: the index cache of the plugin value that made it.
struct ServicesContext: Sendable {
    /// The indexes of recent catalogs, shared by every session of the plugin.
    let indexes: CatalogIndexCache

    /// The index of the catalog in the state now.
    func index(of state: ServicesState) throws -> CatalogIndex {
        indexes.index(for: try state.items())
    }

    /// The argument of `select`, `deselect`, `toggle` and `show`, completed with service ids.
    var idArgument: ArgumentSpec {
        let indexes = indexes
        return ArgumentSpec(
            "ID", "a service id, or a position from 1",
            completion: .custom { request in
                guard let items = request.state[ServicesKeys.items]?.listValue else { return [] }
                return indexes.index(for: items).ids(
                    startingWith: request.prefix, limit: CompletionContext.maximumCandidates)
            })
    }
}
