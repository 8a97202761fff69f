import ShopPluginAPI

extension HTTPArchiveReplay: HTTPTransport {
    /// How many redirects recorded in an archive are followed, as the live transport does.
    static let redirectLimit = 5

    /// The recorded answer to `request`, whatever its status, through the same errors as the
    /// network: a recorded failure comes back in its words, and a request the archive lacks,
    /// or an answer whose body it lacks (no `content.text`), is an error naming the URL and
    /// the archive (for a status of 400 or more, as on the network, the status is the error).
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        var url = request.url
        for _ in 0...Self.redirectLimit {
            guard !Task.isCancelled else { throw .cancelled(url: request.url) }
            guard let entry = next(method: request.method, url: url) else {
                throw .connectionFailed(url: url, reason: "not recorded in '\(file)'")
            }
            switch entry.outcome {
            case .failure(let reason): throw .connectionFailed(url: url, reason: reason)
            case .response(let response):
                if (300..<400).contains(response.status), !response.redirectURL.isEmpty {
                    url = response.redirectURL
                    continue
                }
                guard !response.isBodyMissing else {
                    guard response.status < 400 else { throw .status(url: url, code: response.status) }
                    throw .connectionFailed(url: url, reason: "its body is not in '\(file)' (no content.text)")
                }
                guard response.body.count <= request.maxBodyBytes else {
                    throw .oversize(url: url, limitBytes: request.maxBodyBytes)
                }
                return HTTPResponse(
                    url: url, status: response.status,
                    headers: response.headers, body: response.body,
                    timings: HTTPTimings(
                        dns: max(0, entry.timings.dns),
                        connect: max(0, entry.timings.connect - max(0, entry.timings.ssl)),
                        tls: max(0, entry.timings.ssl), send: entry.timings.send, wait: entry.timings.wait,
                        receive: entry.timings.receive))
            }
        }
        throw .tooManyRedirects(url: request.url, limit: Self.redirectLimit)
    }
}
