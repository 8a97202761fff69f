import ShopPluginAPI
import Testing

@Suite struct UserFoldersTests {
    @Test(arguments: [
        (["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"], "/x/state/shop"),
        (["XDG_STATE_HOME": "/x/state/", "HOME": "/home/u"], "/x/state/shop"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"], "/home/u/.local/state/shop"),
        (["XDG_STATE_HOME": "", "HOME": "/home/u"], "/home/u/.local/state/shop"),
        (["HOME": "/home/u/"], "/home/u/.local/state/shop"),
    ])
    func theStateFolderFollowsXDGStateHomeThenHome(environment: [String: String], expected: String) {
        #expect(UserFolders(environment: environment, passwordHome: { "/etc/passwd-home" }).state == expected)
    }

    @Test func dataAndCacheFollowTheirVariablesThenHome() {
        let folders = UserFolders(
            environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "c"], passwordHome: { nil })
        #expect(folders.data == "/d/shop")
        #expect(folders.cache == "/home/u/.cache/shop")
    }

    @Test(arguments: [[:], ["HOME": ""], ["HOME": "relative"], ["XDG_STATE_HOME": "relative"]])
    func withoutHomeTheHomeComesFromThePasswordDatabase(environment: [String: String]) {
        let folders = UserFolders(environment: environment, passwordHome: { "/home/from-passwd" })
        #expect(folders.state == "/home/from-passwd/.local/state/shop")
        #expect(folders.data == "/home/from-passwd/.local/share/shop")
        #expect(folders.cache == "/home/from-passwd/.cache/shop")
    }

    @Test(arguments: [[:], ["HOME": ""], ["XDG_STATE_HOME": "relative"]])
    func withNoHomeAtAllThereIsNoFolderNeverASharedOne(environment: [String: String]) {
        let folders = UserFolders(environment: environment, passwordHome: { nil })
        #expect(folders == UserFolders(environment: [:], passwordHome: { nil }))
        #expect(folders.state == nil && folders.data == nil && folders.cache == nil && folders.home == nil)
    }

    @Test func thisUsersHomeIsInThePasswordDatabase() {
        // The tests run as a user with a home folder (root's is /root).
        #expect(UserFolders.passwordDatabaseHome() != nil)
    }
}
