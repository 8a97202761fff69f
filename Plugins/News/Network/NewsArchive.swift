import HTTPArchive

/// A news source replayed from an HTTP archive (`news source FILE.har`): the archive's
/// exchanges, served with no network, and the server and page size of its first page
/// request, so the plugin asks for exactly the URLs that were recorded.
struct NewsArchive: Sendable {
    /// Serves the recorded exchanges.
    let replay: HTTPArchiveReplay
    /// The server the pages were recorded from.
    let endpoint: NewsEndpoint
    /// Items per page in the recorded page requests.
    let pageSize: Int

    /// Whether `source` names an archive rather than a URL: a path ending in `.har`.
    static func isArchive(_ source: String) -> Bool {
        !source.contains("://") && source.lowercased().hasSuffix(".har")
    }

    /// Reads the archive at `path`, `name` as the user gave it.
    static func load(path: String, named name: String) throws(NewsError) -> NewsArchive {
        let archive: HTTPArchive
        do {
            archive = try HTTPArchive.load(path: path, named: name)
        } catch {
            throw .archive("\(error)")
        }
        for entry in archive.entries where entry.method == "GET" {
            guard let (base, pageSize) = pageRequest(entry.url) else { continue }
            let endpoint = try NewsEndpoint(base: base)
            return NewsArchive(
                replay: HTTPArchiveReplay(archive: archive, file: name), endpoint: endpoint, pageSize: pageSize)
        }
        throw .archive("'\(name)' holds no news page request (GET …/api/news/PAGE/SIZE)")
    }

    /// The base and page size of `url` when it asks for a news page: `{base}/api/news/{page}/{size}`.
    static func pageRequest(_ url: String) -> (base: String, pageSize: Int)? {
        let pieces = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = pieces[0].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[parts.count - 4] == "api", parts[parts.count - 3] == "news",
            Int(parts[parts.count - 2]) != nil, let size = Int(parts[parts.count - 1]), size >= 1
        else { return nil }
        // A query on the base is kept on every page URL (NewsEndpoint), so it belongs to the base.
        let query = pieces.count > 1 ? "?" + pieces[1] : ""
        return (parts.dropLast(4).joined(separator: "/") + query, size)
    }
}
