import ShopPluginAPI

/// An addition to the protocol that breaks nothing: each side lists the features it knows in
/// the handshake, and uses one only when both listed it. Names a side does not know are
/// ignored.
public enum WireFeature: String, Sendable, CaseIterable {
    /// The plugin may send `progress` notifications.
    case progress
    /// The plugin may send `output` notifications.
    case output
    /// The host leaves out a key's value the process was sent at the same revision.
    case stateCache = "state-cache"
    /// Completion candidates may carry a description.
    case describedCompletions = "described-completions"

    /// The features named in `names` that this side knows.
    static func known(_ names: [String]) -> Set<WireFeature> {
        Set(names.compactMap(WireFeature.init(rawValue:)))
    }

    /// `features` as the wire lists them, in declaration order.
    static func json(_ features: Set<WireFeature>) -> Value {
        .list(allCases.filter(features.contains).map { .string($0.rawValue) })
    }
}
