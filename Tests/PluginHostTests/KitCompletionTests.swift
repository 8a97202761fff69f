import ShopPluginAPI
import ShopWire
import Synchronization
import Testing

@testable import ShopPluginKit

/// The Swift kit answers `complete` with each candidate's description when the host listed
/// `described-completions`, and with the words alone when it did not.
@Suite struct KitCompletionTests {
    /// The messages the server sent, in order.
    final class Recorder: MessageChannel {
        private let sent = Mutex<[WireMessage]>([])

        func send(_ message: WireMessage) { sent.withLock { $0.append(message) } }
        func log(_ line: String) {}
        var messages: [WireMessage] { sent.withLock { $0 } }
    }

    struct Codes: Plugin {
        let name = "codes"
        let version = "1.0.0"
        let summary = "Codes with descriptions"
        var stateKeys: [StateKeyDeclaration] { [] }
        var commands: [any Command] { [Apply()] }

        struct Apply: Command {
            static let code = Argument<String>(
                "CODE", "a code",
                completion: .described { _ in
                    [CompletionCandidate("SPRING", description: "20% off"), CompletionCandidate("SPORT")]
                })
            let spec = CommandSpec(path: ["codes", "apply"], abstract: "Apply a code", arguments: [Self.code])
            func run(_ invocation: Invocation) async throws -> CommandResult? { nil }
        }
    }

    private func candidates(offering features: Set<WireFeature>) async -> [WireMessage] {
        let recorder = Recorder()
        let server = Server(plugin: Codes(), channel: recorder)
        let offer = InitializeRequest(
            host: PeerIdentity(name: "shop", version: "0"), features: features, cacheFolder: "/", stateFolder: "/")
        await server.handle(.request(id: 1, offer))
        let complete = CompleteRequest(
            command: ["codes", "apply"], argument: "CODE", prefix: "SP", state: StateEntries())
        await server.handle(.request(id: 2, complete))
        return recorder.messages
    }

    @Test func describedWhenTheHostListedTheFeature() async throws {
        let messages = await candidates(offering: [.stateCache, .describedCompletions])
        #expect(
            messages.first
                == .result(
                    id: 1,
                    InitializeResult(
                        plugin: PeerIdentity(name: "codes", version: "1.0.0"),
                        features: [.stateCache, .describedCompletions])))
        #expect(
            messages.last
                == .result(
                    id: 2,
                    CompleteResult(candidates: [
                        CompletionCandidate("SPRING", description: "20% off"), CompletionCandidate("SPORT"),
                    ])))
    }

    @Test func wordsAloneWhenItDidNot() async throws {
        let messages = await candidates(offering: [.stateCache])
        #expect(messages.last?.line == #"{"jsonrpc":"2.0","id":2,"result":{"candidates":["SPRING","SPORT"]}}"# + "\n")
    }
}
