import Glibc
import ShopPluginAPI
import ShopRuntime

/// Facts about this process: its environment variables, terminals and folders.
struct ProcessEnvironment: Sendable {
    /// The environment variables.
    let variables: [String: String]
    /// Whether standard input is a terminal.
    let inputIsTerminal: Bool
    /// Whether standard output is a terminal.
    let outputIsTerminal: Bool
    /// The working folder.
    let workingDirectory: String
    /// Where shop keeps what outlives a session.
    let folders: UserFolders

    /// Reads the current process.
    static func current() -> ProcessEnvironment {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first '=' in bytes: walking Characters was 6% of start-up.
            if let equals = strchr(pointer, 0x3D) {
                let name = UnsafeRawBufferPointer(start: pointer, count: pointer.distance(to: equals))
                variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
            }
            entry += 1
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd =
            getcwd(&buffer, buffer.count) != nil
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : (variables["PWD"] ?? "/")
        return ProcessEnvironment(
            variables: variables, inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1, workingDirectory: cwd,
            folders: UserFolders(environment: variables))
    }

    /// Whether a person is typing at a terminal: both ends are terminals and `TERM` is not `dumb`.
    var isInteractive: Bool {
        inputIsTerminal && outputIsTerminal && variables["TERM"] != "dumb"
    }

    /// `$XDG_CONFIG_HOME/shop/init.shopscript`, else `~/.config/shop/init.shopscript`.
    var initScriptPath: String? {
        if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/shop/init.shopscript" }
        return folders.home.map { $0 + "/.config/shop/init.shopscript" }
    }

    /// `$XDG_CONFIG_HOME/shop/commands`, else `~/.config/shop/commands`: a file `NAME.shopscript`
    /// there is the user's command NAME.
    var commandsFolder: String? {
        initScriptPath.map { FilePath.directory(of: $0) + "/commands" }
    }

    /// The output width: `COLUMNS` when set, else the terminal's, else 80.
    func width() -> Int {
        if let columns = variables["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if outputIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return 80
    }

    /// The styling for standard output under `--color`, `NO_COLOR`, `COLORTERM` and `TERM`.
    func style(for choice: CommandLineOptions.ColorChoice) -> TerminalStyle {
        let noColor = variables["NO_COLOR"].map { !$0.isEmpty } ?? false
        let enabled =
            switch choice {
            case .always: true
            case .never: false
            case .auto: outputIsTerminal && !noColor && variables["TERM"] != "dumb"
            }
        guard enabled else { return .plain }
        return TerminalStyle(depth: ColorDepth.detect(environment: variables), hyperlinks: outputIsTerminal)
    }

    /// The clock: `--now`, else `SHOP_NOW`, else the system clock. A bad `SHOP_NOW` is a usage error.
    func clock(now: Double?) throws(UsageError) -> SessionClock {
        let system = SessionClock.system
        if let now { return .fixed(at: now, utcOffset: system.utcOffset) }
        if let text = variables["SHOP_NOW"], !text.isEmpty {
            guard let fixed = Timestamp.parse(text) else {
                throw UsageError("SHOP_NOW needs an ISO 8601 time such as 2026-01-15T10:00:00Z, not '\(text)'")
            }
            return .fixed(at: fixed, utcOffset: system.utcOffset)
        }
        return system
    }
}
