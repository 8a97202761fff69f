import ShopKit
import Testing

/// JSON strings are escaped byte by byte: quotes, backslashes, C0 and C1 controls and DEL.
@Suite struct JSONWriterEscapingTests {
    @Test(arguments: [
        ("plain", #""plain""#), (#"a "quoted" \ word"#, #""a \"quoted\" \\ word""#),
        ("line\nreturn\rtab\t", #""line\nreturn\rtab\t""#), ("\u{01}\u{1B}\u{7F}", #""\u0001\u001b\u007f""#),
        ("c1 \u{85} and \u{9F} but © é ✓", #""c1 \u0085 and \u009f but © é ✓""#),
        (#"{"news":[{"id":1}]}"#, #""{\"news\":[{\"id\":1}]}""#),
    ])
    func stringsAreQuotedAndEscaped(text: String, json: String) throws {
        #expect(JSONWriter.quote(text) == json)
        let back = try JSONReader.withReader(over: Array(json.utf8)) { reader throws(JSONError) in
            try reader.readString()
        }
        #expect(back == text)
    }
}
