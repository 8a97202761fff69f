/// A prompt prepared for libedit's `EL_PROMPT_ESC`: escape sequences become zero-width literals.
///
/// libedit 3.1 draws the text between two `\u{1}` markers without counting it, but it requires
/// each such literal to be followed by a visible character, which it draws as part of the literal
/// and counts by its UTF-8 byte length. So every run of escape sequences is wrapped together with
/// the next ASCII character. A run followed by non-ASCII characters is carried past them to the
/// next ASCII character (those characters are drawn without the run's effect), and a run at the
/// very end of the prompt is followed by one added space. Keep an ASCII character right after
/// each colour code, e.g. `"\u{1B}[1;32mshop\u{1B}[0m> "`, and colours land exactly.
struct EditorPrompt: Equatable {
    /// The marker libedit is told to treat as the literal delimiter.
    static let literalMarker: UInt8 = 0x01

    /// The prompt as the caller gave it.
    let text: String
    /// The bytes handed to libedit, NUL-terminated.
    let encoded: [CChar]
    /// The columns the visible part of the prompt takes.
    let visibleWidth: Int

    init(_ text: String) {
        self.text = text
        let scalars = Array(text.unicodeScalars)
        var bytes: [UInt8] = []
        var pendingEscapes: [Unicode.Scalar] = []
        var width = 0

        func appendLiteral(then visible: Unicode.Scalar) {
            bytes.append(Self.literalMarker)
            for scalar in pendingEscapes { bytes.append(contentsOf: Array(String(scalar).utf8)) }
            bytes.append(Self.literalMarker)
            bytes.append(UInt8(visible.value))
            pendingEscapes.removeAll()
        }

        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                let end = Self.endOfEscapeSequence(in: scalars, at: index)
                pendingEscapes.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            index += 1
            if scalar.value == UInt32(Self.literalMarker) || scalar == "\0" { continue }
            width += TextWidth.columns(of: scalar)
            if !pendingEscapes.isEmpty && scalar.isASCII {
                appendLiteral(then: scalar)
            } else {
                bytes.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        if !pendingEscapes.isEmpty {
            appendLiteral(then: " ")
            width += 1
        }
        encoded = bytes.map { CChar(bitPattern: $0) } + [0]
        visibleWidth = width
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
