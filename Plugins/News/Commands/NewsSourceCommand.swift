import HTTPArchive
import ShopPluginAPI

/// `news source [URL|FILE.har|embedded] [--page-size N] [--timeout SECONDS] [--record FILE.har]`:
/// shows or switches the source.
///
/// Switching makes no request: it sets `news.source`, forgets the loaded news (`undo`
/// brings them back), and the next `news list` or `news more` loads page 1 from the new
/// source. The page size and timeout carry over to the new source unless given. An HTTP
/// archive is replayed with no network, with the server and page size it was recorded
/// with; `--record` records every request of the session from then on into one.
struct NewsSourceCommand: Command {
    let spec = CommandSpec(
        path: ["news", "source"], abstract: "Show the news source, or switch to a URL or back to embedded",
        discussion: """
            With a URL, news come from GET URL/api/news/{page}/{pageSize}; 'embedded' switches back to \
            the built-in snapshot; a FILE.har (an HTTP archive, HAR 1.2) replays what was recorded in it, \
            pages, pictures and errors, with no network, and a request it lacks is an error naming the \
            URL. '--record FILE.har' records every request of the session from then on (pages, \
            pictures even when cached, error statuses, failures) into an archive that is complete \
            after every exchange and opens in browsers' developer tools. Switching makes no request and forgets the loaded news ('undo' \
            brings them back); the next 'news list' loads page 1. With only options, the current \
            source is switched to again with new settings. Alone, shows the source and its settings.
            """,
        arguments: [Self.source], options: [Self.pageSize, Self.timeout, Self.record],
        examples: [
            Example("news source", "where news come from now"),
            Example("news source http://127.0.0.1:8080 --page-size 10 --timeout 5", "a local news API"),
            Example("news source embedded", "back to the built-in snapshot"),
        ], fields: ["source", "pageSize", "timeout", "loaded", "page", "total", "exhausted"])

    static let source = Argument<String?>(
        "SOURCE", "a base URL such as http://127.0.0.1:8080, an archive FILE.har, or 'embedded'",
        completion: .choices([EmbeddedNews.sourceName]))
    static let pageSize = Option<Int?>(
        "--page-size", value: "N",
        "news per page, 1 to \(NewsSourceSettings.maximumPageSize) (default \(NewsFeedState.defaultPageSize))")
    static let timeout = Option<Double?>(
        "--timeout", value: "SECONDS",
        "how long a whole request may take (default \(Int(NewsAPIClient.defaultTimeout)))")
    static let record = Option<FilePath?>(
        "--record", value: "FILE.har", "record every request from now on as an HTTP archive")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let feed = try context.feed()
        let source = try invocation[Self.source]
        let pageSize = try invocation[Self.pageSize]
        let timeout = try invocation[Self.timeout]
        let recording = try invocation[Self.record]
        guard source != nil || pageSize != nil || timeout != nil || recording != nil else {
            return .value(Self.describe(context.settings(of: feed), feed: feed))
        }
        // The page size and timeout stay as they are unless given.
        var settings = context.settings(of: feed)
        if let source {
            if NewsArchive.isArchive(source) {
                settings.source = source
                settings.pageSize =
                    try context.session.archive(source, at: invocation.resolve(path: source), reload: true).pageSize
            } else {
                settings.source = source == EmbeddedNews.sourceName ? source : try NewsEndpoint(base: source).base
            }
        }
        if settings.isArchive {
            for (option, given) in [("--page-size", pageSize != nil), ("--timeout", timeout != nil)] where given {
                throw NewsCommandError.optionWithArchive(option: option, archive: settings.source)
            }
        }
        if let pageSize {
            guard (1...NewsSourceSettings.maximumPageSize).contains(pageSize) else {
                throw CommandError.invalidArgument(
                    command: spec.name, argument: "--page-size",
                    expected: "between 1 and \(NewsSourceSettings.maximumPageSize)", got: String(pageSize))
            }
            settings.pageSize = pageSize
        }
        if let timeout {
            guard !settings.isEmbedded else { throw NewsCommandError.timeoutWithoutHTTP }
            guard timeout > 0, timeout <= NewsSourceSettings.maximumTimeout else {
                throw CommandError.invalidArgument(
                    command: spec.name, argument: "--timeout",
                    expected: "more than 0 and at most \(Int(NewsSourceSettings.maximumTimeout)) seconds",
                    got: invocation.word(Self.timeout)?.text ?? String(timeout))
            }
            settings.timeout = timeout
        }
        var recordingNote = ""
        if let recording {
            guard !settings.isEmbedded, !settings.isArchive else {
                throw NewsCommandError.recordWithoutHTTP(source: settings.source)
            }
            let writer = try HTTPArchiveWriter.create(
                at: recording.absolute, named: recording.text, creator: "shop news", version: NewsPlugin().version,
                title: "news from \(settings.source)", started: invocation.environment.clock.now)
            context.session.startRecording(into: writer, environment: invocation.environment)
            recordingNote = ", recording to '\(recording.text)'"
        }
        try context.write(NewsFeedState(source: settings.source), over: feed)
        context.session.remember(settings)
        invocation.console.message("news source: \(Self.summary(settings))\(recordingNote); nothing loaded yet")
        return nil
    }

    /// `http://… (15 per page, timeout 15 s)`.
    static func summary(_ settings: NewsSourceSettings) -> String {
        var details = "\(settings.pageSize) per page"
        if settings.isArchive {
            details += ", replayed with no network"
        } else if !settings.isEmbedded {
            details += ", timeout \(seconds(settings.timeout)) s"
        }
        return "\(settings.source) (\(details))"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// The source, its settings and how much is loaded, as a record.
    static func describe(_ settings: NewsSourceSettings, feed: NewsFeedState) -> Value {
        .record(
            Record(pairs: [
                ("source", .string(settings.source)), ("pageSize", .int(settings.pageSize)),
                ("timeout", settings.isEmbedded || settings.isArchive ? .null : .double(settings.timeout)),
                ("loaded", .int(feed.items.count)), ("page", .int(feed.page)), ("total", Value(feed.total)),
                ("exhausted", .bool(feed.exhausted)),
            ]))
    }
}
