#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a socket operation of ``HTTP1Connection`` stopped; ``PlainHTTPTransport`` turns it
/// into a ``NewsError`` naming the URL.
enum SocketFailure: Error, Equatable {
    /// No bytes within the idle timeout.
    case timedOut
    /// The peer closed the connection (or it was shut down by a cancellation).
    case closed
    /// The host name did not resolve.
    case unknownHost
    /// A system call failed with this `errno`.
    case system(Int32)

    /// The reason in a few lowercase words.
    var reason: String {
        switch self {
        case .timedOut: "timed out"
        case .closed: "the connection closed"
        case .unknownHost: "unknown host"
        case .system(let code):
            switch code {
            case ECONNREFUSED: "connection refused"
            case ECONNRESET: "the connection was reset"
            case ENETUNREACH: "network unreachable"
            case EHOSTUNREACH: "host unreachable"
            default: String(cString: strerror(code)).lowercased()
            }
        }
    }
}
