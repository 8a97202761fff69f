import Foundation
import Glibc
import ShopTestSupport
import Testing

/// What shop keeps is the user's alone, whatever the umask, and never in a shared folder.
@Suite(.serialized) struct PrivateStateTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-private")
    }

    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    @Test func whatShopKeepsIsPrivateWhateverTheUmaskAndWhatYouAskForFollowsIt() async throws {
        let shop = try await InteractiveSession(
            stateDirectory: folder.path, environment: ["XDG_DATA_HOME": folder.path + "/data"],
            prefix: ["/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\""])
        try await shop.type("echo one")
        try await shop.type("plugin add \(FakePlugin.path)")
        try await shop.type("state save mine.json")
        let history = folder.path + "/shop/history.sqlite3"
        for file in [history, history + "-wal", history + "-shm", folder.path + "/data/shop/plugins.json"] {
            #expect(mode(file) == 0o600, "\(file)")
        }
        for kept in [folder.path + "/shop", folder.path + "/data", folder.path + "/data/shop"] {
            #expect(mode(kept) == 0o700, "\(kept)")
        }
        #expect(mode(folder.path + "/mine.json") == 0o666, "a file asked for follows the umask")
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func withNoHomeHistoryStaysInMemoryAndNothingIsLeftBehind() async throws {
        chmod(folder.path, 0o777)
        let shop = try await InteractiveSession(
            stateDirectory: folder.path, environment: ["TMPDIR": folder.path],
            prefix: [
                "/usr/bin/env", "-u", "HOME", "-u", "XDG_STATE_HOME", "-u", "XDG_CONFIG_HOME", "/usr/bin/setpriv",
                "--reuid=65534", "--regid=65534", "--clear-groups",
            ])
        #expect(shop.terminal.output.contains("warning: no home folder"))
        try await shop.type("echo secret")
        #expect(try await shop.type("history").contains("echo secret"))
        #expect(try await shop.quit() == .exited(0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "the run's own folder is gone")
    }
}
