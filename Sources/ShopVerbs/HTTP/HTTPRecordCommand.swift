import HTTPArchive
import ShopPluginAPI

/// `http record FILE.har [--force]`: every later `http` request of the session goes to the
/// network and is recorded into an HTTP archive (HAR 1.2), complete after each exchange.
struct HTTPRecordCommand: Command {
    static let file = Argument<FilePath>("FILE.har", "the archive to write")
    static let force = Flag("--force", "replace an existing file")

    let spec = CommandSpec(
        path: ["http", "record"], abstract: "Record every later http request into an HTTP archive",
        discussion: """
            Requests go to the network as before, and each exchange (errors and failures too) is added to \
            FILE.har, an HTTP Archive (HAR 1.2) that is complete after every exchange and opens in browsers' \
            developer tools. 'http replay FILE.har' answers them again with no network; 'http live' stops \
            recording.
            """,
        arguments: [Self.file], options: [Self.force],
        examples: [Example("http record api.har; http live", "record, then stop")])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let file = try invocation[Self.file]
        let writer: HTTPArchiveWriter
        do {
            try FileSystem.checkWritable(file.absolute, named: file.text, replacingExisting: invocation[Self.force])
            writer = try HTTPArchiveWriter.create(
                at: file.absolute, named: file.text, creator: "shop http", version: "1.0",
                title: "http requests", started: invocation.environment.clock.now)
        } catch {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        let session = invocation.sessionObject { HTTPSession() }
        let left = session.record(
            into: writer, over: invocation.environment.http, clock: invocation.environment.clock)
        invocation.console.message(
            "http: recording every request to '\(file.text)'\(left.map { " (no longer \($0))" } ?? "")")
        return nil
    }
}
