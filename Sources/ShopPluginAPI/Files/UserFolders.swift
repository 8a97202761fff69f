#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where shop keeps what outlives a session, by the XDG Base Directory rules: history in the
/// state folder, plugin and trust lists in the data folder, caches in the cache folder. The
/// one rule for all of them.
///
/// Each is `$XDG_…_HOME/shop` when that variable holds an absolute path, else under the home
/// folder: `HOME`, or the password database's entry for this user when `HOME` is unset (cron,
/// `env -i`). With no home at all there is no folder: never a shared one such as
/// `/tmp/.local/state`, where another user could plant a link and read what is kept.
///
/// ```swift
/// let folders = UserFolders(environment: ["HOME": "/home/ann"])
/// folders.state   // "/home/ann/.local/state/shop"
/// ```
public struct UserFolders: Sendable, Equatable {
    /// The home folder, nil when neither `HOME` nor the password database gives one.
    public var home: String?
    /// `$XDG_STATE_HOME/shop`, else `~/.local/state/shop`: history.
    public var state: String?
    /// `$XDG_DATA_HOME/shop`, else `~/.local/share/shop`: the plugin registry, trusted scripts.
    public var data: String?
    /// `$XDG_CACHE_HOME/shop`, else `~/.cache/shop`.
    public var cache: String?

    /// The folders for `environment`; `passwordHome` is asked only when `HOME` is unset, empty
    /// or relative (a relative or empty `XDG_…_HOME` is ignored, as the XDG spec asks).
    public init(environment: [String: String], passwordHome: () -> String? = UserFolders.passwordDatabaseHome) {
        let home = environment["HOME"].flatMap(Self.absolute) ?? passwordHome().flatMap(Self.absolute)
        func folder(_ variable: String, _ fallback: String) -> String? {
            if let base = environment[variable].flatMap(Self.absolute) {
                return FilePath.resolve("shop", relativeTo: base, home: nil)
            }
            return home.map { FilePath.resolve(fallback + "/shop", relativeTo: $0, home: nil) }
        }
        self.home = home
        state = folder("XDG_STATE_HOME", ".local/state")
        data = folder("XDG_DATA_HOME", ".local/share")
        cache = folder("XDG_CACHE_HOME", ".cache")
    }

    /// This user's home folder in the password database (`getpwuid`), when it is an existing
    /// folder: a system account's `/nonexistent` is no home.
    public static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return FileSystem.isDirectory(home) ? home : nil
    }

    private static func absolute(_ path: String) -> String? {
        path.hasPrefix("/") ? path : nil
    }
}
