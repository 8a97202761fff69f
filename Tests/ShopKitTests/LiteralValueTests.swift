import Testing

@testable import ShopKit

@Suite struct LiteralValueTests {
    @Test(arguments: [
        ("42", Value.int(42)), ("-7", .int(-7)), ("007", .int(7)), ("3.5", .double(3.5)), ("-0.25", .double(-0.25)),
        ("1e3", .double(1000)), ("2.5E-1", .double(0.25)), ("true", .bool(true)), ("false", .bool(false)),
        ("null", .null), ("1.", .string("1.")), (".5", .string(".5")), ("1e", .string("1e")), ("12ab", .string("12ab")),
        ("-", .string("-")), ("--force", .string("--force")), ("True", .string("True")), ("", .string("")),
        ("99999999999999999999", .double(1e20)),
    ])
    func unquotedWordsGetTheirType(text: String, expected: Value) {
        #expect(LiteralValue.infer(text) == expected)
    }
}
