import ShopFormats
import ShopValues
import Testing

/// A record made from JSON text (``Record/TextBuilder``) keeps plain strings as ranges of the
/// text; it is the same record as one made from an array, in every way a caller can see, and
/// JSON writes it byte for byte as it writes that one.
@Suite struct TextRecordTests {
    static let names = FieldNames(["id", "title", "note", "missing"])

    /// The record of the object `{"id": 7, "title": …, "note": …}` in `json`, read with a
    /// builder over its bytes; `note` is read as a string or null.
    static func read(_ json: String) throws -> Record {
        let bytes = Array(json.utf8)
        return try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
            var fields = Record.TextBuilder(names: names, text: bytes)
            try reader.readObject(JSONMemberNames(names.names)) { index, reader throws(JSONError) in
                switch index {
                case 0: fields.set(0, to: .int(try reader.readInt()))
                case let index?:
                    if try !reader.readNullIfPresent() { fields.set(index, toString: try reader.scanString()) }
                case nil: try reader.skipValueSyntax()
                }
            }
            return fields.record
        }
    }

    @Test(arguments: [
        "Fixture story 31", "", "short", "exactly8", "a title of more than sixteen bytes",
        "é in the middle of a long title", "a quote \\\" escaped", "a DEL \u{7F} among plain bytes",
        "\u{85} a C1 control", "tab\\tescaped", "a bad byte \u{FFFD} repaired",
    ])
    func aTextRecordIsTheRecordOfItsStrings(title: String) throws {
        let json = #"{"id": 7, "title": "\#(title)", "other": [1, {"x": "y"}], "note": null}"#
        let record = try Self.read(json)
        let expectedTitle = try JSONReader.withReader(over: Array("\"\(title)\"".utf8)) { reader throws(JSONError) in
            try reader.readString()
        }
        let expected = Record(names: Self.names, values: [.int(7), .string(expectedTitle), .null, .null])
        #expect(record == expected)
        #expect(record.hashValue == expected.hashValue)
        #expect(record["title"] == .string(expectedTitle))
        #expect(Array(record.values) == Array(expected.values))
        #expect(JSONWriter.compact(.record(record)) == JSONWriter.compact(.record(expected)))
        #expect(JSONWriter.pretty(.list([.record(record)])) == JSONWriter.pretty(.list([.record(expected)])))
    }

    @Test func fieldsMayComeInAnyOrderAndUnsetOnesAreNull() throws {
        let record = try Self.read(#"{"note": "later", "title": "first of all", "id": 1}"#)
        #expect(Array(record.values) == [.int(1), .string("first of all"), .string("later"), .null])
        let json = JSONWriter.compact(.record(record))
        #expect(json == #"{"id":1,"title":"first of all","note":"later","missing":null}"#)
    }

    @Test func renamingKeepsTheTextAndTheRecordOutlivesItsBuilder() throws {
        var records: [Record] = []
        for number in 0..<200 {
            let record = try Self.read(#"{"id": \#(number), "title": "story number \#(number) of many"}"#)
            records.append(Record(names: FieldNames(["a", "b", "c", "d"]), values: record.values))
        }
        #expect(records[199]["b"] == .string("story number 199 of many"))
        #expect(JSONWriter.compact(.record(records[5])) == #"{"a":5,"b":"story number 5 of many","c":null,"d":null}"#)
    }

    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 31])
    func onlyPrintableASCIIIsKeptAsText(length: Int) throws {
        // A byte at or above DEL, or an escape, at every place: each string must come back as
        // the reader reads it, and be written as JSONWriter writes that string.
        let specials: [[UInt8]] = [[0x7F], [0x80], [0xC2, 0x85], [0xFF], Array(#"\""#.utf8), Array(#"\n"#.utf8)]
        for special in specials {
            for place in 0..<length {
                var content = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                content.replaceSubrange(place..<place + 1, with: special)
                let text = [0x22] + content + [0x22]
                let (record, string) = try JSONReader.withReader(over: text) { reader throws(JSONError) in
                    let scanned = try reader.scanString()
                    var builder = Record.TextBuilder(names: FieldNames(["text"]), text: text)
                    builder.set(0, toString: scanned)
                    return (builder.record, reader.string(of: scanned))
                }
                let expected = Record(["text": .string(string)])
                #expect(record == expected)
                #expect(JSONWriter.compact(.record(record)) == JSONWriter.compact(.record(expected)))
            }
        }
    }
}
