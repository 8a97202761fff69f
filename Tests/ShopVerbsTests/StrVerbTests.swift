import ShopTestSupport
import Testing

/// The `str` verbs on text and on lists of text.
@Suite struct StrVerbTests {
    @Test(arguments: [
        ("'Straße' | str upcase", #""STRASSE""#),
        ("[ÉTÉ, null] | str downcase", #"["été",null]"#),
        ("['naïve', '👍🏽'] | str length", "[5,1]"),
        ("'2026-01-15' | str substring 0 4", #""2026""#),
        ("'report.csv' | str substring -3", #""csv""#),
        ("'hello' | str substring 5", #""""#),
        ("[Wash, Dry] | str starts-with Wa", "[true,false]"),
        ("'report.csv' | str ends-with .csv", "true"),
        ("[7, '42'] | str pad 3 --left --with 0", #"["007","042"]"#),
        ("'日本' | str pad 6", #""日本  ""#),
        ("'a-b-c' | str replace - +", #""a+b+c""#),
        ("'15/01/2026' | str replace --regex '(\\d+)/(\\d+)/(\\d+)' '$3-$2-$1'", #""2026-01-15""#),
        ("'a.b' | str replace . x", #""axb""#),
        ("'a.b' | str replace --regex . x", #""xxx""#),
    ])
    func strVerbsWorkOnTextAndListsOfIt(pipeline: String, expected: String) async throws {
        let shop = try await ExploringFixture.session()
        #expect(await shop.run(pipeline) == expected + "\n")
    }

    @Test(arguments: [
        ("'hello' | str substring 9", "error: str substring: FROM 9 is past the end of 'hello' (5 characters)"),
        ("$words | str substring 0 3", "error: str substring: item 2: TO 3 is past the end of 'be' (2 characters)"),
        ("'hello' | str substring 3 1", "error: str substring: TO 1 comes before FROM 3 in 'hello'"),
        ("[1, x] | str upcase", "error: str upcase: item 1: an int is not text (into string makes it so)"),
        (
            "'a(b' | str replace --regex '(' x",
            "error: str replace: invalid regular expression '(': missing closing parenthesis"
        ),
        ("'ab' | str replace --regex '(a)' '$2'", "error: str replace: invalid replacement '$2': unknown substring"),
        ("'ab' | str pad 4 --with xy", "error: str pad: --with takes one character one column wide, got 'xy'"),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        try await ExploringFixture.expectOneLineError(line, expected)
    }
}
