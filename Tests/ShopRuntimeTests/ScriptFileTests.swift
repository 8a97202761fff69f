import Glibc
import ShopTestSupport
import Testing

@testable import ShopLanguage
@testable import ShopRuntime

/// Reading a script file a chunk of lines at a time: the steps are those of the whole text,
/// also where a step goes on past a chunk, and bad text is refused before anything runs.
@Suite struct ScriptFileTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "script-file")
    }

    /// Every item the reader gives, as the parser gives them for the whole text.
    private func items(of reader: ScriptReader) -> [Parser.Item] {
        var reader = reader
        var items: [Parser.Item] = []
        while let item = reader.next() { items.append(item) }
        return items
    }

    private func items(ofText text: String, file: String) -> [Parser.Item] {
        var parser = Parser(text: text, file: file)
        var items: [Parser.Item] = []
        while let item = parser.next() { items.append(item) }
        return items
    }

    /// A script of two chunks and a bit whose first chunk ends after the first line of `step`
    /// (inside it, when it has several lines), with `#>` lines after it.
    private func script(straddling step: String) -> String {
        var text = "## a long script\n"
        var number = 0
        while text.utf8.count < ScriptFile.chunkSize - 200 {
            text += "set x \(number)\n"
            number += 1
        }
        let firstLine = step.prefix { $0 != "\n" }
        let padding = ScriptFile.chunkSize - text.utf8.count - firstLine.utf8.count - 1 - 3
        text += "# " + String(repeating: "-", count: padding) + "\n" + step + "\n#> expected\n"
        while text.utf8.count < 2 * ScriptFile.chunkSize + 100 {
            text += "set x \(number)\n" + step + "\n"
            number += 1
        }
        return text
    }

    @Test(arguments: [
        "echo one",
        "for i in [1, 2]\n  set y $i\nend",
        "if true\n  echo yes\nelse\n  echo no\nend; echo after",
        "echo \"a string\nover two lines\"",
        "echo one \\\n  two",
        "set list [\n  1,\n  2\n]",
        "def twice\n  param n int\n  echo $n\nend",
        "echo $(math 1 +\n 2)",
    ])
    func stepsAcrossChunksAreThoseOfTheWholeText(step: String) throws {
        let text = script(straddling: step)
        let path = try folder.write(text, to: "long.shopscript")
        let file = try ScriptFile(path: path, name: "long.shopscript")
        #expect(try file.chunk(at: 0).text.hasSuffix("\n" + step.prefix { $0 != "\n" } + "\n"))
        let reader = try ScriptReader(file)
        let expected = items(ofText: text, file: "long.shopscript")
        #expect(items(of: reader) == expected)
    }

    @Test func aStepOfManyChunksIsReadWhole() throws {
        let body = (0..<20_000).map { "  set x \($0)" }.joined(separator: "\n")
        let text = "echo first\nfor i in [1]\n\(body)\nend\necho last\n"
        let path = try folder.write(text, to: "block.shopscript")
        let items = items(of: try ScriptReader(ScriptFile(path: path, name: "block.shopscript")))
        #expect(items == self.items(ofText: text, file: "block.shopscript"))
        #expect(items.count == 3)
    }

    @Test func errorsPastTheFirstChunkNameTheirLine() throws {
        let lines = (0..<10_000).map { "set x \($0)" } + ["echo [1, 2", "echo after"]
        let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "late.shopscript")
        let items = items(of: try ScriptReader(ScriptFile(path: path, name: "late.shopscript")))
        guard case .invalid(let diagnostics) = items.last else {
            Issue.record("no error in \(items.suffix(1))")
            return
        }
        #expect(
            diagnostics.map(\.description) == [
                "late.shopscript:10001:6: unclosed '[' (to write text that starts with '[', quote it)"
            ])
    }

    @Test func badTextPastTheFirstChunkIsRefusedWhenTheFileIsOpened() throws {
        let lines = (0..<10_000).map { "set x \($0)" } + ["echo \u{0}"]
        let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "binary.shopscript")
        #expect(throws: ScriptSourceError.notText(name: "binary.shopscript", line: 10_001, problem: "a NUL byte")) {
            try ScriptFile(path: path, name: "binary.shopscript")
        }
    }

    @Test func aFileChangedWhileItRunsStopsWithOneError() throws {
        let lines = (0..<10_000).map { "set x \($0)" }
        let path = try folder.write(lines.joined(separator: "\n") + "\n", to: "changing.shopscript")
        var reader = try ScriptReader(ScriptFile(path: path, name: "changing.shopscript"))
        #expect(truncate(path, 100) == 0)
        var last: Parser.Item?
        while let item = reader.next() { last = item }
        guard case .invalid(let diagnostics) = last else {
            Issue.record("no error after \(String(describing: last))")
            return
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description.hasSuffix(": the script changed while it was read") == true)
        #expect(diagnostics.first?.location.line ?? 0 > 1)
    }
}
