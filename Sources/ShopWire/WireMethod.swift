/// Every method of the protocol, with the spelling the wire uses: the one place a method
/// name is written.
public enum WireMethod: String, Sendable, CaseIterable {
    /// host → plugin, request: the handshake, always first.
    case initialize
    /// host → plugin, request: the plugin's declarations.
    case manifest
    /// host → plugin, request: run one command.
    case run
    /// host → plugin, request: Tab candidates for an argument.
    case complete
    /// host → plugin, notification: abandon a request.
    case cancel
    /// host → plugin, request: finish.
    case shutdown
    /// plugin → host, notification: text to show while a `run` works.
    case output
    /// plugin → host, notification: a status line; restarts the call's clock.
    case progress
    /// plugin → host, notification: a line for `plugin log`.
    case log
    /// plugin → host, request: values of keys the host left out.
    case stateGet = "state/get"
}
