import ShopTestSupport
import Testing

@testable import ShopValues

@Suite struct NumberTests {
    @Test(arguments: [
        (
            "expect 9007199254740993 == 9007199254740992.0",
            "error: expect failed: 9007199254740993 (int) == 9007199254740992.0 (double)"
        ),
        ("expect 9007199254740993 > 9007199254740992.0", ""),
        ("expect 9007199254740992.0 < 9007199254740993", ""),
        ("expect 3 == 3.0", ""),
        ("expect 3 != 3.5", ""),
        ("expect 9223372036854775807 < 9223372036854775808.0", ""),
        ("expect -9223372036854775808 == -9223372036854775808.0", ""),
        ("expect -9223372036854775808 > -1e300", ""),
        ("expect 2 < 2.5", ""),
        ("expect -3 < -2.5", ""),
    ])
    func intsAndDoublesCompareExactly(line: String, printed: String) async throws {
        let shop = try TestSession(plugins: [])
        #expect(await shop.run(line) == (printed.isEmpty ? "" : printed + "\n"))
    }

    @Test(arguments: [9_007_199_254_740_993, Int.max, Int.min, -1, 0])
    func anIntEqualsOnlyTheDoubleWithItsExactValue(int: Int) {
        let nearest = Double(int)
        #expect(Value.int(int).isEqual(to: .double(nearest)) == (Int(exactly: nearest) == int))
        #expect(Value.int(int).compare(to: .double(nearest.nextUp)) == .orderedAscending)
        #expect(Value.double(nearest.nextDown).compare(to: .int(int)) == .orderedAscending)
    }

    @Test(arguments: [
        0, 7, -7, 9, 10, -10, 99, 100, 123_456_789, 999_999_999_999_999, 1_000_000_000_000_000, Int.max, Int.min,
    ])
    func anIntsTextIsItsDecimalDigits(int: Int) {
        #expect(Value.int(int).plainText == String(int))
    }

    @Test(arguments: [
        ("echo 99999999999999999999999", "99999999999999999999999"),
        ("set n -9223372036854775809", "-9223372036854775809"),
        ("expect 1e23 == 99999999999999999999999", "99999999999999999999999"),
        ("history --grep=99999999999999999999999", "99999999999999999999999"),
    ])
    func anIntegerLiteralPast64BitsIsAnError(line: String, literal: String) async throws {
        let shop = try TestSession(plugins: [])
        #expect(
            await shop.run(line + "; echo after")
                == "error: integer '\(literal)' does not fit in 64 bits (write '\(literal).0' for a decimal, or quote it for text)\n"
        )
    }

    @Test func largeNumbersThatAreNotWholeOrAreQuotedStayWhatTheySay() async throws {
        let shop = try TestSession(plugins: [])
        await shop.run("set a 99999999999999999999999.0; set b '99999999999999999999999'; set c 9223372036854775807")
        #expect(await shop.json("a") == "99999999999999999999999.0")
        #expect(await shop.json("b") == "\"99999999999999999999999\"")
        #expect(await shop.json("c") == "9223372036854775807")
    }

    @Test(arguments: [("take", "-1"), ("skip", "-5"), ("history", "-1")])
    func negativeCountsAreUsageErrors(verb: String, count: String) async throws {
        let shop = try TestSession(plugins: [])
        let name = verb == "history" ? "history list" : verb
        let input = verb == "history" ? "" : "echo '[1, 2]' | from json | "
        #expect(
            await shop.run(input + "\(verb) \(count)")
                == "error: \(name): N must be a whole number, 0 or more, got \(count)\n")
        guard verb != "history" else { return }
        #expect(await shop.run("echo '[1, 2, 3]' | from json | \(verb) 0 | count") == (verb == "take" ? "0\n" : "3\n"))
    }

    @Test(arguments: [
        ("echo a b c | count", "error: count: expected a list, got a string"),
        ("echo '{\"a\": 1}' | from json | count", "error: count: expected a list, got a record"),
        ("echo null | from json | count", "error: count: expected a list, got null"),
        ("echo 7 | from json | count", "error: count: expected a list, got an int"),
        ("echo '[1, [2, 3]]' | from json | count", "2"),
        ("echo '[]' | from json | count", "0"),
    ])
    func countCountsListsOnly(line: String, printed: String) async throws {
        let shop = try TestSession(plugins: [])
        #expect(await shop.run(line) == printed + "\n")
    }
}
