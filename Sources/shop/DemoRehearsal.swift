import ShopLanguage
import ShopPluginAPI
import ShopRuntime

/// `shop demo --rehearse FILE`: runs every step at once, without typing or waiting, and
/// prints each step's number and time; a step that fails without a `#> error:` line saying
/// it should makes the exit status 1.
struct DemoRehearsal {
    let factory: SessionFactory
    let file: String

    func run() async -> Int32 {
        let output = StandardStreams(style: factory.outputStyle)
        guard let script = DemoScript.load(file, factory: factory, output: output),
            let environment = (try? factory.environment(interactive: false)).map(script.environment(from:)),
            let catalog = await factory.catalog(forScript: file, output: output),
            let session = factory.session(output: output, environment: environment, catalog: catalog)
        else { return 2 }
        // Loading refused a script with required parameters, so its defaults always bind.
        try? await session.bindDefaults(of: script.parsed)
        let style = environment.style
        let count = script.entries.count
        var rows: [[String]] = []
        var failures = 0
        for (index, entry) in script.entries.enumerated() {
            output.write(style.dim("── step \(index + 1)/\(count): ") + entry.step.source + "\n", to: .standardOutput)
            let started = ContinuousClock.now
            let outcome = await session.run(step: entry.step)
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            let expectsError = entry.step.expectations.contains { $0.text.hasPrefix("error:") }
            let result = outcome == .succeeded ? "ok" : expectsError ? "error, as expected" : "FAILED"
            if result == "FAILED" { failures += 1 }
            rows.append([
                String(index + 1), String(entry.step.location.line), Self.format(milliseconds), result,
                Sanitizer.inert(String(entry.step.source)),
            ])
            if await session.exitRequest != nil { break }
        }
        let table = Table(
            headers: ["step", "line", "ms", "result", "command"], rows: rows,
            alignments: [.right, .right, .right, .left, .left])
        output.write("\n" + table.render(width: factory.process.width(), style: style) + "\n", to: .standardOutput)
        output.write("\(rows.count) steps, \(failures) failed\n", to: .standardOutput)
        output.flush()
        await session.end()
        return failures > 0 ? 1 : 0
    }

    private static func format(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
