import ShopFormats
import ShopValues
import Testing

/// JSON strings are escaped byte by byte: quotes, backslashes, C0 and C1 controls and DEL.
@Suite struct JSONWriterEscapingTests {
    @Test(arguments: [
        ("plain", #""plain""#), (#"a "quoted" \ word"#, #""a \"quoted\" \\ word""#),
        ("line\nreturn\rtab\t", #""line\nreturn\rtab\t""#), ("\u{01}\u{1B}\u{7F}", #""\u0001\u001b\u007f""#),
        ("c1 \u{85} and \u{9F} but © é ✓", #""c1 \u0085 and \u009f but © é ✓""#),
        (#"{"news":[{"id":1}]}"#, #""{\"news\":[{\"id\":1}]}""#),
        // Past eight bytes the checks read a word at a time: a byte to escape in each place of one.
        (#"0123456789abcdef""#, #""0123456789abcdef\"""#), (#"0123456789abcde\f"#, #""0123456789abcde\\f""#),
        ("01234567\u{7F}9abcdef", #""01234567\u007f9abcdef""#), ("0123456789\nbcdefgh", #""0123456789\nbcdefgh""#),
        ("0123456789abcd\u{85}", #""0123456789abcd\u0085""#),
        ("long, plain and © é: nothing to escape", #""long, plain and © é: nothing to escape""#),
    ])
    func stringsAreQuotedAndEscaped(text: String, json: String) throws {
        #expect(JSONWriter.quote(text) == json)
        let back = try JSONReader.withReader(over: Array(json.utf8)) { reader throws(JSONError) in
            try reader.readString()
        }
        #expect(back == text)
    }
}

extension JSONWriterEscapingTests {
    /// Plain strings are copied eight bytes at a time, the last ones as the word that ends
    /// with them, and read eight at a time: a quote in every place of every length up to 20
    /// is still escaped, and read back.
    @Test func aQuoteIsEscapedWhereverItStands() throws {
        for length in 0...20 {
            let plain = String(repeating: "a", count: length)
            #expect(JSONWriter.quote(plain) == "\"" + plain + "\"")
            for place in 0..<length {
                let before = String(repeating: "a", count: place)
                let after = String(repeating: "b", count: length - place - 1)
                let json = "\"" + before + "\\\"" + after + "\""
                #expect(JSONWriter.quote(before + "\"" + after) == json, "length \(length), quote at \(place)")
                let back = try JSONReader.withReader(over: Array(json.utf8)) { reader throws(JSONError) in
                    try reader.readString()
                }
                #expect(back == before + "\"" + after)
            }
        }
    }

    /// Escaped strings are copied eight bytes at a time up to the next byte to escape: a
    /// newline, a C1 control (two bytes) or DEL in every place after a quote is still escaped.
    @Test(arguments: [("\n", #"\n"#), ("\u{85}", #"\u0085"#), ("\u{7F}", #"\u007f"#), ("é", "é")])
    func escapesAreFoundWhereverTheyStand(special: String, escaped: String) throws {
        for length in 0...20 {
            for place in 0...length {
                let before = "\"" + String(repeating: "a", count: place)
                let after = String(repeating: "b", count: length - place)
                let json = "\"\\\"" + String(repeating: "a", count: place) + escaped + after + "\""
                #expect(JSONWriter.quote(before + special + after) == json, "length \(length), at \(place)")
            }
        }
    }
}

extension JSONWriterEscapingTests {
    /// Several bytes to escape in one word, next to each other or not, and a C1 control's two
    /// bytes split between words: strings of such pieces in every order escape as a plain
    /// one-scalar-at-a-time escaper does.
    @Test func denseEscapesMatchAnEscaperOfOneScalarAtATime() {
        let pieces = ["a", "bc", "\"", "\\", "\n", "\u{01}", "\u{7F}", "\u{85}", "\u{9F}", "©", "é", "✓", "\t"]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3000 {
            var text = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for step in 0..<Int(seed >> 59) {
                text += pieces[Int((seed >> UInt64(4 * (step % 12))) & 0xFFF) % pieces.count]
            }
            #expect(JSONWriter.quote(text) == Self.escapedOneByOne(text), "\(Array(text.utf8))")
        }
    }

    /// The escapes JSONWriter promises, made one scalar at a time.
    static func escapedOneByOne(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// The writer quotes each record's names once per shape: records of different names in one
/// list keep theirs, and a shape's keys serve compact and indented writing alike, from any thread.
@Suite struct JSONWriterRecordKeysTests {
    @Test func recordsOfDifferentNamesKeepTheirKeys() {
        let list: Value = .list([
            .record(Record(pairs: [("a", 1), ("b", "x")])), .record(Record(pairs: [("a", 2), ("b", "y")])),
            .record(Record(pairs: [(#"c"d"#, .null)])), .record(Record(pairs: [])),
        ])
        #expect(JSONWriter.compact(list) == #"[{"a":1,"b":"x"},{"a":2,"b":"y"},{"c\"d":null},{}]"#)
        #expect(JSONWriter.pretty(.record(Record(pairs: [("a", list)]))).contains(#""c\"d": null"#))
        #expect(JSONWriter.pretty(list).contains(#""b": "y""#))
    }

    @Test func oneShapeWrittenCompactIndentedAndAtOnceKeepsItsKeys() async {
        let names = FieldNames(["id", "é \\ \"x\"", ""])
        let record = Value.record(Record(names: names, values: [1, "two", .null]))
        let compact = #"{"id":1,"é \\ \"x\"":"two","":null}"#
        #expect(JSONWriter.compact(record) == compact)
        #expect(JSONWriter.pretty(record) == "{\n  \"id\": 1,\n  \"é \\\\ \\\"x\\\"\": \"two\",\n  \"\": null\n}")
        #expect(JSONWriter.compact(.list([record, record])) == "[\(compact),\(compact)]")
        let fresh = Value.record(Record(names: FieldNames(names.names), values: [1, "two", .null]))
        let written = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { JSONWriter.compact(fresh) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(written == Array(repeating: compact, count: 8))
    }
}
