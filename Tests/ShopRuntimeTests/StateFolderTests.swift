import ShopRuntime
import Testing

@Suite struct StateFolderTests {
    @Test(arguments: [
        (["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"], "/x/state/shop"),
        (["XDG_STATE_HOME": "/x/state/", "HOME": "/home/u"], "/x/state/shop"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"], "/home/u/.local/state/shop"),
        (["XDG_STATE_HOME": "", "HOME": "/home/u"], "/home/u/.local/state/shop"),
        (["HOME": "/home/u/"], "/home/u/.local/state/shop"),
    ])
    func theFolderFollowsXDGStateHomeThenHome(environment: [String: String], expected: String) {
        #expect(StateFolder.path(environment: environment) == expected)
    }

    @Test(arguments: [[:], ["HOME": ""], ["XDG_STATE_HOME": "relative"]])
    func withoutEitherVariableThereIsNone(environment: [String: String]) {
        #expect(StateFolder.path(environment: environment) == nil)
    }
}
