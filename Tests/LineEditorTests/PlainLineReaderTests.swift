import Foundation
import Glibc
import LineEditor
import Testing

@Suite struct PlainLineReaderTests {
    @Test func readsLinesThenEndOfFile() throws {
        let input = try InputFile(Array("first\nsecond\n".utf8))
        let reader = PlainLineReader(input: input.descriptor)
        #expect(reader.readLine() == .line("first"))
        #expect(reader.readLine() == .line("second"))
        #expect(reader.readLine() == .endOfFile)
        #expect(reader.readLine() == .endOfFile)
        #expect(reader.lineNumber == 2)
    }

    @Test func theLastLineMayLackItsNewline() throws {
        let input = try InputFile(Array("one\ntwo".utf8))
        let reader = PlainLineReader(input: input.descriptor)
        #expect(reader.readLine() == .line("one"))
        #expect(reader.readLine() == .line("two"))
        #expect(reader.readLine() == .endOfFile)
    }

    @Test(arguments: [
        ("", [LineEditorEvent.endOfFile]),
        ("\n", [.line(""), .endOfFile]),
        ("\n\n", [.line(""), .line(""), .endOfFile]),
        ("crlf\r\nnext", [.line("crlf"), .line("next"), .endOfFile]),
        ("tab\there\n", [.line("tab\there"), .endOfFile]),
    ])
    func edgeCasesOfLineBreaks(text: String, expected: [LineEditorEvent]) throws {
        let input = try InputFile(Array(text.utf8))
        let reader = PlainLineReader(input: input.descriptor)
        #expect(expected.map { _ in reader.readLine() } == expected)
    }

    @Test func aOneMegabyteLineArrivesWhole() throws {
        let long = String(repeating: "abcdefghij", count: 100_000) + "é"
        let input = try InputFile(Array((long + "\nafter\n").utf8))
        let reader = PlainLineReader(input: input.descriptor, chunkSize: 4096)
        #expect(reader.readLine() == .line(long))
        #expect(reader.readLine() == .line("after"))
    }

    @Test func invalidUTF8IsReportedWithItsLineNumberAndReadingGoesOn() throws {
        let bytes: [UInt8] = Array("ok\n".utf8) + [0x66, 0xFF, 0xC3, 0x28, 0x0A] + Array("last".utf8)
        let input = try InputFile(bytes)
        let reader = PlainLineReader(input: input.descriptor)
        #expect(reader.readLine() == .line("ok"))
        #expect(reader.readLine() == .invalidUTF8("f\u{FFFD}\u{FFFD}(", lineNumber: 2))
        #expect(reader.readLine() == .line("last"))
        #expect(reader.readLine() == .endOfFile)
    }

    @Test func linesSplitAcrossReadsAreJoined() throws {
        let input = try InputFile(Array("ab😀cd\nef\n".utf8))
        let reader = PlainLineReader(input: input.descriptor, chunkSize: 1)
        #expect(reader.readLine() == .line("ab😀cd"))
        #expect(reader.readLine() == .line("ef"))
    }

    @Test func thePromptIsWrittenOnlyWhenThereIsAPromptOutput() throws {
        let input = try InputFile(Array("x\n".utf8))
        let secondInput = try InputFile(Array("y\n".utf8))
        var prompts: [Int32] = [0, 0]
        try #require(pipe(&prompts) == 0)
        defer { for descriptor in prompts { close(descriptor) } }
        let silent = PlainLineReader(input: input.descriptor)
        #expect(silent.isInteractive == false)
        _ = silent.readLine(prompt: "shop> ")
        let prompting = PlainLineReader(input: secondInput.descriptor, promptOutput: prompts[1])
        #expect(prompting.isInteractive)
        #expect(prompting.readLine(prompt: "shop> ") == .line("y"))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(prompts[0], &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "shop> ")
    }
}

/// A temporary file holding `bytes`, open for reading; removed on deinit.
final class InputFile {
    let descriptor: Int32
    private let path: String

    init(_ bytes: [UInt8]) throws {
        path = NSTemporaryDirectory() + "plain-reader-" + UUID().uuidString
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
