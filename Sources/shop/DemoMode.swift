import Glibc
import LineEditor
import ShopKit

/// `shop demo FILE`: presents a script step by step for an audience.
///
/// Each command appears at the prompt as if typed — a few characters per key the presenter
/// presses, or on its own with `--typing MS` — and runs on Enter. `##` narration is shown,
/// `#` and `#>` lines are not. Between steps: Enter runs, `s` skips, `b` goes back one step
/// (restoring the state), `g N` goes to step N, `!` opens a live prompt (Ctrl-D returns),
/// `q` quits. Ctrl-C stops only the running step; keys typed while a step runs are dropped.
struct DemoMode {
    let factory: SessionFactory
    let file: String
    let typingDelay: Int?

    func run() async -> Int32 {
        let output = StandardStreams()
        guard factory.process.inputIsTerminal, factory.process.outputIsTerminal else {
            output.write(
                "shop: demo needs a terminal (use 'shop demo --rehearse \(file)' to check a demo without one)\n",
                to: .standardError)
            return 2
        }
        guard let loaded = DemoScript.load(file, factory: factory, output: output),
            var environment = try? factory.environment(interactive: true)
        else { return 2 }
        let keyboard = TerminalInput(fileDescriptor: STDIN_FILENO)
        environment.terminal = ShopTerminal(keyboard: keyboard)
        guard let session = factory.session(output: output, environment: environment) else { return 2 }
        var presenter = DemoPresenter(
            script: loaded, session: session, output: output, style: environment.style, typingDelay: typingDelay,
            interrupts: Interrupts {}, keyboard: keyboard)
        return await presenter.present()
    }
}

/// A parsed demo script: its steps, and the narration shown before each.
struct DemoScript {
    /// One step with the narration that precedes it.
    struct Entry {
        var narration: [String]
        var step: Step
    }

    var entries: [Entry]
    /// Narration after the last step.
    var closingNarration: [String]

    /// Reads and parses `file`; prints the problem and returns nil when it cannot be used.
    static func load(_ file: String, factory: SessionFactory, output: StandardStreams) -> DemoScript? {
        let path = FilePath.resolve(
            file, relativeTo: factory.process.workingDirectory, home: factory.process.variables["HOME"])
        let script: Script
        do {
            script = Parser.parse(try ScriptSource.read(path: path, name: file), file: file)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return nil
        }
        guard !script.hasErrors else {
            for diagnostic in script.diagnostics { output.write("error: \(diagnostic)\n", to: .standardError) }
            return nil
        }
        var entries: [Entry] = []
        var narration: [String] = []
        for item in script.items {
            switch item {
            case .narration(let line): narration.append(line.text)
            case .step(let step):
                entries.append(Entry(narration: narration, step: step))
                narration = []
            }
        }
        return DemoScript(entries: entries, closingNarration: narration)
    }
}
