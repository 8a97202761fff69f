import Glibc
import LineEditor
import ShopLanguage
import ShopPluginAPI
import ShopRuntime

/// The interactive part of demo mode: shows narration, types commands, reads the
/// presenter's keys and moves through the steps.
///
/// The terminal stays in raw mode for the whole demo (keys are read one by one and never
/// echoed), except at the live prompt; while a step runs, Ctrl-C raises its signal again and
/// whatever else was typed is dropped when the step ends.
struct DemoPresenter {
    let script: DemoScript
    let session: Session
    let output: DemoScreen
    let style: TerminalStyle
    let typingDelay: Int?
    let interrupts: Interrupts
    /// The keyboard, shared with the animations of the steps (``ShopTerminal``) and the live prompt.
    let keyboard: TerminalInput

    /// How many characters one key press reveals.
    static let charactersPerKey = 3

    /// The step shown next (0-based).
    private var current = 0
    /// Steps run so far with the state checkpoint before each, in step order (a step skipped
    /// is missing).
    private var ran: [(index: Int, checkpoint: Int)] = []
    /// The terminal's raw mode between steps; nil at the live prompt.
    private var keyMode: RawMode?
    /// The presenter's keys (one reader, so keys typed ahead between steps are kept).
    private let keys: KeyReader

    init(
        script: DemoScript, session: Session, output: DemoScreen, style: TerminalStyle, typingDelay: Int?,
        interrupts: Interrupts, keyboard: TerminalInput
    ) {
        self.script = script
        self.session = session
        self.output = output
        self.style = style
        self.typingDelay = typingDelay
        self.interrupts = interrupts
        self.keyboard = keyboard
        keys = KeyReader(input: keyboard)
    }

    /// What the presenter asked for at a step.
    private enum Decision {
        case run, skip, back
        case goTo(Int)
        case live, quit
    }

    /// Runs the demo until `q` or the end; returns the exit status.
    mutating func present() async -> Int32 {
        keyMode = try? RawMode(fileDescriptor: STDIN_FILENO)
        defer { keyMode?.restore() }
        show(style.dim("demo: keys type · Enter runs · s skip · b back · g N go to · ! live prompt · q quit"))
        while true {
            guard current < script.entries.count else {
                for line in script.closingNarration { narration(line.text).forEach(show) }
                show(style.dim("— end of demo: q quits, b goes back —"))
                switch await decideAtEnd() {
                case .back: await goBack()
                case .goTo(let step):
                    if let status = await go(to: step) { return status }
                case .live: await livePrompt()
                default:
                    show("left the demo at the end, after step \(script.entries.count)")
                    return 0
                }
                continue
            }
            let entry = script.entries[current]
            for line in entry.narration { narration(line.text).forEach(show) }
            switch await typeAndDecide(entry.step) {
            case .run:
                output.write("\n", to: .standardOutput)
                _ = await run(current, quietly: false)
                current += 1
                if let status = await session.exitRequest { return status }
            case .skip:
                show(style.dim("  (skipped step \(current + 1))"))
                current += 1
            case .back: await goBack()
            case .goTo(let step):
                if let status = await go(to: step) { return status }
            case .live: await livePrompt()
            case .quit:
                show("left the demo at step \(current + 1) of \(script.entries.count)")
                return 0
            }
        }
    }

    // MARK: Steps

    /// Runs step `index`, for the audience or quietly (its output hidden); returns how it
    /// ended and, when quiet, what it wrote to standard error. Keys pressed meanwhile are
    /// neither echoed nor kept; Ctrl-C stops the step.
    private mutating func run(_ index: Int, quietly: Bool) async -> (outcome: StepOutcome, errors: String) {
        let checkpoint = await session.checkpoint
        let step = script.entries[index].step
        let session = session
        let interrupts = interrupts
        let result: (StepOutcome, errors: String) = await whileRunning {
            if quietly { return await output.runQuietly { await interrupts.run { await session.run(step: step) }.0 } }
            return (await interrupts.run { await session.run(step: step) }.0, "")
        }
        ran.append((index, checkpoint))
        return result
    }

    /// Runs `work` as a step runs: Ctrl-C raises its signal (the work is cancelled), other
    /// keys are not echoed, and whatever was typed meanwhile is dropped afterwards.
    private func whileRunning<Result>(_ work: () async -> Result) async -> Result {
        let stepMode = try? RawMode(fileDescriptor: STDIN_FILENO, interruptsAsKeys: false)
        let result = await work()
        output.flush()
        keys.discardPendingInput()
        stepMode?.restore()
        return result
    }

    /// Back one step: to the one before the step on screen, run or skipped; a step that ran
    /// has its changes undone.
    private mutating func goBack() async {
        guard current > 0 else {
            show(style.dim("  (already at the first step)"))
            return
        }
        current -= 1
        await rollBack(toBefore: current)
        show(style.dim("  ⟲ back to step \(current + 1); the state is as it was before it"))
    }

    /// Goes to `step` (from 1) with the state it was written for: later steps undone, earlier
    /// ones that did not run (skipped too) run quietly, in order, their errors reported.
    /// Returns an exit status when a step asked to leave.
    private mutating func go(to step: Int) async -> Int32? {
        let target = min(max(step - 1, 0), script.entries.count)
        await rollBack(toBefore: target)
        // `ran` is in step order: the first place it differs from 0, 1, 2… is the first step
        // not run; what ran after it is undone and run again after it.
        let firstMissing = ran.indices.first { ran[$0].index != $0 } ?? ran.count
        if firstMissing < target {
            await rollBack(toBefore: firstMissing)
            let range = firstMissing + 1 == target ? "step \(target)" : "steps \(firstMissing + 1)–\(target)"
            show(style.dim("  running \(range) quietly"))
            for index in firstMissing..<target {
                let (outcome, errors) = await run(index, quietly: true)
                for line in errors.split(separator: "\n") { show(style.dim("  step \(index + 1): ") + line) }
                if let status = await session.exitRequest { return status }
                if outcome == .interrupted {
                    await rollBack(toBefore: index)
                    current = index
                    show(style.dim("  stopped before step \(index + 1) of \(script.entries.count)"))
                    return nil
                }
            }
        }
        current = target
        show(style.dim("  → step \(target + 1) of \(script.entries.count)"))
        return nil
    }

    /// Undoes the steps from `index` on that ran, newest first.
    private mutating func rollBack(toBefore index: Int) async {
        while let last = ran.last, last.index >= index {
            ran.removeLast()
            await session.rollBack(to: last.checkpoint)
        }
    }

    private mutating func livePrompt() async {
        show(style.dim("  live prompt: Ctrl-D returns to the demo"))
        keyMode?.restore()
        defer { keyMode = try? RawMode(fileDescriptor: STDIN_FILENO) }
        let reader = LineReaderFactory.make(programName: "shop", typeAhead: keyboard)
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
                // The line editor drew the prompt and the line itself; the recording gets them now.
                output.noteShown(prompt + text + "\n")
                reader.addHistory(text)
                let session = session
                let interrupts = interrupts
                _ = await whileRunning {
                    await interrupts.run { await session.run(text, file: nil, path: nil, policy: .keepGoing) }
                }
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
            while true {
                if shown == text.count {
                    switch try keys.readKey(timeout: nil) {
                    case .enter: return .run
                    case .controlC:
                        writePrompt()
                        shown = 0
                    case let key?:
                        if let decision = try navigation(key) { return decision }
                    case nil: continue
                    }
                    continue
                }
                if let delay = typingDelay {
                    let jitter = Double(delay) * Double.random(in: 0.6...1.4)
                    if let key = try keys.readKey(timeout: .milliseconds(Int(jitter))) {
                        if shown == 0, let decision = try navigation(key) { return decision }
                        reveal(text, from: shown, count: text.count - shown)
                        shown = text.count
                        continue
                    }
                    reveal(text, from: shown, count: 1)
                    shown += 1
                    continue
                }
                guard let key = try keys.readKey(timeout: nil) else { continue }
                if shown == 0, let decision = try navigation(key) { return decision }
                // Enter finishes the line being typed; a step of several lines is typed line by line.
                let lineEnd = text[shown...].firstIndex(of: "\n").map { $0 + 1 } ?? text.count
                let count = key == .enter ? lineEnd - shown : min(Self.charactersPerKey, text.count - shown)
                reveal(text, from: shown, count: count)
                shown += count
            }
        } catch {
            return .quit
        }
    }

    /// The keys that move through the demo: `s`, `b`, `g N`, `!`, `q` (and Ctrl-D).
    private func navigation(_ key: TerminalKey) throws -> Decision? {
        switch key {
        case .character("s"): return .skip
        case .character("b"): return .back
        case .character("!"): return .live
        case .character("q"), .controlD: return .quit
        case .character("g"):
            var digits = ""
            output.writeTerminalControl(Self.clearLine)
            output.write(style.dim("  go to step: "), to: .standardOutput)
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
            while true {
                guard let key = try keys.readKey(timeout: nil) else { continue }
                if key == .enter { return .quit }
                if let decision = try navigation(key) { return decision }
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
        output.writeTerminalControl(Self.clearLine + marker)
        output.write(prompt, to: .standardOutput)
        output.flush()
    }

    /// Shows `count` more characters of the command; each line after the first starts with
    /// the continuation prompt, as at the REPL.
    private func reveal(_ text: [Character], from start: Int, count: Int) {
        guard count > 0 else { return }
        let lines = String(text[start..<(start + count)]).split(separator: "\n", omittingEmptySubsequences: false)
        let continuation = "\n" + style.dim(Self.continuationPrompt)
        output.write(lines.map { Sanitizer.inert(String($0)) }.joined(separator: continuation), to: .standardOutput)
        output.flush()
    }

    /// The prompt of a command's second and later lines.
    static let continuationPrompt = "...> "

    /// A narration line as the audience sees it: wrapped at words to the terminal's width (a
    /// presenter's zoomed terminal may be 60 columns), each line marked.
    private func narration(_ text: String) -> [String] {
        let columns = Terminal.size(of: STDOUT_FILENO)?.columns ?? 80
        return TextLayout.wrap(Sanitizer.inert(text), width: max(10, columns - 2)).map { line in
            style.apply([.italic, .foreground(RGBColor(red: 110, green: 190, blue: 230))], to: "▌ " + line)
        }
    }

    /// Prints a line, replacing a prompt left on the current line.
    private func show(_ line: String) {
        output.writeTerminalControl(Self.clearLine)
        output.write(line + "\n", to: .standardOutput)
        output.flush()
    }

    /// Back to the start of the line, and clear it.
    private static let clearLine = "\r\u{1B}[K"
}
