import ShopTestSupport
import Testing

@testable import ShopValues

@Suite struct PatternTests {
    @Test(arguments: [
        ("^Wash", "Wash and iron", true, false),
        ("iron", "Wash and iron", true, false),
        ("Wash and iron", "Wash and iron", true, true),
        ("^\\w+$", "Стирка", true, true),
        ("^\\d+$", "٤٢", true, true),
        ("^.$", "ж", true, true),
        ("^.$", "🧺", true, true),
        ("a.c", "abc\nxyz", true, false),
        ("x", "", false, false),
        ("", "", true, true),
    ])
    func patternsFollowPCRE2InUTF8(source: String, text: String, anywhere: Bool, whole: Bool) throws {
        let pattern = try Pattern(source)
        #expect(try pattern.matches(in: text) == anywhere)
        #expect(try pattern.matchesWhole(text) == whole)
    }

    @Test func literalPatternsMatchTextAsItIsInAnyCase() throws {
        let pattern = try Pattern(literal: "a.b (СТИРКА)", ignoringCase: true)
        #expect(try pattern.matches(in: "see A.B (стирка) here"))
        #expect(try !pattern.matches(in: "aXb (стирка)"))
    }

    @Test(arguments: [
        ("(", "invalid regular expression '(': missing closing parenthesis"),
        ("a{2,1}", "invalid regular expression 'a{2,1}': numbers out of order in {} quantifier"),
        ("[z-a]", "invalid regular expression '[z-a]': range out of order in character class"),
    ])
    func invalidPatternsSayWhy(source: String, message: String) {
        #expect(throws: PatternError.self) { try Pattern(source) }
        do {
            _ = try Pattern(source)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aPatternThatBacktracksWithoutEndFailsInBoundedTime() throws {
        let pattern = try Pattern("(a+)+$")
        let started = ContinuousClock.now
        #expect(throws: PatternError.tooComplex(pattern: "(a+)+$")) {
            try pattern.matches(in: String(repeating: "a", count: 40) + "b")
        }
        #expect(throws: PatternError.tooComplex(pattern: "(a+)+$")) {
            try pattern.matchesWhole(String(repeating: "a", count: 40) + "b")
        }
        // Without the limit this takes longer than the universe has existed; the bound is generous.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func cancellingTheTaskStopsAMatchInTheMiddle() async throws {
        let pattern = try Pattern("(a+)+$")
        let subject = String(repeating: "a", count: 40) + "b"
        let task = Task { () throws(PatternError) -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            return try pattern.matches(in: subject)
        }
        // Cancelled before the first step, the match stops at its first callout: interrupted,
        // not "too complex" after a million steps.
        await #expect(throws: PatternError.interrupted) { try await task.value }
    }

    @Test func compiledPatternsAreShared() throws {
        let first = try Pattern("^cached \\d+$")
        let second = try Pattern("^cached \\d+$")
        #expect(try first.matchesWhole("cached 1") && second.matchesWhole("cached 2"))
    }

    @Test func matchingAtThePromptEndsWithOneLine() async throws {
        let shop = try TestSession(plugins: [])
        #expect(
            await shop.run("expect aaaaaaaaaaaaaaaaaaaaaaab matches '(a+)+$'")
                == "error: pattern too complex: '(a+)+$' (matching it would take too long; make it more specific)\n")
        #expect(await shop.run("expect Стирка matches '^\\w+$'") == "")
        #expect(await shop.run("expect abc matches '^b'") == "error: expect failed: 'abc' matches '^b'\n")
        #expect(
            await shop.run("expect abc matches '('")
                == "error: invalid regular expression '(': missing closing parenthesis\n")
        #expect(await shop.run("echo '[{\"t\": \"Стирка\"}, {\"t\": \"x\"}]' | from json | find стир | count") == "1\n")
    }
}
