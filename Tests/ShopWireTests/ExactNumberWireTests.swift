import ShopFormats
import ShopPluginAPI
import ShopWire
import Testing

/// Numbers kept with their text reach a plugin, and come back from one, as the same JSON text.
@Suite struct ExactNumberWireTests {
    @Test func aRequestCarriesTheTextAndAReplyKeepsIt() throws {
        let input = try Value(json: #"[4.10,1.50,-0,1e5,7]"#)
        let line = WireMessage.request(id: 1, method: "run", params: .record(Record(pairs: [("input", input)]))).line
        #expect(line == #"{"jsonrpc":"2.0","id":1,"method":"run","params":{"input":[4.10,1.50,-0,1e5,7]}}"# + "\n")
        let reply = try WireMessage(line: Array(#"{"jsonrpc":"2.0","id":1,"result":{"value":[6.10,-0]}}"#.utf8))
        guard case .response(_, .result(let result)) = reply else {
            Issue.record("not a result: \(reply)")
            return
        }
        #expect(JSONWriter.compact(result) == #"{"value":[6.10,-0]}"#)
    }
}
