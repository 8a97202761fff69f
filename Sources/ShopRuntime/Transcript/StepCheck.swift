import ShopLanguage

/// One step's expected and actual output, compared once.
struct StepCheck {
    let step: Step
    let expected: ExpectedOutput
    let actual: [String]
    /// Whether the step printed what was expected.
    let passed: Bool
    /// For a failed check, whether expected line `row` alone matches actual line `column`
    /// (`...` never does): every comparison the diff and the rewrite need, made once.
    private let lineMatches: [[Bool]]

    /// Compares the output; a ` (re)` line that cannot finish is an error naming it.
    init(step: Step, expected: ExpectedOutput, actual: [String]) throws(TranscriptError) {
        self.step = step
        self.expected = expected
        self.actual = actual
        passed = try expected.matches(actual)
        lineMatches = passed ? [] : try expected.lineMatchTable(actual)
    }

    /// Whether the new block expects an error (a line starting `error:`).
    var expectsError: Bool {
        actual.contains { $0.hasPrefix("error:") }
    }

    /// The `#>` lines that make the block match what the step printed (see
    /// ``ExpectedOutput/rewritten(toMatch:)``).
    var newBlock: [String] {
        expected.rewritten(toMatch: actual, lineMatches: lineMatches)
    }

    // MARK: Reporting

    /// A readable diff: `-` expected lines with their line numbers, `+` actual lines.
    func diff(file: String) -> String {
        var lines = ["\(file):\(step.location.line): \(step.source)"]
        for entry in alignForDiff() {
            switch entry {
            case .same(let index, let actualIndex):
                lines.append("   \(pad(expected.lines[index].line)) | \(actual[actualIndex])")
            case .expectedOnly(let index):
                lines.append(" - \(pad(expected.lines[index].line)) | \(expected.lines[index].text)")
            case .actualOnly(let index): lines.append(" + \(pad(nil)) | \(actual[index])")
            }
        }
        if expected.lines.isEmpty && !actual.isEmpty {
            lines.insert("   (expected no output)", at: 1)
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ number: Int?) -> String {
        let text = number.map(String.init) ?? ""
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }

    private enum Alignment {
        case same(Int, Int)
        case expectedOnly(Int)
        case actualOnly(Int)
    }

    /// A longest-common-subsequence alignment of expected and actual lines.
    private func alignForDiff() -> [Alignment] {
        let rows = expected.lines.count
        let columns = actual.count
        var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row][column] =
                    lineMatches[row][column]
                    ? table[row + 1][column + 1] + 1 : max(table[row + 1][column], table[row][column + 1])
            }
        }
        var result: [Alignment] = []
        var (row, column) = (0, 0)
        while row < rows || column < columns {
            if row < rows, column < columns, lineMatches[row][column] {
                result.append(.same(row, column))
                row += 1
                column += 1
            } else if row < rows, column == columns || table[row + 1][column] >= table[row][column + 1] {
                result.append(.expectedOnly(row))
                row += 1
            } else {
                result.append(.actualOnly(column))
                column += 1
            }
        }
        return result
    }
}
