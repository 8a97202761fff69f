import ShopFormats
import Testing

@testable import ShopValues

/// Numbers read from text keep that text when shop would write them otherwise, and are their
/// values to everything but the writers.
@Suite struct ExactNumberTests {
    @Test(arguments: [
        ("4.10", Number.double(4.1)), ("1.50", .double(1.5)), ("-0", .int(0)), ("1e5", .double(100_000)),
        ("1E5", .double(100_000)), ("-0.0", .double(0)), ("2.50e-3", .double(0.0025)),
        ("9007199254740992.0", .double(9_007_199_254_740_992)),
    ])
    func aTextShopWouldNotWriteIsKept(text: String, number: Number) {
        let value = ExactNumber.value(number, readFrom: text)
        #expect(value == .exact(ExactNumber(number, text: text)))
        #expect(value.plainText == text)
        #expect(JSONWriter.compact(value) == text)
        #expect(value.number == number)
    }

    @Test(arguments: [
        ("4.1", Value.double(4.1)), ("1.0", .double(1)), ("1e+20", .double(1e20)), ("0", .int(0)), ("-12", .int(-12)),
        ("007", .int(7)), ("+7", .int(7)), ("01.5", .double(1.5)),
    ])
    func theUsualTextOrOneNoWriterCanWriteGivesThePlainNumber(text: String, expected: Value) {
        let value = ExactNumber.value(expected.number ?? .int(0), readFrom: text)
        if case .exact = value { Issue.record("\(text) was kept as an exact number") }
        #expect(value.plainText == expected.plainText)
    }

    @Test func anExactNumberEqualsHashesAndComparesAsItsValue() throws {
        let written = try #require(try Value(json: "[4.10, 1.50, -0, 1e5]").listValue)
        #expect(written[0] == .double(4.1))
        #expect(written[1].isEqual(to: .double(1.5)))
        #expect(written[2].isEqual(to: .int(0)))
        #expect(written[3].isEqual(to: .int(100_000)))
        #expect(Set([written[0], .double(4.1)]).count == 1)
        #expect(written[0].compare(to: .double(4.2)) == .orderedAscending)
        #expect(written[0].compare(to: .int(4)) == .orderedDescending)
        #expect(written[0].typeName == "double")
        #expect(written[2].typeName == "int")
        #expect(written[2].describedType == "an int")
        #expect(written[3].intValue == 100_000)
        #expect(written[0].doubleValue == 4.1)
        #expect(ValueType.int.accepts(written[2]))
        #expect(!ValueType.int.accepts(written[0]))
        #expect(ValueType.double.accepts(written[3]))
    }

    @Test func jsonNumbersAreWrittenBackAsRead() throws {
        let text = #"[4.10,1.50,-0,1e5,1E+5,-0.0,2.5,1.0,100,-7,{"v":6.10}]"#
        let value = try Value(json: text)
        #expect(JSONWriter.compact(value) == text)
        #expect(JSONWriter.pretty(.list([value[0] ?? .null])).contains("4.10"))
    }

    @Test func csvNumbersAreWrittenBackAsRead() throws {
        let text = "version,delta,big\n4.10,-0,1e5\n5.10,1.50,2.0\n"
        let rows = try CSVTableReader.read(Array(text.utf8))
        #expect(try CSVWriter.text(.list(rows)).get() == text)
    }

    @Test func aJSONIntegerIsNeverRoundedToADouble() {
        #expect(throws: JSONError.self) { try Value(json: "12345678901234567890") }
    }
}

extension Value {
    fileprivate subscript(_ index: Int) -> Value? {
        listValue.flatMap { index < $0.count ? $0[index] : nil }
    }
}
