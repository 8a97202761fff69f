import ShopValues
import Testing

@testable import ShopFormats

@Suite struct JSONTests {
    @Test(arguments: [
        ("null", Value.null), ("true", .bool(true)), ("-12", .int(-12)), ("1.5e2", .double(150)),
        ("\"a\\u00e9\\n\\\"\"", .string("aé\n\"")), ("\"\\ud83d\\ude00\"", .string("😀")), ("[]", .list([])),
        ("[1,[2,{}]]", .list([.int(1), .list([.int(2), .record(Record(pairs: []))])])),
        ("{\"b\":1,\"a\":2}", .record(Record(pairs: [("b", .int(1)), ("a", .int(2))]))),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)), ("9223372036854775808.0", .double(9_223_372_036_854_775_808)),
        ("1e23", .double(1e23)),
        (
            "{\"a\":{\"a\":1},\"b\":[{\"a\":1},{\"a\":2}]}",
            .record(
                Record(pairs: [
                    ("a", .record(Record(pairs: [("a", 1)]))),
                    ("b", [.record(Record(pairs: [("a", 1)])), .record(Record(pairs: [("a", 2)]))]),
                ]))
        ),
    ])
    func parsesValues(text: String, expected: Value) throws {
        #expect(try Value(json: text) == expected)
    }

    @Test(arguments: [
        ("", "unexpected end of JSON at the top level (line 1, column 1)"),
        ("[1, 2", "unexpected end of JSON at the top level (line 1, column 6)"),
        ("{\"a\": [1, tru]}", "unexpected 't' at a[1] (line 1, column 11)"),
        ("{\"a\" 1}", "expected ':' after member name at the top level (line 1, column 6)"),
        ("\"abc", "unterminated string at the top level (line 1, column 5)"),
        ("[1] x", "unexpected text after the JSON value at the top level (line 1, column 5)"),
        ("01", "unexpected text after the JSON value at the top level (line 1, column 2)"),
        ("\"\\q\"", "invalid escape 'q' at the top level (line 1, column 3)"),
        ("{\"list\":[{\"x\":\n\"a\tb\"}]}", "control character in string at list[0].x (line 2, column 3)"),
        (
            "99999999999999999999999",
            "integer '99999999999999999999999' does not fit in 64 bits at the top level (line 1, column 1)"
        ),
        ("[9223372036854775808]", "integer '9223372036854775808' does not fit in 64 bits at [0] (line 1, column 2)"),
        (
            "{\"n\": -9223372036854775809}",
            "integer '-9223372036854775809' does not fit in 64 bits at n (line 1, column 7)"
        ),
        (
            "{\"services\": [{\"id\": 1}, {\"id\": 2, \"id\": 3}]}",
            "duplicate key 'id' at services[1] (line 1, column 36)"
        ),
        ("{\"a\": 1, \"\\u0061\": 2}", "duplicate key 'a' at the top level (line 1, column 10)"),
        ("{\"k\": {\"x\": 1, \"y\": {}, \"x\": 2}}", "duplicate key 'x' at k (line 1, column 25)"),
    ])
    func malformedJSONNamesThePlace(text: String, message: String) {
        #expect(throws: JSONError.self) { try Value(json: text) }
        do {
            _ = try Value(json: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aDuplicateKeyIsFoundInLargeObjectsToo() {
        let members = (0..<100).map { "\"key\($0)\": \($0)" } + ["\"key42\": 0"]
        do {
            _ = try Value(json: "{" + members.joined(separator: ", ") + "}")
            Issue.record("expected an error")
        } catch {
            #expect(error.problem == .duplicateKey("key42"))
        }
    }

    /// A surrogate that is not half of a pair is U+FFFD (JSONTestSuite's `i_string_*surrogate*`
    /// cases, which a reader may accept), and the escape after it is read on its own.
    @Test(arguments: [
        (#"["\uD800\u0041"]"#, "\u{FFFD}A"), (#"["\uD888\u1234"]"#, "\u{FFFD}\u{1234}"),
        (#"["\uD800\n"]"#, "\u{FFFD}\n"), (#"["\uD800\uD800\n"]"#, "\u{FFFD}\u{FFFD}\n"),
        (#"["\uDd1e\uD834"]"#, "\u{FFFD}\u{FFFD}"), (#"["\uD800\uD800\uDC00"]"#, "\u{FFFD}\u{10000}"),
        (#"["\ud800abc"]"#, "\u{FFFD}abc"), (#"["\uDADA"]"#, "\u{FFFD}"),
    ])
    func aLoneSurrogateBecomesAReplacementCharacterAndKeepsWhatFollows(text: String, expected: String) throws {
        #expect(try Value(json: text) == .list([.string(expected)]))
    }

    /// Keys match by their bytes: U+00E9 and "e" with U+0301 are two keys, in objects small and large.
    @Test(arguments: [0, 20])
    func keysThatAreCanonicallyEquivalentButSpelledDifferentlyAreTwoKeys(others: Int) throws {
        let members = (0..<others).map { "\"key\($0)\": \($0)" } + ["\"\u{E9}\": 1", "\"e\u{301}\": 2"]
        let record = try #require(try Value(json: "{" + members.joined(separator: ", ") + "}").recordValue)
        #expect(record.count == others + 2)
        #expect(record["\u{E9}"] == .int(1))
        #expect(record["e\u{301}"] == .int(2))
        #expect(record.names.position(of: "e\u{301}") == others + 1)
    }

    @Test func anEscapedKeyMatchesTheSameBytesOnly() throws {
        #expect(try Value(json: #"{"\u00e9": 1, "e\u0301": 2}"#).recordValue?.count == 2)
        #expect(throws: JSONError.self) { try Value(json: #"{"\u00e9": 1, "\u00E9": 2}"#) }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try Value(json: [0xEF, 0xBB, 0xBF] + Array(" 1 ".utf8)) == .int(1))
    }

    @Test func deepNestingStopsWithAnErrorInsteadOfOverflowingTheStack() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try Value(json: text)
            Issue.record("expected an error")
        } catch {
            #expect(error.problem == .tooDeep(256))
        }
    }

    @Test func typedReadsReportMismatchesWithPaths() {
        let bytes = Array("{\"items\": [{\"price\": 5}, {\"price\": true}]}".utf8)
        do {
            try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
                try reader.readObject { _, reader throws(JSONError) in
                    try reader.readArray { _, reader throws(JSONError) in
                        try reader.readObject { _, reader throws(JSONError) in _ = try reader.readInt() }
                    }
                }
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "expected an integer, found a boolean at items[1].price (line 1, column 36)")
        }
    }

    @Test func writerRoundTripsAndEscapes() throws {
        let value = Value.record(
            Record(pairs: [
                ("text", .string("a\"b\\c\n\u{1B}")), ("n", .int(-3)), ("d", .double(2.5)), ("whole", .double(2)),
                ("list", .list([.null, .bool(false)])),
            ]))
        let compact = JSONWriter.compact(value)
        #expect(compact == #"{"text":"a\"b\\c\n\u001b","n":-3,"d":2.5,"whole":2.0,"list":[null,false]}"#)
        #expect(try Value(json: compact) == value)
        #expect(try Value(json: JSONWriter.pretty(value)) == value)
    }

    /// Names and escaped strings of every length up to 25 are copied whole, whichever way a
    /// length is copied (a byte at a time, two words, or `memmove`).
    @Test func writerCopiesNamesAndEscapedTextOfEveryLength() {
        let pairs = (1...25).map { length in
            (String(repeating: "n", count: length), Value.string(String(repeating: "\n", count: length / 2) + "v"))
        }
        let members = pairs.map { name, _ in
            "\"\(name)\":\"" + String(repeating: #"\n"#, count: name.count / 2) + "v\""
        }
        #expect(JSONWriter.compact(.record(Record(pairs: pairs))) == "{" + members.joined(separator: ",") + "}")
    }

    @Test func writerSpellsIntegersAndIndentsAsWritten() {
        let ints = Value.list([.int(0), .int(7), .int(-10), .int(Int.max), .int(Int.min)])
        #expect(JSONWriter.compact(ints) == "[0,7,-10,9223372036854775807,-9223372036854775808]")
        let nested = Value.record(
            Record(pairs: [("a", .list([.int(1), .record(Record(pairs: []))])), ("b", .list([]))]))
        #expect(JSONWriter.pretty(nested) == "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}")
        var text = "x="
        JSONWriter.write(nested, into: &text, indent: nil, level: 0)
        #expect(text == #"x={"a":[1,{}],"b":[]}"#)
    }
}
