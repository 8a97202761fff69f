import Glibc
import ShopPluginAPI
import ShopTestSupport
import Testing

/// Reading a file in parts, and noticing when it changes under the reader.
@Suite struct FileReaderTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "file-reader")
    }

    private func read(_ file: FileReader, at offset: Int, count: Int) throws -> String {
        String(decoding: try file.bytes(count: count, at: offset), as: UTF8.self)
    }

    @Test func partsAreReadAtAnyOffsetUpToTheSize() throws {
        let file = try FileReader(path: try folder.write("0123456789", to: "digits"))
        #expect(file.size == 10)
        #expect(try read(file, at: 3, count: 4) == "3456")
        #expect(try read(file, at: 8, count: 4) == "89")
        #expect(try read(file, at: 10, count: 4) == "")
        #expect(try file.readAll() == Array("0123456789".utf8))
        try file.checkUnchanged()
    }

    @Test func aFileTruncatedAfterItWasOpenedHasChanged() throws {
        let path = try folder.write("0123456789", to: "digits")
        let file = try FileReader(path: path)
        #expect(truncate(path, 4) == 0)
        #expect(try read(file, at: 0, count: 4) == "0123")
        #expect(throws: FileReader.Failure.changed) { try read(file, at: 0, count: 8) }
        #expect(throws: FileReader.Failure.changed) { try file.readAll() }
        #expect(throws: FileReader.Failure.changed) { try file.checkUnchanged() }
    }

    @Test func aFileThatGrewHasChanged() throws {
        let path = try folder.write("0123456789", to: "digits")
        let file = try FileReader(path: path)
        try folder.write("0123456789 and more", to: "digits")
        #expect(try file.readAll() == Array("0123456789".utf8))
        #expect(throws: FileReader.Failure.changed) { try file.checkUnchanged() }
    }

    @Test func aFileRewrittenInPlaceWithTheSameSizeHasChanged() throws {
        let path = try folder.write("0123456789", to: "digits")
        let file = try FileReader(path: path)
        try folder.write("abcdefghij", to: "digits")
        // The clock the kernel stamps files with may not have moved yet: move the time on.
        let later = time(nil) + 5
        var times = [timespec(tv_sec: later, tv_nsec: 0), timespec(tv_sec: later, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(throws: FileReader.Failure.changed) { try file.checkUnchanged() }
    }

    @Test func aFileReplacedByARenameIsStillTheOneThatWasOpened() throws {
        let path = try folder.write("0123456789", to: "digits")
        let file = try FileReader(path: path)
        try FileSystem.writeAtomically(Array("new".utf8), to: path)
        #expect(try file.readAll() == Array("0123456789".utf8))
        try file.checkUnchanged()
    }

    @Test func aFileThatCannotBeReadAtAnOffsetIsReadWholeWhenOpened() throws {
        let file = try FileReader(path: "/proc/self/status")
        #expect(file.size > 0)
        #expect(try read(file, at: 0, count: 5) == "Name:")
        try file.checkUnchanged()
    }

    @Test(arguments: [("missing", ENOENT), ("", EISDIR)])
    func aMissingFileOrAFolderIsAFileError(name: String, code: Int32) {
        let path = folder.path + "/" + name
        #expect(throws: FileError(path: path, action: .read, code: code)) { try FileReader(path: path) }
    }
}
