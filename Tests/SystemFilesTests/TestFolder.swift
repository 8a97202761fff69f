import Glibc
import SystemFiles

/// A new folder for one test, removed when the test ends.
final class TestFolder {
    let path: String

    init() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        guard let path = PathCalls.makeTemporaryFolder(template: base + "/system-files-XXXXXX") else {
            throw TestFolderError(code: errno)
        }
        self.path = path
    }

    deinit {
        for name in FolderEntries.names(in: path) ?? [] { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// Writes `text` to the file `name` in the folder and answers its path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        let descriptor = FileDescriptor(Glibc.open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600))
        guard descriptor.raw >= 0 else { throw TestFolderError(code: errno) }
        defer { close(descriptor.raw) }
        let bytes = Array(text.utf8)
        guard descriptor.write(bytes, from: 0) == bytes.count else { throw TestFolderError(code: errno) }
        return file
    }

    /// Writes `text` to the file `name` and opens it for reading.
    func open(writing text: String, to name: String) throws -> FileDescriptor {
        let descriptor = FileDescriptor(Glibc.open(try write(text, to: name), O_RDONLY | O_CLOEXEC))
        guard descriptor.raw >= 0 else { throw TestFolderError(code: errno) }
        return descriptor
    }

    /// The text of the file `name` in the folder.
    func contents(of name: String) throws -> String {
        let descriptor = FileDescriptor(Glibc.open(path + "/" + name, O_RDONLY | O_CLOEXEC))
        guard descriptor.raw >= 0 else { throw TestFolderError(code: errno) }
        defer { close(descriptor.raw) }
        guard
            case .read(let bytes) = descriptor.readToEnd(
                expectedSize: 0, limit: 1 << 20, chunkBytes: 4096, waitMilliseconds: 100)
        else { throw TestFolderError(code: errno) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A test folder's set-up failed with this `errno` value.
struct TestFolderError: Error {
    let code: Int32
}
