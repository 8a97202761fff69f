import ShopPluginAPI

/// What a verb's "no field" error adds, so the reader sees what to write instead: the
/// nearest field the items have when one is close enough to be a typo (`where: no field
/// 'titel' (did you mean 'title'?)`), else the fields they have (`sort: no field 'title'
/// (fields: value, count)`).
public struct FieldSuggestion: Sendable, Equatable {
    /// The field the name is most likely a typo of.
    public let nearest: String?
    /// The fields the items have, first seen first (paths, for a path).
    public let fields: [String]

    public init(nearest: String?, fields: [String]) {
        self.nearest = nearest
        self.fields = fields
    }

    /// The words after the error's message: ` (did you mean 'NAME'?)`, ` (fields: A, B)`,
    /// or nothing when the items have no fields.
    public var text: String {
        if nearest != nil { return Suggestion.didYouMean(nearest) }
        guard !fields.isEmpty else { return "" }
        let shown = fields.prefix(Self.listedFields).joined(separator: ", ")
        return " (fields: \(shown)\(fields.count > Self.listedFields ? ", …" : ""))"
    }

    /// How many fields the list names before it ends with `…`.
    static let listedFields = 10
}
