import Glibc
import SystemFiles
import Testing

/// Folder listings, temporary folders and link targets, of every length a name may have.
@Suite struct PathCallsTests {
    let folder: TestFolder

    init() throws {
        folder = try TestFolder()
    }

    @Test func aFolderListsEveryNameButDots() throws {
        let long = String(repeating: "n", count: 255)
        for name in ["a", "bc", long] { _ = try folder.write("", to: name) }
        #expect(Set(FolderEntries.names(in: folder.path) ?? []) == ["a", "bc", long])
        #expect(FolderEntries.names(in: folder.path + "/missing") == nil)
    }

    @Test func temporaryFoldersAreNewEachTime() throws {
        let template = folder.path + "/scratch-XXXXXX"
        let first = try #require(PathCalls.makeTemporaryFolder(template: template))
        let second = try #require(PathCalls.makeTemporaryFolder(template: template))
        #expect(first != second)
        #expect(first.hasPrefix(folder.path + "/scratch-") && first.count == template.count)
        var status = stat()
        #expect(stat(second, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
        #expect(PathCalls.makeTemporaryFolder(template: folder.path + "/missing/x-XXXXXX") == nil)
        #expect(errno == ENOENT)
    }

    @Test(arguments: [1, 40, 4000])
    func aLinkTargetIsReadWhole(length: Int) throws {
        let target = String(repeating: "t", count: length)
        let link = folder.path + "/link"
        #expect(symlink(target, link) == 0)
        #expect(PathCalls.linkTarget(of: link) == target)
    }

    @Test func aFileIsNoLink() throws {
        let path = try folder.write("x", to: "plain")
        #expect(PathCalls.linkTarget(of: path) == nil)
        #expect(errno == EINVAL)
    }
}
