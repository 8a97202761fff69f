import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopLanguage
@testable import ShopValues

@Suite struct LiteralTests {
    private func value(of literal: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let shop = try TestSession(plugins: [])
        await shop.session.setFormat(.json)
        return await shop.run("set v 7; set x \(literal); state get x").trimmingCharacters(in: "\n")
    }

    @Test(arguments: [
        ("[1, 2, 3]", "[1,2,3]"),
        ("[laundry tutor]", #"["laundry","tutor"]"#),
        ("{id: laundry, qty: 2}", #"{"id":"laundry","qty":2}"#),
        (#"{"id": "laundry", "qty": 2}"#, #"{"id":"laundry","qty":2}"#),
        ("[]", "[]"),
        ("{}", "{}"),
        ("[[1, [2]], {a: {b: []}}]", #"[[1,[2]],{"a":{"b":[]}}]"#),
        ("[1, 2,]", "[1,2]"),
        ("[true false null -1.5 1e3 007]", "[true,false,null,-1.5,1e3,7]"),
        ("[$v, \"$v\", '$v', a$v]", #"[7,"7","$v","a7"]"#),
        ("[$(math 2 + 3), \"n=$(math 5)\", $(echo 5)]", #"[5,"n=5","5"]"#),
        ("{url: http://x.org/a:b, 'a b': 1}", #"{"url":"http://x.org/a:b","a b":1}"#),
        (#"["\u00e9\n\/\b\f\r\t\"\\", "\ud83d\ude00"]"#, #"["é\n/\u0008\u000c\r\t\"\\","😀"]"#),
        ("[\n  1, # one\n  2\n]", "[1,2]"),
        ("{a: [x|y; z]}", #"{"a":["x|y;","z"]}"#),
    ])
    func literalsReadAsValues(literal: String, json: String) async throws {
        #expect(try await value(of: literal) == json)
    }

    @Test func everyJSONDocumentWithoutDollarsIsALiteral() async throws {
        var generator = SeededGenerator(seed: 12)
        let shop = try TestSession(plugins: [])
        await shop.session.setFormat(.json)
        for round in 0..<60 {
            let document = Self.randomValue(depth: 0, using: &generator)
            let text = round.isMultiple(of: 2) ? JSONWriter.compact(document) : JSONWriter.pretty(document)
            let printed = await shop.run("set x \(text)\nstate get x")
            #expect(printed == JSONWriter.compact(document) + "\n", "\(text)")
        }
    }

    @Test(arguments: [
        ("set x 1️⃣[1, 2", "unclosed '[' (to write text that starts with '[', quote it)"),
        ("set x {a: 1, 1️⃣a: 2}", "duplicate field 'a' in a record"),
        ("set x {1️⃣: 1}", "expected a field name before ':'"),
        ("set x [1,1️⃣, 2]", "unexpected ','"),
        ("set x {a 1️⃣1}", "expected ':' after the field name 'a'"),
        ("set x {a: 1️⃣}", "expected a value after 'a:'"),
        ("set x [1]1️⃣b", "unexpected text after the literal's closing bracket (put a blank after it)"),
        ("set x {1️⃣$k: 1}", "a field name is text, bare or quoted (it cannot use '$' or a literal)"),
        ("set x [1 1️⃣}", "unexpected '}' in a list (it opened with '[')"),
        (#"echo "1️⃣\u12""#, "'\\u' needs four hex digits"),
        (#"echo "1️⃣\ud800""#, "'\\u' escape of a lone surrogate"),
    ])
    func badLiteralsNameTheirPlace(marked: String, message: String) async throws {
        try await expectOneError(in: marked, message)
    }

    @Test func nestingStopsAt256LevelsWithOneClearError() async throws {
        let shop = try TestSession(plugins: [], showsErrorLocations: true)
        await shop.run("set ok " + String(repeating: "[", count: 256) + String(repeating: "]", count: 256))
        #expect(await shop.run("vars | count") == "1\n")
        for depth in [257, 10_000] {
            for (open, close) in [("[", "]"), ("{a: ", "}"), ("$(echo ", ")")] {
                // Closed, and never closed: either way one line.
                for closing in [String(repeating: close, count: depth), ""] {
                    let text = "set x " + String(repeating: open, count: depth) + closing
                    let (outcome, printed) = await shop.outcome(of: text + "\necho after", file: "deep.shopscript")
                    #expect(outcome.failures == 1)
                    #expect(printed.hasPrefix("error: deep.shopscript:1:"))
                    #expect(printed.hasSuffix("nested deeper than 256 levels\n"), "\(printed)")
                    #expect(printed.split(separator: "\n").count == 1)
                }
            }
        }
        #expect(await shop.run("vars | count") == "1\n")
    }

    @Test func aWordStartingWithABracketIsALiteralAndQuotingKeepsText() async throws {
        let shop = try TestSession(plugins: [])
        #expect(await shop.run("echo [draft]") == #"["draft"]"# + "\n")
        #expect(await shop.run("echo '[draft]' \"{x}\" a[1] \\[b]") == "[draft] {x} a[1] [b]\n")
        #expect(await shop.run("[3, 1, 2] | sort") == "1\n2\n3\n")
    }

    private static func randomValue(depth: Int, using generator: inout SeededGenerator) -> Value {
        let kind = Int.random(in: 0..<(depth > 4 ? 5 : 7), using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 3: return .double(Double(Int.random(in: -10_000...10_000, using: &generator)) / 8)
        case 4:
            let alphabet = Array("abc XYZ:,[]{}#'\"\\/\n\t\u{1}é😀|;()")
            let length = Int.random(in: 0..<12, using: &generator)
            return .string(
                String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
        case 5:
            return .list(
                (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                    randomValue(depth: depth + 1, using: &generator)
                })
        default:
            let count = Int.random(in: 0..<4, using: &generator)
            return .record(
                Record(
                    pairs: (0..<count).map { index in
                        ("k\(index) \(depth)", randomValue(depth: depth + 1, using: &generator))
                    }))
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
