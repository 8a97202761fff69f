import CPluginSpawn
import Glibc
import ShopPluginAPI
import Synchronization

/// Watches a process's output pipes (and its exit notice) on a thread of its own with `poll`,
/// hands each readable one to a handler, and closes each exactly once: after its last read, on the thread that
/// polls it, so its number is never reused while it is still watched.
///
/// It stands in for dispatch read sources, whose epoll bookkeeping on Linux can be freed while
/// still reachable when sources of many processes are set up and torn down at once
/// (swift-corelibs-libdispatch #949: a SIGSEGV on libdispatch's manager thread).
///
/// ```swift
/// let reader = try PipeReader()
/// try reader.start([output, errors]) { index, last in
///     // read descriptor `index` until EAGAIN (all of it when `last`); true once it ended
/// }
/// reader.stop()  // the process was reaped: read what is left, close, end the thread
/// ```
final class PipeReader: Sendable {
    /// Reads what descriptor `index` has now, without blocking: true once it ended (end of
    /// file or an error), after which it is closed. With `last` it is closed after this read
    /// whatever the handler answers (the watch stops, or poll reported an error).
    typealias Handler = @Sendable (_ index: Int, _ last: Bool) -> Bool

    /// The pipe that wakes the thread for ``stop()``; closed by the thread when it ends.
    private struct Wake {
        let reading: Int32
        let writing: Int32
        var open = true
        var stopping = false
    }

    private let wake: Mutex<Wake>

    /// Makes the wake pipe; the thread starts with ``start(_:handler:)``.
    init() throws(SpawnError) {
        var ends: [Int32] = [-1, -1]
        guard shop_pipe_cloexec(&ends) == 0 else { throw SpawnError(code: errno) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        wake = Mutex(Wake(reading: ends[0], writing: ends[1]))
    }

    deinit {
        // Only a reader whose thread never started still holds its wake pipe here: a running
        // thread keeps the reader alive.
        wake.withLock { wake in
            guard wake.open else { return }
            close(wake.reading)
            close(wake.writing)
        }
    }

    /// Starts the thread that watches `descriptors` (non-blocking) until each ended.
    func start(_ descriptors: [Int32], handler: @escaping Handler) throws(SpawnError) {
        if let code = DetachedThread.start({ [self] in watch(descriptors, handler: handler) }) {
            throw SpawnError(code: code)
        }
    }

    /// Ends the watch: what the descriptors hold now is read (with `last`), then they are
    /// closed and the thread ends. For a process that was reaped while a descendant of its
    /// still holds a pipe open.
    func stop() {
        wake.withLock { wake in
            guard wake.open, !wake.stopping else { return }
            wake.stopping = true
            var byte: UInt8 = 1
            _ = write(wake.writing, &byte, 1)
        }
    }

    /// The thread's loop: polls until every descriptor ended (or ``stop()``), then closes the
    /// wake pipe.
    private func watch(_ descriptors: [Int32], handler: Handler) {
        let wakeDescriptor = wake.withLock { $0.reading }
        // The last entry is the wake pipe; an ended descriptor becomes -1, which poll skips.
        var watched = (descriptors + [wakeDescriptor]).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let wakeIndex = descriptors.count
        var open = descriptors.count
        var stopping = false
        while open > 0 {
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                stopping = true
            }
            if watched[wakeIndex].revents != 0 { stopping = true }
            for index in 0..<wakeIndex where watched[index].fd >= 0 {
                let events = Int32(watched[index].revents)
                guard events != 0 || stopping else { continue }
                let last = stopping || events & (POLLERR | POLLNVAL) != 0
                if handler(index, last) || last {
                    close(watched[index].fd)
                    watched[index].fd = -1
                    open -= 1
                }
            }
        }
        wake.withLock { wake in
            wake.open = false
            close(wake.reading)
            close(wake.writing)
        }
    }
}
