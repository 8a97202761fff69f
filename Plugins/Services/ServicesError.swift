import ShopFormats
import ShopPluginAPI

/// Why a `services` command failed. The session prints the description after `error:` and
/// leaves the catalog and the selection as they were.
enum ServicesError: Error, Equatable, CustomStringConvertible {
    /// The catalog file could not be read: missing, a folder, not permitted.
    case unreadable(file: String, reason: String)
    /// The catalog file holds nothing but white space.
    case emptyFile(file: String)
    /// The catalog file was truncated or rewritten while it was read.
    case changedWhileReading(file: String)
    /// The catalog file is not valid JSON or not a catalog; the error names the place.
    case invalidCatalog(file: String, JSONError)
    /// No service has this id (and it is not a position).
    case unknownService(String, suggestion: String?)
    /// A position outside 1…count.
    case noSuchPosition(Int, count: Int)
    /// `services confirm` with nothing selected.
    case nothingSelected

    var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "cannot read '\(file)': \(reason)"
        case .emptyFile(let file):
            "cannot load '\(file)': the file is empty"
        case .changedWhileReading(let file):
            "cannot load '\(file)': the file changed while it was read"
        case .invalidCatalog(let file, let error):
            "cannot load '\(file)': \(error)"
        case .unknownService(let id, let suggestion):
            "unknown service '\(id)'" + Suggestion.didYouMean(suggestion)
        case .noSuchPosition(let position, let count):
            count == 0
                ? "no service at position \(position): the catalog is empty"
                : count == 1
                    ? "no service at position \(position): the only position is 1"
                    : "no service at position \(position): positions run from 1 to \(count)"
        case .nothingSelected:
            "nothing selected"
        }
    }
}
