import ShopValues
import Testing

@testable import ShopFormats

@Suite struct JSONSkippingTests {
    private func skip(_ text: String) throws(JSONError) {
        try JSONReader.withReader(over: Array(text.utf8)) { reader throws(JSONError) in try reader.skipValueSyntax() }
    }

    @Test(arguments: [
        "null", "true", "false", "-12", "1.5e-2", "\"a\\u00e9\\n\\\"\\/\\b\\f\\r\\t\"", "[]", "{}", " [1, [2, {}]] ",
        "{\"b\": 1, \"a\": {\"c\": [true, null, \"x\"]}}",
        // Member names are not compared: the value is read whole later.
        "{\"a\": 1, \"a\": 2}",
    ])
    func skipsWellFormedValuesToTheirEnd(text: String) throws {
        try skip(text)
    }

    @Test(arguments: [
        "", "[1, 2", "{\"a\": [1, tru]}", "{\"a\" 1}", "{1: 2}", "{\"a\": 1,}", "[1 2]", "\"abc", "\"ab\\", "[1] x",
        "01",
        "\"\\q\"", "\"\\u12g4\"", "\"\\u12\"", "{\"list\":[{\"x\":\n\"a\tb\"}]}", "99999999999999999999999", "-", "1.",
        String(repeating: "[", count: JSONReader.maximumDepth + 1),
    ])
    func findsWhatReadingFindsBesideDuplicateNames(text: String) {
        var reading: JSONError.Problem?
        var skipping: JSONError.Problem?
        do { _ = try Value(json: text) } catch { reading = error.problem }
        do { try skip(text) } catch { skipping = error.problem }
        #expect(reading != nil)
        #expect(skipping == reading, "\(text)")
    }

    @Test func theSkippedValuesTextCanBeReadLater() throws {
        let bytes = Array("{\"skip\": {\"a\": [1, 2]}, \"n\": 3}".utf8)
        var range = 0..<0
        let n = try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
            var n = 0
            try reader.readObject { key, reader throws(JSONError) in
                guard key == "skip" else {
                    n = try reader.readInt()
                    return
                }
                _ = try reader.peekKind()
                let start = reader.offset
                try reader.skipValueSyntax()
                range = start..<reader.offset
            }
            return n
        }
        #expect(n == 3)
        #expect(try Value(json: Array(bytes[range])) == .record(Record(pairs: [("a", .list([1, 2]))])))
    }
}
