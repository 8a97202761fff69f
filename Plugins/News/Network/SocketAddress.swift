import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A resolved address to connect a stream socket to: what `getaddrinfo` answers, copied out.
struct SocketAddress: Sendable {
    var family: Int32
    var type: Int32
    var `protocol`: Int32
    /// The `sockaddr` bytes.
    var bytes: [UInt8]

    /// The addresses of `host`:`port`. A numeric address is read on the calling thread; a
    /// name is looked up on a thread of its own (a lookup can take seconds).
    static func resolve(host: String, port: Int) async throws(SocketFailure) -> [SocketAddress] {
        switch lookUp(host: host, port: port, numericOnly: true) {
        case .success(let addresses): return addresses
        case .failure(.unknownHost): break
        case .failure(let failure): throw failure
        }
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: lookUp(host: host, port: port, numericOnly: false))
            }
        }
        return try result.get()
    }

    private static func lookUp(host: String, port: Int, numericOnly: Bool) -> Result<[SocketAddress], SocketFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (numericOnly ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &list)
        guard looked == 0, let first = list else {
            return .failure(looked == EAI_SYSTEM ? .system(errno) : .unknownHost)
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            entry = info.ai_next
            guard let address = info.ai_addr else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
            addresses.append(
                SocketAddress(family: info.ai_family, type: info.ai_socktype, protocol: info.ai_protocol, bytes: bytes))
        }
        return addresses.isEmpty ? .failure(.unknownHost) : .success(addresses)
    }
}
