import CCurl
import Glibc
import ShopKit
import Synchronization

/// The one `curl_multi` of the process, driven on a thread of its own.
///
/// Callers hand transfers in with ``submit(_:)`` and ask for their end with
/// ``cancel(_:)``; both only touch the `Mutex`-protected inbox and wake the loop with
/// `curl_multi_wakeup`. The loop thread adds and removes easy handles, runs
/// `curl_multi_perform` (libcurl's callbacks run inside it), and finishes each transfer
/// when libcurl reports it done, follows its redirect, or it is cancelled. Connections
/// stay in the multi handle's cache between transfers, and easy handles are reused.
///
/// `@unchecked Sendable`: `multi`, `running` and `idleHandles` are touched only on the loop
/// thread; other threads reach the loop only through `inbox` and `curl_multi_wakeup`,
/// which libcurl allows from any thread.
final class CurlLoop: @unchecked Sendable {
    /// The loop, started on first use; nil when libcurl cannot make a multi handle. Use it
    /// only after ``CurlLibrary/load(_:)`` succeeded.
    static let shared: CurlLoop? = CurlLoop()

    private struct Inbox {
        var submitted: [CurlTransfer] = []
        var cancelled: Set<UInt64> = []
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    private var running: [UInt64: CurlTransfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []

    private init?() {
        guard let multi = ccurl_multi_init() else { return nil }
        self.multi = multi
        // Room for the kept-alive connections of many sessions at once (`shop test`).
        ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 64)
        guard DetachedThread.start({ [self] in run() }) == nil else { return nil }
    }

    /// Starts `transfer` on the loop thread.
    func submit(_ transfer: CurlTransfer) {
        inbox.withLock { $0.submitted.append(transfer) }
        ccurl_multi_wakeup(multi)
    }

    /// Ends the transfer numbered `id` with ``HTTPError/cancelled(url:)``, if it still runs.
    func cancel(_ id: UInt64) {
        inbox.withLock { _ = $0.cancelled.insert(id) }
        ccurl_multi_wakeup(multi)
    }

    // MARK: - The loop thread

    private func run() -> Never {
        while true {
            let (submitted, cancelled) = inbox.withLock { inbox in
                defer { inbox = Inbox() }
                return (inbox.submitted, inbox.cancelled)
            }
            for transfer in submitted {
                if cancelled.contains(transfer.id) {
                    transfer.finish(.failure(.cancelled(url: transfer.request.url)))
                } else {
                    start(transfer)
                }
            }
            for id in cancelled {
                guard let transfer = running[id] else { continue }
                drop(transfer, with: .failure(.cancelled(url: transfer.request.url)))
            }
            var active: Int32 = 0
            ccurl_multi_perform(multi, &active)
            var easy: UnsafeMutableRawPointer?
            var code = CURLE_OK
            while ccurl_multi_next_done(multi, &easy, &code) == 1 {
                guard let transfer = running.values.first(where: { $0.easy == easy }) else { continue }
                completed(transfer, code: code)
            }
            var ready: Int32 = 0
            ccurl_multi_poll(multi, running.isEmpty ? 60_000 : 1_000, &ready)
        }
    }

    /// Configures an easy handle for `transfer` and adds it to the multi handle.
    private func start(_ transfer: CurlTransfer) {
        guard let easy = idleHandles.popLast() ?? ccurl_easy_init() else {
            transfer.finish(.failure(.unavailable(reason: "libcurl could not make a handle")))
            return
        }
        transfer.easy = easy
        running[transfer.id] = transfer
        configure(easy, for: transfer)
        guard ccurl_multi_add_handle(multi, easy) == CURLM_OK else {
            drop(transfer, with: .failure(.unavailable(reason: "libcurl refused the transfer")))
            return
        }
    }

    private func configure(_ easy: UnsafeMutableRawPointer, for transfer: CurlTransfer) {
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, transfer.errorBuffer)
        ccurl_easy_setopt_data_function(easy, CURLOPT_WRITEFUNCTION, Self.writeBody)
        ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        ccurl_easy_setopt_data_function(easy, CURLOPT_HEADERFUNCTION, Self.writeHeader)
        ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_FAILONERROR, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_easy_setopt_long(easy, CURLOPT_HTTP_CONTENT_DECODING, 0)
        ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        ccurl_easy_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.request.maxBodyBytes))
        Self.set(easy, CURLOPT_PROTOCOLS_STR, to: "http,https")
        Self.set(easy, CURLOPT_REDIR_PROTOCOLS_STR, to: "http,https")
        Self.set(easy, CURLOPT_USERAGENT, to: "shop/0.1")
        if transfer.request.method != "GET" { Self.set(easy, CURLOPT_CUSTOMREQUEST, to: transfer.request.method) }
        for header in transfer.request.headers {
            transfer.headerList = ccurl_slist_append(transfer.headerList, "\(header.name): \(header.value)")
        }
        if let list = transfer.headerList { ccurl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, list) }
        aim(easy, at: transfer.url, for: transfer)
    }

    /// Points `easy` at `url` with what is left of the transfer's time.
    private func aim(_ easy: UnsafeMutableRawPointer, at url: String, for transfer: CurlTransfer) {
        Self.set(easy, CURLOPT_URL, to: url)
        ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, transfer.remainingMilliseconds)
    }

    /// libcurl reported `transfer` done with `code`: follow its redirect, or finish it.
    private func completed(_ transfer: CurlTransfer, code: CURLcode) {
        guard let easy = transfer.easy else { return }
        let target: String
        switch CurlOutcome(easy: easy, transfer: transfer, code: code) {
        case .finished(let result):
            drop(transfer, with: result)
            return
        case .redirect(let next):
            target = next
        }
        transfer.redirects += 1
        guard transfer.redirects <= CurlTransport.maximumRedirects else {
            drop(
                transfer,
                with: .failure(.tooManyRedirects(url: transfer.request.url, limit: CurlTransport.maximumRedirects)))
            return
        }
        guard transfer.remainingMilliseconds > 0 else {
            drop(transfer, with: .failure(.timedOut(url: transfer.request.url, seconds: transfer.request.timeout)))
            return
        }
        ccurl_multi_remove_handle(multi, easy)
        transfer.url = target
        transfer.headers = []
        transfer.body = []
        aim(easy, at: target, for: transfer)
        if ccurl_multi_add_handle(multi, easy) != CURLM_OK {
            drop(transfer, with: .failure(.unavailable(reason: "libcurl refused the redirect")))
        }
    }

    /// Takes `transfer` off the loop, keeps its handle for the next one, and answers its caller.
    private func drop(_ transfer: CurlTransfer, with result: Result<HTTPResponse, HTTPError>) {
        running[transfer.id] = nil
        if let easy = transfer.easy {
            ccurl_multi_remove_handle(multi, easy)
            ccurl_easy_reset(easy)
            if idleHandles.count < 8 { idleHandles.append(easy) } else { ccurl_easy_cleanup(easy) }
            transfer.easy = nil
        }
        ccurl_slist_free_all(transfer.headerList)
        transfer.headerList = nil
        transfer.finish(result)
    }

    /// Sets a string option (libcurl keeps a copy).
    private static func set(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, to text: String) {
        _ = text.withCString { ccurl_easy_setopt_pointer(easy, option, UnsafeMutablePointer(mutating: $0)) }
    }

    // MARK: - Callbacks

    private static let writeBody: ccurl_data_fn = { data, size, count, context in
        guard let context, let data else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count))
    }

    private static let writeHeader: ccurl_data_fn = { data, size, count, context in
        guard let context, let data else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
    }
}
