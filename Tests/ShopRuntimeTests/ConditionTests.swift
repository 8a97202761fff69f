import ShopTestSupport
import Testing

@Suite struct ConditionTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [])
    }

    private static let rows = """
        set rows [{title: "Wash and iron", price: 890, "Unit Price": 2, isSelected: true},
                  {title: Tutor, price: 1500, "Unit Price": 4, isSelected: false},
                  {title: Walk, price: 700, "Unit Price": 5}]
        """

    @Test(arguments: [
        ("price < 1000", ["Wash and iron", "Walk"]),
        ("price < 1000 and title contains Wash", ["Wash and iron"]),
        ("price > 1000 or title == Walk", ["Tutor", "Walk"]),
        ("not (price > 1000 or title == Walk)", ["Wash and iron"]),
        ("not price > 1000 and price > 800", ["Wash and iron"]),
        ("price > 1000 or price < 800 and title == Walk", ["Tutor", "Walk"]),
        ("(price > 1000 or price < 800) and title == Walk", ["Walk"]),
        ("isSelected", ["Wash and iron"]),
        ("not isSelected", ["Tutor", "Walk"]),
        ("\"Unit Price\" > 3", ["Tutor", "Walk"]),
        ("$it.price == 700", ["Walk"]),
        ("price == ${it.price}", ["Wash and iron", "Tutor", "Walk"]),
        ("title matches '^W'", ["Wash and iron", "Walk"]),
        ("price < $budget", ["Wash and iron", "Walk"]),
        ("price > 100000", []),
    ])
    func whereKeepsTheItemsTheConditionHoldsFor(condition: String, titles: [String]) async throws {
        await shop.run(Self.rows + "; set budget 1000")
        let printed = await shop.run("$rows | where \(condition) | get title | to json")
        let expected = titles.isEmpty ? "[]" : "[\n" + titles.map { "  \"\($0)\"" }.joined(separator: ",\n") + "\n]"
        #expect(printed == expected + "\n")
    }

    @Test func aFieldNoItemHasIsAnErrorNamingTheNearest() async throws {
        await shop.run(Self.rows)
        #expect(
            await shop.run("$rows | where titel == Walk") == "error: where: no field 'titel' (did you mean 'title'?)\n")
    }

    @Test func whereWorksOnPlainValuesThroughIt() async throws {
        #expect(await shop.run("[1, 5, 12, 0] | where $it > 3 | count") == "2\n")
        #expect(await shop.run("[1, 0, 2, [], x] | where $it | count") == "3\n")
    }

    @Test func operandsWithoutItAreEvaluatedOnce() async throws {
        await shop.run(Self.rows)
        #expect(await shop.run("$rows | where price > $(print once; math 0) | count") == "once\n3\n")
        #expect(
            await shop.run("$rows | where price > $(print each; math $it.price - 1) | count") == "each\neach\neach\n3\n"
        )
    }

    @Test(arguments: [
        ("expect 1 == 1 and 2 > 1", ""),
        ("expect 1 == 2", "error: expect failed: 1 == 2\n"),
        ("expect 1 == 1 and 2 < 1", "error: expect failed: 2 < 1\n"),
        ("expect 1 == 2 or 3 == 4", "error: expect failed: 1 == 2\n"),
        ("expect not 1 == 1", "error: expect failed: not (1 == 1)\n"),
        ("expect $zero", "error: expect failed: $zero is 0\n"),
        ("expect \"\"", "error: expect failed:  is ''\n"),
        ("expect [1] == [1] and {} == {}", ""),
        ("expect ${xs} == []", ""),
        ("expect 5 == '5'", "error: expect failed: 5 (int) == '5' (string)\n"),
        ("expect (1 == 1) or", "error: expect: expected a value after 'or'\n"),
        ("expect 1 == 1 1", "error: expect: unexpected '1' (join conditions with 'and' or 'or')\n"),
        ("expect (1 == 1", "error: expect: missing ')' for this '('\n"),
        ("expect == 1", "error: expect: expected a value before '=='\n"),
        ("[1] | expect == [1]", ""),
    ])
    func expectNamesTheFirstComparisonThatWasFalse(line: String, printed: String) async throws {
        await shop.run("set zero 0; set xs []")
        #expect(await shop.run(line) == printed)
    }

    @Test func ifAndWhileTestTruthiness() async throws {
        for (value, truth) in [
            ("0", "no"), ("1", "yes"), ("''", "no"), ("x", "yes"), ("[]", "no"), ("[0]", "yes"), ("{}", "no"),
            ("null", "no"), ("false", "no"), ("0.0", "no"), ("0.5", "yes"),
        ] {
            #expect(await shop.run("if \(value); echo yes; else; echo no; end") == "\(truth)\n", "\(value)")
        }
    }

    @Test func andAndOrShortCircuit() async throws {
        await shop.run("set x null")
        #expect(await shop.run("if $x != null and $x.a > 1; echo yes; else; echo no; end") == "no\n")
        #expect(await shop.run("if $x == null or $x.a > 1; echo yes; end") == "yes\n")
    }

    @Test func comparingValuesThatCannotBeOrderedIsAnError() async throws {
        #expect(await shop.run("if 5 < x; echo yes; end") == "error: cannot compare 5 (int) < 'x' (string)\n")
        #expect(await shop.run("expect abc < 5") == "error: expect failed: cannot compare 'abc' (string) < 5 (int)\n")
    }

    @Test(arguments: [
        ("1️⃣if", "expected a condition"),
        ("if 1 1️⃣==", "expected a value after '=='"),
        ("if (1 == 1) 1️⃣)", "unexpected ')'"),
        ("if 1️⃣and 1", "expected a value before 'and'"),
        (
            "while 1 1️⃣=~ 1",
            "unknown operator '=~' (did you mean 'matches'?); use one of == != < <= > >= contains matches"
        ),
    ])
    func badConditionsAreParseErrorsAtTheirToken(marked: String, message: String) {
        expectDiagnostic(in: marked + "\nend", message)
    }
}
