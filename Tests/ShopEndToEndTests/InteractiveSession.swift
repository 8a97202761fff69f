import Foundation
import HistoryStore
import ShopRuntime
import ShopTestSupport

/// `shop` started on a pseudo-terminal with its own state folder, driven like a person would.
final class InteractiveSession {
    let terminal: PseudoTerminal
    let stateDirectory: String

    /// Starts the REPL; `prefix` runs it through another program (such as `setpriv`).
    init(
        stateDirectory: String, arguments: [String] = [], environment extra: [String: String] = [:],
        prefix: [String] = [], columns: Int = 100
    ) async throws {
        self.stateDirectory = stateDirectory
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = stateDirectory
        environment["XDG_STATE_HOME"] = stateDirectory
        environment["XDG_CONFIG_HOME"] = stateDirectory + "/config"
        environment["NO_COLOR"] = nil
        environment.merge(extra) { $1 }
        let command = prefix + [ShopBinary.path] + arguments
        terminal = try PseudoTerminal(
            executable: command[0], arguments: Array(command.dropFirst()), environment: environment,
            workingDirectory: stateDirectory, columns: columns, rows: 40)
        try await terminal.waitFor("shop> ")
        try await terminal.waitForKeyByKeyInput()
    }

    /// Types a command and Enter, then waits for the next prompt; returns what came in between.
    @discardableResult
    func type(_ line: String, timeout: Duration = .seconds(10)) async throws -> String {
        try terminal.send(line + "\r")
        let printed = try await terminal.waitFor("shop> ", timeout: timeout)
        try await terminal.waitForKeyByKeyInput()
        return printed
    }

    /// Waits for the prompt and for the editor to read keys.
    func waitForPrompt() async throws {
        try await terminal.waitFor("shop> ")
        try await terminal.waitForKeyByKeyInput()
    }

    /// Presses Ctrl-D on an empty line and returns the exit status.
    func quit() async throws -> PseudoTerminal.ExitStatus {
        try await terminal.waitForKeyByKeyInput()
        try terminal.send(key: .controlD)
        return try await terminal.waitForExit(timeout: .seconds(60))
    }

    /// The history database's rows, oldest first.
    static func history(in stateDirectory: String) throws -> [HistoryEntry] {
        try SQLiteHistoryStore(path: stateDirectory + "/shop/history.sqlite3").entries(
            in: .all, matching: nil, limit: nil)
    }
}
