import Glibc
import ShopPluginAPI
import Synchronization

/// The ``CurlMulti`` of the process's requests, driven on a thread of its own.
///
/// Callers hand transfers in with ``submit(_:)``, which only touches the `Mutex`-protected
/// inbox and wakes the loop; a caller that cancels marks its transfer
/// (``CurlTransfer/requestCancel()``) and wakes the loop with ``wakeUp()``. The loop thread
/// takes the inbox in, lets libcurl work, and waits for the network.
final class CurlLoop: Sendable {
    /// The loop, started on first use; nil when libcurl cannot make a multi handle. Use it
    /// only after ``CurlLibrary/load(_:)`` succeeded.
    static let shared: CurlLoop? = CurlLoop()

    private let multi: CurlMulti
    private let inbox = Mutex<[CurlTransfer]>([])

    private init?() {
        guard let multi = CurlMulti() else { return nil }
        self.multi = multi
        guard DetachedThread.start({ [self] in run() }) == nil else { return nil }
    }

    /// Starts `transfer` on the loop thread.
    func submit(_ transfer: CurlTransfer) {
        inbox.withLock { $0.append(transfer) }
        multi.wakeUp()
    }

    /// Wakes the loop thread, to look at cancelled transfers.
    func wakeUp() {
        multi.wakeUp()
    }

    private func run() -> Never {
        while true {
            let submitted = inbox.withLock { inbox in
                defer { inbox = [] }
                return inbox
            }
            for transfer in submitted { multi.take(transfer) }
            multi.dropCancelled()
            multi.perform()
            multi.wait(milliseconds: multi.isIdle ? 60_000 : 1_000)
        }
    }
}
