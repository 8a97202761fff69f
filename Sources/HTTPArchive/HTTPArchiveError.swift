import ShopFormats
import ShopPluginAPI

/// Why an HTTP archive cannot be replayed, in one line naming the file.
public enum HTTPArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is larger than ``HTTPArchive/maximumBytes`` (found before reading it).
    case tooLarge(file: String, bytes: Int)
    /// The file is not JSON at all.
    case notJSON(file: String, JSONError)
    /// The JSON is not a HAR: a member missing or of the wrong type, a body that does not decode.
    case notAnArchive(file: String, JSONError)
    /// A HAR of another version than 1.2.
    case unsupportedVersion(file: String, version: String)

    public var description: String {
        switch self {
        case .tooLarge(let file, let bytes):
            "'\(file)' is \(bytes / (1024 * 1024)) MB; archives over \(HTTPArchive.maximumBytes / (1024 * 1024)) MB are refused"
        case .notJSON(let file, let error): "'\(file)' is not JSON: \(error)"
        case .notAnArchive(let file, let error): "'\(file)' is not an HTTP archive: \(error)"
        case .unsupportedVersion(let file, let version):
            "'\(file)' is HAR version '\(version)'; shop reads version \(HTTPArchive.version)"
        }
    }
}
