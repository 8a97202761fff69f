/// A reproducible stream of random key presses as a terminal sends them: printable text,
/// control keys, Meta (Esc-prefixed) keys, arrows, editing and function keys in the xterm
/// encodings, non-ASCII characters, stray bytes, and now and then a word of shop's vocabulary so
/// that commands run too.
///
/// The same seed gives the same keys, so a failure can be replayed from the seed it prints.
///
/// ```swift
/// var keys = RandomKeys(seed: 42)
/// let key = keys.next()          // e.g. Key(bytes: [0x1B, 0x78], name: "M-x")
/// ```
struct RandomKeys {
    /// One key press: the bytes sent and a readable name for failure reports.
    struct Key {
        var bytes: [UInt8]
        var name: String
    }

    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// Words that make random lines into commands now and then (never ones that wait long or
    /// write outside the working folder).
    static let vocabulary = [
        "echo ", "help", "history", "!!", "!1", "undo", "vars", "set x ", "$x", "services", "services list",
        "services select 2", "services toggle 3", "feed", "feed open 2", "feed close", "news list", "count",
        " | ", "; ", "exit", "'", "\"", "\\", "#",
    ]

    /// The next key.
    mutating func next() -> Key {
        let roll = nextInt(below: 100)
        switch roll {
        case 0..<40:
            let byte = UInt8(0x20 + nextInt(below: 0x5F))
            return Key(bytes: [byte], name: String(UnicodeScalar(byte)))
        case 40..<46:
            return Key(bytes: [0x0D], name: "Enter")
        case 46..<49:
            return Key(bytes: [0x09], name: "Tab")
        case 49..<52:
            return Key(bytes: [0x7F], name: "Backspace")
        case 52..<60:
            let byte = controlByte()
            return Key(bytes: [byte], name: Self.controlName(byte))
        case 60..<70:
            let byte = UInt8(0x20 + nextInt(below: 0x5F))
            return Key(bytes: [0x1B, byte], name: "M-" + String(UnicodeScalar(byte)))
        case 70..<72:
            let byte = controlByte()
            return Key(bytes: [0x1B, byte], name: "M-" + Self.controlName(byte))
        case 72..<74:
            return Key(bytes: [0x1B], name: "Esc")
        case 74..<80:
            return arrow()
        case 80..<84:
            return editingKey()
        case 84..<86:
            return functionKey()
        case 86..<89:
            let character = ["é", "ж", "漢", "👍", "🇫🇷", "e\u{301}", "\u{200D}", "₽"][nextInt(below: 8)]
            return Key(bytes: Array(character.utf8), name: character)
        case 89..<90:
            let byte = UInt8(0x80 + nextInt(below: 0x80))
            return Key(bytes: [byte], name: "byte \(byte)")
        case 90..<91:
            let parameters = (0..<nextInt(below: 4)).map { _ in String(nextInt(below: 30)) }.joined(separator: ";")
            let final = UInt8(0x40 + nextInt(below: 0x3F))
            let bytes = Array("\u{1B}[\(parameters)".utf8) + [final]
            return Key(bytes: bytes, name: "CSI \(parameters) \(String(UnicodeScalar(final)))")
        default:
            let word = Self.vocabulary[nextInt(below: Self.vocabulary.count)]
            return Key(bytes: Array(word.utf8), name: "\"\(word)\"")
        }
    }

    /// Ctrl-@ … Ctrl-_, except Ctrl-\: between lines the terminal turns that into SIGQUIT,
    /// which ends any program by design (as it ends python or psql), so it proves nothing.
    private mutating func controlByte() -> UInt8 {
        let byte = UInt8(nextInt(below: 0x20))
        return byte == 0x1C ? 0x1D : byte
    }

    private mutating func arrow() -> Key {
        let letter = ["A", "B", "C", "D"][nextInt(below: 4)]
        let name = ["A": "Up", "B": "Down", "C": "Right", "D": "Left"][letter] ?? letter
        switch nextInt(below: 4) {
        case 0: return Key(bytes: Array("\u{1B}O\(letter)".utf8), name: name + " (SS3)")
        case 1:
            let modifier = 2 + nextInt(below: 7)
            return Key(bytes: Array("\u{1B}[1;\(modifier)\(letter)".utf8), name: "\(name) (modifier \(modifier))")
        default: return Key(bytes: Array("\u{1B}[\(letter)".utf8), name: name)
        }
    }

    private mutating func editingKey() -> Key {
        let keys: [(String, String)] = [
            ("\u{1B}[H", "Home"), ("\u{1B}[F", "End"), ("\u{1B}[1~", "Home (1~)"), ("\u{1B}[4~", "End (4~)"),
            ("\u{1B}[2~", "Insert"), ("\u{1B}[3~", "Delete"), ("\u{1B}[5~", "PageUp"), ("\u{1B}[6~", "PageDown"),
            ("\u{1B}OH", "Home (SS3)"), ("\u{1B}OF", "End (SS3)"), ("\u{1B}[3;5~", "Ctrl-Delete"),
        ]
        let (sequence, name) = keys[nextInt(below: keys.count)]
        return Key(bytes: Array(sequence.utf8), name: name)
    }

    private mutating func functionKey() -> Key {
        let number = 1 + nextInt(below: 12)
        let sequence =
            number <= 4
            ? "\u{1B}O" + ["P", "Q", "R", "S"][number - 1]
            : "\u{1B}[" + String([15, 17, 18, 19, 20, 21, 23, 24][number - 5]) + "~"
        return Key(bytes: Array(sequence.utf8), name: "F\(number)")
    }

    static func controlName(_ byte: UInt8) -> String {
        "^" + String(UnicodeScalar(byte + 0x40))
    }

    /// A uniform number in `0..<bound` (SplitMix64, then a multiply-shift reduction).
    private mutating func nextInt(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed.multipliedFullWidth(by: UInt64(bound)).high)
    }
}
