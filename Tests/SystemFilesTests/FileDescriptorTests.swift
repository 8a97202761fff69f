import Glibc
import SystemFiles
import Testing

/// Each call moves bytes only inside the array it is given, from the index it is told, and
/// answers as the system call does.
@Suite struct FileDescriptorTests {
    let folder: TestFolder

    init() throws {
        folder = try TestFolder()
    }

    @Test func aReadFillsTheArrayFromItsStartIndexAndLeavesTheRest() throws {
        let file = try folder.open(writing: "abcdef", to: "letters")
        defer { close(file.raw) }
        var bytes = [UInt8](repeating: 0x2E, count: 5)
        #expect(file.read(into: &bytes, from: 2) == 3)
        #expect(bytes == Array("..abc".utf8))
        #expect(file.read(into: &bytes, from: 5) == 0)
        #expect(file.read(into: &bytes, from: 0) == 3)
        #expect(bytes == Array("def".utf8) + Array("bc".utf8))
        #expect(file.read(into: &bytes, from: 0) == 0)
    }

    @Test func aWriteSendsTheArrayFromItsStartIndex() throws {
        let path = folder.path + "/written"
        let file = FileDescriptor(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
        #expect(file.raw >= 0)
        #expect(file.write(Array("0123456789".utf8), from: 6) == 4)
        #expect(file.write(Array("01".utf8), from: 2) == 0)
        close(file.raw)
        #expect(try folder.contents(of: "written") == "6789")
    }

    @Test func aRefusedCallAnswersMinusOneWithErrno() throws {
        let folderDescriptor = FileDescriptor(open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        defer { close(folderDescriptor.raw) }
        var bytes = [UInt8](repeating: 0, count: 4)
        #expect(folderDescriptor.read(into: &bytes, from: 0) == -1)
        #expect(errno == EISDIR)
        #expect(bytes == [0, 0, 0, 0])
    }

    @Test func aPositionalReadGivesTheBytesOrWhereTheFileEnded() throws {
        let file = try folder.open(writing: "0123456789", to: "digits")
        defer { close(file.raw) }
        #expect(file.read(count: 4, atOffset: 3) == .read(Array("3456".utf8)))
        #expect(file.read(count: 8, atOffset: 5) == .ended(after: 5))
        #expect(file.read(count: 0, atOffset: 0) == .read([]))
        #expect(file.read(count: 2, atOffset: 10) == .ended(after: 0))
        // The descriptor's own offset did not move.
        var bytes = [UInt8](repeating: 0, count: 2)
        #expect(file.read(into: &bytes, from: 0) == 2)
        #expect(bytes == Array("01".utf8))
        let folderDescriptor = FileDescriptor(open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        defer { close(folderDescriptor.raw) }
        #expect(folderDescriptor.read(count: 4, atOffset: 0) == .failed(EISDIR))
    }
}
