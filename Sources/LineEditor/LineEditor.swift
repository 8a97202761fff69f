import CLibEdit

/// An interactive line editor on libedit.
public final class LineEditor {
    private let editLine: OpaquePointer

    /// Opens an editor on the process's terminal, or nil when libedit cannot start.
    public init?(program: String) {
        guard let editLine = shop_el_init(program) else { return nil }
        self.editLine = editLine
    }

    deinit { el_end(editLine) }
}
