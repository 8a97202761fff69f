import ShopFormats
import ShopPluginAPI
import Testing

@testable import ShopVerbs

/// Ctrl-C stops the writers of CSV, JSON and JSON Lines a few thousand rows into a long table,
/// rather than after all of it: the text they made then is cut short (and the cancelled
/// pipeline drops it).
@Suite struct WriterCancellationTests {
    /// 200,000 records of two fields.
    private let table = Value.list(
        ValueList((0..<200_000).map { .record(Record(pairs: [("id", .int($0)), ("name", .string("n\($0)"))])) }))

    /// The sizes of the three texts of `table`, written in a task cancelled before it writes.
    private func sizesWhenCancelled() async -> [Int] {
        let table = table
        return await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let csv = (try? CSVWriter.bytes(table).get())?.count ?? -1
            return [csv, JSONWriter.compact(table).utf8.count, ToJSONLinesCommand.text(table).utf8.count]
        }
        .value
    }

    @Test func writersStopShortWhenCancelled() async throws {
        let whole = [
            try CSVWriter.bytes(table).get().count, JSONWriter.compact(table).utf8.count,
            ToJSONLinesCommand.text(table).utf8.count,
        ]
        let cut = await sizesWhenCancelled()
        for (cut, whole) in zip(cut, whole) {
            #expect(cut >= 0 && cut * 5 < whole, "\(cut) of \(whole) bytes")
        }
    }
}
