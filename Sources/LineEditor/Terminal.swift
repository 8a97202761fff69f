import Glibc

/// Small utilities for the terminal a program runs in: size, capability checks, input flushing.
///
/// Raw key input lives in ``RawMode`` and ``KeyReader``.
public enum Terminal {
    /// Whether `fileDescriptor` is a terminal.
    public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// The window size of the terminal on `fileDescriptor` (`ioctl(TIOCGWINSZ)`), or nil when it
    /// is not a terminal or reports no size.
    ///
    /// Honouring `COLUMNS` is the caller's business.
    public static func size(of fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalSize? {
        var window = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Discards input typed but not yet read (`tcflush(TCIFLUSH)`): keys pressed while a step ran.
    public static func discardPendingInput(_ fileDescriptor: Int32 = STDIN_FILENO) {
        _ = tcflush(fileDescriptor, TCIFLUSH)
    }

    /// Runs `body` with the terminal in raw mode, restoring its modes afterwards, even when
    /// `body` throws.
    ///
    /// - Parameters:
    ///   - fileDescriptor: The terminal's input.
    ///   - interruptsAsKeys: When true (the default) Ctrl-C and Ctrl-Z arrive as keys instead of
    ///     signals; pass false while running work that Ctrl-C should interrupt.
    public static func withRawMode<Result>(
        _ fileDescriptor: Int32 = STDIN_FILENO,
        interruptsAsKeys: Bool = true,
        _ body: (RawMode) throws -> Result
    ) throws -> Result {
        let mode = try RawMode(fileDescriptor: fileDescriptor, interruptsAsKeys: interruptsAsKeys)
        defer { mode.restore() }
        return try body(mode)
    }
}
