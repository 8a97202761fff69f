import Foundation
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// The one file-writing routine, through the commands that use it, on real files, links,
/// FIFOs and devices.
@Suite struct FileWritingTests {
    let shop: TestSession
    let folder: String

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
        folder = shop.stateDirectory
    }

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test(arguments: ["state save", "history save"])
    func aDeviceIsRefusedAndStaysADevice(command: String) async throws {
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(
            await shop.run("\(command) /dev/null --force")
                == "error: cannot write '/dev/null': not a regular file (a character device)\n")
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(FileSystem.contents(of: "/dev").allSatisfy { !$0.hasPrefix(".null.tmp") })
    }

    @Test(arguments: ["state save", "history save"])
    func aFIFOAndAFolderAreRefused(command: String) async throws {
        #expect(mkfifo(folder + "/pipe", 0o644) == 0)
        #expect(mkdir(folder + "/dir", 0o755) == 0)
        #expect(
            await shop.run("\(command) pipe --force") == "error: cannot write 'pipe': not a regular file (a FIFO)\n")
        #expect(
            await shop.run("\(command) dir --force") == "error: cannot write 'dir': not a regular file (a folder)\n")
        #expect(kind(folder + "/pipe") == S_IFIFO)
        #expect(kind(folder + "/dir") == S_IFDIR)
        #expect(FileSystem.contents(of: folder) == ["dir", "pipe"])
    }

    @Test(arguments: ["state save", "history save"])
    func anExistingFileIsKeptUnlessForced(command: String) async throws {
        try FileSystem.writeAtomically(Array("old\n".utf8), to: folder + "/out")
        #expect(
            await shop.run("\(command) out")
                == "error: cannot write 'out': the file exists; add --force to replace it\n")
        #expect(try FileSystem.read(folder + "/out") == Array("old\n".utf8))
        #expect(await shop.run("\(command) out --force").hasPrefix("saved "))
        #expect(try FileSystem.read(folder + "/out") != Array("old\n".utf8))
    }

    /// Each file-writing command with its file name: they all go through the one routine.
    static let writers = ["state save", "history save", "echo 1 | save"]

    @Test(arguments: writers)
    func aDanglingLinkCountsAsAnExistingFileAndItsTargetIsNeverCreated(command: String) async throws {
        #expect(symlink(folder + "/made.json", folder + "/dangling.json") == 0)
        #expect(
            await shop.run("\(command) dangling.json").hasSuffix(
                "cannot write 'dangling.json': a symbolic link is there; add --force to replace the link itself\n"))
        #expect(kind(folder + "/made.json") == 0)
        #expect(kind(folder + "/dangling.json") == S_IFLNK)
    }

    @Test(arguments: writers)
    func withForceADanglingLinkIsReplacedByTheFileAndItsTargetIsNeverCreated(command: String) async throws {
        #expect(symlink(folder + "/made.json", folder + "/dangling.json") == 0)
        #expect(await shop.run("\(command) dangling.json --force").hasPrefix("saved "))
        #expect(kind(folder + "/made.json") == 0)
        #expect(kind(folder + "/dangling.json") == S_IFREG)
    }

    @Test(arguments: writers)
    func withForceALinkIsReplacedAndItsTargetLeftAsItWas(command: String) async throws {
        try FileSystem.writeAtomically(Array("{}".utf8), to: folder + "/real.json")
        #expect(chmod(folder + "/real.json", 0o640) == 0)
        #expect(symlink("real.json", folder + "/link.json") == 0)
        #expect(
            await shop.run("\(command) link.json").hasSuffix(
                "a symbolic link is there; add --force to replace the link itself\n"))
        #expect(await shop.run("\(command) link.json --force").hasPrefix("saved "))
        #expect(kind(folder + "/link.json") == S_IFREG)
        #expect(try FileSystem.read(folder + "/real.json") == Array("{}".utf8))
        #expect(mode(folder + "/real.json") == 0o640)
    }

    @Test func aLinkToADeviceIsReplacedAndTheDeviceLeftAlone() async throws {
        #expect(symlink("/dev/null", folder + "/null") == 0)
        #expect(await shop.run("state save null --force").hasPrefix("saved "))
        #expect(kind(folder + "/null") == S_IFREG)
        #expect(kind("/dev/null") == S_IFCHR)
    }

    @Test func aLinkLoopIsReplacedLikeAnyLink() async throws {
        #expect(symlink("b", folder + "/a") == 0)
        #expect(symlink("a", folder + "/b") == 0)
        #expect(
            await shop.run("state save a").hasSuffix(
                "a symbolic link is there; add --force to replace the link itself\n"))
        #expect(await shop.run("state save a --force").hasPrefix("saved "))
        #expect(kind(folder + "/a") == S_IFREG)
        #expect(kind(folder + "/b") == S_IFLNK)
    }

    @Test(arguments: ["state save ''", "history save ''"])
    func anEmptyNameIsRefused(line: String) async throws {
        #expect(await shop.run(line) == "error: empty file name\n")
    }

    @Test func aReadOnlyFileIsLeftAlone() async throws {
        try FileSystem.writeAtomically(Array("keep".utf8), to: folder + "/locked.json")
        #expect(chmod(folder + "/locked.json", 0o444) == 0)
        #expect(
            await shop.run("state save locked.json --force")
                == "error: cannot write 'locked.json': the file is read-only\n")
        #expect(try FileSystem.read(folder + "/locked.json") == Array("keep".utf8))
    }

    @Test func aMissingFolderIsNamed() async throws {
        #expect(
            await shop.run("state save missing/folder/x.json")
                == "error: cannot write 'missing/folder/x.json': no such folder\n")
    }

    @Test func aNewFileGetsTheUsualPermissions() async throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        #expect(await shop.run("state save fresh.json").hasPrefix("saved "))
        #expect(mode(folder + "/fresh.json") == 0o644)
    }
}
