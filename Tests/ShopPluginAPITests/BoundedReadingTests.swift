import Glibc
import ShopPluginAPI
import ShopTestSupport
import ShopValues
import Testing

/// Reads of data a user names: regular files and streams only, within a limit, and stopped
/// by a cancelled task.
@Suite struct BoundedReadingTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "bounded-read")
    }

    private func failure(_ body: () throws(FileError) -> [UInt8]) -> FileError.Problem? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func aFileIsReadWholeUpToItsLimitAndRefusedPastIt() throws {
        let path = try folder.write("0123456789", to: "digits")
        #expect(try FileSystem.readRegularFile(path, limit: 10) == Array("0123456789".utf8))
        #expect(
            failure { () throws(FileError) in try FileSystem.readRegularFile(path, limit: 9) } == .tooLarge(limit: 9))
    }

    @Test func devicesFIFOsAndFoldersAreRefusedByTheirType() throws {
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        // No writer: opening the FIFO for reading would wait for one.
        #expect(
            failure { () throws(FileError) in try FileSystem.readRegularFile(folder.path + "/fifo") }
                == .notRegularFile("a FIFO"))
        #expect(
            failure { () throws(FileError) in try FileSystem.readRegularFile("/dev/zero") }
                == .notRegularFile("a character device"))
        #expect(failure { () throws(FileError) in try FileSystem.readRegularFile(folder.path) } == .system(EISDIR))
    }

    @Test func aLinkToAFileIsRead() throws {
        try folder.write("linked", to: "target")
        #expect(symlink("target", folder.path + "/link") == 0)
        #expect(try FileSystem.readRegularFile(folder.path + "/link") == Array("linked".utf8))
    }

    /// The read end of a pipe that holds `text` and whose write end is closed.
    private func stream(holding text: String) -> Int32 {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        _ = Array(text.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        return ends[0]
    }

    @Test func aStreamIsReadToItsEndWithinItsLimit() throws {
        let reading = stream(holding: "streamed")
        defer { close(reading) }
        #expect(try FileSystem.readStream(reading, named: "<stdin>", limit: 8) == Array("streamed".utf8))
    }

    @Test func aStreamPastItsLimitIsRefused() throws {
        let reading = stream(holding: "streamed")
        defer { close(reading) }
        #expect(
            failure { () throws(FileError) in try FileSystem.readStream(reading, named: "<stdin>", limit: 7) }
                == .tooLarge(limit: 7))
    }

    @Test func aCancelledTaskStopsAReadThatWaitsForData() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let reading = ends[0]
        // The write end stays open and silent: the read would wait for ever.
        let task = Task.detached { () -> FileError.Problem? in
            do throws(FileError) {
                _ = try FileSystem.readStream(reading, named: "<stdin>")
                return nil
            } catch {
                return error.problem
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value == .interrupted)
    }

    @Test(arguments: [
        ("1000", 1000), ("500KB", 500 << 10), ("20 MB", 20 << 20), ("1GB", 1 << 30), ("2GiB", 2 << 30), ("3k", 3 << 10),
        ("7b", 7), ("12m", 12 << 20),
    ])
    func sizesAreReadAsPeopleWriteThem(text: String, bytes: Int) {
        #expect(ByteCount.parse(text) == bytes)
    }

    @Test(arguments: ["", "MB", "-1", "1.5GB", "10TB", "lots", "99999999999999999999", "9999999999999GB"])
    func whatIsNotASizeIsRefused(text: String) {
        #expect(ByteCount.parse(text) == nil)
    }

    @Test func sizesAreWrittenInTheLargestUnitThatDividesThem() {
        #expect(ByteCount.describe(1 << 30) == "1 GB")
        #expect(ByteCount.describe(100 << 20) == "100 MB")
        #expect(ByteCount.describe(4096) == "4 KB")
        #expect(ByteCount.describe(1000) == "1000 bytes")
        #expect(ByteCount.describe(1) == "1 byte")
    }
}
