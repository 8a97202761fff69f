/// A prompt split into the glyphs the editor draws: each escape sequence of the caller's text
/// (colours, hyperlinks) is written, taking no column, just before the glyph that follows it.
///
/// ```swift
/// let prompt = EditorPrompt("\u{1B}[1;36mshop\u{1B}[0m> ")
/// prompt.visibleWidth  // 6
/// ```
struct EditorPrompt: Equatable {
    /// The prompt as the caller gave it.
    let text: String
    /// The glyphs, the last one of width zero when the text ends with escape sequences.
    let glyphs: [Glyph]
    /// The columns the visible part of the prompt takes.
    let visibleWidth: Int

    init(_ text: String) {
        self.text = text
        let scalars = Array(text.unicodeScalars)
        var glyphs: [Glyph] = []
        var pendingEscapes = ""
        var visible: [Unicode.Scalar] = []

        func flushVisible() {
            guard !visible.isEmpty else { return }
            for character in LineEditor.string(from: visible) {
                var glyph = Glyph.cluster(character.unicodeScalars, style: nil)
                glyph.prefix = pendingEscapes
                pendingEscapes = ""
                glyphs.append(glyph)
            }
            visible.removeAll()
        }

        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                flushVisible()
                let end = Self.endOfEscapeSequence(in: scalars, at: index)
                pendingEscapes.unicodeScalars.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            index += 1
            // libedit's literal markers and NUL are not text.
            if scalar == "\u{1}" || scalar == "\0" { continue }
            visible.append(scalar)
        }
        flushVisible()
        if !pendingEscapes.isEmpty { glyphs.append(Glyph(text: "", width: 0, style: nil, prefix: pendingEscapes)) }
        self.glyphs = glyphs
        visibleWidth = glyphs.reduce(0) { $0 + $1.width }
    }

    /// The index just past the escape sequence that starts at `start` (which holds ESC).
    ///
    /// Recognises CSI (`ESC [ … final`), string sequences (OSC `ESC ]`, DCS `ESC P`, APC `ESC _`,
    /// PM `ESC ^`, ended by BEL or `ESC \`) and two-character escapes.
    static func endOfEscapeSequence(in scalars: [Unicode.Scalar], at start: Int) -> Int {
        let introducer = start + 1
        guard introducer < scalars.count else { return scalars.count }
        switch scalars[introducer] {
        case "[":
            var index = introducer + 1
            while index < scalars.count {
                let value = scalars[index].value
                if (0x40...0x7E).contains(value) { return index + 1 }
                guard (0x20...0x3F).contains(value) else { return index }
                index += 1
            }
            return scalars.count
        case "]", "P", "_", "^":
            var index = introducer + 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}" {
                    return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index
                }
                index += 1
            }
            return scalars.count
        default:
            return introducer + 1
        }
    }
}
