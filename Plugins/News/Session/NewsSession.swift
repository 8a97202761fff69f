import ShopKit
import Synchronization

/// What one session of the news plugin keeps besides its `news.*` state keys.
///
/// Made on first use through `Invocation.sessionObject` and released with the session, so
/// sessions running side by side (`shop test`) never share a cache or a load:
/// - the ``repository``, whose guard refuses a second load while one is running;
/// - the page size and timeout of each source switched to (`news.source` holds only the
///   source's name), and one fetcher per setting, reused so HTTP connections stay open;
/// - the ``ImageLoader`` with its memory cache, and its disk cache under the state folder.
final class NewsSession: Sendable {
    /// Loads pages, one at a time.
    let repository = NewsRepository(fetcher: EmbeddedNewsFetcher())

    private let settingsBySource = Mutex<[String: NewsSourceSettings]>([:])
    private let fetchers = Mutex<[NewsSourceSettings: any NewsFetching]>([:])
    private let imageLoader = Mutex<ImageLoader?>(nil)

    /// The settings of `source`: as last given with `news source`, else the defaults.
    func settings(for source: String) -> NewsSourceSettings {
        settingsBySource.withLock { $0[source] } ?? NewsSourceSettings(source: source)
    }

    /// Remembers `settings` for their source.
    func remember(_ settings: NewsSourceSettings) {
        settingsBySource.withLock { $0[settings.source] = settings }
    }

    /// The fetcher for `settings` over `http`, made once and then reused.
    func fetcher(for settings: NewsSourceSettings, http: any HTTPTransport) throws(NewsError) -> any NewsFetching {
        if let fetcher = fetchers.withLock({ $0[settings] }) { return fetcher }
        let made = try settings.makeFetcher(http: http)
        return fetchers.withLock { fetchers in
            if let existing = fetchers[settings] { return existing }
            fetchers[settings] = made
            return made
        }
    }

    /// The session's image loader, downloading over `http` and keeping the images under
    /// `stateDirectory/cache/images`.
    func images(stateDirectory: String, http: any HTTPTransport) -> ImageLoader {
        imageLoader.withLock { loader in
            if let loader { return loader }
            let made = ImageLoader(
                client: NewsAPIClient(http: http), diskDirectory: stateDirectory + "/cache/images")
            loader = made
            return made
        }
    }
}
