import ShopLanguage

extension ExpectedOutput {
    /// The `#>` lines to write so the block matches `actual`: the old lines that still match,
    /// in the order of an alignment that keeps as many of them as it can, and the actual text
    /// elsewhere (escaped where it would read as a wildcard). `shop test --update` writes
    /// these; a ` (re)` line that cannot finish is an error naming it.
    public func rewritten(toMatch actual: [String]) throws(TranscriptError) -> [String] {
        rewritten(toMatch: actual, lineMatches: try lineMatchTable(actual))
    }

    /// Whether expected line `row` alone matches actual line `column`, for every pair.
    func lineMatchTable(_ actual: [String]) throws(TranscriptError) -> [[Bool]] {
        var table: [[Bool]] = []
        for row in lines.indices {
            var matches: [Bool] = []
            for line in actual { matches.append(try lineMatches(row, line)) }
            table.append(matches)
        }
        return table
    }

    /// The rewrite, given ``lineMatchTable(_:)``.
    ///
    /// A `...` line stays only beside a line that was kept: there it still says "any lines
    /// may come here" (covering the lines the alignment gave it, or none). Elsewhere — in a
    /// block rewritten completely, say — it would hide the new output, so the lines it
    /// covered are written out instead.
    func rewritten(toMatch actual: [String], lineMatches: [[Bool]]) -> [String] {
        let steps = alignForRewrite(actual, lineMatches)
        func isKept(_ index: Int) -> Bool {
            guard steps.indices.contains(index), case .keep = steps[index] else { return false }
            return true
        }
        var output: [String] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .keep(let row):
                output.append(Self.written(lines[row].text))
            case .keepAnyLines(let row, let covered):
                if isKept(index - 1) || isKept(index + 1) {
                    output.append(Self.written(lines[row].text))
                } else {
                    output += covered.map { Self.literalLine(for: actual[$0]) }
                }
            case .literal(let column):
                output.append(Self.literalLine(for: actual[column]))
            }
        }
        return output
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
    private func alignForRewrite(_ actual: [String], _ lineMatches: [[Bool]]) -> [RewriteStep] {
        let rows = lines.count
        let columns = actual.count
        // best[absorbed][row][column]: the best score from (row, column) on; `absorbed` says
        // whether the `...` at `row` already covers an actual line.
        var best = [[[Int]]](
            repeating: [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1), count: 2)
        for row in stride(from: rows, through: 0, by: -1) {
            for column in stride(from: columns, through: 0, by: -1) {
                for absorbed in 0...1 {
                    best[absorbed][row][column] = score(row, column, absorbed == 1, best, columns, lineMatches)
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
            } else if isAnyLines(row) {
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
    private func score(
        _ row: Int, _ column: Int, _ absorbed: Bool, _ best: [[[Int]]], _ columns: Int, _ lineMatches: [[Bool]]
    ) -> Int {
        let rows = lines.count
        guard row < rows else { return 0 }
        if isAnyLines(row) {
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
}
