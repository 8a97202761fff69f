/// How long the parts of one exchange took, in milliseconds, as an HTTP Archive's
/// `timings` names them.
public struct HTTPTimings: Sendable, Equatable {
    /// Resolving the host name.
    public var dns: Double
    /// Opening the TCP connection (0 on a kept-alive connection).
    public var connect: Double
    /// The TLS handshake (0 for `http`).
    public var tls: Double
    /// Sending the request.
    public var send: Double
    /// Waiting for the first byte of the answer.
    public var wait: Double
    /// Receiving the answer.
    public var receive: Double

    public init(
        dns: Double = 0, connect: Double = 0, tls: Double = 0, send: Double = 0, wait: Double = 0, receive: Double = 0
    ) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    /// The whole exchange.
    public var total: Double { dns + connect + tls + send + wait + receive }
}
