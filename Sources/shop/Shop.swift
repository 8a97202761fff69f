import Glibc
import ShopKit

/// The `shop` program: reads the command line and runs the mode it names.
enum Shop {
    static let version = "0.1.0"

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
        let factory = SessionFactory(options: options, process: process)
        switch options.mode {
        case .help:
            let output = StandardStreams()
            output.write(CommandLineOptions.helpText + "\n", to: .standardOutput)
            output.flush()
            return 0
        case .version:
            let output = StandardStreams()
            output.write("shop \(version)\n", to: .standardOutput)
            output.flush()
            return 0
        case .commands(let text):
            return await ScriptMode.run(commands: text, factory: factory)
        case .run(let file, let arguments, let keepGoing, let echo):
            return await ScriptMode.run(
                file: file, arguments: arguments, keepGoing: keepGoing, echo: echo, factory: factory)
        case .test(let paths, let update):
            return await TestMode.run(paths: paths, update: update, factory: factory)
        case .demo(let file, _, true):
            return await DemoRehearsal(factory: factory, file: file).run()
        case .demo(let file, let typingDelay, false):
            return await DemoMode(factory: factory, file: file, typingDelay: typingDelay).run()
        case .interactive:
            guard process.inputIsTerminal else {
                return await ScriptMode.run(file: "-", arguments: [], keepGoing: false, echo: false, factory: factory)
            }
            return await REPL(factory: factory).run()
        }
    }
}
