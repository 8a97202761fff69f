import ShopValues

/// Walks CSV bytes one row at a time, keeping the line and column for errors: the plain
/// reader's tokenizer (``PlainCSVReader``), which also gives every CSV error its place.
struct CSVScanner {
    /// A cell as written: its text (quotes resolved) and whether it was quoted.
    struct Cell: Equatable {
        var text: [UInt8]
        var isQuoted: Bool
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let separator: UInt8
    /// The offset of the next byte to read.
    private(set) var position = 0
    /// The line of ``position``, from 1.
    private var line = 1
    /// Where the line of ``position`` starts, for columns.
    private var lineStart = 0
    /// The line the last row read started on.
    private(set) var rowLine = 1
    /// The offset the last row read started at.
    private var rowStart = 0
    /// The columns of the last row's cells, when asked for.
    private(set) var cellColumns: [Int] = []

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            lineStart = 3
        }
    }

    /// Reads the next row into `cells`; false at the end. With `expected`, a row of another
    /// number of cells is an error; with `keepingColumns`, ``cellColumns`` gets each cell's.
    mutating func nextRow(into cells: inout [Cell], expected: Int?, keepingColumns: Bool = false) throws(CSVError)
        -> Bool
    {
        cells.removeAll(keepingCapacity: true)
        if keepingColumns { cellColumns = [] }
        let end = bytes.count
        while position < end, bytes[position] == Self.newline || bytes[position] == Self.carriageReturn {
            consumeLineBreak()
        }
        guard position < end else { return false }
        rowLine = line
        rowStart = position
        while true {
            if let expected, cells.count == expected {
                throw CSVError(
                    line: line, column: column(at: position),
                    problem: .cellCount(found: countCells(), expected: expected))
            }
            if keepingColumns { cellColumns.append(column(at: position)) }
            if position < end, bytes[position] == Self.quote {
                cells.append(Cell(text: try quotedCell(), isQuoted: true))
            } else {
                let start = position
                while position < end {
                    let byte = bytes[position]
                    if byte == separator || byte == Self.newline || byte == Self.carriageReturn { break }
                    position += 1
                }
                cells.append(Cell(text: Array(bytes[start..<position]), isQuoted: false))
            }
            if position < end, bytes[position] == separator {
                position += 1
                continue
            }
            break
        }
        if let expected, cells.count != expected {
            throw CSVError(
                line: line, column: column(at: position), problem: .cellCount(found: cells.count, expected: expected))
        }
        if position < end { consumeLineBreak() }
        return true
    }

    /// A quoted cell's text, from its opening quote to just past its closing one.
    private mutating func quotedCell() throws(CSVError) -> [UInt8] {
        let (openLine, openColumn) = (line, column(at: position))
        let end = bytes.count
        position += 1
        var text: [UInt8] = []
        while true {
            guard position < end else { throw CSVError(line: openLine, column: openColumn, problem: .unclosedQuote) }
            let byte = bytes[position]
            if byte == Self.quote {
                if position + 1 < end, bytes[position + 1] == Self.quote {
                    text.append(Self.quote)
                    position += 2
                    continue
                }
                break
            }
            if byte == Self.newline
                || (byte == Self.carriageReturn && (position + 1 >= end || bytes[position + 1] != Self.newline))
            {
                line += 1
                lineStart = position + 1
            }
            text.append(byte)
            position += 1
        }
        position += 1
        if position < end {
            let next = bytes[position]
            if next != separator && next != Self.newline && next != Self.carriageReturn {
                throw CSVError(line: line, column: column(at: position), problem: .textAfterQuote)
            }
        }
        return text
    }

    /// How many cells the current row has, counted from its start for an error message.
    private func countCells() -> Int {
        var scanner = self
        var cells: [Cell] = []
        scanner.position = rowStart
        _ = try? scanner.nextRow(into: &cells, expected: nil)
        return cells.count
    }

    private mutating func consumeLineBreak() {
        if bytes[position] == Self.carriageReturn, position + 1 < bytes.count, bytes[position + 1] == Self.newline {
            position += 1
        }
        position += 1
        line += 1
        lineStart = position
    }

    /// The 1-based column, in characters, of `offset` on the current line.
    private func column(at offset: Int) -> Int {
        var column = 1
        var index = lineStart
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }
}
