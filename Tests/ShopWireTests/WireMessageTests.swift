import ShopPluginAPI
import Testing

@testable import ShopWire

/// The envelope: a line read back as the message it was written from.
@Suite struct WireMessageTests {
    @Test func aRequestGoesOutAsOneLineAndReadsBack() throws {
        let message = WireMessage.request(id: 1, ManifestRequest())
        #expect(message.line == #"{"jsonrpc":"2.0","id":1,"method":"manifest"}"# + "\n")
        #expect(try WireMessage(line: Array(message.line.utf8.dropLast())) == message)
    }
}
