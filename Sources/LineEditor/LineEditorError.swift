/// Why a ``LineEditor`` could not start.
public enum LineEditorError: Error, Equatable, Sendable {
    /// The input or output file descriptor is not a terminal; use ``PlainLineReader`` instead.
    case notATerminal(fileDescriptor: Int32)
    /// A system call needed to set the editor up failed (`dup`, `fdopen`), with its `errno`.
    case systemCallFailed(name: String, errno: Int32)
    /// libedit refused to initialise (`el_init` or `history_init` returned NULL).
    case libeditInitializationFailed
}
