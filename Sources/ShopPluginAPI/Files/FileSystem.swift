import SystemFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing whole files with errors a person can act on.
///
/// Every write goes through ``writeAtomically(_:to:named:replacingExisting:)``: links
/// never written through, only regular files replaced, atomically.
public enum FileSystem {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, action: .read, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, action: .read, code: errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw FileError(path: path, action: .read, code: EISDIR) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(status.st_size)) + 1)
        // No larger than the file needs: a small file is read without touching 64 KiB.
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, max(4096, Int(status.st_size) + 1)))
        while true {
            let count = FileDescriptor(descriptor).read(into: &chunk, from: 0)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, action: .read, code: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Writes `bytes` to the file at `path`, atomically: the one routine every command that
    /// writes a file goes through.
    ///
    /// A symbolic link counts as an existing file, whether its target exists or not: it is
    /// refused unless `replacingExisting`, and then the link itself is replaced by the new
    /// file; its target is never written (nor created). Anything else but a regular file — a
    /// device such as `/dev/null`, a FIFO, a socket, a folder — is refused rather than
    /// replaced, and so is a file marked read-only, or any existing file unless
    /// `replacingExisting`. The bytes go to a temporary file in the target's folder, which is
    /// flushed to disk and renamed over the target, so a failed write leaves the old file as
    /// it was; the new file keeps the old one's permissions. `name` is the path as the user
    /// gave it, for messages. Without `flushing`, the rename is still atomic (a process killed
    /// at any moment leaves the old file or the new one) but nothing waits for the disk: for
    /// a file that keeps growing unflushed anyway, such as a recording. `followingLinks` is
    /// for rewriting in place a file just read (`shop test --update`): a link is followed to
    /// the existing file it ends at, which is the one replaced (never a target that is not there).
    ///
    /// A file the user asks for (`save`, `state save`, a handout) gets the permissions the
    /// umask gives, as with any tool; a file shop keeps for itself (`privately`: the plugin
    /// registry, trusted scripts, cached images) is the user's alone, 0600, whatever the umask.
    /// The temporary file is listed in ``TemporaryPaths`` until renamed, so a signal that ends
    /// shop removes it.
    public static func writeAtomically(
        _ bytes: [UInt8], to path: String, named name: String? = nil, replacingExisting: Bool = true,
        flushing: Bool = true, followingLinks: Bool = false, privately: Bool = false
    ) throws(FileError) {
        let shown = name ?? path
        let (target, existingMode) = try writableTarget(
            followingLinks ? try resolveLinks(path, shown: shown) : path, named: shown,
            replacingExisting: replacingExisting)
        let keptMode = privately ? mode_t(0o600) : existingMode
        let folder = FilePath.directory(of: target)
        let temporary =
            folder + "/." + FilePath.lastComponent(of: target) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = TemporaryPaths.creating(temporary) {
            open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privately ? 0o600 : 0o666)
        }
        guard descriptor >= 0 else { throw FileError(path: shown, action: .write, code: errno) }
        defer { TemporaryPaths.forget(temporary) }
        func fail(_ code: Int32) -> FileError {
            unlink(temporary)
            return FileError(path: shown, action: .write, code: code)
        }
        if let keptMode, fchmod(descriptor, keptMode) != 0 {
            let code = errno
            close(descriptor)
            throw fail(code)
        }
        var written = 0
        while written < bytes.count {
            let count = FileDescriptor(descriptor).write(bytes, from: written)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw fail(code)
            }
            written += count
        }
        if flushing && fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            throw fail(code)
        }
        guard close(descriptor) == 0 else { throw fail(errno) }
        guard rename(temporary, target) == 0 else { throw fail(errno) }
        if flushing { syncFolder(folder) }
    }

    /// Refuses, before anything is written, what ``writeAtomically(_:to:named:replacingExisting:)``
    /// would refuse: a device, FIFO or folder, a read-only or (unless `replacingExisting`) an
    /// existing file or link, a missing folder. For commands that should fail before they start work.
    public static func checkWritable(_ path: String, named name: String, replacingExisting: Bool = true)
        throws(FileError)
    {
        let (target, _) = try writableTarget(path, named: name, replacingExisting: replacingExisting)
        guard isDirectory(FilePath.directory(of: target)) else {
            throw FileError(path: name, action: .write, code: ENOENT)
        }
    }

    /// The file `path` writes to (the path itself: a link is replaced, never followed) and the
    /// permissions of the file it replaces (nil for a new file or a link); throws for anything
    /// writing must not replace.
    private static func writableTarget(_ path: String, named shown: String, replacingExisting: Bool)
        throws(FileError) -> (target: String, keptMode: mode_t?)
    {
        guard !path.isEmpty, !shown.isEmpty else { throw FileError(path: shown, action: .write, problem: .emptyName) }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT else { throw FileError(path: shown, action: .write, code: errno) }
            return (path, nil)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFLNK {
            guard replacingExisting else { throw FileError(path: shown, action: .write, problem: .symbolicLink) }
            return (path, nil)
        }
        guard kind == S_IFREG else {
            throw FileError(path: shown, action: .write, problem: .notRegularFile(Self.describe(kind)))
        }
        guard replacingExisting else { throw FileError(path: shown, action: .write, problem: .exists) }
        guard !isReadOnly(path) else { throw FileError(path: shown, action: .write, problem: .readOnly) }
        return (path, status.st_mode & 0o7777)
    }

    /// The existing file a chain of symbolic links at `path` ends at (`path` itself when it is
    /// none); a chain that ends at nothing is ``FileError/Problem/symbolicLink``.
    private static func resolveLinks(_ path: String, shown: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard current == path else { throw FileError(path: shown, action: .write, problem: .symbolicLink) }
                return current
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let target = PathCalls.linkTarget(of: current) else {
                throw FileError(path: shown, action: .write, code: errno)
            }
            current = target.hasPrefix("/") ? target : FilePath.directory(of: current) + "/" + target
        }
        throw FileError(path: shown, action: .write, code: ELOOP)
    }

    /// Flushes a folder's entries, so a rename in it survives a crash; best effort.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// A file type in words, for "not a regular file" messages.
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether the file at `path` is marked read-only (no write permission bit) or cannot be
    /// written by this process; the owner's intent counts even for root.
    private static func isReadOnly(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & 0o222 == 0 || access(path, W_OK) != 0
    }

    /// Whether `path` is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in a folder (without `.` and `..`), sorted; empty when it cannot be read.
    public static func contents(of folder: String) -> [String] {
        (FolderEntries.names(in: folder) ?? []).sorted()
    }

    /// A new empty folder under `$TMPDIR` (or `/tmp`), named after `prefix`.
    public static func makeTemporaryDirectory(prefix: String, environment: [String: String]) throws(FileError) -> String
    {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        guard let created = PathCalls.makeTemporaryFolder(template: base + "/" + prefix + "-XXXXXX") else {
            throw FileError(path: base, action: .write, code: errno)
        }
        return created
    }

    /// Deletes `path` and, for a folder, everything inside it; links are removed, not followed.
    public static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            for name in contents(of: path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Creates a folder and its parents, each the user's alone (0700, whatever the umask: shop
    /// makes folders only for what it keeps); true when it exists afterwards.
    @discardableResult
    public static func createDirectory(_ path: String) -> Bool {
        if isDirectory(path) { return true }
        let parent = FilePath.directory(of: path)
        if parent != path, !isDirectory(parent) { createDirectory(parent) }
        guard mkdir(path, 0o700) == 0 else { return isDirectory(path) }
        return chmod(path, 0o700) == 0
    }
}

/// A file that could not be read or written, with the reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
    /// What was being done.
    public enum Action: Sendable, Equatable {
        case read, write
    }

    /// What stood in the way.
    public enum Problem: Sendable, Equatable {
        /// The system refused, with this `errno` value.
        case system(Int32)
        /// The path names a device, a FIFO, a folder…: described in words.
        case notRegularFile(String)
        /// The file exists and the command does not replace files unless asked.
        case exists
        /// The file is marked read-only.
        case readOnly
        /// The file name is empty.
        case emptyName
        /// A symbolic link is where the file would be written, and the command does not
        /// replace files unless asked; its target, which may not exist, is never written.
        case symbolicLink
        /// The file holds more than the read may take, this many bytes.
        case tooLarge(limit: Int)
        /// Ctrl-C stopped the read.
        case interrupted
    }

    public var path: String
    public var action: Action
    public var problem: Problem

    public init(path: String, action: Action, problem: Problem) {
        self.path = path
        self.action = action
        self.problem = problem
    }

    /// A failure the system reported with `code` (an `errno` value).
    public init(path: String, action: Action, code: Int32) {
        self.init(path: path, action: action, problem: .system(code))
    }

    /// The same failure, naming the path as `name` (the path as the user wrote it).
    public func naming(_ name: String) -> FileError {
        var copy = self
        copy.path = name
        return copy
    }

    /// The `errno` value, for a failure the system reported (0 otherwise).
    public var code: Int32 {
        if case .system(let code) = problem { code } else { 0 }
    }

    /// The reason in words: `no such file`, `is a folder`, `not a regular file (a FIFO)`.
    public var reason: String {
        switch problem {
        case .notRegularFile(let kind): return "not a regular file (\(kind))"
        case .exists: return "the file exists; add --force to replace it"
        case .readOnly: return "the file is read-only"
        case .emptyName: return "empty file name"
        case .symbolicLink: return "a symbolic link is there; add --force to replace the link itself"
        case .tooLarge(let limit): return "larger than \(ByteCount.describe(limit)), the most that is read"
        case .interrupted: return "interrupted"
        case .system(let code):
            switch code {
            case ENOENT: return action == .write ? "no such folder" : "no such file"
            case EISDIR: return "is a folder"
            case EACCES, EPERM: return "permission denied"
            case ENOTDIR: return "a part of the path is not a folder"
            case EROFS: return "read-only file system"
            case ENOSPC: return "no space left on device"
            case ELOOP: return "too many levels of symbolic links"
            default: return String(cString: strerror(code)).lowercased()
            }
        }
    }

    public var description: String {
        if problem == .emptyName { return reason }
        return "cannot \(action == .read ? "read" : "write") '\(path)': \(reason)"
    }
}

/// A path as written (``text``) and made absolute (``absolute``), with the string
/// operations on slash-separated paths; the type of `path` arguments.
public struct FilePath: Sendable, Equatable {
    /// The path as the user wrote it, for messages.
    public var text: String
    /// The path made absolute against the running script's folder.
    public var absolute: String

    public init(text: String, absolute: String) {
        self.text = text
        self.absolute = absolute
    }

    /// `path` made absolute: `~/x` from `home`, relative paths from `base`.
    public static func resolve(_ path: String, relativeTo base: String, home: String?) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/"), let home { return home + path.dropFirst() }
        if path == "-" { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// The folder part of `path` (`.` when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The name after the last slash.
    public static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}
