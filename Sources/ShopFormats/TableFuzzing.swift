import ShopValues

/// The table readers against the plain readers, for the fuzz harness (`Tests/Fuzz`): the
/// smallest public surface over them. Not for other use.
///
/// The table readers hold the unsafe byte scanning; the plain readers are the reference. Each
/// check returns nil when the two agree, else what differs.
public enum TableFuzzing {
    /// `bytes` as JSON: whatever the table reader reads, the plain reader reads to the same
    /// value, written the same (the table reader may refuse anything: the plain reader decides).
    public static func disagreement(readingJSON bytes: [UInt8]) -> String? {
        guard let fast = try? JSONTableReader.value(of: bytes) else { return nil }
        let plain: Value
        do {
            plain = try Value(plainJSON: bytes)
        } catch {
            return "the table reader read what the plain reader refuses: \(error)"
        }
        return difference(fast, plain)
    }

    /// `bytes` as JSON Lines: the same values as the plain reader gives line by line, or an
    /// error naming the same line.
    public static func disagreement(readingJSONLines bytes: [UInt8]) -> String? {
        var expected: [Value] = []
        var failedLine: Int?
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            guard let value = try? Value(plainJSON: Array(line)) else {
                failedLine = index + 1
                break
            }
            expected.append(value)
        }
        do throws(JSONLinesError) {
            let read = try JSONLinesReader.read(bytes)
            if let failedLine { return "read what the plain reader refuses on line \(failedLine)" }
            return difference(.list(read), .list(ValueList(expected)))
        } catch {
            guard let failedLine else { return "refused what the plain reader reads: \(error)" }
            return error.line == failedLine ? nil : "named line \(error.line), the plain reader \(failedLine)"
        }
    }

    /// `bytes` as CSV read with the options `flags` picks (its bits: flexible, no header, no
    /// typing, `;` between cells): the table reader's records are the plain reader's, or both
    /// refuse with the same error.
    public static func disagreement(readingCSV bytes: [UInt8], flags: UInt8) -> String? {
        guard UTF8Text.firstInvalidOffset(in: bytes) == nil else { return nil }
        let options = CSVOptions(
            separator: flags & 8 == 0 ? UInt8(ascii: ",") : UInt8(ascii: ";"), hasHeader: flags & 2 == 0,
            isFlexible: flags & 1 != 0, infersTypes: flags & 4 == 0)
        let plain = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(CSVError) in try PlainCSVReader.read(buffer, options: options).records }
        }
        let table = Result { () throws(CSVError) in try CSVTableReader.read(bytes, options: options) }
        switch (table, plain) {
        case (.success(let table), .success(let records)): return difference(.list(table), .list(ValueList(records)))
        case (.failure(let tableError), .failure(let plainError)):
            return tableError == plainError ? nil : "errors differ: \(tableError) / \(plainError)"
        case (.success, .failure(let error)): return "the table reader read what the plain reader refuses: \(error)"
        case (.failure(let error), .success): return "the table reader refused what the plain reader reads: \(error)"
        }
    }

    /// What differs between two values that should be the same, value for value and text for text.
    private static func difference(_ fast: Value, _ plain: Value) -> String? {
        let fastText = JSONWriter.compact(fast)
        let plainText = JSONWriter.compact(plain)
        if fastText != plainText { return "the values differ: \(fastText) / \(plainText)" }
        if fast != plain { return "the values are written the same but are not equal: \(fastText)" }
        if fast.hashValue != plain.hashValue { return "equal values hash differently: \(fastText)" }
        return nil
    }
}
