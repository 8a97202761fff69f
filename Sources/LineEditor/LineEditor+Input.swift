import CLibEdit
import Glibc

extension LineEditor {
    /// How often the window size is checked while waiting for a key.
    private static let resizeCheckInterval: Int32 = 200

    /// libedit's character reader (`EL_GETCFN`): takes keys others read ahead, else waits for a
    /// key; decodes UTF-8, and redraws on window resize. Returns 1 with a character, 0 at end of input, -1 on a read error.
    func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        keepCursorInLine()
        if decodedInput.isEmpty, let typeAhead {
            for byte in typeAhead.takeUnread() { decodedInput += inputDecoder.feed(byte) }
        }
        while decodedInput.isEmpty {
            var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.resizeCheckInterval)
            if ready < 0 {
                guard errno == EINTR else { return -1 }
                // Perhaps SIGWINCH, if the host handles it.
                redrawIfResized()
                continue
            }
            if ready == 0 {
                redrawIfResized()
                continue
            }
            var byte: UInt8 = 0
            let count = read(inputFileDescriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return -1
            }
            if count == 0 {
                decodedInput += inputDecoder.finish()
                if decodedInput.isEmpty {
                    character.pointee = 0
                    return 0
                }
                break
            }
            decodedInput += inputDecoder.feed(byte)
        }
        let scalar = decodedInput.removeFirst()
        // The private keys reach libedit only through el_wpush, never typed or pasted.
        let privateKeys = [Self.finishLineKey, Self.listKey, Self.moveToEndKey]
        let isPrivate = privateKeys.contains(wchar_t(bitPattern: scalar.value))
        character.pointee = wchar_t(bitPattern: isPrivate ? 0xFFFD : scalar.value)
        return 1
    }

    /// Puts the cursor back inside the line when a libedit function left it outside, before the
    /// next key is handled.
    ///
    /// Several vi functions do (Debian's libedit 3.1-20221030): `ed-move-to-end` on an empty line
    /// puts it one character *before* the buffer (bound away, see ``moveToEnd()``);
    /// `vi-repeat-search-next` and `-prev` (`n`, `N`) empty the line but leave the cursor where
    /// it was, beyond the end.
    /// The next edit (`x`, Delete, an insert) then copies with a negative length or writes before
    /// the buffer, corrupting the heap: a crash then or when shop exits. Every key typed passes
    /// here, so no later command sees such a cursor.
    private func keepCursorInLine() {
        guard let line = el_wline(editLine), let buffer = line.pointee.buffer, let cursor = line.pointee.cursor,
            let end = line.pointee.lastchar
        else { return }
        // el_cursor clamps the cursor into [buffer, lastchar] after moving it.
        if cursor < buffer {
            _ = el_cursor(editLine, -1)
        } else if cursor > end {
            _ = el_cursor(editLine, 1)
        }
    }

    /// When the window size changed since the line was drawn: clears the edit area and redraws
    /// prompt and line for the new width.
    ///
    /// Most terminals (VTE, iTerm2, kitty, tmux, Windows Terminal) reflow wrapped rows to the new
    /// width, so the cursor's row within the edit area is computed for the new width. Terminals
    /// that do not reflow (xterm) may keep a stale row or lose one row of earlier output.
    func redrawIfResized() {
        guard let size = Terminal.size(of: inputFileDescriptor), size != drawnSize else { return }
        drawnSize = size
        let (before, _) = lineAroundCursor()
        let rowsUp = (prompt.visibleWidth + TextWidth.columns(of: before)) / max(1, size.columns)
        writeOutput("\r" + (rowsUp > 0 ? "\u{1B}[\(rowsUp)A" : "") + "\u{1B}[J")
        el_resize(editLine)
        _ = shop_el_refresh(editLine)
    }
}
