import Testing

@testable import ShopValues

/// The rows of a sorted table read one at a time stop when the task is cancelled, both the
/// first rows (a bounded heap) and any later row (the whole order sorted on the reader's
/// thread), and keep nothing: read again, they are the sorted rows.
@Suite struct SortedRowsCancellationTests {
    /// 100,000 ints in a scrambled order, sorted descending (lazily, nothing ordered yet).
    private func sortedTable() async throws -> (table: RecordTable, expected: [Int]) {
        let numbers = (0..<100_000).map { $0 * 7919 % 100_003 }
        let table = RecordTable(
            fields: ["n"], columns: [Column(.gathered(numbers.map(Value.int), kind: .int))], count: numbers.count)
        let sorted = try #require(try await table.sorted(by: [RecordTable.SortKey(column: 0, descending: true)]))
        return (sorted, numbers.sorted(by: >))
    }

    /// The value of row `row` read in a task that is cancelled before it reads.
    private func valueReadWhenCancelled(_ table: RecordTable, row: Int) async -> Value {
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return table.value(column: 0, row: row)
        }.value
    }

    @Test(arguments: [0, 9, 50_000, 99_999])
    func aCancelledReadKnowsNoRowAndKeepsNothing(row: Int) async throws {
        let (table, expected) = try await sortedTable()
        #expect(await valueReadWhenCancelled(table, row: row) == .null)
        #expect(table.value(column: 0, row: row) == .int(expected[row]))
        // Once known, the order is kept and read by a cancelled task too.
        #expect(await valueReadWhenCancelled(table, row: row) == .int(expected[row]))
    }
}
