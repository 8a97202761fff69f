import ShopPluginAPI

/// What an `ID` argument names: a service id, or else a 1-based position in the catalog.
///
/// An id wins over a position: in a catalog whose ids are `10`, `20` and `30`, `2` is the
/// second service, and `20` is the service with id `20`.
struct ServiceReference {
    /// The service's place in `services.items`, from 0.
    var position: Int
    /// The service.
    var service: Service

    /// The `ID` argument of `select`, `deselect`, `toggle` and `show`, completed with the ids
    /// of the catalog's index (the key's cached model) in id order, each with its title.
    static let argument = Argument<String>(
        "ID", "a service id, or a position from 1",
        completion: .described { request in
            guard let index = request.state.model(ServicesKeys.items) else { return [] }
            return index.ids(startingWith: request.prefix, limit: CompletionRequest.maximumCandidates).map { id in
                let title = index.position(of: id).flatMap { Service(index.items[$0])?.title }
                return CompletionCandidate(id, description: title)
            }
        })

    /// The largest catalog in which an unknown id is compared with every id for a "did you
    /// mean"; larger catalogs suggest an id that starts with what was typed.
    static let nearestSuggestionLimit = 5_000

    /// The service `text` names in the catalog `index` describes.
    static func resolve(_ text: String, in index: CatalogIndex) throws(ServicesError) -> ServiceReference {
        let items = index.items
        if let position = index.position(of: text), let service = Service(items[position]) {
            return ServiceReference(position: position, service: service)
        }
        if let number = Int(text) {
            guard number >= 1, number <= items.count, let service = Service(items[number - 1]) else {
                throw .noSuchPosition(number, count: items.count)
            }
            return ServiceReference(position: number - 1, service: service)
        }
        throw .unknownService(text, suggestion: suggestion(for: text, in: index))
    }

    private static func suggestion(for text: String, in index: CatalogIndex) -> String? {
        if index.items.count <= nearestSuggestionLimit {
            return Suggestion.nearest(to: text, in: index.items.compactMap(Service.id(of:)))
        }
        guard text.count >= 2 else { return nil }
        return index.ids(startingWith: text, limit: 1).first
    }
}
