import CCurl
import Glibc
import ShopPluginAPI

/// One `curl_multi` handle and the transfers it runs, driven by one thread at a time.
///
/// The driving thread starts transfers (``take(_:)``), lets libcurl work (``perform()``: its
/// callbacks run inside it), waits for the network (``wait(milliseconds:)``), and finishes
/// each transfer when libcurl reports it done, follows its redirect, or drops it when its
/// caller asked to cancel. Connections stay in the handle's cache between transfers, and
/// easy handles are reused.
///
/// `@unchecked Sendable`: everything but ``wakeUp()`` is called by the one thread that drives
/// the handle (the ``CurlLoop``'s own, or the thread named by
/// ``CurlTransport/runRequestsOnThisThread()``); ``wakeUp()`` is `curl_multi_wakeup`, which
/// libcurl allows from any thread.
final class CurlMulti: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private var running: [UInt64: CurlTransfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []

    /// A new multi handle; nil when libcurl cannot make one. Make it only after
    /// ``CurlLibrary/load(_:)`` succeeded.
    init?() {
        guard let multi = ccurl_multi_init() else { return nil }
        self.multi = multi
        // Room for the kept-alive connections of many sessions at once (`shop test`).
        ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 64)
    }

    /// Whether no transfer is running.
    var isIdle: Bool { running.isEmpty }

    /// Runs `transfer` to its end on the calling thread, which blocks meanwhile; ends it as
    /// cancelled as soon as its caller asks (``CurlTransfer/requestCancel()``, then
    /// ``wakeUp()``). For a handle that runs nothing else.
    func run(_ transfer: CurlTransfer) {
        take(transfer)
        while !transfer.isFinished {
            perform()
            if transfer.isFinished { return }
            wait(milliseconds: 1_000)
            dropCancelled()
        }
    }

    /// Starts `transfer`, or finishes it at once when its caller has already cancelled.
    func take(_ transfer: CurlTransfer) {
        guard !transfer.isCancelRequested else {
            transfer.finish(.failure(.cancelled(url: transfer.request.url)))
            return
        }
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

    /// Ends, as cancelled, every running transfer whose caller asked for it.
    func dropCancelled() {
        for transfer in running.values where transfer.isCancelRequested {
            drop(transfer, with: .failure(.cancelled(url: transfer.request.url)))
        }
    }

    /// Lets libcurl move every transfer on, and finishes those it is done with.
    func perform() {
        var active: Int32 = 0
        ccurl_multi_perform(multi, &active)
        var easy: UnsafeMutableRawPointer?
        var code = CURLE_OK
        while ccurl_multi_next_done(multi, &easy, &code) == 1 {
            guard let transfer = running.values.first(where: { $0.easy == easy }) else { continue }
            completed(transfer, code: code)
        }
    }

    /// Waits for the network, a timer of libcurl's, ``wakeUp()``, or `milliseconds`.
    func wait(milliseconds: Int32) {
        var ready: Int32 = 0
        ccurl_multi_poll(multi, milliseconds, &ready)
    }

    /// Ends a ``wait(milliseconds:)`` under way, or the next one; from any thread.
    func wakeUp() {
        ccurl_multi_wakeup(multi)
    }

    private func configure(_ easy: UnsafeMutableRawPointer, for transfer: CurlTransfer) {
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, transfer.errorBuffer)
        ccurl_easy_setopt_data_function(easy, CURLOPT_WRITEFUNCTION, Self.writeBody)
        ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        ccurl_easy_setopt_data_function(easy, CURLOPT_HEADERFUNCTION, Self.writeHeader)
        ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_easy_setopt_long(easy, CURLOPT_HTTP_CONTENT_DECODING, 0)
        ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        ccurl_easy_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.request.maxBodyBytes))
        Self.set(easy, CURLOPT_PROTOCOLS_STR, to: "http,https")
        Self.set(easy, CURLOPT_REDIR_PROTOCOLS_STR, to: "http,https")
        Self.set(easy, CURLOPT_USERAGENT, to: "shop/0.1")
        if transfer.request.method != "GET" { Self.set(easy, CURLOPT_CUSTOMREQUEST, to: transfer.request.method) }
        if transfer.request.method != "GET" || !transfer.request.body.isEmpty {
            // The size first: libcurl copies that many bytes, NUL bytes included.
            ccurl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(transfer.request.body.count))
            if transfer.request.body.isEmpty {
                // Not a null pointer, which would make libcurl read the body from a callback.
                Self.set(easy, CURLOPT_COPYPOSTFIELDS, to: "")
            } else {
                transfer.request.body.withUnsafeBytes { bytes in
                    _ = ccurl_easy_setopt_pointer(
                        easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
            }
        }
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
        case .redirect(let next, let status):
            target = next
            // As browsers and curl do: a POST answered by 301, 302 or 303 goes on as a GET without its body.
            if (301...303).contains(status), transfer.method != "GET" {
                transfer.method = "GET"
                ccurl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, nil)
                ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
            }
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

    /// Takes `transfer` off the handle, keeps its easy handle for the next one, and answers
    /// its caller.
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
