import CLibEdit

extension LineEditor {
    /// → and Ctrl-F: at the end of the line, takes the suggestion; otherwise moves right over a
    /// whole character (an emoji sequence, a letter with its accents) in emacs keys, and as
    /// libedit does in vi keys.
    func moveForward() -> UInt8 {
        let (_, after) = lineAroundCursor()
        if after.isEmpty, acceptSuggestion(oneWord: false) { return UInt8(CC_REFRESH) }
        guard keyBindingMode != "vi" else { return handOver(to: Self.nextCharacterKey) }
        guard let next = Self.string(from: after).first else { return UInt8(CC_NORM) }
        _ = el_cursor(editLine, Int32(next.unicodeScalars.count))
        return UInt8(CC_CURSOR)
    }

    /// ← and Ctrl-B: moves left over a whole character in emacs keys, as libedit does in vi keys.
    func moveBackward() -> UInt8 {
        guard keyBindingMode != "vi" else { return handOver(to: Self.previousCharacterKey) }
        let (before, _) = lineAroundCursor()
        guard let previous = Self.string(from: before).last else { return UInt8(CC_NORM) }
        _ = el_cursor(editLine, -Int32(previous.unicodeScalars.count))
        return UInt8(CC_CURSOR)
    }

    /// Alt-→ and Alt-F: at the end of the line, takes a word of the suggestion; otherwise moves
    /// to the end of the next word.
    func moveForwardWord() -> UInt8 {
        let (_, after) = lineAroundCursor()
        if after.isEmpty, acceptSuggestion(oneWord: true) { return UInt8(CC_REFRESH) }
        return handOver(to: Self.nextWordKey)
    }

    /// Backspace in emacs keys: deletes the whole character before the cursor.
    func deletePreviousCharacter() -> UInt8 {
        let (before, _) = lineAroundCursor()
        guard let previous = Self.string(from: before).last else { return UInt8(CC_ERROR) }
        el_deletestr(editLine, Int32(previous.unicodeScalars.count))
        return UInt8(CC_REFRESH)
    }

    /// Delete in emacs keys: deletes the whole character under the cursor.
    func deleteNextCharacter() -> UInt8 {
        let (_, after) = lineAroundCursor()
        guard let next = Self.string(from: after).first else { return UInt8(CC_ERROR) }
        let count = Int32(next.unicodeScalars.count)
        _ = el_cursor(editLine, count)
        el_deletestr(editLine, count)
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-L: clears the screen; the line is drawn again at its top.
    func clearScreen() -> UInt8 {
        write(area.clearScreen())
        return UInt8(CC_REFRESH)
    }

    /// Inserts the suggestion shown after the cursor at the end of the line — all of it, or
    /// its blanks and first word; false when none is shown.
    func acceptSuggestion(oneWord: Bool) -> Bool {
        let (before, after) = lineAroundCursor()
        guard after.isEmpty, let rest = suggestion(after: before) else { return false }
        let taken = oneWord ? Self.firstWord(of: rest) : rest
        var wide = Self.wideString(String(taken))
        guard wide.count > 1 else { return false }
        _ = el_winsertstr(editLine, &wide)
        return true
    }

    /// The blanks at the start of `text` and the word after them.
    static func firstWord(of text: Substring) -> Substring {
        let wordStart = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let wordEnd = text[wordStart...].firstIndex(where: \.isWhitespace) ?? text.endIndex
        return text[..<wordEnd]
    }
}
