#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileSystem {
    /// Refuses to write over anything but a regular file: `/dev/null`, a FIFO, a socket.
    ///
    /// A stopgap until ``writeAtomically(_:to:)`` refuses such targets itself; links are
    /// followed, as writing follows them. `name` is the path as the user gave it.
    public static func refuseNonRegularFile(_ path: String, named name: String) throws(NotRegularFileError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFREG else { return }
        throw NotRegularFileError(path: name, kind: describe(kind))
    }

    /// A file type in words.
    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}

/// A write refused because the path names a device, a FIFO, a folder…
public struct NotRegularFileError: Error, Equatable, CustomStringConvertible {
    /// The path as the user gave it.
    public var path: String
    /// What it names, in words: `a character device`.
    public var kind: String

    public init(path: String, kind: String) {
        self.path = path
        self.kind = kind
    }

    public var description: String { "cannot write '\(path)': not a regular file (\(kind))" }
}
