import ShopPluginAPI

extension CompletionSource {
    /// Its JSON in a manifest (`{"files": true}`, `{"state": KEY, "field": F}`), or
    /// nil for none; a Swift closure is `{"dynamic": true}`, served by the plugin.
    var json: Value? {
        switch self {
        case .none: nil
        case .commands: .record(Record(["commands": true]))
        case .stateKeys: .record(Record(["stateKeys": true]))
        case .variables: .record(Record(["variables": true]))
        case .files: .record(Record(["files": true]))
        case .choices(let choices): .record(Record(["choices": .list(choices.map(Value.string))]))
        case .stateField(let key, let field): .record(Record(["state": .string(key), "field": .string(field)]))
        case .inputFields, .sortKeys: .record(Record(["inputFields": true]))
        case .dynamic, .custom, .described: .record(Record(["dynamic": true]))
        }
    }

    /// Reads the JSON form; an absent field is `.none`.
    init(json value: Value?, path: String) throws(ManifestError) {
        guard let value, !value.isNull else {
            self = .none
            return
        }
        let fields = try ManifestFields(value, path: path)
        if let key = try fields.optionalString("state") {
            self = .stateField(key: key, field: try fields.string("field"))
        } else if fields.record["choices"] != nil {
            self = .choices(try fields.strings("choices"))
        } else if try fields.bool("files", default: false) {
            self = .files
        } else if try fields.bool("stateKeys", default: false) {
            self = .stateKeys
        } else if try fields.bool("variables", default: false) {
            self = .variables
        } else if try fields.bool("commands", default: false) {
            self = .commands
        } else if try fields.bool("inputFields", default: false) {
            self = .inputFields
        } else if try fields.bool("dynamic", default: false) {
            self = .dynamic
        } else {
            throw ManifestError(
                path: path, "expected one of choices, files, stateKeys, variables, state, inputFields, dynamic")
        }
    }
}
