import ShopRuntime
import ShopSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File-system checks made before SQLite sees a history file, so that a file that is not a
/// SQLite database is never handed to SQLite, and failures read as one clear reason.
///
/// Nothing here writes to an existing file: it creates missing folders (mode 0700) and, when
/// the file does not exist, an empty one (mode 0600, as history may hold secrets), whatever the
/// umask. SQLite gives the write-ahead log and its index the database file's mode.
enum DatabaseFile {
    /// Which file a path names: its device and inode.
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    /// The file `path` names now, or nil when there is none.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether the file at `path` starts with the SQLite header (one short read).
    static func startsAsDatabase(_ path: String) -> Bool {
        let (prefix, error) = readPrefix(of: path, count: SQLiteConnection.fileHeader.count)
        return error == 0 && prefix == SQLiteConnection.fileHeader
    }

    /// Makes `path` ready for SQLite: its folder exists and is writable, and the file is either
    /// new (empty) or starts with the SQLite header and is readable and writable.
    ///
    /// - Throws: ``HistoryError/unavailable(path:reason:)`` naming what is wrong.
    static func prepare(path: String) throws(HistoryError) {
        func unavailable(_ reason: String) -> HistoryError { .unavailable(path: path, reason: reason) }

        guard !path.isEmpty else { throw unavailable("the path is empty") }
        guard !path.hasSuffix("/") else { throw unavailable("the path names a folder, not a file") }

        let folder = parentFolder(of: path)
        if let problem = createFolders(folder) { throw unavailable(problem) }
        if faccessat(AT_FDCWD, folder, W_OK | X_OK, AT_EACCESS) != 0 {
            throw unavailable("its folder '\(folder)' is not writable (\(errorText(errno)))")
        }

        var info = stat()
        if stat(path, &info) != 0 {
            let error = errno
            guard error == ENOENT else { throw unavailable("cannot inspect the file (\(errorText(error)))") }
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                fchmod(descriptor, 0o600)
                close(descriptor)
                return
            }
            let createError = errno
            // Another process created it first: check it like any existing file.
            guard createError == EEXIST, stat(path, &info) == 0 else {
                throw unavailable("cannot create the file (\(errorText(createError)))")
            }
        }

        guard (info.st_mode & S_IFMT) == S_IFREG else { throw unavailable("it is not a regular file") }
        if faccessat(AT_FDCWD, path, R_OK | W_OK, AT_EACCESS) != 0 {
            throw unavailable("the file is not readable and writable (\(errorText(errno)))")
        }
        guard info.st_size > 0 else { return }  // an empty file is a new database

        let (prefix, readError) = readPrefix(of: path, count: SQLiteConnection.fileHeader.count)
        guard readError == 0 else { throw unavailable("cannot read the file (\(errorText(readError)))") }
        guard prefix == SQLiteConnection.fileHeader else { throw unavailable("it is not an SQLite database") }
    }

    /// The folder part of `path`: "." for a bare file name, "/" for a file at the root.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// Creates `folder` and its missing ancestors; returns what went wrong, or `nil`.
    private static func createFolders(_ folder: String) -> String? {
        var info = stat()
        if stat(folder, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "'\(folder)' is not a folder"
        }
        let error = errno
        // ENOTDIR: an ancestor is a file, which the recursion below names.
        guard error == ENOENT || error == ENOTDIR else {
            return "cannot inspect folder '\(folder)' (\(errorText(error)))"
        }
        let parent = parentFolder(of: folder)
        if parent != folder, let problem = createFolders(parent) { return problem }
        if mkdir(folder, 0o700) == 0 {
            chmod(folder, 0o700)
        } else if errno != EEXIST {
            return "cannot create folder '\(folder)' (\(errorText(errno)))"
        }
        return nil
    }

    /// Up to `count` bytes from the start of the file at `path`, or the `errno` of the failure.
    private static func readPrefix(of path: String, count: Int) -> (bytes: [UInt8], error: Int32) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return ([], errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            let wanted = count - bytes.count
            let got = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, wanted) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return ([], errno) }
            if got == 0 { break }
            bytes += chunk.prefix(got)
        }
        return (bytes, 0)
    }

    /// The system's text for an `errno` value, e.g. "Permission denied".
    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
