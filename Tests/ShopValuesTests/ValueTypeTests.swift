import Testing

@testable import ShopValues

@Suite struct ValueTypeTests {
    @Test(arguments: [
        "string", "int", "double", "bool", "list", "record", "any", "path", "null", "list<int>", "string?",
        "list<record>?", "list<list<string>>",
    ])
    func spellingsReadBackAsWritten(_ spelling: String) throws {
        #expect(try ValueType(parsing: spelling).description == spelling)
    }

    @Test func textIsReadAsString() throws {
        #expect(try ValueType(parsing: "text") == .string)
    }

    @Test(arguments: ["str", "list<", "int??", "", "choice"])
    func unknownSpellingsAreRefused(_ spelling: String) {
        #expect(throws: ValueTypeError.self) { try ValueType(parsing: spelling) }
    }

    @Test func aChoiceNeedsItsWords() throws {
        #expect(try ValueType(parsing: "choice", choices: ["a", "b"]) == .choice(["a", "b"]))
    }

    @Test func typesAcceptTheirValues() {
        #expect(ValueType.double.accepts(.int(3)))
        #expect(!ValueType.int.accepts(.double(3.5)))
        #expect(ValueType.optional(.int).accepts(.null))
        #expect(ValueType.list(of: .string).accepts(["a", "b"]))
        #expect(!ValueType.list(of: .string).accepts(["a", 1]))
        #expect(ValueType.choice(["asc", "desc"]).accepts("desc"))
        #expect(!ValueType.choice(["asc", "desc"]).accepts("up"))
        #expect(ValueType.any.accepts(.null))
    }
}
