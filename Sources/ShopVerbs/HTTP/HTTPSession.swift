import HTTPArchive
import ShopPluginAPI
import Synchronization

/// What `http` keeps for one session: where requests go — the network, the network through
/// a recorder (`http record FILE.har`), or an archive with no network (`http replay
/// FILE.har`) — and the fields of the last answer from each URL, for Tab after `http … |`.
///
/// A session object (``Invocation/sessionObject(_:)``): sessions running side by side never
/// share a recording, and Tab reads it from the line editor's thread, so every part is
/// behind a lock.
final class HTTPSession: Sendable {
    /// Where requests go.
    private enum Route {
        case network
        case recording(HTTPArchiveRecorder)
        case replaying(HTTPArchiveReplay)
    }

    private let route = Mutex<Route>(.network)
    /// The fields of the last answer to each method and URL (`GET http://…`).
    private let answers = Mutex<[String: [String]]>([:])

    /// The transport every `http` request of the session goes through now: `network`, the
    /// session's own, while live.
    func transport(over network: any HTTPTransport) -> any HTTPTransport {
        route.withLock { route in
            switch route {
            case .network: network
            case .recording(let recorder): recorder
            case .replaying(let replay): replay
            }
        }
    }

    /// Sends every later request through `network` and records it into `writer`; says what
    /// it left, as ``goLive()``.
    func record(into writer: HTTPArchiveWriter, over network: any HTTPTransport, clock: SessionClock) -> String? {
        change(to: .recording(HTTPArchiveRecorder(recording: network, into: writer, clock: clock)))
    }

    /// Answers every later request from `replay`, with no network; says what it left, as
    /// ``goLive()``.
    func replay(_ replay: HTTPArchiveReplay) -> String? {
        change(to: .replaying(replay))
    }

    /// Sends every later request to the network again; says what it left (`recording to
    /// 'api.har'`), or nil when live already.
    func goLive() -> String? {
        change(to: .network)
    }

    /// Why recording stopped, once, if it did.
    func takeRecordingProblem() -> HTTPArchiveWriterError? {
        guard case .recording(let recorder) = route.withLock({ $0 }) else { return nil }
        return recorder.takeProblem()
    }

    /// Notes the fields of `value`, the answer to `method` `url`, for Tab.
    func remember(_ value: Value, method: String, url: String) {
        let fields = ResultFieldsRequest.fields(of: value)
        answers.withLock { $0[method + " " + url] = fields }
    }

    /// The fields of the answer to `method` `url`: the last one given in this session, else
    /// the one the archive being replayed holds (read, never sent).
    func fields(method: String, url: String) -> [String] {
        if let fields = answers.withLock({ $0[method + " " + url] }) { return fields }
        guard case .replaying(let replay) = route.withLock({ $0 }),
            let entry = replay.entries.last(where: { $0.method == method && $0.url == url }),
            case .response(let recorded) = entry.outcome
        else { return [] }
        let response = HTTPResponse(url: url, status: recorded.status, headers: recorded.headers, body: recorded.body)
        let answer = HTTPAnswer(response: response, url: url, command: "http")
        return (try? answer.value()).map(ResultFieldsRequest.fields(of:)) ?? []
    }

    /// Takes `next` as the route; describes the one it replaced (nil for the network). A
    /// recording left is closed.
    private func change(to next: Route) -> String? {
        let previous = route.withLock { route in
            defer { route = next }
            return route
        }
        if case .recording(let recorder) = previous { try? recorder.writer.close() }
        return Self.describe(previous)
    }

    private static func describe(_ route: Route) -> String? {
        switch route {
        case .network: nil
        case .recording(let recorder): "recording to '\(recorder.writer.name)'"
        case .replaying(let replay): "replaying '\(replay.file)'"
        }
    }
}
