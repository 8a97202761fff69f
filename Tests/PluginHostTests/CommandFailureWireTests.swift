import ShopPluginAPI
import ShopValues
import Testing

@testable import PluginHost
@testable import ShopPluginKit

/// A ``CommandFailure`` a Swift plugin throws crosses the pipe as the plugin protocol writes
/// it, and the host reads back the same failure: message, help and the word it is about.
@Suite struct CommandFailureWireTests {
    @Test(arguments: [
        CommandFailure("unknown promo code 'SPRNG'", help: "did you mean 'SPRING'?", about: .argument("CODE")),
        CommandFailure("no service 'nosuch'", about: .option("--only")),
        CommandFailure("the catalog is empty"),
    ])
    func theHostReadsBackWhatTheKitSent(failure: CommandFailure) throws {
        let error = RPCError(code: -32000, message: failure.message, data: Server.errorData(of: failure))
        #expect(OutsideCommand.failure(of: error) == failure)
    }

    @Test func theDataNamesTheKindAsTheProtocolDoes() {
        let data = Server.errorData(of: CommandFailure("bad", help: "try", about: .argument("CODE")))
        #expect(JSONWriter.compact(data) == #"{"kind":"invalid-argument","argument":"CODE","help":"try"}"#)
    }
}
