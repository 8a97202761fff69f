import Glibc
import HTTPTransport
import HistoryStore
import PluginHost
import ShopPluginAPI
import ShopRuntime

/// Builds sessions from the command line and the process.
struct SessionFactory {
    let options: CommandLineOptions
    let process: ProcessEnvironment
    let folders: RunFolders
    /// The plugins of the run.
    var catalog: PluginCatalog

    /// The environment a session of this process gets.
    func environment(interactive: Bool) throws(UsageError) -> SessionEnvironment {
        let process = process
        // Only a terminal's width changes: output to anything else is as wide as at the start,
        // read once rather than for every value shown.
        let width: @Sendable () -> Int
        if process.outputIsTerminal {
            width = { process.width() }
        } else {
            let columns = process.width()
            width = { columns }
        }
        return SessionEnvironment(
            clock: try process.clock(now: options.now), width: width,
            style: outputStyle, isInteractive: interactive,
            animations: options.animations, stateDirectory: folders.state,
            workingDirectory: process.workingDirectory, variables: process.variables, http: CurlTransport())
    }

    /// The styling of standard output: what sessions style their results with, and the
    /// escapes ``StandardStreams`` lets through.
    var outputStyle: TerminalStyle {
        process.style(for: options.color)
    }

    /// The fixed environment of transcript sessions (`shop test`, `shop demo --handout`).
    /// `catalog` replaces the run's plugins (a file's `#%plugin` lines add to them).
    func transcriptSettings(
        update: Bool = false, scratchDirectory: String? = nil, catalog: PluginCatalog? = nil
    ) -> TranscriptRunner.Settings {
        let catalog = catalog ?? self.catalog
        var settings = TranscriptRunner.Settings(
            plugins: catalog.plugins, now: options.now ?? TranscriptRunner.defaultNow, update: update,
            processEnvironment: process.variables, scratchDirectory: scratchDirectory,
            hostCommands: catalog.hostCommands, morePlugins: catalog.morePlugins)
        settings.http = CurlTransport()
        return settings
    }

    /// A session writing to `output`; scripts show error places, the prompt does not.
    func session(
        output: any OutputSink, environment: SessionEnvironment, history: any HistoryStoring = InMemoryHistoryStore(),
        echo: Bool = false, catalog: PluginCatalog? = nil
    ) -> Session? {
        let catalog = catalog ?? self.catalog
        do {
            return try Session(
                configuration: SessionConfiguration(
                    plugins: catalog.plugins, environment: environment, output: output, history: history,
                    sessionID: Self.newSessionID(), format: options.format,
                    showsErrorLocations: !environment.isInteractive, echoesSteps: echo,
                    hostCommands: catalog.hostCommands, commandsFolder: process.commandsFolder,
                    morePlugins: catalog.morePlugins))
        } catch {
            output.write("shop: internal error: \(error)\n", to: .standardError)
            return nil
        }
    }

    /// Whether scripts' `#%plugin` programs may run: `--trust`, a question at a terminal, or the list.
    var trust: ScriptTrust {
        let policy: ScriptTrust.Policy =
            options.trustsPrograms
            ? .trustForThisRun : process.inputIsTerminal && isatty(STDERR_FILENO) == 1 ? .ask : .refuse
        return ScriptTrust(listPath: TrustList.path(in: folders.data), policy: policy, loader: catalog.loader)
    }

    /// The run's plugins with those the script's `#%plugin` lines name, once they are trusted;
    /// nil (after printing why) when one is not trusted or cannot be loaded.
    func catalog(forScript file: String, output: StandardStreams) async -> PluginCatalog? {
        let path = FilePath.resolve(file, relativeTo: process.workingDirectory, home: process.variables["HOME"])
        guard let bytes = try? FileSystem.read(path) else { return catalog }
        return await catalog(forScript: String(decoding: bytes, as: UTF8.self), file: file, path: path, output: output)
    }

    /// ``catalog(forScript:output:)`` for a script whose text (its start, at least) is read.
    func catalog(forScript text: String, file: String, path: String, output: StandardStreams) async -> PluginCatalog? {
        guard !PluginDirectives.paths(in: text).isEmpty else { return catalog }
        if let refusal = trust.decide(trust.programs(ofScript: text, file: file, path: path), output: output) {
            output.write("shop: \(refusal)\n", to: .standardError)
            return nil
        }
        do {
            return try await catalog.adding(directivesOf: text, file: file, path: path)
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return nil
        }
    }

    /// The commands of every session (the core's and the plugins'), for the manual page.
    func registry() -> CommandRegistry? {
        guard let environment = try? environment(interactive: false) else { return nil }
        return session(output: StandardStreams(), environment: environment)?.registry
    }

    /// The history a script or `-c` run reads and forgets from: the database, opened when a
    /// command first asks (in memory with `--no-history`, or when nothing is kept).
    func databaseHistory() -> any HistoryStoring {
        guard options.recordsHistory, folders.keepsState else { return InMemoryHistoryStore() }
        return OnDemandHistoryStore(path: SQLiteHistoryStore.path(stateDirectory: folders.state))
    }

    /// A fresh random session id.
    static func newSessionID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}
