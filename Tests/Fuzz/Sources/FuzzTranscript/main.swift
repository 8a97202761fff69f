import FuzzSupport
import ShopLanguage
import ShopRuntime

/// The transcript matcher: `#>` lines (before the first NUL byte) against output lines
/// (after it). Matching never crashes or runs unbounded, and the block `shop test --update`
/// would write, read back through the parser, matches the output.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.unicodeScalars.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
    // Few lines: a ` (re)` line may take up to a million steps against each output line.
    let written = lines(parts[0]).prefix(12)
    // As the lexer reads a `#>` line: a carriage return before the line break is not text.
    let expected = written.enumerated().map { index, line in
        ExpectedLine(text: line.hasSuffix("\r") ? String(line.dropLast()) : line, line: index + 2)
    }
    let actual = parts.dropFirst().first.map(outputLines) ?? []
    guard let output = try? ExpectedOutput(expected) else { return 0 }
    guard (try? output.matches(actual)) != nil, let block = try? output.rewritten(toMatch: actual) else { return 0 }
    let script = Parser.parse("echo\n" + block.map { $0 + "\n" }.joined(), file: "fuzz.shopscript")
    guard script.diagnostics.isEmpty, let step = script.steps.first, script.steps.count == 1 else {
        fail("the rewritten block does not parse back: \(block)")
    }
    guard let rewritten = try? ExpectedOutput(step.expectations) else {
        fail("the rewritten block is invalid: \(block)")
    }
    guard (try? rewritten.matches(actual)) == true else { fail("the rewritten block does not match: \(block)") }
    return 0
}

/// The lines of `text`, split at each line feed.
private func lines(_ text: Substring.UnicodeScalarView) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
}

/// Output lines as a transcript sees them: no escape character, no trailing blanks.
private func outputLines(_ text: Substring.UnicodeScalarView) -> [String] {
    lines(text).prefix(12).map { line in
        var scalars = line.unicodeScalars.filter { $0 != "\u{1B}" }[...]
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

runFuzzer()
