import Glibc
import LineEditor
import ShopKit

/// The interactive part of demo mode: shows narration, types commands, reads the
/// presenter's keys and moves through the steps.
struct DemoPresenter {
    let script: DemoScript
    let session: Session
    let output: StandardStreams
    let style: TerminalStyle
    let typingDelay: Int?
    let interrupts: Interrupts

    /// How many characters one key press reveals.
    static let charactersPerKey = 3

    /// The step shown next (0-based).
    private var current = 0
    /// Steps run so far with the state checkpoint before each, newest last.
    private var ran: [(index: Int, checkpoint: Int)] = []

    init(
        script: DemoScript, session: Session, output: StandardStreams, style: TerminalStyle, typingDelay: Int?,
        interrupts: Interrupts
    ) {
        self.script = script
        self.session = session
        self.output = output
        self.style = style
        self.typingDelay = typingDelay
        self.interrupts = interrupts
    }

    /// What the presenter asked for at a step.
    private enum Decision {
        case run, skip, back
        case goTo(Int)
        case live, quit
    }

    /// Runs the demo until `q` or the end; returns the exit status.
    mutating func present() async -> Int32 {
        show(style.dim("demo: keys type · Enter runs · s skip · b back · g N go to · ! live prompt · q quit"))
        while true {
            guard current < script.entries.count else {
                for line in script.closingNarration { show(narration(line)) }
                show(style.dim("— end of demo: q quits, b goes back —"))
                switch await decideAtEnd() {
                case .back: await goBack()
                case .goTo(let step): await go(to: step)
                case .live: await livePrompt()
                default: return 0
                }
                continue
            }
            let entry = script.entries[current]
            for line in entry.narration { show(narration(line)) }
            switch await typeAndDecide(entry.step) {
            case .run:
                if let status = await runCurrent() { return status }
            case .skip:
                show(style.dim("  (skipped step \(current + 1))"))
                current += 1
            case .back: await goBack()
            case .goTo(let step): await go(to: step)
            case .live: await livePrompt()
            case .quit:
                output.write("\n", to: .standardOutput)
                return 0
            }
        }
    }

    // MARK: Steps

    /// Runs the current step; returns an exit status when the step asked to leave.
    private mutating func runCurrent() async -> Int32? {
        output.write("\n", to: .standardOutput)
        let checkpoint = await session.checkpoint
        let step = script.entries[current].step
        let session = session
        _ = await interrupts.run { await session.run(step: step) }
        output.flush()
        Terminal.discardPendingInput(STDIN_FILENO)
        ran.append((current, checkpoint))
        current += 1
        return await session.exitRequest
    }

    private mutating func goBack() async {
        guard let last = ran.popLast() else {
            show(style.dim("  (already at the first step)"))
            return
        }
        await session.rollBack(to: last.checkpoint)
        current = last.index
        show(style.dim("  ⟲ back to step \(current + 1); the state is as it was before it"))
    }

    private mutating func go(to step: Int) async {
        let target = min(max(step - 1, 0), script.entries.count)
        while let last = ran.last, last.index >= target {
            ran.removeLast()
            await session.rollBack(to: last.checkpoint)
        }
        current = target
        show(style.dim("  → step \(target + 1) of \(script.entries.count)"))
    }

    private mutating func livePrompt() async {
        show(style.dim("  live prompt: Ctrl-D returns to the demo"))
        let reader = LineReaderFactory.make(programName: "shop")
        let prompt = style.isEnabled ? "\u{1B}[1;35mlive\u{1B}[0m> " : "live> "
        while true {
            output.flush()
            switch reader.readLine(prompt: prompt) {
            case .endOfFile:
                output.write("\n", to: .standardOutput)
                return
            case .interrupted, .invalidUTF8:
                continue
            case .line(let text):
                reader.addHistory(text)
                let session = session
                _ = await interrupts.run { await session.run(text, file: nil, path: nil, policy: .keepGoing) }
            }
        }
    }

    // MARK: Typing and keys

    /// Shows the prompt, types the step's command, and waits for the presenter's decision.
    private func typeAndDecide(_ step: Step) async -> Decision {
        let text = Array(step.source)
        var shown = 0
        writePrompt()
        do {
            return try Terminal.withRawMode(STDIN_FILENO) { _ in
                let keys = KeyReader(fileDescriptor: STDIN_FILENO)
                while true {
                    if shown == text.count {
                        switch try keys.readKey(timeout: nil) {
                        case .enter: return .run
                        case .controlC:
                            writePrompt()
                            shown = 0
                        case let key?:
                            if let decision = try navigation(key, keys: keys) { return decision }
                        case nil: continue
                        }
                        continue
                    }
                    if let delay = typingDelay {
                        let jitter = Double(delay) * Double.random(in: 0.6...1.4)
                        if let key = try keys.readKey(timeout: .milliseconds(Int(jitter))) {
                            if shown == 0, let decision = try navigation(key, keys: keys) { return decision }
                            reveal(text, from: shown, count: text.count - shown)
                            shown = text.count
                            continue
                        }
                        reveal(text, from: shown, count: 1)
                        shown += 1
                        continue
                    }
                    guard let key = try keys.readKey(timeout: nil) else { continue }
                    if shown == 0, let decision = try navigation(key, keys: keys) { return decision }
                    let count = key == .enter ? text.count - shown : min(Self.charactersPerKey, text.count - shown)
                    reveal(text, from: shown, count: count)
                    shown += count
                }
            }
        } catch {
            return .quit
        }
    }

    /// The keys that move through the demo: `s`, `b`, `g N`, `!`, `q` (and Ctrl-D).
    private func navigation(_ key: TerminalKey, keys: KeyReader) throws -> Decision? {
        switch key {
        case .character("s"): return .skip
        case .character("b"): return .back
        case .character("!"): return .live
        case .character("q"), .controlD: return .quit
        case .character("g"):
            var digits = ""
            output.write("\r\u{1B}[K" + style.dim("  go to step: "), to: .standardOutput)
            output.flush()
            while let next = try keys.readKey(timeout: nil) {
                if case .character(let character) = next, character.isNumber {
                    digits.append(character)
                    output.write(String(character), to: .standardOutput)
                    output.flush()
                } else {
                    break
                }
            }
            output.write("\n", to: .standardOutput)
            guard let step = Int(digits) else { return .goTo(current + 1) }
            return .goTo(step)
        default: return nil
        }
    }

    private func decideAtEnd() async -> Decision {
        do {
            return try Terminal.withRawMode(STDIN_FILENO) { _ in
                let keys = KeyReader(fileDescriptor: STDIN_FILENO)
                while true {
                    guard let key = try keys.readKey(timeout: nil) else { continue }
                    if key == .enter { return .quit }
                    if let decision = try navigation(key, keys: keys) { return decision }
                }
            }
        } catch {
            return .quit
        }
    }

    private func writePrompt() {
        let prompt = Prompt.styled(style)
        let counter = "\(current + 1)/\(script.entries.count)"
        let columns = Terminal.size(of: STDOUT_FILENO)?.columns ?? 80
        // The counter sits at the right edge, then the cursor returns to the prompt.
        let marker = "\u{1B}7\u{1B}[\(max(1, columns - counter.count))G" + style.dim(counter) + "\u{1B}8"
        output.write("\r\u{1B}[K" + marker + prompt, to: .standardOutput)
        output.flush()
    }

    private func reveal(_ text: [Character], from start: Int, count: Int) {
        guard count > 0 else { return }
        output.write(Sanitizer.inert(String(text[start..<(start + count)])), to: .standardOutput)
        output.flush()
    }

    private func narration(_ text: String) -> String {
        style.apply(
            [.italic, .foreground(RGBColor(red: 110, green: 190, blue: 230))], to: "▌ " + Sanitizer.inert(text))
    }

    /// Prints a line, replacing a prompt left on the current line.
    private func show(_ line: String) {
        output.write("\r\u{1B}[K" + line + "\n", to: .standardOutput)
        output.flush()
    }
}
