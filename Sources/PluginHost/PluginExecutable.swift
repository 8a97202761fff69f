import Glibc
import ShopPluginAPI

/// A plugin's executable as `plugin add` finds it and the manifest cache recognises it: its
/// absolute path, size and modification time.
///
/// ```swift
/// let promo = try PluginExecutable.locate("promo", path: "/usr/bin:/usr/local/bin", workingDirectory: cwd)
/// promo.fingerprint   // (size, modified) — compared with a stat at start, nothing spawned
/// ```
public struct PluginExecutable: Sendable, Equatable {
    /// The absolute path.
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time, in nanoseconds since 1970.
    public var modified: Int64

    /// Finds what `plugin add WORD` names: a path (it has a `/`) relative to
    /// `workingDirectory`, or a name looked up as `shop-plugin-NAME` on `path` (the `PATH`
    /// variable).
    public static func locate(_ word: String, path: String?, workingDirectory: String, home: String?)
        throws(PluginLocateError) -> PluginExecutable
    {
        guard word.contains("/") || word.hasPrefix("~") else {
            let file = "shop-plugin-" + word
            for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
                let candidate = FilePath.resolve(String(folder) + "/" + file, relativeTo: workingDirectory, home: home)
                if access(candidate, X_OK) == 0, !FileSystem.isDirectory(candidate) {
                    return try inspect(normalized(candidate), as: word)
                }
            }
            throw .notOnPath(word: word, file: file)
        }
        return try inspect(normalized(FilePath.resolve(word, relativeTo: workingDirectory, home: home)), as: word)
    }

    /// The absolute `path` without `.` and `..` components or doubled slashes, read as written
    /// (symbolic links are kept: a link updated to a new version stays the registered path).
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The executable at the absolute `path`, checked; `word` is how the user named it.
    public static func inspect(_ path: String, as word: String? = nil) throws(PluginLocateError) -> PluginExecutable {
        let word = word ?? path
        var status = stat()
        guard stat(path, &status) == 0 else { throw .missing(word: word) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .folder(word: word) }
        guard status.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else { throw .notExecutable(word: word) }
        return PluginExecutable(
            path: path, size: Int64(status.st_size), modified: modificationTime(of: status))
    }

    /// A file's modification time in nanoseconds since 1970.
    private static func modificationTime(of status: stat) -> Int64 {
        Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    /// Whether the file at ``path`` still has this size and modification time (one `stat`).
    public var isUnchanged: Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return Int64(status.st_size) == size && Self.modificationTime(of: status) == modified
    }
}

/// Why `plugin add` cannot use what it was given.
public enum PluginLocateError: Error, Equatable, CustomStringConvertible {
    case missing(word: String)
    case folder(word: String)
    case notExecutable(word: String)
    case notOnPath(word: String, file: String)

    public var description: String {
        switch self {
        case .missing(let word): "no such file '\(word)'"
        case .folder(let word): "'\(word)' is a folder, not a plugin executable"
        case .notExecutable(let word): "'\(word)' is not executable (chmod +x '\(word)')"
        case .notOnPath(let word, let file): "no plugin '\(word)': no executable '\(file)' on PATH"
        }
    }
}
