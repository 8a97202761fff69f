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
        var table: [[Bool]] = []
        if !passed {
            for row in expected.lines.indices {
                var matches: [Bool] = []
                for line in actual { matches.append(try expected.lineMatches(row, line)) }
                table.append(matches)
            }
        }
        lineMatches = table
    }

    /// Whether the new block expects an error (a line starting `error:`).
    var expectsError: Bool {
        actual.contains { $0.hasPrefix("error:") }
    }

    // MARK: Rewriting

    /// The `#>` lines to write: the old lines that still match, in the order of an alignment
    /// that keeps as many of them as it can, and the actual text elsewhere.
    ///
    /// A `...` line stays only beside a line that was kept: there it still says "any lines
    /// may come here" (covering the lines the alignment gave it, or none). Elsewhere — in a
    /// block rewritten completely, say — it would hide the new output, so the lines it
    /// covered are written out instead.
    var newBlock: [String] {
        let steps = alignForRewrite()
        func isKept(_ index: Int) -> Bool {
            guard steps.indices.contains(index), case .keep = steps[index] else { return false }
            return true
        }
        var lines: [String] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .keep(let row):
                lines.append(Self.written(expected.lines[row].text))
            case .keepAnyLines(let row, let covered):
                if isKept(index - 1) || isKept(index + 1) {
                    lines.append(Self.written(expected.lines[row].text))
                } else {
                    lines += covered.map { ExpectedOutput.literalLine(for: actual[$0]) }
                }
            case .literal(let column):
                lines.append(ExpectedOutput.literalLine(for: actual[column]))
            }
        }
        return lines
    }

    private static func written(_ text: String) -> String {
        text.isEmpty ? "#>" : "#> " + text
    }

    /// One step of the rewrite's alignment.
    private enum RewriteStep {
        /// Expected line `row` still matches the next actual line.
        case keep(Int)
        /// A `...` line, with the actual lines it covers.
        case keepAnyLines(Int, covering: [Int])
        /// Actual line `column`, written out literally.
        case literal(Int)
    }

    /// The alignment of expected and actual lines that keeps the most expected lines; a line
    /// that still matches counts twice as much as a `...` that covers at least one line, so
    /// a `...` never swallows a line that could keep its own expectation. Expected lines left
    /// out are dropped.
    private func alignForRewrite() -> [RewriteStep] {
        let rows = expected.lines.count
        let columns = actual.count
        // best[absorbed][row][column]: the best score from (row, column) on; `absorbed` says
        // whether the `...` at `row` already covers an actual line.
        var best = [[[Int]]](
            repeating: [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1), count: 2)
        for row in stride(from: rows, through: 0, by: -1) {
            for column in stride(from: columns, through: 0, by: -1) {
                for absorbed in 0...1 {
                    best[absorbed][row][column] = score(row, column, absorbed == 1, best)
                }
            }
        }
        var steps: [RewriteStep] = []
        var (row, column) = (0, 0)
        var covered: [Int] = []
        while row < rows || column < columns {
            let here = best[covered.isEmpty ? 0 : 1][row][column]
            if row == rows {
                steps.append(.literal(column))
                column += 1
            } else if expected.isAnyLines(row) {
                // Once it covers a line, a `...` takes every further line that nothing kept
                // needs rather than writing it out.
                let stopping = (covered.isEmpty ? 0 : 1) + best[0][row + 1][column]
                let absorbing = column < columns ? best[1][row][column + 1] : Int.min
                if absorbing > stopping || (!covered.isEmpty && absorbing == stopping) {
                    covered.append(column)
                    column += 1
                } else {
                    steps.append(.keepAnyLines(row, covering: covered))
                    covered = []
                    row += 1
                }
            } else if column < columns, lineMatches[row][column], 2 + best[0][row + 1][column + 1] == here {
                steps.append(.keep(row))
                (row, column) = (row + 1, column + 1)
            } else if best[0][row + 1][column] == here {
                row += 1
            } else {
                steps.append(.literal(column))
                column += 1
            }
        }
        return steps
    }

    /// The best score from (row, column), given the scores of every later position.
    private func score(_ row: Int, _ column: Int, _ absorbed: Bool, _ best: [[[Int]]]) -> Int {
        let rows = expected.lines.count
        let columns = actual.count
        guard row < rows else { return 0 }
        if expected.isAnyLines(row) {
            var result = (absorbed ? 1 : 0) + best[0][row + 1][column]
            if column < columns { result = max(result, best[1][row][column + 1]) }
            return result
        }
        var result = best[0][row + 1][column]
        if column < columns {
            result = max(result, best[0][row][column + 1])
            if lineMatches[row][column] { result = max(result, 2 + best[0][row + 1][column + 1]) }
        }
        return result
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
