import Testing

@testable import ServicesPlugin

@Suite struct PriceTests {
    @Test(arguments: [
        (0, "0 ₽"), (7, "7 ₽"), (356, "356 ₽"), (1500, "1 500 ₽"), (12_050, "12 050 ₽"), (1_000_000, "1 000 000 ₽"),
    ])
    func pricesAreWrittenWithSpacesBetweenThousands(roubles: Int, text: String) {
        #expect(Price.format(roubles) == text)
    }

    @Test(arguments: [
        ("356 ₽", 356), ("1 500 ₽", 1500), ("1\u{00A0}500\u{00A0}₽", 1500), ("1\u{202F}500 ₽", 1500),
        ("1,500 руб.", 1500), ("1.500.000 ₽", 1_500_000), ("от 3 500 ₽", 3500), ("99,90 ₽", 100), ("99.49", 99),
        ("1 450,50 ₽", 1451), ("₽ 42", 42), ("1'200", 1200), ("500–1000 ₽", 500), ("0 ₽", 0), ("12,5", 13),
    ])
    func priceTextIsReadAsWholeRoubles(text: String, roubles: Int) throws {
        #expect(try Price.parse(text) == roubles)
    }

    @Test(arguments: [
        ("Бесплатно", Price.Problem.noDigits), ("", .noDigits), ("₽", .noDigits), ("-500 ₽", .negative),
        ("−5", .negative), ("99999999999999999999 ₽", .tooLarge),
    ])
    func priceTextWithoutAUsableNumberIsRefused(text: String, problem: Price.Problem) {
        #expect(throws: problem) { try Price.parse(text) }
    }
}
