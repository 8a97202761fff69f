import HTTPArchive
import ShopPluginAPI

/// `http replay FILE.har`: every later `http` request of the session is answered from an
/// HTTP archive, with no network; a request it lacks is an error naming the URL.
struct HTTPReplayCommand: Command {
    static let file = Argument<FilePath>("FILE.har", "the archive to answer from")

    let spec = CommandSpec(
        path: ["http", "replay"], abstract: "Answer every later http request from an HTTP archive",
        discussion: """
            Requests match by method and URL; a URL recorded several times is answered in recorded order, \
            the last answer repeating. A request the archive lacks is an error naming the URL. Archives \
            from 'http record', 'news source … --record' and browsers' developer tools (HAR 1.2) all \
            work. 'http live' goes back to the network.
            """,
        arguments: [Self.file],
        examples: [Example("http record api.har; http replay api.har; http live", "replay, then go live again")])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let file = try invocation[Self.file]
        let archive: HTTPArchive
        do {
            archive = try HTTPArchive.load(path: file.absolute, named: file.text)
        } catch {
            throw VerbError.invalid(command: spec.name, reason: "\(error)")
        }
        let session = invocation.sessionObject { HTTPSession() }
        let left = session.replay(HTTPArchiveReplay(archive: archive, file: file.text))
        let count = archive.entries.count
        invocation.console.message(
            "http: answering from '\(file.text)' (\(count) \(count == 1 ? "exchange" : "exchanges")), with no network"
                + (left.map { " (no longer \($0))" } ?? ""))
        return nil
    }
}
