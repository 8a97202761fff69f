import Synchronization

/// Answers requests from an ``HTTPArchive`` with no network, in any order.
///
/// A request is matched by method and URL. A URL recorded several times is answered in the
/// order it was recorded, the last answer repeating once the others are used up; a request
/// the archive lacks has no answer (the transport over it says so, naming the URL).
///
/// ```swift
/// let replay = HTTPArchiveReplay(archive: try HTTPArchive.load(path: path, named: "talk.har"), file: "talk.har")
/// let entry = replay.next(method: "GET", url: "http://127.0.0.1:8080/api/news/1/15")
/// ```
public final class HTTPArchiveReplay: Sendable {
    /// The archive's file as the user named it.
    public let file: String
    /// The exchanges in recorded order.
    public let entries: [HTTPArchive.Entry]
    /// For each method and URL, the entries recorded for it, in order.
    private let answers: [Key: [Int]]
    /// For each method and URL, how many of its answers were given.
    private let given = Mutex<[Key: Int]>([:])

    private struct Key: Hashable, Sendable {
        var method: String
        var url: String
    }

    public init(archive: HTTPArchive, file: String) {
        self.file = file
        entries = archive.entries
        var answers: [Key: [Int]] = [:]
        for (index, entry) in archive.entries.enumerated() {
            answers[Key(method: entry.method.uppercased(), url: entry.url), default: []].append(index)
        }
        self.answers = answers
    }

    /// The next recorded exchange for `method` and `url`, or nil when none was recorded.
    public func next(method: String, url: String) -> HTTPArchive.Entry? {
        let key = Key(method: method.uppercased(), url: url)
        guard let indices = answers[key], let last = indices.last else { return nil }
        let index = given.withLock { given in
            let count = given[key, default: 0]
            given[key] = count + 1
            return count < indices.count ? indices[count] : last
        }
        return entries[index]
    }
}
