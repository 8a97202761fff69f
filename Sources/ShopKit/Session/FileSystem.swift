#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing whole files with errors a person can act on.
///
/// Writes are atomic: the bytes go to a temporary file in the same folder, which then
/// replaces the target by rename, so a failed write leaves the old file as it was.
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
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, action: .read, code: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Replaces (or creates) the file at `path` with `bytes`, atomically; a file marked
    /// read-only is refused rather than replaced.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        if isReadOnly(path) { throw FileError(path: path, action: .write, code: EACCES) }
        let folder = FilePath.directory(of: path)
        let temporary =
            folder + "/." + FilePath.lastComponent(of: path) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, action: .write, code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw FileError(path: path, action: .write, code: code)
            }
            written += count
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let code = errno
            unlink(temporary)
            throw FileError(path: path, action: .write, code: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError(path: path, action: .write, code: code)
        }
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether the file at `path` is marked read-only (no write permission bit) or cannot be
    /// written by this process; the owner's intent counts even for root.
    public static func isReadOnly(_ path: String) -> Bool {
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
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A new empty folder under `$TMPDIR` (or `/tmp`), named after `prefix`.
    public static func makeTemporaryDirectory(prefix: String, environment: [String: String]) throws(FileError) -> String
    {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard created != nil else { throw FileError(path: base, action: .write, code: errno) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

    /// Creates a folder and its parents; true when it exists afterwards.
    @discardableResult
    public static func createDirectory(_ path: String) -> Bool {
        if isDirectory(path) { return true }
        let parent = FilePath.directory(of: path)
        if parent != path, !isDirectory(parent) { createDirectory(parent) }
        return mkdir(path, 0o755) == 0 || isDirectory(path)
    }
}

/// A file that could not be read or written, with the system's reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
    /// What was being done.
    public enum Action: Sendable, Equatable {
        case read, write
    }

    public var path: String
    public var action: Action
    /// The `errno` value.
    public var code: Int32

    public init(path: String, action: Action, code: Int32) {
        self.path = path
        self.action = action
        self.code = code
    }

    /// The reason in words: `no such file`, `is a folder`, `permission denied`.
    public var reason: String {
        switch code {
        case ENOENT: "no such file"
        case EISDIR: "is a folder"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a part of the path is not a folder"
        case EROFS: "read-only file system"
        case ENOSPC: "no space left on device"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    public var description: String {
        "cannot \(action == .read ? "read" : "write") '\(path)': \(reason)"
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
