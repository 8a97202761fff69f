import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import ShopVerbs
import Synchronization
import Testing

/// A plugin whose commands count runs in a per-session object.
private struct TallyPlugin: Plugin {
    let name = "tally"
    let version = "0.0.1"
    let summary = "Counts its runs per session"
    /// How many per-session objects this plugin value made, across sessions.
    let made = Made()
    /// The closers ``OpenCommand`` opened, across sessions.
    let opened = Opened()

    var stateKeys: [StateKeyDeclaration] { [] }
    var commands: [any Command] { [BumpCommand(made: made), PeekCommand(made: made), OpenCommand(opened: opened)] }

    /// A count shared by the commands of one plugin value.
    final class Made: Sendable {
        let count = Mutex(0)
    }

    /// The per-session object.
    final class Tally: Sendable {
        let count = Mutex(0)

        init(made: Made) {
            made.count.withLock { $0 += 1 }
        }

        func bump() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }

    /// Closers opened, shared by the commands of one plugin value.
    final class Opened: Sendable {
        let closers = Mutex<[Closer]>([])
    }

    /// A per-session object with work to do when its session ends.
    final class Closer: SessionEnding {
        let ended = Mutex(0)

        func sessionEnded() async { ended.withLock { $0 += 1 } }
    }

    /// Opens this session's ``Closer``, handing it to the test.
    struct OpenCommand: Command {
        let opened: Opened
        var spec: CommandSpec { CommandSpec(path: ["tally", "open"], abstract: "Open a closer") }

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            let closer = invocation.endingSessionObject { Closer() }
            opened.closers.withLock { $0.append(closer) }
            return nil
        }
    }

    struct BumpCommand: Command {
        let made: Made
        var spec: CommandSpec { CommandSpec(path: ["tally", "bump"], abstract: "Count one more run") }

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            .value(.int(invocation.sessionObject { Tally(made: made) }.bump()))
        }
    }

    /// Another command of the same plugin sees the same object.
    struct PeekCommand: Command {
        let made: Made
        var spec: CommandSpec { CommandSpec(path: ["tally", "peek"], abstract: "Show the count") }

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            .value(.int(invocation.sessionObject { Tally(made: made) }.count.withLock { $0 }))
        }
    }
}

@Suite struct SessionObjectsTests {
    @Test func aSessionKeepsOneObjectPerPluginAcrossCommands() async throws {
        let plugin = TallyPlugin()
        let shop = try TestSession(plugins: [plugin])
        #expect(await shop.run("tally peek") == "0\n")
        #expect(await shop.run("tally bump; tally bump") == "1\n2\n")
        #expect(await shop.run("tally peek") == "2\n")
        #expect(plugin.made.count.withLock { $0 } == 1)
    }

    @Test func sessionsDoNotShareObjectsEvenWithOnePluginValue() async throws {
        let plugin = TallyPlugin()
        let first = try TestSession(plugins: [plugin])
        let second = try TestSession(plugins: [plugin])
        #expect(await first.run("tally bump; tally bump") == "1\n2\n")
        #expect(await second.run("tally bump") == "1\n")
        #expect(await first.run("tally bump") == "3\n")
        #expect(plugin.made.count.withLock { $0 } == 2)
    }

    @Test func theObjectIsMadeOnFirstUseOnly() async throws {
        let plugin = TallyPlugin()
        let shop = try TestSession(plugins: [plugin])
        await shop.run("help tally bump; state keys")
        #expect(plugin.made.count.withLock { $0 } == 0)
        await shop.run("tally bump")
        #expect(plugin.made.count.withLock { $0 } == 1)
    }

    @Test func anObjectThatEndsWithTheSessionIsToldOnceAndOthersAreKept() async throws {
        let plugin = TallyPlugin()
        let shop = try TestSession(plugins: [plugin])
        await shop.run("tally bump; tally open; tally open")
        let closers = plugin.opened.closers.withLock { $0 }
        #expect(closers.count == 2 && closers[0] === closers[1])
        #expect(closers[0].ended.withLock { $0 } == 0)
        await shop.session.end()
        #expect(closers[0].ended.withLock { $0 } == 1)
        #expect(await shop.run("tally peek") == "1\n")
    }
}
