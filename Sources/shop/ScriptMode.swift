import Glibc
import ShopKit

/// `shop run FILE [ARG…]`, `shop -c COMMANDS` and commands piped into `shop`.
enum ScriptMode {
    /// Runs one script with its arguments; returns the exit status.
    static func run(file: String, arguments: [String], keepGoing: Bool, echo: Bool, factory: SessionFactory) async
        -> Int32
    {
        let output = StandardStreams()
        let script: ScriptText
        var catalog = factory.catalog
        do {
            if file == "-" {
                let text = try ScriptSource.text(of: try FileSystem.read("/dev/stdin"), name: "<stdin>")
                script = ScriptText(text: text, file: "<stdin>", path: nil, arguments: arguments)
            } else {
                let home = factory.process.variables["HOME"]
                let path = FilePath.resolve(file, relativeTo: factory.process.workingDirectory, home: home)
                script = ScriptText(
                    text: try ScriptSource.read(path: path, name: file), file: file, path: path, arguments: arguments)
                catalog = try await catalog.adding(directivesOf: script.text, file: file, path: path)
            }
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return 2
        }
        if arguments.contains("--help") {
            do {
                let interface = try ScriptInterface(text: script.text, name: file)
                let process = factory.process
                output.write(
                    interface.help(width: process.width(), style: process.style(for: factory.options.color)) + "\n",
                    to: .standardOutput)
                output.flush()
                return 0
            } catch {
                output.write("error: \(error)\n", to: .standardError)
                return 2
            }
        }
        return await execute(
            script, policy: keepGoing ? .keepGoing : .stopAtFirstFailure, echo: echo, factory: factory, output: output,
            catalog: catalog, dataOnStandardInput: file != "-")
    }

    /// Runs `-c` text: commands separated by newlines or `;`.
    static func run(commands: String, factory: SessionFactory) async -> Int32 {
        let output = StandardStreams()
        return await execute(
            ScriptText(text: commands, file: nil, path: nil, arguments: nil), policy: .stopAtFirstFailure, echo: false,
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
            environment.standardInput = { () throws(FileError) in try FileSystem.read("/dev/stdin") }
        }
        guard let session = factory.session(output: output, environment: environment, echo: echo, catalog: catalog)
        else { return 1 }
        let interrupts = Interrupts {
            output.flush()
            exit(130)
        }
        let (status, interrupted) = await interrupts.run { () async -> Int32 in
            let outcome =
                if let arguments = script.arguments {
                    await session.run(
                        script.text, file: script.file, path: script.path, policy: policy, arguments: arguments)
                } else {
                    await session.run(script.text, file: script.file, path: script.path, policy: policy)
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

/// A script read ahead of running: its text, its name for messages, its absolute path, and
/// the arguments it was given (nil for `-c`).
struct ScriptText: Sendable {
    let text: String
    let file: String?
    let path: String?
    let arguments: [String]?
}
