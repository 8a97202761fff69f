import CLibEdit

extension LineEditor {
    /// Ctrl-C: marks the read as interrupted, shows `^C` at the end of the line, and ends it.
    ///
    /// The end is reached through the private key bound to `ed-newline`, which libedit runs after
    /// redrawing, so the cursor leaves the edit area below its last row.
    func interrupt() -> UInt8 {
        session.interrupted = true
        let (_, after) = lineAroundCursor()
        _ = el_cursor(editLine, Int32(clamping: after.count))
        var marker = Self.wideString("^C")
        _ = el_winsertstr(editLine, &marker)
        var key: [wchar_t] = [Self.finishLineKey, 0]
        el_wpush(editLine, &key)
        return UInt8(CC_REFRESH)
    }
}
