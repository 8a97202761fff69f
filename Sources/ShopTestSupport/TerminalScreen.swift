import ShopRendering

/// A small xterm-like terminal: it interprets what a program writes — text, wrapping, cursor
/// moves, erasing, colours and attributes — so that a test looks at the screen as a person
/// would, and reflows wrapped rows on a resize as VTE, kitty and tmux do.
///
/// How wide a character is follows one of two terminals' rules (``WidthRule``). What it does
/// not know (scrolling regions, character sets, mouse modes) it ignores.
///
/// ```swift
/// var screen = TerminalScreen(columns: 40, rows: 20)
/// screen.feed(Array("\u{1B}[31mred\u{1B}[0m plain".utf8))
/// screen.text                                     // "red plain"
/// screen.styles(of: "red")?.first?.foreground    // .indexed(1)
/// ```
public struct TerminalScreen: Sendable {
    /// How a terminal decides a character's columns.
    public enum WidthRule: Sendable {
        /// As xterm: each character by itself (emoji 2, accents and joiners 0, joined to the cell
        /// before), so an emoji sequence takes the columns of its parts.
        case perCharacter
        /// As kitty and WezTerm: each grapheme cluster is one glyph (an emoji sequence 2 columns).
        case graphemeClusters
    }

    /// A colour of a cell.
    public enum Color: Equatable, Hashable, Sendable {
        /// One of the 256 palette colours (0–15 the standard ones).
        case indexed(Int)
        case rgb(Int, Int, Int)
    }

    /// The colours and attributes of a cell.
    public struct Style: Equatable, Hashable, Sendable {
        public var foreground: Color?
        public var background: Color?
        public var isBold = false
        public var isDim = false
        public var isItalic = false
        public var isUnderlined = false
        public var isInverse = false

        public init() {}

        /// Whether any colour or attribute is set.
        public var isPlain: Bool { self == Style() }
    }

    /// One character cell.
    public struct Cell: Equatable, Sendable {
        /// The characters shown (empty for a blank, or for the right half of a wide character).
        public var text = ""
        /// 1, or 2 for a wide character; 0 for the right half of one.
        public var width = 1
        public var style = Style()
        /// Whether a character was written here (erased cells are not).
        var isWritten = false
    }

    private struct Line: Sendable {
        var cells: [Cell]
        /// The text runs on into the next line (the cursor wrapped at the margin).
        var isWrapped = false

        init(columns: Int) {
            cells = Array(repeating: Cell(), count: columns)
        }
    }

    private enum ParserState: Sendable {
        case ground
        case escape
        case controlSequence(parameters: String)
        case escapeWithIntermediate
        case string(sawEscape: Bool)
    }

    public private(set) var columns: Int
    public private(set) var rows: Int
    public let widthRule: WidthRule
    /// The cursor: a row of the screen and a column.
    public private(set) var cursor: (row: Int, column: Int) = (0, 0)
    public private(set) var isCursorVisible = true
    /// How many times the bell rang.
    public private(set) var bells = 0

    private var screen: [Line]
    private var scrollback: [Line] = []
    private var style = Style()
    /// The cursor is at the last column after writing there: the next character wraps first.
    private var pendingWrap = false
    private var savedCursor: (row: Int, column: Int) = (0, 0)
    private var state = ParserState.ground
    private var utf8 = UTF8Buffer()

    public init(columns: Int, rows: Int, widthRule: WidthRule = .perCharacter) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.widthRule = widthRule
        screen = Array(repeating: Line(columns: max(1, columns)), count: max(1, rows))
    }

    // MARK: Looking at the screen

    /// The screen's rows, each without its trailing blanks, without the blank rows at the end.
    public var text: String {
        var shown = (0..<rows).map(row)
        while shown.last?.isEmpty == true { shown.removeLast() }
        return shown.joined(separator: "\n")
    }

    /// Row `index` of the screen as shown, without trailing blanks.
    public func row(_ index: Int) -> String {
        guard index >= 0, index < rows else { return "" }
        var text = screen[index].cells.map { $0.width == 0 ? "" : ($0.text.isEmpty ? " " : $0.text) }.joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The cell at a row and column of the screen.
    public func cell(row: Int, column: Int) -> Cell? {
        guard row >= 0, row < rows, column >= 0, column < columns else { return nil }
        return screen[row].cells[column]
    }

    /// Where `text` first shows on the screen (within one row), top to bottom.
    public func find(_ text: String) -> (row: Int, column: Int)? {
        firstMatch(of: text).map { ($0.row, $0.columns.first ?? 0) }
    }

    /// The styles of the cells that show `text` where it first shows, one per Unicode scalar
    /// of `text`; nil when it does not show.
    public func styles(of text: String) -> [Style]? {
        firstMatch(of: text).map { match in match.columns.map { screen[match.row].cells[$0].style } }
    }

    /// The row where `text` first shows, and the column of the cell showing each of its scalars.
    private func firstMatch(of text: String) -> (row: Int, columns: [Int])? {
        let needle = Array(text.unicodeScalars)
        guard !needle.isEmpty else { return nil }
        for index in 0..<rows {
            var scalars: [Unicode.Scalar] = []
            var columnOf: [Int] = []
            for (column, cell) in screen[index].cells.enumerated() where cell.width > 0 {
                for scalar in (cell.text.isEmpty ? " " : cell.text).unicodeScalars {
                    scalars.append(scalar)
                    columnOf.append(column)
                }
            }
            guard scalars.count >= needle.count else { continue }
            for start in 0...(scalars.count - needle.count)
            where scalars[start..<(start + needle.count)].elementsEqual(needle) {
                return (index, Array(columnOf[start..<(start + needle.count)]))
            }
        }
        return nil
    }

    // MARK: Feeding output

    /// Interprets bytes the program wrote.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            switch state {
            case .ground:
                if byte < 0x20 || byte == 0x7F {
                    control(byte)
                } else {
                    for scalar in utf8.feed(byte) { print(scalar) }
                }
            case .escape:
                escape(byte)
            case .controlSequence(let parameters):
                if (0x40...0x7E).contains(byte) {
                    state = .ground
                    controlSequence(parameters, final: byte)
                } else {
                    state = .controlSequence(parameters: parameters + String(UnicodeScalar(byte)))
                }
            case .escapeWithIntermediate:
                state = .ground
            case .string(let sawEscape):
                if byte == 0x07 || (sawEscape && byte == UInt8(ascii: "\\")) {
                    state = .ground
                } else {
                    state = .string(sawEscape: byte == 0x1B)
                }
            }
        }
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x07: bells += 1
        case 0x08:
            cursor.column = max(0, cursor.column - 1)
            pendingWrap = false
        case 0x09:
            cursor.column = min(columns - 1, (cursor.column / 8 + 1) * 8)
            pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D:
            cursor.column = 0
            pendingWrap = false
        case 0x1B: state = .escape
        default: break
        }
    }

    private mutating func escape(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["): state = .controlSequence(parameters: "")
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
            state = .string(sawEscape: false)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "#"), UInt8(ascii: "%"): state = .escapeWithIntermediate
        case UInt8(ascii: "7"): savedCursor = cursor
        case UInt8(ascii: "8"):
            cursor = savedCursor
            pendingWrap = false
        case UInt8(ascii: "M"):
            if cursor.row == 0 {
                screen.insert(Line(columns: columns), at: 0)
                screen.removeLast()
            } else {
                cursor.row -= 1
            }
        case UInt8(ascii: "c"): self = TerminalScreen(columns: columns, rows: rows, widthRule: widthRule)
        default: break
        }
    }

    private mutating func controlSequence(_ text: String, final: UInt8) {
        let isPrivate = text.hasPrefix("?") || text.hasPrefix(">")
        let numbers = text.drop { $0 == "?" || $0 == ">" }.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.split(separator: ":").first ?? "") }
        func parameter(_ index: Int, default value: Int = 1) -> Int {
            index < numbers.count ? (numbers[index] ?? value) == 0 ? value : (numbers[index] ?? value) : value
        }
        let before = pendingWrap
        pendingWrap = false
        switch UnicodeScalar(final) {
        case "A": cursor.row = max(0, cursor.row - parameter(0))
        case "B": cursor.row = min(rows - 1, cursor.row + parameter(0))
        case "C": cursor.column = min(columns - 1, cursor.column + parameter(0))
        case "D": cursor.column = max(0, cursor.column - parameter(0))
        case "E": cursor = (min(rows - 1, cursor.row + parameter(0)), 0)
        case "F": cursor = (max(0, cursor.row - parameter(0)), 0)
        case "G", "`": cursor.column = min(columns - 1, parameter(0) - 1)
        case "d": cursor.row = min(rows - 1, parameter(0) - 1)
        case "H", "f": cursor = (min(rows - 1, parameter(0) - 1), min(columns - 1, parameter(1) - 1))
        case "J": eraseDisplay(numbers.first.flatMap { $0 } ?? 0)
        case "K": eraseLine(numbers.first.flatMap { $0 } ?? 0)
        case "X":
            for column in cursor.column..<min(columns, cursor.column + parameter(0)) { clearCell(cursor.row, column) }
        case "P":
            let count = min(parameter(0), columns - cursor.column)
            screen[cursor.row].cells.removeSubrange(cursor.column..<(cursor.column + count))
            screen[cursor.row].cells += Array(repeating: Cell(), count: count)
        case "@":
            let count = min(parameter(0), columns - cursor.column)
            screen[cursor.row].cells.insert(contentsOf: Array(repeating: Cell(), count: count), at: cursor.column)
            screen[cursor.row].cells.removeLast(count)
        case "L":
            for _ in 0..<min(parameter(0), rows - cursor.row) {
                screen.insert(Line(columns: columns), at: cursor.row)
                screen.removeLast()
            }
        case "M":
            for _ in 0..<min(parameter(0), rows - cursor.row) {
                screen.remove(at: cursor.row)
                screen.append(Line(columns: columns))
            }
        case "S": for _ in 0..<parameter(0) { scrollUp() }
        case "m": selectGraphicRendition(numbers)
        case "s": savedCursor = cursor
        case "u": cursor = savedCursor
        case "h", "l":
            if isPrivate, numbers.contains(25) { isCursorVisible = final == UInt8(ascii: "h") }
            pendingWrap = before
        default:
            pendingWrap = before
        }
    }

    private mutating func selectGraphicRendition(_ numbers: [Int?]) {
        var codes = numbers.map { $0 ?? 0 }
        if codes.isEmpty { codes = [0] }
        var index = 0
        func color(at start: Int) -> (Color?, Int) {
            guard start < codes.count else { return (nil, 0) }
            if codes[start] == 5, start + 1 < codes.count { return (.indexed(codes[start + 1]), 2) }
            if codes[start] == 2, start + 3 < codes.count {
                return (.rgb(codes[start + 1], codes[start + 2], codes[start + 3]), 4)
            }
            return (nil, 1)
        }
        while index < codes.count {
            let code = codes[index]
            index += 1
            switch code {
            case 0: style = Style()
            case 1: style.isBold = true
            case 2: style.isDim = true
            case 3: style.isItalic = true
            case 4: style.isUnderlined = true
            case 7: style.isInverse = true
            case 22:
                style.isBold = false
                style.isDim = false
            case 23: style.isItalic = false
            case 24: style.isUnderlined = false
            case 27: style.isInverse = false
            case 30...37: style.foreground = .indexed(code - 30)
            case 90...97: style.foreground = .indexed(code - 90 + 8)
            case 39: style.foreground = nil
            case 40...47: style.background = .indexed(code - 40)
            case 100...107: style.background = .indexed(code - 100 + 8)
            case 49: style.background = nil
            case 38, 48:
                let (color, used) = color(at: index)
                if code == 38 { style.foreground = color } else { style.background = color }
                index += used
            default: break
            }
        }
    }

    // MARK: Text

    private mutating func print(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.of(Character(scalar))
        if let joined = joinedToPrevious(scalar, width: width) {
            if joined > 0 { advance(by: joined) }
            return
        }
        guard width > 0 else { return }
        if pendingWrap || (width == 2 && cursor.column == columns - 1 && columns > 1) {
            screen[cursor.row].isWrapped = true
            lineFeed()
            cursor.column = 0
            pendingWrap = false
        }
        clearCell(cursor.row, cursor.column)
        screen[cursor.row].cells[cursor.column] = Cell(
            text: String(scalar), width: width, style: style, isWritten: true)
        if width == 2, cursor.column + 1 < columns {
            clearCell(cursor.row, cursor.column + 1)
            screen[cursor.row].cells[cursor.column + 1] = Cell(text: "", width: 0, style: style, isWritten: true)
        }
        advance(by: width)
    }

    /// Joins `scalar` to the character before the cursor when the width rule says it belongs
    /// to it; returns how many more columns that character takes then, nil when not joined.
    private mutating func joinedToPrevious(_ scalar: Unicode.Scalar, width: Int) -> Int? {
        let column = pendingWrap ? cursor.column : cursor.column - 1
        guard column >= 0 else { return nil }
        var start = column
        while start > 0, screen[cursor.row].cells[start].width == 0 { start -= 1 }
        let previous = screen[cursor.row].cells[start]
        guard previous.isWritten, !previous.text.isEmpty else { return nil }
        switch widthRule {
        case .perCharacter:
            guard width == 0 else { return nil }
            screen[cursor.row].cells[start].text.unicodeScalars.append(scalar)
            return 0
        case .graphemeClusters:
            let joined = previous.text + String(scalar)
            guard joined.count == 1, let character = joined.first else { return nil }
            screen[cursor.row].cells[start].text = joined
            let grown = DisplayWidth.of(character) - previous.width
            guard grown > 0, start + previous.width < columns else { return 0 }
            screen[cursor.row].cells[start].width += grown
            for extra in 0..<grown where start + previous.width + extra < columns {
                screen[cursor.row].cells[start + previous.width + extra] = Cell(
                    text: "", width: 0, style: previous.style, isWritten: true)
            }
            return pendingWrap ? 0 : grown
        }
    }

    private mutating func advance(by width: Int) {
        if cursor.column + width >= columns {
            cursor.column = columns - 1
            pendingWrap = true
        } else {
            cursor.column += width
        }
    }

    /// Blanks a cell, and the other half of a wide character it was part of.
    private mutating func clearCell(_ row: Int, _ column: Int) {
        guard column < columns else { return }
        let cell = screen[row].cells[column]
        if cell.width == 0, column > 0 { screen[row].cells[column - 1] = Cell() }
        if cell.width == 2, column + 1 < columns { screen[row].cells[column + 1] = Cell() }
        screen[row].cells[column] = Cell()
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursor.row == rows - 1 { scrollUp() } else { cursor.row += 1 }
    }

    private mutating func scrollUp() {
        scrollback.append(screen.removeFirst())
        screen.append(Line(columns: columns))
    }

    private mutating func eraseDisplay(_ mode: Int) {
        switch mode {
        case 0:
            eraseLine(0)
            for row in (cursor.row + 1)..<rows { screen[row] = Line(columns: columns) }
        case 1:
            for row in 0..<cursor.row { screen[row] = Line(columns: columns) }
            eraseLine(1)
        case 2: screen = Array(repeating: Line(columns: columns), count: rows)
        case 3: scrollback = []
        default: break
        }
    }

    private mutating func eraseLine(_ mode: Int) {
        let range =
            switch mode {
            case 0: cursor.column..<columns
            case 1: 0..<(cursor.column + 1)
            default: 0..<columns
            }
        for column in range { clearCell(cursor.row, column) }
        if mode != 1 { screen[cursor.row].isWrapped = false }
    }

    // MARK: Resizing

    /// Changes the window size: rows wrapped at the margin are joined and wrapped again at the
    /// new width, the cursor staying at its place in the text.
    public mutating func resize(columns newColumns: Int, rows newRows: Int) {
        let newColumns = max(1, newColumns)
        let newRows = max(1, newRows)
        var lines = scrollback + screen
        var cursorLine = scrollback.count + cursor.row
        var cursorColumn = cursor.column + (pendingWrap ? 1 : 0)
        if newColumns != columns {
            (lines, cursorLine, cursorColumn) = Self.reflow(
                lines, cursorLine: cursorLine, cursorColumn: cursorColumn, to: newColumns)
        } else {
            lines = lines.map { line in
                var resized = line
                resized.cells = Array(line.cells.prefix(newColumns))
                return resized
            }
        }
        // Blank lines below the cursor go first; then lines above it move into the scrollback.
        while lines.count > cursorLine + 1, lines.count > newRows,
            lines.last?.cells.allSatisfy({ !$0.isWritten }) == true
        {
            lines.removeLast()
        }
        let top = max(0, min(lines.count - newRows, cursorLine))
        let kept = min(newRows, lines.count - top)
        scrollback = Array(lines[..<top])
        screen = Array(lines[top..<(top + kept)]) + Array(repeating: Line(columns: newColumns), count: newRows - kept)
        columns = newColumns
        rows = newRows
        pendingWrap = cursorColumn >= newColumns
        cursor = (cursorLine - top, min(cursorColumn, newColumns - 1))
    }

    /// `lines` joined where they wrapped and wrapped again at `width`; the cursor follows.
    private static func reflow(_ lines: [Line], cursorLine: Int, cursorColumn: Int, to width: Int) -> (
        [Line], Int, Int
    ) {
        var result: [Line] = []
        var newCursor = (line: 0, column: 0)
        var index = 0
        while index < lines.count {
            // One logical line: the lines joined by wraps, and the cursor's place in it.
            var cells: [Cell] = []
            var cursorOffset: Int?
            while true {
                let line = lines[index]
                var used = line.cells
                if line.isWrapped {
                    while used.last?.isWritten == false { used.removeLast() }
                } else {
                    while let last = used.last, !last.isWritten, index != cursorLine || used.count > cursorColumn {
                        used.removeLast()
                    }
                }
                if index == cursorLine { cursorOffset = cells.count + cursorColumn }
                cells += used
                index += 1
                guard line.isWrapped, index < lines.count else { break }
            }
            var line = Line(columns: width)
            var column = 0
            var placedCursor = false
            for (offset, cell) in cells.enumerated() where cell.width != 0 {
                if column + cell.width > width && column > 0 {
                    line.isWrapped = true
                    result.append(line)
                    line = Line(columns: width)
                    column = 0
                }
                if let cursorOffset, !placedCursor, cursorOffset >= offset, cursorOffset < offset + cell.width {
                    newCursor = (result.count, column)
                    placedCursor = true
                }
                line.cells[column] = cell
                for half in 1..<max(1, cell.width) where column + half < width {
                    line.cells[column + half] = Cell(text: "", width: 0, style: cell.style, isWritten: true)
                }
                column += cell.width
            }
            if let cursorOffset, !placedCursor {
                newCursor = (result.count, min(width, column + max(0, cursorOffset - cells.count)))
            }
            result.append(line)
        }
        return (result, newCursor.line, newCursor.column)
    }
}

/// Decodes UTF-8 a byte at a time; a broken sequence becomes U+FFFD.
private struct UTF8Buffer: Sendable {
    private var bytes: [UInt8] = []

    mutating func feed(_ byte: UInt8) -> [Unicode.Scalar] {
        if bytes.isEmpty && byte < 0x80 { return [Unicode.Scalar(byte)] }
        if !bytes.isEmpty && byte & 0xC0 != 0x80 {
            bytes = []
            return ["\u{FFFD}"] + feed(byte)
        }
        bytes.append(byte)
        let expected = bytes[0] >= 0xF0 ? 4 : bytes[0] >= 0xE0 ? 3 : bytes[0] >= 0xC0 ? 2 : 1
        guard bytes.count >= expected else { return [] }
        defer { bytes = [] }
        return String(validating: bytes, as: UTF8.self).map { Array($0.unicodeScalars) } ?? ["\u{FFFD}"]
    }
}
