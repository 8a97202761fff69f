import CCurl
import ShopPluginAPI

/// libcurl, opened with `dlopen` the first time a request needs it.
enum CurlLibrary {
    /// The Debian package that holds `libcurl.so.4`.
    static let package = "libcurl4"

    /// Opens `name` once per process (later calls with the same name cost a lock); throws
    /// ``HTTPError/libraryMissing(package:)`` when it cannot be opened or lacks a function.
    static func load(_ name: String) throws(HTTPError) {
        guard ccurl_load(name) == 1 else { throw .libraryMissing(package: package) }
    }
}
