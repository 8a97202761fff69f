import Testing

@testable import ShopValues

/// The column checks a plugin makes before trusting a table's keys, against the same
/// questions asked row by row.
@Suite struct TableKeyCheckTests {
    /// A table of one column holding `values`, stored as a reader would store them.
    private func table(_ values: [Value]) -> RecordTable {
        RecordTable(fields: ["id"], columns: [Column(.gathered(values, kind: .values))], count: values.count)
    }

    private func strings(_ strings: String?...) -> RecordTable {
        table(strings.map { $0.map(Value.string) ?? .null })
    }

    @Test func stringFactsOfSortedASCIIIds() {
        #expect(
            strings("a", "ab", "b").stringFacts(ofColumn: 0)
                == RecordTable.StringColumnFacts(hasEmpty: false, isASCII: true, isStrictlyIncreasing: true))
        #expect(
            strings("b", "", "é").stringFacts(ofColumn: 0)
                == RecordTable.StringColumnFacts(hasEmpty: true, isASCII: false, isStrictlyIncreasing: false))
        #expect(strings("a", "a").stringFacts(ofColumn: 0)?.isStrictlyIncreasing == false)
    }

    @Test func stringFactsNeedStringsWithoutNulls() {
        #expect(strings("a", nil).stringFacts(ofColumn: 0) == nil)
        #expect(table([.int(1), .int(2)]).stringFacts(ofColumn: 0) == nil)
    }

    @Test func firstRepeatedStringNamesBothRows() {
        let found = strings("x", "y", nil, "z", "y", "x").firstRepeatedString(inColumn: 0)
        #expect(found?.first == 1 && found?.second == 4)
        #expect(strings("x", nil, nil, "y").firstRepeatedString(inColumn: 0) == nil)
        #expect(table([.int(1), .int(1)]).firstRepeatedString(inColumn: 0) == nil)
    }

    /// Strings Swift finds equal in other Unicode forms repeat, as they would as dictionary keys.
    @Test func firstRepeatedStringComparesAsSwiftStrings() {
        let found = strings("K", "caf\u{E9}", "cafe\u{301}").firstRepeatedString(inColumn: 0)
        #expect(found?.first == 1 && found?.second == 2)
        #expect(strings("\u{212A}", "K").firstRepeatedString(inColumn: 0)?.second == 1)
    }

    /// Against a dictionary of Swift strings, on random ids from a small alphabet.
    @Test func firstRepeatedStringMatchesADictionary() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", "é", "e\u{301}", "K", "\u{212A}"]
        for _ in 0..<500 {
            let ids = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? ""
                }
                .joined()
            }
            var seen: [String: Int] = [:]
            var expected: (Int, Int)?
            for (row, id) in ids.enumerated() {
                if let first = seen[id] {
                    expected = (first, row)
                    break
                }
                seen[id] = row
            }
            let found = table(ids.map(Value.string)).firstRepeatedString(inColumn: 0)
            #expect(found?.first == expected?.0 && found?.second == expected?.1, "\(ids)")
        }
    }

    @Test func intRangeOfAnIntColumn() {
        #expect(table([.int(5), .int(-2), .int(9)]).intRange(ofColumn: 0) == -2...9)
        #expect(table([.int(5), .null]).intRange(ofColumn: 0) == nil)
        #expect(table([.int(5), .double(1.5)]).intRange(ofColumn: 0) == nil)
        #expect(table([]).intRange(ofColumn: 0) == nil)
    }
}
