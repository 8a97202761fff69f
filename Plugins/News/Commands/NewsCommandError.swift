/// Why a news command refused to run, apart from loading failures (``NewsError``).
enum NewsCommandError: Error, Equatable, CustomStringConvertible {
    /// No loaded news has this number; `more` tells whether the source has more to load.
    case noSuchNews(number: Int, loaded: Int, more: Bool)
    /// `--timeout` was given for the embedded source, which makes no requests.
    case timeoutWithoutHTTP
    /// `--record` was given for a source that makes no requests (embedded, an archive).
    case recordWithoutHTTP(source: String)
    /// An option that an archive answers itself (its page size, no waiting) was given with one.
    case optionWithArchive(option: String, archive: String)
    /// The news has no link to open.
    case noLink(number: Int)
    /// The link is not an `http` or `https` URL, so it is not handed to a browser.
    case notOpenable(url: String)
    /// Neither `$BROWSER` nor `xdg-open` names a program that can be found.
    case noBrowser(url: String)
    /// The browser could not be started.
    case browserFailed(program: String, reason: String)
    /// `news image` was given neither a number nor `--all`.
    case noImageChosen
    /// Every image of `news image --all` failed; the first error says why.
    case allImagesFailed(count: Int, first: String)

    var description: String {
        switch self {
        case .noSuchNews(let number, let loaded, let more):
            loaded == 0
                ? "no news number \(number): the source has no news"
                : "no news number \(number): \(loaded) loaded (1–\(loaded))" + (more ? "; 'news more' loads more" : "")
        case .timeoutWithoutHTTP:
            "--timeout applies to an http source; the embedded source makes no requests"
        case .recordWithoutHTTP(let source):
            "--record records an http source; '\(source)' makes no requests"
        case .optionWithArchive(let option, let archive):
            "'\(option)' does not go with an archive: '\(archive)' replays the pages as they were recorded"
        case .noLink(let number):
            "news \(number) has no link"
        case .notOpenable(let url):
            "not opening '\(url)': only http and https links are opened"
        case .noBrowser(let url):
            "no browser found (set BROWSER or install xdg-open); the link is \(url)"
        case .browserFailed(let program, let reason):
            "cannot start '\(program)': \(reason)"
        case .noImageChosen:
            "news image: give a news number, or --all for every loaded news"
        case .allImagesFailed(let count, let first):
            count == 1 ? first : "all \(count) images failed; the first: \(first)"
        }
    }
}
