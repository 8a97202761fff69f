import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a cancellation needs to reach one request: whether the caller left, and the socket
/// in use, which cancelling shuts down so any wait on it ends at once.
///
/// The descriptor is only shut down (never closed) here, under the same lock the request
/// uses to hand it in and take it back, so a cancellation can never touch a descriptor
/// number that was closed and reused meanwhile.
final class HTTP1Exchange: Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Marks the caller as gone and wakes whatever waits on the socket.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if state.descriptor >= 0 { shutdown(state.descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Whether the caller has left.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Marks `descriptor` as the one in use; false when the caller has left already.
    func attach(_ descriptor: Int32) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.descriptor = descriptor
            return true
        }
    }

    /// The request no longer uses its descriptor (it is about to be closed or kept for reuse).
    func detach() {
        state.withLock { $0.descriptor = -1 }
    }
}
