import Glibc
import ShopPluginAPI
import ShopRuntime

/// `shop run FILE [ARG…]`, `shop -c COMMANDS` and commands piped into `shop`.
enum ScriptMode {
    /// Runs one script with its arguments; returns the exit status.
    static func run(file: String, arguments: [String], keepGoing: Bool, echo: Bool, factory: SessionFactory) async
        -> Int32
    {
        let output = StandardStreams(style: factory.outputStyle)
        let script: ScriptText
        do {
            if file == "-" {
                let text = try ScriptSource.text(of: try FileSystem.read("/dev/stdin"), name: "<stdin>")
                script = ScriptText(source: .text(text), file: "<stdin>", path: nil, arguments: arguments)
            } else {
                let home = factory.process.variables["HOME"]
                let path = FilePath.resolve(file, relativeTo: factory.process.workingDirectory, home: home)
                let scriptFile = try ScriptFile(path: path, name: file)
                script = ScriptText(source: .file(scriptFile), file: file, path: path, arguments: arguments)
            }
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 2
        }
        // Usage runs nothing: no `#%plugin` program is started (or asked about) for it.
        if arguments.contains("--help") {
            do {
                let interface =
                    switch script.source {
                    case .text(let text): try ScriptInterface(text: text, name: file)
                    case .file(let scriptFile): try ScriptInterface(file: scriptFile)
                    }
                let process = factory.process
                output.write(
                    interface.help(width: process.width(), style: factory.outputStyle) + "\n",
                    to: .standardOutput)
                output.flush()
                return 0
            } catch {
                output.write("error: \(error)\n", to: .standardError)
                return 2
            }
        }
        var catalog = factory.catalog
        if case .file(let scriptFile) = script.source, let path = script.path {
            // `#%plugin` lines come before the first command, in the first chunk of any
            // script whose leading comments take less than its 64 KB.
            let start: String
            do {
                start = try scriptFile.chunk(at: 0).text
            } catch {
                output.write("shop: \(error)\n", to: .standardError)
                return 2
            }
            guard let own = await factory.catalog(forScript: start, file: file, path: path, output: output) else {
                return 2
            }
            catalog = own
        }
        return await execute(
            script, policy: keepGoing ? .keepGoing : .stopAtFirstFailure, echo: echo, factory: factory, output: output,
            catalog: catalog, dataOnStandardInput: file != "-")
    }

    /// Runs `-c` text: commands separated by newlines or `;`.
    static func run(commands: String, factory: SessionFactory) async -> Int32 {
        let output = StandardStreams(style: factory.outputStyle)
        return await execute(
            ScriptText(source: .text(commands), file: nil, path: nil, arguments: nil), policy: .stopAtFirstFailure,
            echo: false,
            factory: factory, output: output, dataOnStandardInput: true)
    }

    private static func execute(
        _ script: ScriptText, policy: ErrorPolicy, echo: Bool, factory: SessionFactory,
        output: StandardStreams, catalog: PluginCatalog? = nil, dataOnStandardInput: Bool
    ) async -> Int32 {
        var environment: SessionEnvironment
        do {
            environment = try factory.environment(interactive: false)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 2
        }
        if dataOnStandardInput {
            environment.standardInput = { limit throws(FileError) in
                try FileSystem.readStream(STDIN_FILENO, named: "<stdin>", limit: limit)
            }
        }
        guard
            let session = factory.session(
                output: output, environment: environment, history: factory.databaseHistory(), echo: echo,
                catalog: catalog)
        else { return 1 }
        let interrupts = Interrupts {
            output.flush()
            ProcessEnd.exit(130)
        }
        let (status, interrupted) = await interrupts.run { () async -> Int32 in
            let outcome =
                switch (script.source, script.arguments) {
                case (.file(let file), let arguments):
                    await session.run(file, path: script.path ?? file.name, policy: policy, arguments: arguments ?? [])
                case (.text(let text), let arguments?):
                    await session.run(text, file: script.file, path: script.path, policy: policy, arguments: arguments)
                case (.text(let text), nil):
                    await session.run(text, file: script.file, path: script.path, policy: policy)
                }
            if outcome.interrupted { return 130 }
            if outcome.isUsageError { return 2 }
            if let status = await session.exitRequest { return status }
            return outcome.failures > 0 ? 1 : 0
        }
        await session.end()
        output.flush()
        // The process exits next: the session is kept rather than freed, since taking apart a
        // large state (a million catalog records) would only delay the exit.
        _ = Unmanaged.passRetained(session)
        return interrupted ? 130 : status
    }
}

/// A script about to run: its text (or the file it is read from as it runs), its name for
/// messages, its absolute path, and the arguments it was given (nil for `-c`).
struct ScriptText: Sendable {
    /// Where the script's text comes from.
    enum Source: Sendable {
        /// Text read ahead: `-c`, standard input.
        case text(String)
        /// A file, read a chunk at a time as it runs.
        case file(ScriptFile)
    }

    let source: Source
    let file: String?
    let path: String?
    let arguments: [String]?
}
