import HTTPTransport
import HistoryStore
import ShopKit

/// Builds sessions from the command line and the process.
struct SessionFactory {
    let options: CommandLineOptions
    let process: ProcessEnvironment

    /// The environment a session of this process gets.
    func environment(interactive: Bool) throws(UsageError) -> SessionEnvironment {
        let process = process
        return SessionEnvironment(
            clock: try process.clock(now: options.now), width: { process.width() },
            style: process.style(for: options.color), isInteractive: interactive,
            animations: options.animations, stateDirectory: process.stateDirectory(option: options.stateDirectory),
            workingDirectory: process.workingDirectory, variables: process.variables, http: CurlTransport())
    }

    /// A session writing to `output`; scripts show error places, the prompt does not.
    func session(
        output: any OutputSink, environment: SessionEnvironment, history: any HistoryStoring = InMemoryHistoryStore(),
        echo: Bool = false
    ) -> Session? {
        do {
            return try Session(
                configuration: SessionConfiguration(
                    plugins: PluginCatalog.all, environment: environment, output: output, history: history,
                    sessionID: Self.newSessionID(), format: options.format,
                    showsErrorLocations: !environment.isInteractive, echoesSteps: echo))
        } catch {
            output.write("shop: internal error: \(error)\n", to: .standardError)
            return nil
        }
    }

    /// The commands of every session (the core's and the plugins'), for the manual page.
    func registry() -> CommandRegistry? {
        guard let environment = try? environment(interactive: false) else { return nil }
        return session(output: StandardStreams(), environment: environment)?.registry
    }

    /// A fresh random session id.
    static func newSessionID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}
