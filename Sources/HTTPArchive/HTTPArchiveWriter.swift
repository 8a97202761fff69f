import ShopPluginAPI
import Synchronization

/// An HTTP archive file being recorded: complete after every ``append(_:)``, so a session
/// that is killed leaves a valid archive of every exchange that finished.
///
/// The file is created atomically with no entries; each entry is added by one write that
/// replaces the closing tail with `,\n ENTRY` and the tail again (``RecordingFile``).
/// Appending stops with an error once the archive would pass ``HTTPArchive/maximumBytes``.
///
/// ```swift
/// let writer = try HTTPArchiveWriter.create(at: path, named: "talk.har", creator: "shop", version: "1.0", started: now)
/// try writer.append(entry)
/// ```
public final class HTTPArchiveWriter: Sendable {
    private let file: RecordingFile
    private let count = Mutex(0)

    private init(file: RecordingFile) {
        self.file = file
    }

    /// The path as the user gave it.
    public var name: String { file.name }

    /// Creates (or replaces) an empty archive at `path`; `name` is the path as the user gave it.
    ///
    /// - Throws: ``FileError`` when the file cannot be written (a device, a missing folder…).
    public static func create(
        at path: String, named name: String, creator: String, version: String, title: String, started: Double
    ) throws(FileError) -> HTTPArchiveWriter {
        let text =
            HTTPArchive.head(creator: creator, version: version, title: title, started: started) + HTTPArchive.tail
        return HTTPArchiveWriter(file: try RecordingFile.create(at: path, named: name, with: Array(text.utf8)))
    }

    /// Adds `entry` at the end of the archive.
    public func append(_ entry: HTTPArchive.Entry) throws(HTTPArchiveWriterError) {
        let line = HTTPArchive.encodedBytes(entry)
        let tail = Array(HTTPArchive.tail.utf8)
        try count.withLock { count throws(HTTPArchiveWriterError) in
            let separator: [UInt8] = count == 0 ? [0x0A] : Array(",\n".utf8)
            let size = file.size
            guard size + separator.count + line.count <= HTTPArchive.maximumBytes else {
                throw .full(file: file.name)
            }
            do throws(FileError) {
                try file.rewrite(from: size - tail.count, with: separator + line + tail)
            } catch {
                throw .file(error)
            }
            count += 1
        }
    }

    /// How many entries the archive holds.
    public var entryCount: Int { count.withLock { $0 } }

    /// Flushes the archive to disk and closes it.
    public func close() throws(FileError) {
        try file.close()
    }
}

/// Why an exchange could not be added to an archive being recorded.
public enum HTTPArchiveWriterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Adding it would pass ``HTTPArchive/maximumBytes``.
    case full(file: String)
    /// The file could not be written.
    case file(FileError)

    public var description: String {
        switch self {
        case .full(let file):
            "'\(file)' would pass \(HTTPArchive.maximumBytes / (1024 * 1024)) MB; recording stopped"
        case .file(let error): "\(error); recording stopped"
        }
    }
}
