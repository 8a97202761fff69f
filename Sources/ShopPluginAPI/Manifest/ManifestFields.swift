import ShopValues

/// The fields of one JSON object of a manifest, read with errors that name their path.
struct ManifestFields {
    let record: Record
    let path: String

    init(_ value: Value, path: String) throws(ManifestError) {
        guard case .record(let record) = value else {
            throw ManifestError(path: path, "expected an object, got \(value.typeName)")
        }
        self.record = record
        self.path = path
    }

    func path(of name: String) -> String { "\(path).\(name)" }

    func string(_ name: String) throws(ManifestError) -> String {
        guard let text = try optionalString(name) else { throw ManifestError(path: path, "missing field '\(name)'") }
        return text
    }

    func optionalString(_ name: String) throws(ManifestError) -> String? {
        switch record[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw ManifestError(path: path(of: name), "expected a string, got \(other.typeName)")
        }
    }

    func bool(_ name: String, default defaultValue: Bool) throws(ManifestError) -> Bool {
        switch record[name] {
        case nil, .null?: return defaultValue
        case .bool(let bool)?: return bool
        case let other?: throw ManifestError(path: path(of: name), "expected true or false, got \(other.typeName)")
        }
    }

    func optionalNumber(_ name: String) throws(ManifestError) -> Double? {
        switch record[name] {
        case nil, .null?: return nil
        case let value?:
            guard let number = value.doubleValue, number > 0 else {
                throw ManifestError(path: path(of: name), "expected a number above 0, got \(value.quoted)")
            }
            return number
        }
    }

    /// The elements of a list field (an absent field is an empty list).
    func list(_ name: String) throws(ManifestError) -> [(value: Value, path: String)] {
        switch record[name] {
        case nil, .null?: return []
        case .list(let elements)?:
            // Spelled for every element: a registered plugin's commands are read at every start.
            let base = path(of: name) + "["
            return elements.enumerated().map { ($0.element, base + String($0.offset) + "]") }
        case let other?: throw ManifestError(path: path(of: name), "expected a list, got \(other.typeName)")
        }
    }

    /// A list of strings; an element's path is spelled only for an error (a manifest is
    /// read at every start).
    func strings(_ name: String) throws(ManifestError) -> [String] {
        switch record[name] {
        case nil, .null?: return []
        case .list(let elements)?:
            return try elements.enumerated().map { index, element throws(ManifestError) in
                guard case .string(let text) = element else {
                    throw ManifestError(
                        path: "\(path(of: name))[\(index)]", "expected a string, got \(element.typeName)")
                }
                return text
            }
        case let other?: throw ManifestError(path: path(of: name), "expected a list, got \(other.typeName)")
        }
    }

    /// A type of the vocabulary, with a `choice`'s words from `choices`.
    func type(_ name: String, default defaultType: ValueType?) throws(ManifestError) -> ValueType {
        guard let spelling = try optionalString(name) else {
            guard let defaultType else { throw ManifestError(path: path, "missing field '\(name)'") }
            return defaultType
        }
        let choices = record["choices"] == nil ? nil : try strings("choices")
        do {
            return try ValueType(parsing: spelling, choices: choices)
        } catch {
            throw ManifestError(path: path(of: name), error.description)
        }
    }
}
