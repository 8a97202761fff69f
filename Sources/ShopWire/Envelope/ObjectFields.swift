import ShopPluginAPI

/// An error that names the JSON path of what is wrong: `manifest.commands[0].path: …`.
public protocol PathNamedError: Error {
    init(path: String, _ reason: String)
}

extension ManifestError: PathNamedError {}

/// The fields of one JSON object of the protocol, read with errors that name their path; a
/// manifest's are ``ManifestError``s, a message's ``WireFormatError``s.
///
/// ```swift
/// let fields = try ObjectFields<WireFormatError>(params, path: "params")
/// let keys = try fields.strings("keys")          // params.keys[2]: expected a string, got int
/// ```
struct ObjectFields<Failure: PathNamedError> {
    let record: Record
    let path: String

    init(_ value: Value, path: String) throws(Failure) {
        guard case .record(let record) = value else {
            throw Failure(path: path, "expected an object, got \(value.typeName)")
        }
        self.record = record
        self.path = path
    }

    func path(of name: String) -> String { "\(path).\(name)" }

    /// The object itself.
    var json: Value { .record(record) }

    /// A field's value; absent and null are both nil.
    func value(_ name: String) -> Value? {
        guard let value = record[name], !value.isNull else { return nil }
        return value
    }

    func string(_ name: String) throws(Failure) -> String {
        guard let text = try optionalString(name) else { throw Failure(path: path, "missing field '\(name)'") }
        return text
    }

    func optionalString(_ name: String) throws(Failure) -> String? {
        switch record[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw Failure(path: path(of: name), "expected a string, got \(other.typeName)")
        }
    }

    func bool(_ name: String, default defaultValue: Bool) throws(Failure) -> Bool {
        switch record[name] {
        case nil, .null?: return defaultValue
        case .bool(let bool)?: return bool
        case let other?: throw Failure(path: path(of: name), "expected true or false, got \(other.typeName)")
        }
    }

    func int(_ name: String) throws(Failure) -> Int {
        guard let number = try optionalInt(name) else { throw Failure(path: path, "missing field '\(name)'") }
        return number
    }

    func optionalInt(_ name: String) throws(Failure) -> Int? {
        switch record[name] {
        case nil, .null?: return nil
        case .int(let number)?: return number
        case let other?: throw Failure(path: path(of: name), "expected a whole number, got \(other.quoted)")
        }
    }

    func optionalDouble(_ name: String) throws(Failure) -> Double? {
        guard let value = value(name) else { return nil }
        guard let number = value.doubleValue else {
            throw Failure(path: path(of: name), "expected a number, got \(value.typeName)")
        }
        return number
    }

    func optionalNumber(_ name: String) throws(Failure) -> Double? {
        guard let value = value(name) else { return nil }
        guard let number = value.doubleValue, number > 0 else {
            throw Failure(path: path(of: name), "expected a number above 0, got \(value.quoted)")
        }
        return number
    }

    /// The fields of an object field.
    func object(_ name: String) throws(Failure) -> ObjectFields {
        guard let value = record[name] else { throw Failure(path: path, "missing field '\(name)'") }
        return try ObjectFields(value, path: path(of: name))
    }

    /// The fields of an object field, nil when it is absent or null.
    func optionalObject(_ name: String) throws(Failure) -> ObjectFields? {
        guard let value = value(name) else { return nil }
        return try ObjectFields(value, path: path(of: name))
    }

    /// The elements of a list field (an absent field is an empty list).
    func list(_ name: String) throws(Failure) -> [(value: Value, path: String)] {
        switch record[name] {
        case nil, .null?: return []
        case .list(let elements)?:
            // Spelled for every element: a registered plugin's commands are read at every start.
            let base = path(of: name) + "["
            return elements.enumerated().map { ($0.element, base + String($0.offset) + "]") }
        case let other?: throw Failure(path: path(of: name), "expected a list, got \(other.typeName)")
        }
    }

    /// A list of strings; an element's path is spelled only for an error (a manifest is
    /// read at every start).
    func strings(_ name: String) throws(Failure) -> [String] {
        switch record[name] {
        case nil, .null?: return []
        case .list(let elements)?:
            return try elements.enumerated().map { index, element throws(Failure) in
                guard case .string(let text) = element else {
                    throw Failure(path: "\(path(of: name))[\(index)]", "expected a string, got \(element.typeName)")
                }
                return text
            }
        case let other?: throw Failure(path: path(of: name), "expected a list, got \(other.typeName)")
        }
    }

    /// A list of whole numbers.
    func ints(_ name: String) throws(Failure) -> [Int] {
        try list(name).map { element throws(Failure) in
            guard case .int(let number) = element.value else {
                throw Failure(path: element.path, "expected a whole number, got \(element.value.quoted)")
            }
            return number
        }
    }

    /// A type of the vocabulary, with a `choice`'s words from `choices`.
    func type(_ name: String, default defaultType: ValueType?) throws(Failure) -> ValueType {
        guard let spelling = try optionalString(name) else {
            guard let defaultType else { throw Failure(path: path, "missing field '\(name)'") }
            return defaultType
        }
        let choices = record["choices"] == nil ? nil : try strings("choices")
        do {
            return try ValueType(parsing: spelling, choices: choices)
        } catch {
            throw Failure(path: path(of: name), error.description)
        }
    }
}

/// The reader of a manifest's objects.
typealias ManifestFields = ObjectFields<ManifestError>
