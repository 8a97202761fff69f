#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port where connecting never completes: a socket that listens with a backlog
/// of 0, never accepts, and whose queue is already full, so the kernel drops new SYNs and a
/// client stays in the connecting phase until it gives up or is cancelled.
public final class StalledListener: Sendable {
    /// The port to connect to.
    public let port: UInt16
    private let sockets: [Int32]

    /// Listens on `127.0.0.1` and an ephemeral port, and fills the accept queue.
    public init() throws(FixtureServerError) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw .system(call: "socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 0) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Glibc.close(listener)
            throw .system(call: "bind", errno: code)
        }
        var sockets = [listener]
        // Connections that complete into the queue (backlog 0 still queues one or two).
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard filler >= 0 else { continue }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            sockets.append(filler)
        }
        usleep(50_000)
        self.sockets = sockets
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// Closes the listener and the queued connections.
    public func close() {
        for socket in sockets { Glibc.close(socket) }
    }
}
