import ShopFormats
import ShopValues

/// The JSON file `state save` writes and `state load` reads:
/// `{"shopState": 1, "values": {"services.mode": "multi", "budget": 2000}}`.
package enum StateFile {
    /// The format version written and understood.
    static let version = 1

    /// The file's bytes for these values.
    package static func encode(_ values: [(key: String, value: Value)]) -> [UInt8] {
        let document = Value.record(
            Record(pairs: [("shopState", .int(version)), ("values", .record(Record(pairs: values)))]))
        return Array((JSONWriter.pretty(document) + "\n").utf8)
    }

    /// The values in a state file, or a reason it is not one.
    package static func decode(_ bytes: [UInt8]) throws(StateFileError) -> [(key: String, value: Value)] {
        let document: Value
        do {
            document = try Value(json: bytes)
        } catch {
            throw .malformed(error.description)
        }
        guard case .record(let record) = document, let version = record["shopState"] else {
            throw .notAStateFile
        }
        guard version.intValue == Self.version else {
            throw .unsupportedVersion(version.plainText)
        }
        guard case .record(let values)? = record["values"] else {
            throw .malformed("'values' must be an object")
        }
        return values.fields.map { (key: $0.name, value: $0.value) }
    }
}

/// Why a file could not be loaded as state.
package enum StateFileError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case notAStateFile
    case unsupportedVersion(String)

    package var description: String {
        switch self {
        case .malformed(let reason): "not valid state JSON: \(reason)"
        case .notAStateFile: "not a shop state file (no \"shopState\" version at the top level)"
        case .unsupportedVersion(let version):
            "state file version \(version) is not supported (expected \(StateFile.version))"
        }
    }
}
