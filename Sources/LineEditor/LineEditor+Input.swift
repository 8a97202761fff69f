import CLibEdit
import Glibc

extension LineEditor {
    /// What waiting for the next character of input gave.
    enum InputRead: Equatable {
        case scalar(Unicode.Scalar)
        /// Nothing came within the time allowed.
        case timedOut
        case endOfInput
        case failed
    }

    /// How often the window size is checked while waiting for a key.
    private static let resizeCheckInterval: Int32 = 200
    /// How long the rest of a key's escape sequence may take to arrive.
    static let sequenceWait: Int32 = 30

    /// libedit's character reader (`EL_GETCFN`): draws the line once every key typed so far is
    /// handled, then waits for the next. Returns 1 with a character, 0 at end of input, -1 on a
    /// read error.
    func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        keepCursorInLine()
        if let line = session.presetLine {
            // A line given to show: typed at once, then Enter through the private key.
            session.presetLine = nil
            var wide = Self.wideString(line)
            if wide.count > 1 { _ = el_winsertstr(editLine, &wide) }
            character.pointee = Self.finishLineKey
            return 1
        }
        switch nextScalar(waitingUpTo: nil) {
        case .scalar(let scalar):
            // The private keys reach libedit only through el_wpush, never typed or pasted.
            character.pointee = wchar_t(bitPattern: Self.isPrivateKey(scalar) ? 0xFFFD : scalar.value)
            return 1
        case .endOfInput, .timedOut:
            character.pointee = 0
            return 0
        case .failed:
            return -1
        }
    }

    /// The next character of input: read ahead by others, decoded already, or typed within
    /// `milliseconds` (forever when nil). The line is drawn before waiting.
    func nextScalar(waitingUpTo milliseconds: Int32?) -> InputRead {
        if decodedInput.isEmpty, let typeAhead {
            for byte in typeAhead.takeUnread() { decodedInput += inputDecoder.feed(byte) }
        }
        if decodedInput.isEmpty && !inputIsWaiting() { refreshScreen() }
        var remaining = milliseconds
        while decodedInput.isEmpty {
            if let remaining, remaining <= 0 { return .timedOut }
            let interval = min(Self.resizeCheckInterval, remaining ?? Self.resizeCheckInterval)
            var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, interval)
            if ready < 0 {
                guard errno == EINTR else { return .failed }
                // Perhaps SIGWINCH, if the host handles it.
                redrawIfResized()
                continue
            }
            if ready == 0 {
                remaining = remaining.map { $0 - interval }
                redrawIfResized()
                continue
            }
            var byte: UInt8 = 0
            let count = read(inputFileDescriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed
            }
            if count == 0 {
                decodedInput += inputDecoder.finish()
                if decodedInput.isEmpty { return .endOfInput }
                break
            }
            decodedInput += inputDecoder.feed(byte)
        }
        return .scalar(decodedInput.removeFirst())
    }

    /// The next key, for the editor's own modes (history search, a listing's pages): the key
    /// and the characters that make it, so that it can be handed back to libedit. Nil at the
    /// end of input.
    func nextKey() -> (key: TerminalKey, scalars: [Unicode.Scalar])? {
        guard case .scalar(let first) = nextScalar(waitingUpTo: nil) else { return nil }
        var scalars = [first]
        while true {
            let bytes = scalars.flatMap { Array(String($0).utf8) }
            switch KeyDecoder.decode(bytes[...], final: false) {
            case .key(let key, let length):
                return (key, Self.keepFirst(bytesLong: length, of: &scalars, returningRestTo: &decodedInput))
            case .incomplete:
                guard case .scalar(let next) = nextScalar(waitingUpTo: Self.sequenceWait) else {
                    if case .key(let key, let length) = KeyDecoder.decode(bytes[...], final: true) {
                        return (key, Self.keepFirst(bytesLong: length, of: &scalars, returningRestTo: &decodedInput))
                    }
                    return (.unknownSequence(bytes), scalars)
                }
                scalars.append(next)
            }
        }
    }

    /// The first scalars of `scalars` that make `length` bytes; the others go back to the front
    /// of `input`.
    private static func keepFirst(
        bytesLong length: Int, of scalars: inout [Unicode.Scalar], returningRestTo input: inout [Unicode.Scalar]
    ) -> [Unicode.Scalar] {
        var used = 0
        var count = 0
        while count < scalars.count, used < length {
            used += String(scalars[count]).utf8.count
            count += 1
        }
        input.insert(contentsOf: scalars[count...], at: 0)
        return Array(scalars[..<count])
    }

    /// Whether more input is already here: keys typed ahead or pasted are handled before the
    /// line is drawn again.
    private func inputIsWaiting() -> Bool {
        var descriptor = pollfd(fd: inputFileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
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

    /// When the window size changed since the line was drawn: the line is drawn again for the
    /// new size, from the row the terminal's reflow left its start on.
    func redrawIfResized() {
        guard let size = Terminal.size(of: inputFileDescriptor), size != drawnSize else { return }
        drawnSize = size
        area.terminalResized(toWidth: size.columns)
        el_resize(editLine)
        refreshScreen()
    }
}
