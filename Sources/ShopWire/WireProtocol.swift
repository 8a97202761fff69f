/// The plugin protocol as a whole: its name in the handshake and the versions this side
/// speaks (docs/PLUGIN-PROTOCOL.md).
public enum WireProtocol {
    /// The `protocol` of `initialize`.
    public static let name = "shop-plugin"
    /// The protocol versions spoken here, oldest first.
    public static let versions = [1]
    /// The newest of them.
    public static var current: Int { versions[versions.count - 1] }
}
