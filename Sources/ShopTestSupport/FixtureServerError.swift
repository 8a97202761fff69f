#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why ``FixtureServer/start()`` failed.
public enum FixtureServerError: Error, Equatable, CustomStringConvertible {
    /// `start()` was called on a server that is running or was stopped.
    case alreadyStarted
    /// A socket call failed with `errno`.
    case system(call: String, errno: Int32)

    public var description: String {
        switch self {
        case .alreadyStarted:
            "fixture server: already started (a stopped server cannot be restarted)"
        case .system(let call, let code):
            "fixture server: \(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
