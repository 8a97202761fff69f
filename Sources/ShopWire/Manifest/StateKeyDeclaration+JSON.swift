import ShopPluginAPI

extension StateKeyDeclaration {
    /// The key as a manifest declares it: `{"key", "abstract", "type", "initial"}`.
    public var json: Value {
        .record(
            Record(pairs: [
                ("key", .string(key)), ("abstract", .string(abstract)), ("type", .string(type.description)),
                ("initial", initialValue()),
            ]))
    }

    /// A key declared in a manifest: its model is its value, checked against its type.
    public init(json value: Value, path: String) throws(ManifestError) {
        let fields = try ManifestFields(value, path: path)
        let key = try fields.string("key")
        let type = try fields.type("type", default: nil)
        let initial = fields.record["initial"] ?? .null
        guard type.accepts(initial) else {
            throw ManifestError(path: fields.path(of: "initial"), "expected \(type.expected), got \(initial.typeName)")
        }
        self.init(
            key: key, abstract: try fields.optionalString("abstract") ?? "", type: type, initialValue: { initial })
    }
}
