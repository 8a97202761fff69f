import CLibEdit
import Glibc

extension LineEditor {
    /// Tab: asks ``completionHandler`` and inserts, extends, or (on a second Tab) lists.
    func completeAtCursor() -> UInt8 {
        guard let completionHandler else { return UInt8(CC_ERROR) }
        let (before, after) = lineAroundCursor()
        let textBefore = Self.string(from: before)
        let request = TabCompletionRequest(textBeforeCursor: textBefore, textAfterCursor: Self.string(from: after))
        let completion = completionHandler(request)
        let replaced = String(textBefore.suffix(completion.replacedCount))
        var seen = Set<String>()
        let candidates = completion.candidates.filter { seen.insert($0.value).inserted }

        switch candidates.count {
        case 0:
            session.ambiguousCompletion = nil
            return UInt8(CC_ERROR)
        case 1:
            session.ambiguousCompletion = nil
            let candidate = candidates[0].value
            replace(replaced, with: candidate.hasSuffix("/") ? candidate : candidate + " ")
            return UInt8(CC_REFRESH)
        default:
            let prefix = Self.commonPrefix(of: candidates.map(\.value))
            if prefix.count > replaced.count {
                replace(replaced, with: prefix)
                let (newBefore, newAfter) = lineAroundCursor()
                session.ambiguousCompletion = LineSnapshot(before: newBefore, after: newAfter)
                return UInt8(CC_REFRESH)
            }
            let snapshot = LineSnapshot(before: before, after: after)
            guard session.ambiguousCompletion == snapshot else {
                session.ambiguousCompletion = snapshot
                return UInt8(CC_ERROR)
            }
            // Second Tab: list them.
            return list(candidates)
        }
    }

    /// Prints `candidates` above the line, a screenful at a time (Space or Tab shows the next,
    /// Enter or Down one more row, q or another key stops, a character typed going on in the
    /// line), then draws the line again below them with the cursor where it was.
    private func list(_ candidates: [TabCompletionCandidate]) -> UInt8 {
        let size = drawnSize ?? TerminalSize(columns: 80, rows: 24)
        let rows = CompletionListing.rows(for: candidates, width: size.columns, usesColor: usesColor)
        // Room for the line and the row saying more is to come.
        let more = { (left: Int) in "-- \(left) more: Space for the next page, Enter a row, q to stop --" }
        let statusRows = (TextWidth.columns(of: more(rows.count)) + size.columns - 1) / max(1, size.columns)
        let page = max(1, size.rows - layout(width: size.columns).rows.count - statusRows)
        var shown = min(rows.count, page)
        write(area.printAbove(Array(rows[..<shown])))
        while shown < rows.count {
            session.status = Glyph.glyphs(of: more(rows.count - shown), style: TextStyle(isInverse: true))
            guard let (key, scalars) = nextKey() else { break }
            let next: Int
            switch key {
            case .character(" "), .tab, .pageDown: next = page
            case .enter, .down: next = 1
            case .character(let character) where character != "q":
                // Typing goes on in the line.
                var pushed = scalars.map { wchar_t(bitPattern: $0.value) } + [0]
                el_wpush(editLine, &pushed)
                next = 0
            default: next = 0
            }
            session.status = nil
            guard next > 0 else { break }
            let end = min(rows.count, shown + next)
            write(area.printAbove(Array(rows[shown..<end])))
            shown = end
        }
        session.status = nil
        return UInt8(CC_REFRESH)
    }

    /// Replaces `replaced` (the text just before the cursor) with `replacement`.
    private func replace(_ replaced: String, with replacement: String) {
        el_deletestr(editLine, Int32(clamping: replaced.unicodeScalars.count))
        var wide = Self.wideString(replacement)
        if wide.count > 1 { _ = el_winsertstr(editLine, &wide) }
    }

    /// The longest common prefix of `strings`, by characters.
    static func commonPrefix(of strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else { return "" }
        for string in strings.dropFirst() {
            let characters = Array(string)
            var length = 0
            while length < min(prefix.count, characters.count) && prefix[length] == characters[length] {
                length += 1
            }
            prefix.removeLast(prefix.count - length)
        }
        return String(prefix)
    }
}
