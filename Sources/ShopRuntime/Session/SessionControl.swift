/// The powers of a session that only core commands have: the registry, the store itself,
/// the history, the output format, ending the session, and running scripts inside it.
///
/// Reached through `Invocation.core`; the ``Interpreter`` provides it. Plugins never get it.
protocol SessionControl: AnyObject {
    var registry: CommandRegistry { get }
    var store: StateStore { get }
    var history: any HistoryStoring { get }
    var sessionID: String { get }
    var format: OutputFormat { get set }
    var exitRequest: Int32? { get set }
    /// Runs a script inside this session (`run FILE ARG…`) as part of the running command's change.
    func include(_ file: FilePath, arguments: [Word]) async throws
    /// This session's successful commands that belong in a saved script.
    func replayableCommands() throws -> [String]
    /// The command a line's first words name, the user's own included, and its name's length.
    func resolve(_ first: String, _ second: String?) throws(CommandError) -> (RegisteredCommand, Int)
    /// The user's own commands (`def`, the commands folder).
    var userCommands: [any Command] { get }
}
