import Testing

@testable import ServicesPlugin

@Suite struct PriceTests {
    @Test(arguments: [
        (0, "0 ₽"), (7, "7 ₽"), (356, "356 ₽"), (1500, "1 500 ₽"), (12_050, "12 050 ₽"), (1_000_000, "1 000 000 ₽"),
    ])
    func pricesAreWrittenWithSpacesBetweenThousands(roubles: Int, text: String) {
        #expect(Price.format(roubles) == text)
    }

    /// Digits, grouped by threes with a space, a no-break space or a narrow no-break space or not
    /// grouped at all, then maybe a space and the rouble sign or a short word for roubles.
    @Test(arguments: [
        ("356 ₽", 356), ("1 500 ₽", 1500), ("1\u{00A0}500\u{00A0}₽", 1500), ("1\u{202F}500 ₽", 1500), ("1500", 1500),
        ("1500₽", 1500), ("0 ₽", 0), ("0", 0), ("12 000 руб.", 12_000), ("990 р.", 990), ("7р.", 7),
        ("1 234 567", 1_234_567), ("1234567 ₽", 1_234_567), ("1 000 000 000 000 ₽", 1_000_000_000_000),
        ("1000000000000", 1_000_000_000_000),
    ])
    func aPriceTextIsWholeRoublesInGroupsOfThree(text: String, roubles: Int) throws {
        #expect(try Price.parse(text) == roubles)
    }

    @Test(arguments: [
        // The odd prices: an exponent, hexadecimal, kopecks in words or after a comma.
        "1e3 ₽", "0x10 ₽", "12 ₽ 50 коп", "1 200,50 ₽",
        // Other separators, other words, anything before or after.
        "1,500 руб.", "1.500.000 ₽", "1'200", "99,90 ₽", "99.49", "12,5", "от 3 500 ₽", "₽ 42", "500–1000 ₽",
        "1\u{2009}500 ₽", "1\u{2007}500 ₽", " 356 ₽", "356 ₽ ", "356  ₽", "356 ₽₽", "356 руб", "356 Р", "356 rub",
        // Groups that are not threes, and leading zeros.
        "15 00 ₽", "1 5000 ₽", "1500 000", "1 50 ₽", "0 500", "007", "1  500",
    ])
    func anythingElseIsNotAPrice(text: String) {
        #expect(throws: Price.Problem.notAPrice) { try Price.parse(text) }
    }

    @Test(arguments: [
        ("Бесплатно", Price.Problem.noDigits), ("", .noDigits), ("₽", .noDigits), ("руб.", .noDigits),
        ("-500 ₽", .negative), ("- 500 ₽", .negative), ("−5", .negative),
        ("1 000 000 000 001 ₽", .tooLarge), ("99999999999999999999 ₽", .tooLarge),
        ("999999999999999999999999999999", .tooLarge),
    ])
    func aPriceWithoutDigitsNegativeOrTooLargeSaysSo(text: String, problem: Price.Problem) {
        #expect(throws: problem) { try Price.parse(text) }
    }
}
