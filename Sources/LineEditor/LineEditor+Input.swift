import CLibEdit
import Glibc

extension LineEditor {
    /// How often the window size is checked while waiting for a key.
    private static let resizeCheckInterval: Int32 = 200

    /// libedit's character reader (`EL_GETCFN`): waits for a key, decodes UTF-8, and redraws
    /// on window resize. Returns 1 with a character, 0 at end of input, -1 on a read error.
    func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
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
        character.pointee = wchar_t(bitPattern: decodedInput.removeFirst().value)
        return 1
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
