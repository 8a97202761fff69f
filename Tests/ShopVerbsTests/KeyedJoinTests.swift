import ShopFormats
import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ShopVerbs

/// The join of two tables hashed by their key columns as stored (ints, ASCII strings) gives
/// exactly the rows the join of the key values gives, over random tables with duplicate keys,
/// nulls, absent keys, keys of mixed kinds and strings equal only as `String`s; every other
/// pair of columns is left to the values.
@Suite struct KeyedJoinTests {
    /// What a table's key cells hold, besides nulls and rows without the key.
    enum Keys: CaseIterable {
        /// Small ints (many repeats), `-0`, and ints past a double's exact range.
        case ints
        /// A few ASCII strings, the empty one among them.
        case strings
        /// Ints and texts that spell them (`7`, `"7"`, `"007"`).
        case intsAndTexts
        /// Whole doubles and ints (`7.0` and `7`).
        case numbers
        /// Strings that `String` finds equal in other Unicode forms (`é` and `e` + U+0301).
        case unicode

        func cell(using generator: inout SeededGenerator) -> String {
            switch self {
            case .ints:
                ["0", "1", "2", "3", "7", "-0", "-3", "9007199254740993", "9007199254740992"].randomElement(
                    using: &generator) ?? "0"
            case .strings: [#""a""#, #""b""#, #""ab""#, #""""#, #""7""#].randomElement(using: &generator) ?? #""a""#
            case .intsAndTexts: ["7", #""7""#, #""007""#, "1"].randomElement(using: &generator) ?? "7"
            case .numbers: ["7", "7.0", "2", "2.5"].randomElement(using: &generator) ?? "7"
            case .unicode: ["\"\u{E9}\"", "\"e\u{301}\"", #""e""#].randomElement(using: &generator) ?? #""e""#
            }
        }
    }

    /// A table of 8 to 40 rows `{key, n}` read from JSON Lines (fewer are read as records): the
    /// key's cell from `keys`, or null, or no key at all; the first row always has one.
    private static func table(_ keys: Keys, using generator: inout SeededGenerator) async throws -> RecordTable {
        var lines: [String] = []
        for row in 0..<Int.random(in: 8...40, using: &generator) {
            switch row == 0 ? 0 : Int.random(in: 0..<8, using: &generator) {
            case 6: lines.append(#"{"key":null,"n":\#(row)}"#)
            case 7: lines.append(#"{"n":\#(row)}"#)
            default: lines.append(#"{"key":\#(keys.cell(using: &generator)),"n":\#(row)}"#)
            }
        }
        let list = try await JSONLinesReader.read(Array(lines.joined(separator: "\n").utf8))
        return try #require(list.table)
    }

    /// Each joined row as its left and right row numbers, -1 for a side without one.
    private static func described(_ rows: RecordTable.JoinedRows) -> [[Int]] {
        (0..<rows.count).map { [rows.leftRow($0) ?? -1, rows.rightRow($0) ?? -1] }
    }

    @Test func theKeyedJoinGivesTheRowsTheKeyValuesGive() async throws {
        var generator = SeededGenerator(seed: 30)
        var keyed = 0
        for _ in 0..<400 {
            let leftKeys = Keys.allCases.randomElement(using: &generator) ?? .ints
            let rightKeys =
                Bool.random(using: &generator) ? leftKeys : Keys.allCases.randomElement(using: &generator) ?? .ints
            let left = try await Self.table(leftKeys, using: &generator)
            let right = try await Self.table(rightKeys, using: &generator)
            let leftColumn = try #require(left.columnIndex(of: "key"))
            let rightColumn = try #require(right.columnIndex(of: "key"))
            let kinds = (left.kind(ofColumn: leftColumn), right.kind(ofColumn: rightColumn))
            for kind in [RelationalJoin.Kind.inner, .left, .right, .outer] {
                let join = RelationalJoin(command: "join", leftKey: "key", rightKey: "key", kind: kind)
                let byValues = try join.pairs(
                    left: (left.count, { left.value(column: leftColumn, row: $0) }),
                    right: (right.count, { right.value(column: rightColumn, row: $0) }))
                let byColumns = try join.keyedRows(left, leftColumn, right, rightColumn)
                let context = "\(leftKeys) \(rightKeys) \(kind): \(left.count) × \(right.count) rows"
                switch kinds {
                case (.int, .int):
                    #expect(byColumns != nil, "\(context)")
                case (.string, .string):
                    // Strings only when both columns are all ASCII (the Unicode keys may be).
                    break
                default:
                    #expect(byColumns == nil, "\(context)")
                }
                if let byColumns {
                    keyed += 1
                    #expect(Self.described(byColumns) == Self.described(byValues), "\(context)")
                }
            }
        }
        // Most pairs of int or ASCII string columns were joined by their columns.
        #expect(keyed > 300)
    }
}
