import ShopPluginAPI
import ShopValues
import ShopWire
import Testing

@testable import PluginHost

/// A ``CommandFailure`` a Swift plugin throws crosses the pipe as the plugin protocol writes
/// it, and the host reads back the same failure: message, help and the word it is about.
@Suite struct CommandFailureWireTests {
    @Test(arguments: [
        CommandFailure("unknown promo code 'SPRNG'", help: "did you mean 'SPRING'?", about: .argument("CODE")),
        CommandFailure("no service 'nosuch'", about: .option("--only")),
        CommandFailure("the catalog is empty"),
    ])
    func theHostReadsBackWhatTheKitSent(failure: CommandFailure) throws {
        let sent = WireError(failure: failure.message, FailureData(failure))
        let line = WireMessage.error(id: 7, sent).line
        guard case .response(7, .error(let received)) = try WireMessage(line: Array(line.utf8.dropLast())) else {
            Issue.record("not an error answer: \(line)")
            return
        }
        #expect(OutsideCommand.failure(of: received) == failure)
    }

    @Test func theDataNamesTheKindAsTheProtocolDoes() {
        let data = FailureData(CommandFailure("bad", help: "try", about: .argument("CODE")))
        #expect(JSONWriter.compact(data.json) == #"{"kind":"invalid-argument","argument":"CODE","help":"try"}"#)
    }
}
