import Glibc
import ShopKit

/// `shop run FILE…`, `shop -c COMMANDS` and commands piped into `shop`.
enum ScriptMode {
    /// Runs the scripts in one session; returns the exit status.
    static func run(files: [String], keepGoing: Bool, echo: Bool, factory: SessionFactory) async -> Int32 {
        let output = StandardStreams()
        var scripts: [ScriptText] = []
        for file in files {
            do {
                if file == "-" {
                    let text = try ScriptSource.text(of: try FileSystem.read("/dev/stdin"), name: "<stdin>")
                    scripts.append(ScriptText(text: text, file: "<stdin>", path: nil))
                } else {
                    let home = factory.process.variables["HOME"]
                    let path = FilePath.resolve(file, relativeTo: factory.process.workingDirectory, home: home)
                    scripts.append(
                        ScriptText(text: try ScriptSource.read(path: path, name: file), file: file, path: path))
                }
            } catch {
                output.write("shop: \(error)\n", to: .standardError)
                return 2
            }
        }
        var catalog = factory.catalog
        for script in scripts {
            guard let path = script.path, let file = script.file else { continue }
            do {
                catalog = try await catalog.adding(directivesOf: script.text, file: file, path: path)
            } catch {
                output.write("shop: \(error)\n", to: .standardError)
                return 2
            }
        }
        return await execute(
            scripts, policy: keepGoing ? .keepGoing : .stopAtFirstFailure, echo: echo, factory: factory, output: output,
            catalog: catalog, dataOnStandardInput: !files.contains("-"))
    }

    /// Runs `-c` text: commands separated by newlines or `;`.
    static func run(commands: String, factory: SessionFactory) async -> Int32 {
        let output = StandardStreams()
        return await execute(
            [ScriptText(text: commands, file: nil, path: nil)], policy: .stopAtFirstFailure, echo: false,
            factory: factory, output: output, dataOnStandardInput: true)
    }

    private static func execute(
        _ scripts: [ScriptText], policy: ErrorPolicy, echo: Bool, factory: SessionFactory,
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
            environment.standardInput = { () throws(FileError) in try FileSystem.read("/dev/stdin") }
        }
        guard let session = factory.session(output: output, environment: environment, echo: echo, catalog: catalog)
        else { return 1 }
        let interrupts = Interrupts {
            output.flush()
            exit(130)
        }
        let (status, interrupted) = await interrupts.run { () async -> Int32 in
            var failed = false
            for script in scripts {
                let outcome = await session.run(script.text, file: script.file, path: script.path, policy: policy)
                if outcome.interrupted { return 130 }
                if let status = await session.exitRequest { return status }
                if outcome.failures > 0 {
                    failed = true
                    if policy == .stopAtFirstFailure { break }
                }
            }
            return failed ? 1 : 0
        }
        await session.end()
        output.flush()
        // The process exits next: the session is kept rather than freed, since taking apart a
        // large state (a million catalog records) would only delay the exit.
        _ = Unmanaged.passRetained(session)
        return interrupted ? 130 : status
    }
}

/// A script read ahead of running: its text, its name for messages, its absolute path.
struct ScriptText: Sendable {
    let text: String
    let file: String?
    let path: String?
}
