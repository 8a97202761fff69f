/// Walks CSV bytes one row at a time, typing each cell (see ``CSVReader``) and keeping the
/// line and column for errors.
struct CSVScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
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
    /// The columns of the header's cells.
    private var cellColumns: [Int] = []

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            lineStart = 3
        }
    }

    /// The first row (the header), its cells' columns remembered; nil for empty text.
    mutating func nextRow() throws(CSVError) -> [Value]? {
        var cells: [Value] = []
        var columns: [Int]? = []
        guard try readRow(into: &cells, expecting: nil, columns: &columns, typed: false) else { return nil }
        cellColumns = columns ?? []
        return cells
    }

    /// The column of the `index`th cell of the header row.
    func column(ofHeaderCell index: Int) -> Int {
        index < cellColumns.count ? cellColumns[index] : 1
    }

    /// Reads the next row into `cells`, which must have `count` of them; false at the end.
    mutating func nextRow(into cells: inout [Value], expecting count: Int) throws(CSVError) -> Bool {
        var unused: [Int]?
        cells.reserveCapacity(count)
        return try readRow(into: &cells, expecting: count, columns: &unused, typed: true)
    }

    private mutating func readRow(
        into cells: inout [Value], expecting expected: Int?, columns: inout [Int]?, typed: Bool
    ) throws(CSVError) -> Bool {
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
            if columns != nil { columns?.append(column(at: position)) }
            if position < end, bytes[position] == Self.quote {
                cells.append(try quotedCell())
            } else {
                let start = position
                while position < end {
                    let byte = bytes[position]
                    if byte == Self.comma || byte == Self.newline || byte == Self.carriageReturn { break }
                    position += 1
                }
                let cell = UnsafeBufferPointer(rebasing: bytes[start..<position])
                cells.append(
                    typed ? Self.typed(cell) : (cell.isEmpty ? .null : .string(String(decoding: cell, as: UTF8.self))))
            }
            if position < end, bytes[position] == Self.comma {
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

    /// A quoted cell, from its opening quote to just past its closing one: always a string.
    private mutating func quotedCell() throws(CSVError) -> Value {
        let (openLine, openColumn) = (line, column(at: position))
        let end = bytes.count
        position += 1
        var start = position
        var text: [UInt8] = []
        var isPieced = false
        while true {
            guard position < end else { throw CSVError(line: openLine, column: openColumn, problem: .unclosedQuote) }
            let byte = bytes[position]
            if byte == Self.quote {
                if position + 1 < end, bytes[position + 1] == Self.quote {
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...position]))
                    isPieced = true
                    position += 2
                    start = position
                    continue
                }
                break
            }
            if byte == Self.newline
                || (byte == Self.carriageReturn && (position + 1 >= end || bytes[position + 1] != Self.newline))
            {
                position += 1
                line += 1
                lineStart = position
                continue
            }
            position += 1
        }
        let last = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        if position < end {
            let next = bytes[position]
            if next != Self.comma && next != Self.newline && next != Self.carriageReturn {
                throw CSVError(line: line, column: column(at: position), problem: .textAfterQuote)
            }
        }
        guard isPieced else { return .string(String(decoding: last, as: UTF8.self)) }
        text.append(contentsOf: last)
        return .string(String(decoding: text, as: UTF8.self))
    }

    /// How many cells the current row has, counted from its start for an error message.
    private func countCells() -> Int {
        var scanner = self
        var cells: [Value] = []
        var unused: [Int]?
        scanner.position = rowStart
        _ = try? scanner.readRow(into: &cells, expecting: nil, columns: &unused, typed: false)
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

    /// An unquoted cell's value: null when empty, a number when it is one, else a string.
    static func typed(_ cell: UnsafeBufferPointer<UInt8>) -> Value {
        guard let first = cell.first else { return .null }
        let isNumeric = first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        if isNumeric, let number = number(cell) { return number }
        return .string(String(decoding: cell, as: UTF8.self))
    }

    /// `-?digits`, `-?digits.digits` with an optional exponent, kept with its text when that
    /// is not how shop writes it (`1.50`, `-0`: ``ExactNumber``); nil for anything else, and
    /// for digits with a leading zero (`007`, an identifier rather than a number).
    private static func number(_ cell: UnsafeBufferPointer<UInt8>) -> Value? {
        var index = cell[0] == UInt8(ascii: "-") ? 1 : 0
        let digitsStart = index
        var magnitude = 0
        var overflow = false
        while index < cell.count, cell[index] >= UInt8(ascii: "0"), cell[index] <= UInt8(ascii: "9") {
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, overflowPlus) = times.addingReportingOverflow(Int(cell[index] &- UInt8(ascii: "0")))
            magnitude = plus
            overflow = overflow || overflowTimes || overflowPlus
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0 else { return nil }
        if digits > 1, cell[digitsStart] == UInt8(ascii: "0") { return nil }
        if index == cell.count, !overflow {
            if digitsStart == 1, magnitude == 0 { return .exact(ExactNumber(.int(0), text: "-0")) }
            return .int(digitsStart == 1 ? -magnitude : magnitude)
        }
        if index < cell.count, cell[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < cell.count, cell[index] >= UInt8(ascii: "0"), cell[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > fractionStart else { return nil }
        }
        if index < cell.count, cell[index] == UInt8(ascii: "e") || cell[index] == UInt8(ascii: "E") {
            index += 1
            if index < cell.count, cell[index] == UInt8(ascii: "+") || cell[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < cell.count, cell[index] >= UInt8(ascii: "0"), cell[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > exponentStart else { return nil }
        }
        let text = String(decoding: cell, as: UTF8.self)
        guard index == cell.count, let double = Double(text), double.isFinite else { return nil }
        return ExactNumber.value(.double(double), readFrom: text)
    }
}
