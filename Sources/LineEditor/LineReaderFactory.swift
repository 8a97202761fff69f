import Glibc

/// Picks how to read command lines: the libedit ``LineEditor`` for a person at a capable
/// terminal, the ``PlainLineReader`` otherwise.
public enum LineReaderFactory {
    /// The kind of reader chosen for a set of circumstances.
    public enum Choice: Equatable, Sendable {
        /// The line editor, drawing on this output descriptor.
        case editor(output: Int32)
        /// Plain reading, writing prompts to this descriptor (nil: no prompt).
        case plain(promptOutput: Int32?)
    }

    /// Decides between the editor and plain reading.
    ///
    /// - Input not a terminal: plain, no prompt (`shop < script`, `echo … | shop`).
    /// - `TERM` unset, empty or `dumb`: plain, prompting on the output if it is a terminal.
    /// - Otherwise the editor, drawing on the output, or on standard error when only that is a
    ///   terminal (`shop | tee log`).
    public static func choice(
        input: Int32,
        output: Int32,
        term: String?,
        isTerminal: (Int32) -> Bool = Terminal.isTerminal
    ) -> Choice {
        guard isTerminal(input) else { return .plain(promptOutput: nil) }
        let drawOn: Int32? =
            isTerminal(output) ? output : isTerminal(STDERR_FILENO) ? STDERR_FILENO : nil
        guard let term, !term.isEmpty, term != "dumb", let drawOn else {
            return .plain(promptOutput: isTerminal(output) ? output : nil)
        }
        return .editor(output: drawOn)
    }

    /// Makes the reader ``choice(input:output:term:isTerminal:)`` picks, falling back to plain
    /// reading if the editor cannot start.
    ///
    /// - Parameters:
    ///   - programName: The name `~/.editrc` lines may be prefixed with (`shop:bind -v`).
    ///   - term: The terminal type; nil reads `TERM` from the environment.
    ///   - typeAhead: The terminal's input shared with its other readers (see ``TerminalInput``).
    public static func make(
        programName: String = "shop",
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        term: String? = nil,
        typeAhead: TerminalInput? = nil
    ) -> any LineReading {
        let term = term ?? getenv("TERM").map { String(cString: $0) }
        switch choice(input: input, output: output, term: term) {
        case .plain(let promptOutput):
            return PlainLineReader(input: input, promptOutput: promptOutput, typeAhead: typeAhead)
        case .editor(let drawOn):
            do {
                return try LineEditor(programName: programName, input: input, output: drawOn, typeAhead: typeAhead)
            } catch {
                return PlainLineReader(
                    input: input, promptOutput: Terminal.isTerminal(output) ? output : nil, typeAhead: typeAhead)
            }
        }
    }
}
