/// A failure of ``PseudoTerminal`` or ``PseudoTerminalPair``, carrying the output seen so far
/// so a failing test shows what the program printed.
public struct PseudoTerminalError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The expected text did not appear in time.
        case timedOut(waitingFor: String, after: Duration)
        /// The program did not exit in time.
        case didNotExit(after: Duration)
        /// A system call failed, with its `errno`.
        case systemCallFailed(name: String, errno: Int32)
        /// The terminal was closed, or the program's side hung up, before the text appeared.
        case closed(waitingFor: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Everything read from the terminal so far, escape sequences removed.
    public var output: String

    /// Creates an error.
    public init(_ kind: Kind, output: String) {
        self.kind = kind
        self.output = output
    }

    public var description: String {
        let summary: String
        switch kind {
        case .timedOut(let text, let duration):
            summary = "timed out after \(duration) waiting for \(text.debugDescription)"
        case .didNotExit(let duration):
            summary = "the program did not exit within \(duration)"
        case .systemCallFailed(let name, let code):
            summary = "\(name) failed with errno \(code)"
        case .closed(let text):
            summary = "the terminal closed while waiting for \(text.debugDescription)"
        }
        let shown = output.count > 4000 ? "…" + output.suffix(4000) : Substring(output)
        return "\(summary); output so far:\n\(shown)"
    }
}
