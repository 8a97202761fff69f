import Glibc
import PluginHost
import ShopPluginAPI

/// The `shop` program: reads the command line and runs the mode it names.
enum Shop {
    static let version = "0.1.0"
    /// The date of this version, for the manual page.
    static let releaseDate = "2026-12-06"

    /// Prints `text` on standard output; exit status 0.
    private static func write(_ text: String) -> Int32 {
        let output = StandardStreams()
        output.write(text, to: .standardOutput)
        output.flush()
        return 0
    }

    /// Runs `shop` with `arguments` (without the program name); returns the exit status.
    static func main(arguments: [String]) async -> Int32 {
        let process = ProcessEnvironment.current()
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            StandardStreams().write("shop: \(error)\nTry 'shop --help'.\n", to: .standardError)
            return 2
        }
        switch options.mode {
        case .help:
            return write(CommandLineInterface.helpText + "\n")
        case .completions(let shell):
            return write(ShellCompletions(shell: shell).script)
        case .version:
            let output = StandardStreams()
            output.write("shop \(version)\n", to: .standardOutput)
            output.flush()
            return 0
        default:
            break
        }
        guard
            let folders = RunFolders.make(option: options.stateDirectory, process: process, output: StandardStreams()),
            let catalog = await PluginCatalog.load(
                options: options, process: process, folders: folders, output: StandardStreams())
        else { return 2 }
        if !options.mode.runsAScript {
            // Read now, on the main thread: the prompt and Tab need every plugin at once, and
            // `shop test` runs its files on the pool, where a wait for a plugin could starve.
            _ = catalog.registered.all
        }
        let factory = SessionFactory(options: options, process: process, folders: folders, catalog: catalog)
        switch options.mode {
        case .help, .version, .completions:
            return 0
        case .manPage:
            guard let registry = factory.registry() else { return 1 }
            return write(ManPage(registry: registry, version: version, date: releaseDate).text)
        case .commands(let text):
            return await ScriptMode.run(commands: text, factory: factory)
        case .run(let file, let arguments, let keepGoing, let echo):
            return await ScriptMode.run(
                file: file, arguments: arguments, keepGoing: keepGoing, echo: echo, factory: factory)
        case .test(let paths, let update, let timeout):
            return await TestMode.run(paths: paths, update: update, timeout: timeout, factory: factory)
        case .demo(let file, let settings):
            if let handout = settings.handoutPath {
                return await DemoHandout(factory: factory, file: file, handout: handout).run()
            }
            if settings.rehearse { return await DemoRehearsal(factory: factory, file: file).run() }
            return await DemoMode(factory: factory, file: file, settings: settings).run()
        case .trust(let paths):
            return TrustMode.run(paths: paths, factory: factory)
        case .interactive:
            guard process.inputIsTerminal else {
                return await ScriptMode.run(file: "-", arguments: [], keepGoing: false, echo: false, factory: factory)
            }
            return await REPL(factory: factory).run()
        }
    }
}
