/// A failure of the terminal utilities.
public enum TerminalError: Error, Equatable, Sendable {
    /// The file descriptor is not a terminal.
    case notATerminal(fileDescriptor: Int32)
    /// A system call failed, with its `errno`.
    case systemCallFailed(name: String, errno: Int32)
    /// The input was closed (end of file) while waiting for a key.
    case endOfInput
}
