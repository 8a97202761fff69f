import ShopLanguage
import ShopPluginAPI
import ShopRuntime

/// `shop demo FILE --handout handout.md`: the talk as Markdown for the attendees, written
/// without a terminal.
///
/// Narration becomes Markdown as written: consecutive `##` lines join into a paragraph; a
/// blank `##` line, a line between them that is not narration, or a heading (`## # Title`)
/// starts a new one. Each step becomes a fenced
/// `shopscript` block followed by what it printed in a fenced `text` block (none when it
/// printed nothing). The steps run in a fresh session with the transcript environment of
/// `shop test` (width 80, no colour, embedded news), but with the real clock, as the live demo
/// has, unless `--now` or `SHOP_NOW` fixes it: with either, the same script gives the same
/// handout byte for byte.
struct DemoHandout {
    let factory: SessionFactory
    let file: String
    let handout: String

    func run() async -> Int32 {
        let output = StandardStreams()
        let process = factory.process
        let target = FilePath.resolve(handout, relativeTo: process.workingDirectory, home: process.variables["HOME"])
        let stream = Console.standardStream(named: target)
        do {
            if stream == nil { try FileSystem.checkWritable(target, named: handout) }
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 2
        }
        guard let script = DemoScript.load(file, factory: factory, output: output),
            let catalog = await factory.catalog(forScript: file, output: output)
        else { return 2 }
        let outputs: [(step: Step, lines: [String])]
        do {
            var settings = factory.transcriptSettings(catalog: catalog)
            settings.clock = try process.clock(now: factory.options.now)
            outputs = try await TranscriptRunner.outputs(of: script.parsed, path: script.path, settings: settings)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 1
        }
        let text = Self.markdown(script, outputs: outputs.map(\.lines), name: FilePath.lastComponent(of: file))
        if let stream {
            output.writeFileContents(Array(text.utf8), to: stream)
            output.flush()
            return 0
        }
        do {
            try FileSystem.writeAtomically(Array(text.utf8), to: target, named: handout)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 1
        }
        output.write("wrote '\(handout)': \(outputs.count) steps\n", to: .standardOutput)
        output.flush()
        return 0
    }

    /// The handout of `script`, given the lines each step printed (steps after an `exit` are
    /// left out), with every control character but newlines and tabs shown inert.
    static func markdown(_ script: DemoScript, outputs: [[String]], name: String) -> String {
        var blocks: [String] = ["<!-- the handout of \(name), written by 'shop demo \(name) --handout' -->"]
        for (entry, lines) in zip(script.entries, outputs) {
            blocks += paragraphs(entry.narration)
            blocks.append(fenced(String(entry.step.source), info: "shopscript"))
            let printed = trimmed(lines)
            if !printed.isEmpty { blocks.append(fenced(printed.joined(separator: "\n"), info: "text")) }
        }
        if outputs.count == script.entries.count { blocks += paragraphs(script.closingNarration) }
        // Read in a terminal as often as rendered: escapes in narration or commands stay inert.
        return EscapeFilter.filter(blocks.joined(separator: "\n\n") + "\n", keepingStyles: false)
    }

    /// Narration lines as Markdown blocks: consecutive lines join into a paragraph; a blank
    /// one, a gap in the script or a heading ends it, and a heading stands alone.
    private static func paragraphs(_ lines: [Narration]) -> [String] {
        var paragraphs: [String] = []
        var current: [String] = []
        var previousLine = Int.min
        func finish() {
            if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
            current = []
        }
        for line in lines {
            let text = line.text.trimmingBlanks(leading: true)
            let isHeading = text.hasPrefix("#")
            if text.isEmpty || isHeading || line.line != previousLine + 1 { finish() }
            if !text.isEmpty { current.append(text) }
            if isHeading { finish() }
            previousLine = line.line
        }
        finish()
        return paragraphs
    }

    /// `text` in a code fence longer than any run of backticks inside it.
    private static func fenced(_ text: String, info: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + info + "\n" + text + "\n" + fence
    }

    /// Output lines without trailing blanks, and without blank lines at the end.
    private static func trimmed(_ lines: [String]) -> [String] {
        var result = lines.map { $0.trimmingBlanks(leading: false) }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}

extension String {
    /// The text without the blanks (spaces, tabs) at its end, and at its start if `leading`.
    fileprivate func trimmingBlanks(leading: Bool) -> String {
        let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let last = lastIndex(where: isText) else { return "" }
        let first = leading ? (firstIndex(where: isText) ?? startIndex) : startIndex
        return String(self[first...last])
    }
}
