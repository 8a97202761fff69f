import ShopLanguage
import ShopPluginAPI
import ShopRuntime

/// A parsed demo script: its steps, and the narration shown before each.
struct DemoScript {
    /// One step with the narration that precedes it.
    struct Entry {
        var narration: [Narration]
        var step: Step
    }

    /// The script as parsed.
    var parsed: Script
    /// Its absolute path.
    var path: String
    var entries: [Entry]
    /// Narration after the last step.
    var closingNarration: [Narration]

    /// The environment for a session presenting the script: relative paths in its steps
    /// (`news source talk.har`, `run part2.shopscript`) start from its folder, as in `shop run`.
    func environment(from environment: SessionEnvironment) -> SessionEnvironment {
        var environment = environment
        environment.workingDirectory = FilePath.directory(of: path)
        return environment
    }

    /// Reads and parses `file`; prints the problem and returns nil when it cannot be used.
    static func load(_ file: String, factory: SessionFactory, output: StandardStreams) -> DemoScript? {
        let path = FilePath.resolve(
            file, relativeTo: factory.process.workingDirectory, home: factory.process.variables["HOME"])
        let script: Script
        do {
            script = Parser.parse(
                try ScriptSource.read(path: path, name: file), file: file, syntax: factory.transcriptSettings().syntax)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return nil
        }
        guard !script.hasErrors else {
            for diagnostic in script.diagnostics { output.write("error: \(diagnostic)\n", to: .standardError) }
            return nil
        }
        if let required = script.parameters.first(where: \.isRequired) {
            output.write(
                "shop: \(file) needs arguments (param \(required.name)); run it with 'shop run \(file) ARG…'\n",
                to: .standardError)
            return nil
        }
        var entries: [Entry] = []
        var narration: [Narration] = []
        for item in script.items {
            switch item {
            case .narration(let line): narration.append(line)
            case .step(let step):
                entries.append(Entry(narration: narration, step: step))
                narration = []
            }
        }
        return DemoScript(parsed: script, path: path, entries: entries, closingNarration: narration)
    }
}
