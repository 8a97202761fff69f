/// One key press decoded from terminal input by ``KeyReader``.
public enum TerminalKey: Equatable, Hashable, Sendable {
    /// A printable character (one Unicode scalar).
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// The Delete key (`ESC [ 3 ~`).
    case delete
    /// Escape pressed on its own.
    case escape
    /// Arrow keys.
    case up, down, left, right
    /// Navigation keys.
    case home, end, pageUp, pageDown
    /// Ctrl-C.
    case controlC
    /// Ctrl-D.
    case controlD
    /// Another control key, by its byte: `0x01` is Ctrl-A, `0x1A` is Ctrl-Z.
    case control(UInt8)
    /// An escape sequence this decoder does not name (function keys, mouse reports), as received.
    case unknownSequence([UInt8])
}
