import Glibc
import ShopWire
import Testing

@testable import PluginHost

/// What a request carries of the state with `state-cache`: a value once per revision and
/// process, counted as sent only when a `run` carried it.
@Suite struct PeerTests {
    @Test func stateCacheSendsEachRevisionOnce() throws {
        // The record of sent revisions is the connection's; a fresh process starts empty.
        let log = PluginLog()
        let connection = try PluginConnection.start(
            plugin: "cat", executable: "/bin/cat", environment: [:], workingDirectory: "/", log: log)
        let cached = PluginConnection.Peer(connection: connection, features: [.stateCache], recordsSentValues: true)
        #expect(cached.needsValue(of: "services.items", revision: 1))
        #expect(!cached.needsValue(of: "services.items", revision: 1))
        #expect(cached.needsValue(of: "services.items", revision: 2))
        let uncached = PluginConnection.Peer(connection: connection, features: [], recordsSentValues: true)
        #expect(uncached.needsValue(of: "services.items", revision: 2))
        connection.process.signalGroup(SIGKILL)
    }

    @Test func aValueSentWithCompleteIsSentAgainWithTheNextRun() throws {
        let connection = try PluginConnection.start(
            plugin: "cat", executable: "/bin/cat", environment: [:], workingDirectory: "/", log: PluginLog())
        let complete = PluginConnection.Peer(connection: connection, features: [.stateCache], recordsSentValues: false)
        let run = PluginConnection.Peer(connection: connection, features: [.stateCache], recordsSentValues: true)
        #expect(complete.needsValue(of: "services.selected", revision: 4))
        #expect(run.needsValue(of: "services.selected", revision: 4), "the complete's value did not count")
        #expect(!run.needsValue(of: "services.selected", revision: 4))
        #expect(!complete.needsValue(of: "services.selected", revision: 4), "the run's value counts for both")
        connection.process.signalGroup(SIGKILL)
    }
}
