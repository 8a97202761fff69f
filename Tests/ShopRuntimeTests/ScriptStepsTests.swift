import Glibc
import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ShopLanguage
@testable import ShopRuntime

/// A long script file is parsed ahead, on another core, while its steps run: the run sees the
/// items the parser gives in line, in the same order, and a run that ends early or a file that
/// changes behave as they do when each item is parsed as it is asked for.
@Suite struct ScriptStepsTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [])
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = shop.stateDirectory + "/" + name
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
        return path
    }

    /// A script of `count` random lines: commands, blocks over several lines, narration, `#>`
    /// lines, blank lines and lines with syntax errors.
    private func randomScript(lines count: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        var text = ""
        for number in 0..<count {
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: text += "## narration \(number)\n"
            case 1: text += "#> v \(number)\n"
            case 2: text += "\n"
            case 3: text += "if $x > \(number)\n  echo \"big $x\"\nelse\n  echo small\nend\n"
            case 4: text += "echo \"unclosed \(number)\n"
            case 5: text += "set x [1, \(number)\n"
            case 6: text += "for n in [1, 2]; echo $n; end\n"
            case 7: text += "def twice\(number % 7)\n  param n int\n  math $n * 2\nend\n"
            default: text += "set x \(number); echo \"v $x\" | count\n"
            }
        }
        return text
    }

    private func itemsInLine(_ reader: ScriptReader) -> [Parser.Item] {
        var reader = reader
        var items: [Parser.Item] = []
        while let item = reader.next() { items.append(item) }
        return items
    }

    private func itemsParsedAhead(_ reader: ScriptReader) async -> [Parser.Item] {
        var steps = ScriptSteps(reader)
        var items: [Parser.Item] = []
        while let item = await steps.next() { items.append(item) }
        return items
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func parsedAheadTheItemsAreThoseParsedInLine(seed: UInt64) async throws {
        let path = try write("random-\(seed).shopscript", randomScript(lines: 40_000, seed: seed))
        let file = try ScriptFile(path: path, name: "random.shopscript")
        #expect(file.size >= ScriptSteps.parsedAheadFrom)
        let reader = try ScriptReader(file, syntax: shop.session.registry.syntax)
        let inLine = itemsInLine(reader)
        let ahead = await itemsParsedAhead(reader)
        #expect(ahead.count == inLine.count)
        #expect(ahead == inLine)
    }

    /// A script whose last batch is full, and one whose last batch holds one item: the end is
    /// found after the last item whichever side gets there first.
    @Test(arguments: [0, 1])
    func theLastBatchIsTakenWhereverItEnds(extra: Int) async throws {
        let count = 32 * 640 + extra
        let lines = (0..<count).map { "set value \(100_000 + $0)" }
        let path = try write("boundary-\(extra).shopscript", lines.joined(separator: "\n") + "\n")
        let reader = try ScriptReader(ScriptFile(path: path, name: "boundary.shopscript"))
        #expect(reader.fileSize ?? 0 >= ScriptSteps.parsedAheadFrom)
        for _ in 0..<5 {
            let ahead = await itemsParsedAhead(reader)
            #expect(ahead.count == count)
            #expect(ahead == itemsInLine(reader))
        }
    }

    @Test func aLongFileChangedWhileItRunsStopsWithOneError() async throws {
        let lines = (0..<40_000).map { "set x \($0)" }
        let path = try write("changing.shopscript", lines.joined(separator: "\n") + "\n")
        var steps = ScriptSteps(try ScriptReader(ScriptFile(path: path, name: "changing.shopscript")))
        // The parser is at most a few batches ahead, inside the first chunk, when the file shrinks.
        #expect(truncate(path, 100) == 0)
        var last: Parser.Item?
        while let item = await steps.next() { last = item }
        guard case .invalid(let diagnostics) = last else {
            Issue.record("no error after \(String(describing: last))")
            return
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description.hasSuffix(": the script changed while it was read") == true)
    }

    @Test func aLongScriptRunsEveryStepInOrder() async throws {
        let lines = (0..<30_000).map { "set x \($0); echo \"v $x\"" }
        _ = try write("long.shopscript", lines.joined(separator: "\n") + "\n")
        let printed = await shop.run("run long.shopscript; echo done")
        #expect(printed == (0..<30_000).map { "v \($0)\n" }.joined() + "done\n")
    }

    @Test func aLongScriptThatEndsEarlyRunsNothingAfter() async throws {
        let lines = ["echo first", "exit 2"] + (0..<30_000).map { "echo never \($0)" }
        _ = try write("early.shopscript", lines.joined(separator: "\n") + "\n")
        #expect(
            await shop.run("run early.shopscript")
                == "first\nerror: run: 'early.shopscript' exited with status 2\n")
        let failing = ["echo first", "nosuchcommand"] + (0..<30_000).map { "echo never \($0)" }
        _ = try write("failing.shopscript", failing.joined(separator: "\n") + "\n")
        let printed = await shop.run("run failing.shopscript; echo next")
        #expect(printed.hasPrefix("first\nerror: "))
        #expect(!printed.contains("never"))
        #expect(await shop.run("echo still here") == "still here\n")
    }
}
