import ShopValues
import Testing

/// A record made a value at a time (``Record/Builder``) keeps its values in one buffer of its
/// own; it is the same record as one made from an array, in every way a caller can see.
@Suite struct RecordBuilderTests {
    static let names = FieldNames(["id", "title", "price", "icon"])

    static func built(_ values: [Value]) -> Record {
        var builder = Record.Builder(names: names)
        for value in values { builder.append(value) }
        return builder.record
    }

    static let values: [Value] = [.string("svc-0000001"), .string("Window cleaning, a long title"), .int(1500), .null]

    @Test func aBuiltRecordEqualsAndHashesAsTheSameRecordFromAnArray() {
        let built = Self.built(Self.values)
        let fromArray = Record(names: Self.names, values: Self.values)
        #expect(built == fromArray)
        #expect(built.hashValue == fromArray.hashValue)
        #expect(Array(built.values) == Self.values)
        #expect(built["title"] == .string("Window cleaning, a long title"))
        #expect(built["nosuch"] == nil)
    }

    @Test func settingAFieldLeavesTheOriginalAsItWas() {
        let built = Self.built(Self.values)
        let changed = built.setting("price", to: .int(900)).setting("note", to: "new")
        #expect(changed["price"] == .int(900))
        #expect(changed["note"] == .string("new"))
        #expect(built["price"] == .int(1500))
        #expect(built.count == 4)
    }

    @Test func renamingSharesTheValues() {
        let built = Self.built(Self.values)
        let renamed = Record(names: FieldNames(["a", "b", "c", "d"]), values: built.values)
        #expect(renamed["b"] == .string("Window cleaning, a long title"))
        #expect(Array(renamed.values) == Array(built.values))
    }

    @Test func manyBuiltRecordsFreeTheirValues() {
        // Each record's strings are its own; dropping the list frees them (run under the
        // sanitizers by Scripts/test --sanitize).
        var records: [Record] = []
        for number in 0..<1000 {
            records.append(Self.built([.string("id \(number) of many"), .string("t"), .int(number), .list([.int(1)])]))
        }
        #expect(records[999]["price"] == .int(999))
        records.removeAll()
        #expect(records.isEmpty)
    }
}
