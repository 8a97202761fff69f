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
        let candidates = completion.candidates.filter { seen.insert($0).inserted }

        switch candidates.count {
        case 0:
            session.ambiguousCompletion = nil
            return UInt8(CC_ERROR)
        case 1:
            session.ambiguousCompletion = nil
            let candidate = candidates[0]
            replace(replaced, with: candidate.hasSuffix("/") ? candidate : candidate + " ")
            return UInt8(CC_REFRESH)
        default:
            let prefix = Self.commonPrefix(of: candidates)
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
            // Second Tab: move the cursor to the end so libedit's redraw leaves it on the last
            // row, then list from the private key's command.
            session.pendingListing = PendingListing(candidates: candidates, cursorDistanceFromEnd: after.count)
            _ = el_cursor(editLine, Int32(clamping: after.count))
            var key: [wchar_t] = [Self.listKey, 0]
            el_wpush(editLine, &key)
            return UInt8(CC_REFRESH)
        }
    }

    /// Prints the pending candidates below the line, then redraws prompt and line beneath them
    /// with the cursor where it was.
    func listPendingCompletions() -> UInt8 {
        guard let listing = session.pendingListing else { return UInt8(CC_ERROR) }
        session.pendingListing = nil
        let width = Terminal.size(of: inputFileDescriptor)?.columns ?? 80
        let rows = CompletionListing.rows(for: listing.candidates, width: width)
        writeOutput("\r\n" + rows.map { $0 + "\r\n" }.joined())
        _ = el_cursor(editLine, -Int32(clamping: listing.cursorDistanceFromEnd))
        _ = shop_el_refresh(editLine)
        return UInt8(CC_NORM)
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
