/// A history search under way (Ctrl-R): what is searched for, the entries found so far, newest
/// first, and which one is shown.
///
/// An entry matches when it contains the search text; without capital letters in the search
/// text, letters match either case (ASCII). An entry found twice is shown once.
struct HistorySearch {
    /// The line and cursor before the search, shown while nothing is searched for and put back
    /// when the search is abandoned.
    let original: [Unicode.Scalar]
    let originalCursor: Int
    /// The search text.
    private(set) var query: [Unicode.Scalar] = []
    /// The matches found so far, newest first: their text and the range found in it.
    private var matches: [(text: [Unicode.Scalar], found: Range<Int>)] = []
    /// Which of ``matches`` is shown.
    private var shown = 0
    /// The next position of the history to look at for an older match; nil once all were.
    private var nextPosition: Int?
    private var seen: Set<String> = []
    private let history: RecallableHistory

    init(line: [Unicode.Scalar], cursor: Int, history: RecallableHistory) {
        original = line
        originalCursor = cursor
        self.history = history
    }

    /// The entry shown, or the original line while the search text is empty or nothing matched.
    var shownLine: [Unicode.Scalar] { currentMatch?.text ?? original }

    /// The part of ``shownLine`` that matched.
    var foundRange: Range<Int>? { currentMatch?.found }

    /// The match shown, if any.
    var currentMatch: (text: [Unicode.Scalar], found: Range<Int>)? {
        shown < matches.count ? matches[shown] : nil
    }

    /// Whether the search text matches nothing.
    var foundNothing: Bool { !query.isEmpty && matches.isEmpty }

    /// Types one more character of the search text; the search starts again from the newest.
    mutating func append(_ scalar: Unicode.Scalar) {
        query.append(scalar)
        restart()
    }

    /// Removes the last character of the search text.
    mutating func removeLast() {
        guard !query.isEmpty else { return }
        query.removeLast()
        restart()
    }

    /// Shows the next older match, when there is one; false when there is not.
    @discardableResult
    mutating func older() -> Bool {
        if shown + 1 < matches.count || findOlder() {
            shown += 1
            return true
        }
        return false
    }

    /// Shows the next newer match; false at the newest.
    @discardableResult
    mutating func newer() -> Bool {
        guard shown > 0 else { return false }
        shown -= 1
        return true
    }

    /// The row below the line: the search text, and in words when nothing matches.
    func statusGlyphs(usesColor: Bool) -> [Glyph] {
        let label = usesColor ? TextStyle(isBold: true) : TextStyle.plain
        var glyphs = Glyph.glyphs(of: "search history: ", style: label)
        glyphs += Glyph.glyphs(of: LineEditor.string(from: query), style: .plain)
        if foundNothing {
            let note = usesColor ? TextStyle(foreground: .standard(1)) : TextStyle.plain
            glyphs += Glyph.glyphs(of: "   (nothing found)", style: note)
        }
        return glyphs
    }

    private mutating func restart() {
        matches = []
        seen = []
        shown = 0
        nextPosition = history.entries.count - 1
        guard !query.isEmpty else {
            nextPosition = nil
            return
        }
        _ = findOlder()
    }

    /// Looks further back for the next match; true when one was added.
    private mutating func findOlder() -> Bool {
        guard let start = nextPosition, start >= 0, !query.isEmpty else { return false }
        let ignoresCase = !query.contains { ("A"..."Z").contains($0) }
        for position in history.positionsNewestFirst(before: start + 1) {
            let entry = history.entries[position]
            guard !seen.contains(entry) else { continue }
            let text = Array(entry.unicodeScalars)
            if let found = Self.range(of: query, in: text, ignoringCase: ignoresCase) {
                seen.insert(entry)
                matches.append((text, found))
                nextPosition = position - 1
                return true
            }
        }
        nextPosition = nil
        return false
    }

    /// Where `needle` first occurs in `haystack`.
    private static func range(
        of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], ignoringCase: Bool
    ) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            guard ignoringCase, ("A"..."Z").contains(scalar) else { return scalar }
            return Unicode.Scalar(scalar.value + 32) ?? scalar
        }
        for start in 0...(haystack.count - needle.count)
        where zip(needle, haystack[start...]).allSatisfy({ $0 == folded($1) }) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
