import CLibEdit

extension LineEditor {
    /// Ctrl-R: searches the history as the search text is typed, showing the entry found with
    /// the text found marked and a row below saying what is searched (and when nothing is
    /// found). Ctrl-R or Up goes to an older match, Down to a newer one; Enter runs the entry
    /// shown; Esc or Ctrl-G puts the line back as it was; Ctrl-C abandons the line; any other
    /// key takes the entry into the line and does what it does there.
    func searchHistory() -> UInt8 {
        let (before, after) = lineAroundCursor()
        session.search = HistorySearch(line: before + after, cursor: before.count, history: recallable)
        defer { session.search = nil }
        while let (key, scalars) = nextKey() {
            guard var search = session.search else { break }
            switch key {
            case .control(0x12), .up:
                if !search.older() { ring() }
            case .control(0x13), .down:
                if !search.newer() { ring() }
            case .escape, .control(0x07):
                return UInt8(CC_REFRESH)
            case .controlC:
                session.search = nil
                return interrupt()
            case .enter:
                take(search)
                var key: [wchar_t] = [Self.finishLineKey, 0]
                el_wpush(editLine, &key)
                return UInt8(CC_REFRESH)
            case .backspace:
                search.removeLast()
            case .character(let character) where character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }):
                for scalar in character.unicodeScalars { search.append(scalar) }
            default:
                take(search)
                var pushed = scalars.map { wchar_t(bitPattern: $0.value) } + [0]
                el_wpush(editLine, &pushed)
                return UInt8(CC_REFRESH)
            }
            session.search = search
        }
        return UInt8(CC_EOF)
    }

    /// Puts the entry a search shows into the line, the cursor at its end.
    private func take(_ search: HistorySearch) {
        guard let match = search.currentMatch else { return }
        replaceLine(with: match.text)
    }

    /// Replaces the whole line with `scalars`, the cursor at the end.
    func replaceLine(with scalars: [Unicode.Scalar]) {
        let (_, after) = lineAroundCursor()
        _ = el_cursor(editLine, Int32(clamping: after.count))
        let (before, _) = lineAroundCursor()
        el_deletestr(editLine, Int32(clamping: before.count))
        var wide = scalars.map { wchar_t(bitPattern: $0.value) } + [0]
        if wide.count > 1 { _ = el_winsertstr(editLine, &wide) }
    }

    /// Rings the terminal's bell.
    func ring() {
        write([0x07])
    }
}
