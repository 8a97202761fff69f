import HTTPArchive
import ShopPluginAPI
import Synchronization

/// What one session of the news plugin keeps besides its `news.*` state keys.
///
/// Made on first use through `Invocation.sessionObject` and released with the session, so
/// sessions running side by side (`shop test`) never share a cache or a load:
/// - the ``repository``, whose guard refuses a second load while one is running;
/// - the page size and timeout of each source switched to (`news.source` holds only the
///   source's name), and one fetcher per setting, reused so HTTP connections stay open;
/// - the ``ImageLoader`` with its memory cache, and its disk cache under the state folder;
/// - the HTTP archive being recorded (`news source URL --record FILE.har`), which every
///   request of the session goes through from then on, and the archives replayed.
final class NewsSession: Sendable {
    /// Loads pages, one at a time.
    let repository = NewsRepository(fetcher: EmbeddedNewsFetcher())

    private let settingsBySource = Mutex<[String: NewsSourceSettings]>([:])
    private let fetchers = Mutex<[NewsSourceSettings: any NewsFetching]>([:])
    private let imageLoader = Mutex<ImageLoader?>(nil)
    private let recorder = Mutex<HTTPArchiveRecorder?>(nil)
    private let archives = Mutex<[String: (archive: NewsArchive, images: ImageLoader)]>([:])

    /// The settings of `source`: as last given with `news source`, else the defaults.
    func settings(for source: String) -> NewsSourceSettings {
        settingsBySource.withLock { $0[source] } ?? NewsSourceSettings(source: source)
    }

    /// Remembers `settings` for their source.
    func remember(_ settings: NewsSourceSettings) {
        settingsBySource.withLock { $0[settings.source] = settings }
    }

    /// The fetcher for `settings`, made once and then reused: over the recorded archive for
    /// an archive source, else over `environment.http` (through the recorder while recording).
    func fetcher(for settings: NewsSourceSettings, environment: SessionEnvironment) throws(NewsError)
        -> any NewsFetching
    {
        if let fetcher = fetchers.withLock({ $0[settings] }) { return fetcher }
        let made: any NewsFetching
        if settings.isArchive {
            let archive = try archive(settings.source, at: Self.path(of: settings.source, in: environment))
            made = HTTPNewsFetcher(
                endpoint: archive.endpoint, client: NewsAPIClient(http: archive.replay, timeout: settings.timeout),
                pageSize: archive.pageSize)
        } else {
            made = try settings.makeFetcher(http: http(environment))
        }
        return fetchers.withLock { fetchers in
            if let existing = fetchers[settings] { return existing }
            fetchers[settings] = made
            return made
        }
    }

    /// The image loader for pictures of `settings`' source: for an archive, one serving its
    /// recorded pictures; else the session's, downloading and keeping the images under the
    /// state folder's `cache/images`, as much as `SHOP_IMAGE_CACHE_SIZE` allows (while
    /// recording, a loader of its own without the disk cache, so every picture shown is
    /// fetched and lands in the archive).
    func images(for settings: NewsSourceSettings, environment: SessionEnvironment) throws(NewsError) -> ImageLoader {
        if settings.isArchive {
            _ = try archive(settings.source, at: Self.path(of: settings.source, in: environment))
            if let loader = archives.withLock({ $0[settings.source]?.images }) { return loader }
        }
        let http = http(environment)
        return imageLoader.withLock { loader in
            if let loader { return loader }
            let made = ImageLoader(
                client: NewsAPIClient(http: http),
                diskDirectory: http is HTTPArchiveRecorder ? nil : environment.stateDirectory + "/cache/images",
                diskCapacityBytes: ImageDiskCache.capacity(from: environment.variables))
            loader = made
            return made
        }
    }

    // MARK: Recording and replaying

    /// The archive `name` at `path`, read once and then kept (with a loader for its pictures);
    /// `reload` reads it again, for `news source FILE.har`.
    func archive(_ name: String, at path: String, reload: Bool = false) throws(NewsError) -> NewsArchive {
        if !reload, let loaded = archives.withLock({ $0[name]?.archive }) { return loaded }
        let archive = try NewsArchive.load(path: path, named: name)
        let images = ImageLoader(client: NewsAPIClient(http: archive.replay), fetchOrigin: .replayed)
        archives.withLock { $0[name] = (archive, images) }
        fetchers.withLock { fetchers in fetchers = fetchers.filter { $0.key.source != name } }
        return archive
    }

    /// Records every later request of the session into `writer` (in place of an earlier
    /// recording); fetchers and the image loader made before are dropped, so the next ones
    /// go through the recorder and fetch pictures even if they were cached.
    func startRecording(into writer: HTTPArchiveWriter, environment: SessionEnvironment) {
        let previous = recorder.withLock { recorder in
            defer {
                recorder = HTTPArchiveRecorder(recording: environment.http, into: writer, clock: environment.clock)
            }
            return recorder
        }
        try? previous?.writer.close()
        fetchers.withLock { $0.removeAll() }
        imageLoader.withLock { $0 = nil }
    }

    /// Why recording stopped, once, if it did.
    func takeRecordingProblem() -> HTTPArchiveWriterError? {
        recorder.withLock { $0 }?.takeProblem()
    }

    /// The session's way to servers: through the recorder while recording.
    private func http(_ environment: SessionEnvironment) -> any HTTPTransport {
        recorder.withLock { $0 } ?? environment.http
    }

    /// Where a source named in `news.source` lies when no command said (`state load`): the
    /// session's folder.
    private static func path(of name: String, in environment: SessionEnvironment) -> String {
        FilePath.resolve(name, relativeTo: environment.workingDirectory, home: environment.variables["HOME"])
    }
}
