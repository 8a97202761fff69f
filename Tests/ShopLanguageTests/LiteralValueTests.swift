import ShopValues
import Testing

@testable import ShopLanguage

@Suite struct LiteralValueTests {
    @Test(arguments: [
        ("42", Value.int(42)), ("-7", .int(-7)), ("007", .int(7)), ("3.5", .double(3.5)), ("-0.25", .double(-0.25)),
        ("1e3", .double(1000)), ("2.5E-1", .double(0.25)), ("true", .bool(true)), ("false", .bool(false)),
        ("null", .null), ("1.", .string("1.")), (".5", .string(".5")), ("1e", .string("1e")), ("12ab", .string("12ab")),
        ("-", .string("-")), ("--force", .string("--force")), ("True", .string("True")), ("", .string("")),
        ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
        ("99999999999999999999.0", .double(1e20)),
    ])
    func unquotedWordsGetTheirType(text: String, expected: Value) throws {
        #expect(try LiteralValue.infer(text) == expected)
    }

    @Test(arguments: ["99999999999999999999", "9223372036854775808", "-9223372036854775809"])
    func aWholeNumberPast64BitsIsAnError(text: String) {
        #expect(throws: NumberError.integerTooLarge(text)) { try LiteralValue.infer(text) }
    }

    @Test func numbersKeepTheirText() throws {
        #expect(try LiteralValue.infer("1.50").plainText == "1.50")
        #expect(try LiteralValue.infer("-0").plainText == "-0")
        #expect(try LiteralValue.infer("1e5").plainText == "1e5")
        #expect(try LiteralValue.infer("007").plainText == "7")
        #expect(try LiteralValue.infer("12").plainText == "12")
    }
}
