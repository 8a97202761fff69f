import Glibc
import LineEditor
import ShopPluginAPI
import ShopRuntime

/// `shop demo FILE`: presents a script step by step for an audience.
///
/// Each command appears at the prompt as if typed — a few characters per key the presenter
/// presses, or on its own with `--typing MS` — and runs on Enter. `##` narration is shown,
/// `#` and `#>` lines are not. Between steps: Enter runs, `s` skips, `b` goes back one step
/// (restoring the state), `g N` goes to step N, `!` opens a live prompt (Ctrl-D returns),
/// `q` quits. Ctrl-C stops only the running step; keys typed while a step runs are dropped.
/// `--record talk.cast` also records what the audience saw (``DemoCastRecorder``).
struct DemoMode {
    let factory: SessionFactory
    let file: String
    let settings: DemoSettings

    func run() async -> Int32 {
        let streams = StandardStreams(style: factory.outputStyle)
        let process = factory.process
        guard process.inputIsTerminal, process.outputIsTerminal else {
            streams.write(
                "shop: demo needs a terminal (use 'shop demo --rehearse \(file)' to check a demo without one)\n",
                to: .standardError)
            return 2
        }
        guard let loaded = DemoScript.load(file, factory: factory, output: streams),
            var environment = (try? factory.environment(interactive: true)).map(loaded.environment(from:))
        else { return 2 }
        let keyboard = TerminalInput(fileDescriptor: STDIN_FILENO)
        let terminal = ShopTerminal(keyboard: keyboard)
        var recorder: DemoCastRecorder?
        if let cast = settings.castPath {
            do {
                recorder = try DemoCastRecorder.start(
                    at: FilePath.resolve(cast, relativeTo: process.workingDirectory, home: process.variables["HOME"]),
                    named: cast, size: terminal.size, title: "shop demo \(file)", variables: process.variables)
            } catch {
                streams.write("shop: \(error)\n", to: .standardError)
                return 2
            }
        }
        if let recorder { Interrupts.onResize { recorder.recordResize(to: terminal.size) } }
        defer { Interrupts.onResize(nil) }
        let screen = DemoScreen(streams: streams, terminal: terminal, recorder: recorder)
        environment.terminal = screen
        guard let catalog = await factory.catalog(forScript: file, output: streams),
            let session = factory.session(output: screen, environment: environment, catalog: catalog)
        else { return 2 }
        // Loading refused a script with required parameters, so its defaults always bind.
        try? await session.bindDefaults(of: loaded.parsed)
        var presenter = DemoPresenter(
            script: loaded, session: session, output: screen, style: environment.style,
            typingDelay: settings.typingDelay, interrupts: Interrupts {}, keyboard: keyboard)
        let status = await presenter.present()
        await session.end()
        if let recorder, let cast = settings.castPath {
            streams.write((recorder.finish() ?? "recorded the demo in '\(cast)'") + "\n", to: .standardError)
        }
        return status
    }
}
