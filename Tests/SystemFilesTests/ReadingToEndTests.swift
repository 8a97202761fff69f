import Glibc
import SystemFiles
import Testing

/// A read to the end takes a file of the expected size, one that is longer, and a stream, and
/// stops at the limit, on a refusal and on cancellation.
@Suite struct ReadingToEndTests {
    let folder: TestFolder

    init() throws {
        folder = try TestFolder()
    }

    private func readToEnd(_ file: FileDescriptor, expectedSize: Int, limit: Int = 1 << 20) -> FileDescriptor.ReadToEnd
    {
        file.readToEnd(expectedSize: expectedSize, limit: limit, chunkBytes: 3, waitMilliseconds: 100)
    }

    @Test(arguments: [0, 4, 10, 11, 64])
    func aFileIsReadWholeWhateverSizeWasExpected(expectedSize: Int) throws {
        let file = try folder.open(writing: "0123456789", to: "digits")
        defer { close(file.raw) }
        #expect(readToEnd(file, expectedSize: expectedSize) == .read(Array("0123456789".utf8)))
    }

    @Test(arguments: [0, 10])
    func moreThanTheLimitIsRefused(expectedSize: Int) throws {
        let file = try folder.open(writing: "0123456789", to: "digits")
        defer { close(file.raw) }
        #expect(readToEnd(file, expectedSize: expectedSize, limit: 9) == .tooLarge)
    }

    @Test func aStreamIsReadToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = Array("through a pipe".utf8)
        #expect(FileDescriptor(ends[1]).write(text, from: 0) == text.count)
        close(ends[1])
        defer { close(ends[0]) }
        #expect(readToEnd(FileDescriptor(ends[0]), expectedSize: 0) == .read(text))
    }

    @Test func aRefusedReadGivesItsErrno() throws {
        let folderDescriptor = FileDescriptor(open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        defer { close(folderDescriptor.raw) }
        #expect(readToEnd(folderDescriptor, expectedSize: 0) == .failed(EISDIR))
    }

    @Test func aCancelledReadStopsThoughNothingComes() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let reading = FileDescriptor(ends[0])
        let task = Task { reading.readToEnd(expectedSize: 0, limit: 100, chunkBytes: 16, waitMilliseconds: 10) }
        task.cancel()
        #expect(await task.value == .cancelled)
    }
}
