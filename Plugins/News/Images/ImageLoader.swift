import ShopPluginAPI

/// Loads images by URL through a memory cache, a disk cache and one shared download.
///
/// - `embedded://images/NAME` URLs come from ``EmbeddedImages``; `http`/`https` URLs from
///   the injected ``NewsAPIClient`` (over the session's HTTP transport).
/// - The memory cache is bounded in bytes and evicts the least recently used image
///   (``ImageMemoryCache``); the optional disk cache survives restarts and is bounded the
///   same way (``ImageDiskCache``).
/// - Concurrent loads of one URL share one download. Each caller can leave at any time
///   (its task is cancelled): it gets ``NewsError/cancelled(url:)`` at once, and when the
///   last caller leaves, the download itself is cancelled.
/// - Bytes that are not a PNG, JPEG, GIF or WebP image fail with
///   ``NewsError/notAnImage(detected:url:)`` and are cached nowhere.
///
/// ```swift
/// let loader = ImageLoader(client: NewsAPIClient(http: http), memoryCapacityBytes: 16 << 20, diskDirectory: cacheDir)
/// let image = try await loader.load("embedded://images/launch.png")
/// print(image.header, image.byteCount, image.origin)   // PNG 48×32 239 embedded
/// ```
public actor ImageLoader {
    /// The default memory budget: 32 MB.
    public static let defaultMemoryCapacityBytes = 32 * 1024 * 1024

    private let client: NewsAPIClient
    /// Where the client's answers come from: the network, or an archive replayed.
    private let fetchOrigin: ImageOrigin
    private var memory: ImageMemoryCache
    private let disk: ImageDiskCache?

    private typealias Waiter = CheckedContinuation<Result<LoadedImage, NewsError>, Never>

    /// A download in flight and the callers waiting for it.
    private struct Download {
        var id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter] = [:]
    }

    private var downloads: [String: Download] = [:]
    private var nextID: UInt64 = 0

    /// A loader downloading through `client`, keeping up to `memoryCapacityBytes` in memory
    /// and, when `diskDirectory` is given, the most recently used images on disk there, up to
    /// `diskCapacityBytes`.
    /// `fetchOrigin` says where the client's answers come from (``ImageOrigin/replayed`` for
    /// a client over an archive).
    public init(
        client: NewsAPIClient, fetchOrigin: ImageOrigin = .network,
        memoryCapacityBytes: Int = ImageLoader.defaultMemoryCapacityBytes, diskDirectory: String? = nil,
        diskCapacityBytes: Int = ImageDiskCache.defaultCapacityBytes
    ) {
        self.client = client
        self.fetchOrigin = fetchOrigin
        self.memory = ImageMemoryCache(capacityBytes: memoryCapacityBytes)
        self.disk = diskDirectory.map { ImageDiskCache(directory: $0, capacityBytes: diskCapacityBytes) }
    }

    /// The image at `url`, from the first place that has it: memory, embedded images, disk,
    /// or a download (shared with concurrent callers for the same URL).
    public func load(_ url: String) async throws(NewsError) -> LoadedImage {
        let source = try Self.source(of: url)
        if let (data, header) = memory.image(for: url) {
            return LoadedImage(url: url, data: data, header: header, origin: .memory)
        }
        switch source {
        case .embedded(let data):
            let header = try ImageHeader(parsing: data, url: url)
            memory.insert(data, header: header, for: url)
            return LoadedImage(url: url, data: data, header: header, origin: .embedded)
        case .network(let remote):
            if let data = disk?.data(for: url) {
                if let header = try? ImageHeader(parsing: data, url: url) {
                    memory.insert(data, header: header, for: url)
                    return LoadedImage(url: url, data: data, header: header, origin: .disk)
                }
                disk?.remove(url)
            }
            return try await join(url, remote: remote)
        }
    }

    /// Bytes held in memory now.
    public var memoryBytes: Int { memory.totalBytes }

    /// URLs held in memory, least recently used first.
    public var memoryURLs: [String] { memory.urls }

    /// How many downloads are in flight.
    public var downloadsInFlight: Int { downloads.count }

    // MARK: - Shared downloads

    /// Waits for the download of `url`, starting it if nobody else has.
    private func join(_ url: String, remote: String) async throws(NewsError) -> LoadedImage {
        nextID += 1
        let waiterID = nextID
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                if downloads[url] == nil {
                    start(url, remote: remote)
                }
                downloads[url]?.waiters[waiterID] = waiter
                if Task.isCancelled {
                    leave(url, waiter: waiterID)
                }
            }
        } onCancel: {
            Task { await self.leave(url, waiter: waiterID) }
        }
        return try result.get()
    }

    private func start(_ url: String, remote: String) {
        nextID += 1
        let downloadID = nextID
        downloads[url] = Download(id: downloadID)
        let client = client
        downloads[url]?.task = Task {
            let result: Result<HTTPResponse, NewsError>
            do throws(NewsError) {
                result = .success(try await client.get(remote))
            } catch {
                result = .failure(error)
            }
            self.finish(url, download: downloadID, with: result)
        }
    }

    /// Answers one waiter with `cancelled`; cancels the download when nobody waits any more.
    private func leave(_ url: String, waiter waiterID: UInt64) {
        guard let waiter = downloads[url]?.waiters.removeValue(forKey: waiterID) else { return }
        waiter.resume(returning: .failure(.http(.cancelled(url: url))))
        if downloads[url]?.waiters.isEmpty == true {
            downloads[url]?.task?.cancel()
            downloads[url] = nil
        }
    }

    /// Caches a finished download and answers everyone waiting for it.
    private func finish(_ url: String, download downloadID: UInt64, with result: Result<HTTPResponse, NewsError>) {
        guard let download = downloads[url], download.id == downloadID else { return }
        downloads[url] = nil
        let outcome = result.flatMap { response -> Result<LoadedImage, NewsError> in
            do throws(NewsError) {
                let header = try ImageHeader(parsing: response.body, url: url)
                return .success(LoadedImage(url: url, data: response.body, header: header, origin: fetchOrigin))
            } catch {
                return .failure(error)
            }
        }
        if case .success(let image) = outcome {
            memory.insert(image.data, header: image.header, for: url)
            disk?.store(image.data, for: url)
        }
        for waiter in download.waiters.values {
            waiter.resume(returning: outcome)
        }
    }

    // MARK: - URLs

    private enum Source {
        case embedded([UInt8])
        case network(String)
    }

    private static func source(of url: String) throws(NewsError) -> Source {
        let parsed: WebURL
        do throws(WebURL.ParseError) {
            parsed = try WebURL(parsing: url)
        } catch {
            throw .invalidURL(url, reason: error.reason)
        }
        switch parsed.scheme {
        case EmbeddedImages.scheme:
            guard let data = EmbeddedImages.bytes(at: parsed) else {
                throw .invalidURL(url, reason: "no embedded image named '\(parsed.lastPathComponent)'")
            }
            return .embedded(data)
        case "http", "https":
            return .network(parsed.description)
        default:
            throw .invalidURL(url, reason: "scheme '\(parsed.scheme)' is not http, https or \(EmbeddedImages.scheme)")
        }
    }
}
