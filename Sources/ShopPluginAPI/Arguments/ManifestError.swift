/// Why a command declaration or a plugin manifest is refused: the JSON path of the first
/// bad field and what is wrong with it.
///
/// `manifest.commands[0].arguments[1]: a required argument after an optional one`
public struct ManifestError: Error, Equatable, CustomStringConvertible {
    /// Where, as a JSON path: `manifest.commands[0].arguments[1]`.
    public var path: String
    /// What is wrong.
    public var reason: String

    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
