import CCurl
import Glibc
import ShopPluginAPI

/// What a finished libcurl transfer means: an answer, a redirect to follow, or one
/// ``HTTPError`` naming the cause.
///
/// Errors are told apart by libcurl's result code, and a failed connect by the system's
/// `errno` (`CURLINFO_OS_ERRNO` is set by a failed connect but never cleared, so it is read
/// for nothing else). One code covers two causes: `CURLE_RECV_ERROR` is a broken socket
/// when libcurl's message starts `Recv failure:` and a malformed body (bad chunking)
/// otherwise. Otherwise libcurl's message is only shown, as the detail of a malformed answer.
enum CurlOutcome {
    /// The caller's answer.
    case finished(Result<HTTPResponse, HTTPError>)
    /// A redirect to follow, to this absolute URL, and the status that asked for it.
    case redirect(to: String, status: Int)

    init(easy: UnsafeMutableRawPointer, transfer: CurlTransfer, code: CURLcode) {
        let url = transfer.request.url
        var status = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard code == CURLE_OK else {
            self = .finished(.failure(Self.error(for: code, status: status, easy: easy, transfer: transfer)))
            return
        }
        if (300...399).contains(status), status != 304, let target = Self.string(easy, CURLINFO_REDIRECT_URL) {
            let scheme = target.prefix { $0 != ":" }.lowercased()
            guard scheme == "http" || scheme == "https" else {
                self = .finished(.failure(.redirectRefused(url: url, scheme: String(scheme))))
                return
            }
            self = .redirect(to: target, status: status)
            return
        }
        self = .finished(
            .success(
                HTTPResponse(
                    url: Self.string(easy, CURLINFO_EFFECTIVE_URL) ?? transfer.url, status: status,
                    headers: transfer.headers, body: transfer.body, timings: Self.timings(easy))))
    }

    /// The one error for a failed transfer.
    private static func error(
        for code: CURLcode, status: Int, easy: UnsafeMutableRawPointer, transfer: CurlTransfer
    ) -> HTTPError {
        let url = transfer.request.url
        // An error status whose body could not be read whole: the status is what a reader needs.
        if status >= 400 { return .status(url: url, code: status) }
        if let reason = transfer.abortReason { return reason }
        var osError = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osError)
        // libcurl writes only a transfer's first error; after it retried a kept-alive
        // connection that had died, the words are that connection's, not the final failure's.
        var detail = String(cString: transfer.errorBuffer).lowercased()
        if detail.hasPrefix("recv failure: "), code != CURLE_RECV_ERROR {
            detail = String(cString: ccurl_easy_strerror(code)).lowercased()
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(url: url, seconds: transfer.request.timeout)
        case CURLE_FILESIZE_EXCEEDED:
            return .oversize(url: url, limitBytes: transfer.request.maxBodyBytes)
        case CURLE_COULDNT_RESOLVE_HOST:
            let host = (try? WebURL(parsing: transfer.url))?.host ?? transfer.url
            return .unknownHost(url: url, host: host)
        case CURLE_COULDNT_CONNECT:
            return osError == Int(ECONNREFUSED)
                ? .connectionRefused(url: url) : .connectionFailed(url: url, reason: systemError(osError, or: detail))
        case CURLE_PARTIAL_FILE:
            var expected: curl_off_t = -1
            ccurl_easy_getinfo_offset(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
            return .connectionFailed(
                url: url, reason: "the connection closed after \(transfer.body.count) of \(expected) bytes")
        case CURLE_GOT_NOTHING:
            return .connectionFailed(url: url, reason: "the server closed the connection without an answer")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING:
            return .malformedResponse(url: url, reason: detail.isEmpty ? "not http" : detail)
        case CURLE_RECV_ERROR where detail.hasPrefix("recv failure: "):
            return .connectionFailed(url: url, reason: String(detail.dropFirst("recv failure: ".count)))
        case CURLE_RECV_ERROR:
            return .malformedResponse(url: url, reason: detail.isEmpty ? "unreadable body" : detail)
        case CURLE_URL_MALFORMAT:
            return .invalidURL(url: url, reason: "not a url")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE:
            return .connectionFailed(url: url, reason: "tls: \(detail)")
        default:
            return .connectionFailed(
                url: url, reason: detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : detail)
        }
    }

    /// `connection reset by peer`: the system's words for `errno`, else `fallback`.
    private static func systemError(_ number: Int, or fallback: String) -> String {
        guard number != 0, let text = strerror(Int32(number)) else { return fallback }
        return String(cString: text).lowercased()
    }

    private static func string(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
        var pointer: UnsafeMutablePointer<CChar>?
        guard ccurl_easy_getinfo_string(easy, info, &pointer) == CURLE_OK, let pointer else { return nil }
        return String(cString: pointer)
    }

    /// The HAR parts of the exchange from libcurl's cumulative microsecond marks.
    private static func timings(_ easy: UnsafeMutableRawPointer) -> HTTPTimings {
        func mark(_ info: CURLINFO) -> Double {
            var value: curl_off_t = 0
            ccurl_easy_getinfo_offset(easy, info, &value)
            return Double(value) / 1000
        }
        let dns = mark(CURLINFO_NAMELOOKUP_TIME_T)
        let connected = max(dns, mark(CURLINFO_CONNECT_TIME_T))
        let secured = max(connected, mark(CURLINFO_APPCONNECT_TIME_T))
        let sent = max(secured, mark(CURLINFO_PRETRANSFER_TIME_T))
        let firstByte = max(sent, mark(CURLINFO_STARTTRANSFER_TIME_T))
        let total = max(firstByte, mark(CURLINFO_TOTAL_TIME_T))
        return HTTPTimings(
            dns: dns, connect: connected - dns, tls: secured - connected, send: sent - secured, wait: firstByte - sent,
            receive: total - firstByte)
    }
}
