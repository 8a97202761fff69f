import ShopValues

/// Why CSV text could not be read, and where: the 1-based line and column (in characters).
public struct CSVError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Equatable, Sendable {
        /// A quoted cell that never closes.
        case unclosedQuote
        /// Text after a quoted cell's closing quote, before the next comma or line break.
        case textAfterQuote
        /// A row with another number of cells than the header.
        case cellCount(found: Int, expected: Int)
        /// A header name used twice (cells numbered from 1).
        case repeatedHeader(name: String, firstCell: Int, cell: Int)
        /// Text the table reader refused and the plain reader took: a bug of shop's.
        case unreadable
    }

    public var line: Int
    public var column: Int
    public var problem: Problem

    public init(line: Int, column: Int, problem: Problem) {
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// The problem in words, without its place.
    public var reason: String {
        switch problem {
        case .unclosedQuote: "unclosed quote: the quoted cell that starts here never ends"
        case .textAfterQuote: "text after a closing quote (a quote inside a quoted cell is written \"\")"
        case .cellCount(let found, let expected):
            "\(found) \(found == 1 ? "cell" : "cells"), but the header has \(expected)"
        case .repeatedHeader(let name, let firstCell, let cell):
            "repeated header '\(name)' (cells \(firstCell) and \(cell))"
        case .unreadable: "the file could not be read as CSV (a bug in shop: please report it)"
        }
    }

    public var description: String {
        "line \(line), column \(column): \(reason)"
    }
}
