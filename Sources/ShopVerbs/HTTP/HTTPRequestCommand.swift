import HTTPArchive
import ShopPluginAPI

/// `http get URL` and `http post URL [BODY]`, with `[--header NAME:VALUE]… [--timeout S]
/// [--full]`: one request through the session's HTTP transport (libcurl, with news' limits),
/// or the archive `http record` and `http replay` put in its way; the answer as a value
/// (``HTTPAnswer``).
struct HTTPRequestCommand: Command {
    /// The request's method.
    enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    static let url = Argument<String>("URL", "an http or https URL")
    static let body = Argument<Value?>(
        "BODY", "what to send: a record or list goes as JSON, a string as it is (else the input)")
    static let header = Option<String?>(
        "--header", value: "NAME:VALUE", "a header to send, such as 'Accept: application/json' (again for more)")
    static let timeout = Option<Double?>(
        "--timeout", value: "SECONDS",
        "how long the whole request may take (default \(Int(HTTPRequest.defaultTimeout)))")
    static let full = Flag("--full", "the whole answer: {status, headers, body}, whatever its status")

    /// The longest timeout a request may be given, in seconds.
    static let maximumTimeout: Double = 600

    let method: Method
    let spec: CommandSpec

    init(_ method: Method) {
        self.method = method
        let name = method.rawValue.lowercased()
        let sending =
            method == .post
            ? "BODY, or else the input, is sent: a record or list as JSON (Content-Type: application/json), a "
                + "string as it is (text/plain). " : ""
        spec = CommandSpec(
            path: ["http", name],
            abstract: method == .get ? "Fetch a URL: its JSON as a value, or its text" : "Send a value to a URL",
            discussion: sending + """
                The answer is its JSON decoded when the server says it is JSON (broken JSON is then an \
                error), else its text; --full gives {status, headers, body}. A status of 400 or more is an \
                error naming it, unless --full. Requests go through libcurl with news' limits: a body of at \
                most 10 MB, at most 5 redirects and only to http and https, the whole request within \
                --timeout; Ctrl-C stops one. After 'http record FILE.har' every request is recorded; after \
                'http replay FILE.har' it is answered from the archive with no network. As in: http \
                \(name) https://api.example.com/items --header 'Authorization: Bearer …' | where price > 10
                """,
            arguments: method == .post ? [Self.url, Self.body] : [Self.url],
            options: [Self.header, Self.timeout, Self.full],
            input: method == .post ? .optional : .none,
            resultFields: .computed(HTTPResultFields.fields(method: method)))
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let url = try invocation[Self.url]
        var headers = try invocation.words(Self.header).map { word throws(VerbError) in try header(word.text) }
        let body = method == .post ? try self.body(invocation, headers: &headers) : []
        let session = invocation.sessionObject { HTTPSession() }
        let request = HTTPRequest(
            method: method.rawValue, url: url, headers: headers, body: body, timeout: try timeout(invocation))
        let response: HTTPResponse
        do {
            response = try await session.transport(over: invocation.environment.http).send(request)
        } catch {
            if case .cancelled = error { throw CancellationError() }
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        if let problem = session.takeRecordingProblem() { invocation.console.warning(problem.description) }
        let full = invocation[Self.full]
        guard full || response.status < 400 else {
            throw VerbError.invalid(
                command: spec.name, reason: HTTPError.status(url: url, code: response.status).description)
        }
        let answer = HTTPAnswer(response: response, url: url, command: spec.name)
        let value = full ? try answer.full() : try answer.value()
        session.remember(value, method: method.rawValue, url: url)
        return .value(value)
    }

    /// `NAME: VALUE` (or `NAME:VALUE`) as a header; a name that is no token, or a line break,
    /// is refused.
    private func header(_ text: String) throws(VerbError) -> HTTPHeader {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let isToken = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0 != "\u{7F}" }
        guard parts.count == 2, isToken, !text.contains(where: \.isNewline) else {
            throw .invalid(command: spec.name, reason: "--header must be NAME:VALUE on one line, got '\(text)'")
        }
        return HTTPHeader(name, String(parts[1].drop { $0 == " " || $0 == "\t" }))
    }

    /// The body to send, BODY or else the input, with its `Content-Type` unless a header
    /// names one.
    private func body(_ invocation: Invocation, headers: inout [HTTPHeader]) throws -> [UInt8] {
        guard let value = try invocation[Self.body] ?? invocation.input else {
            throw VerbError.invalid(
                command: spec.name, reason: "give a BODY to send, or pipe one in: $order | http post URL")
        }
        let (bytes, type): ([UInt8], String) =
            switch value {
            case .string(let text): (Array(text.utf8), "text/plain; charset=utf-8")
            default: (Array(JSONWriter.compact(value).utf8), "application/json")
            }
        if headers.value(of: "Content-Type") == nil { headers.append(HTTPHeader("Content-Type", type)) }
        return bytes
    }

    /// `--timeout`, or the default; more than 0 and at most ``maximumTimeout``.
    private func timeout(_ invocation: Invocation) throws -> Double {
        guard let seconds = try invocation[Self.timeout] else { return HTTPRequest.defaultTimeout }
        guard seconds > 0, seconds <= Self.maximumTimeout else {
            throw CommandError.invalidArgument(
                command: spec.name, argument: "--timeout",
                expected: "more than 0 and at most \(Int(Self.maximumTimeout)) seconds",
                got: invocation.word(Self.timeout)?.text ?? String(seconds))
        }
        return seconds
    }
}
