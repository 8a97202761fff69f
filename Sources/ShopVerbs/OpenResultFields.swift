import ShopFormats
import ShopPluginAPI

/// The fields Tab offers after `open FILE |`, read from the file's start only, when Tab is
/// pressed: a CSV's header, the first record of a JSON list (or the JSON record), an SQLite
/// table's columns. A regular file only, and at most ``headerBytes`` of it.
enum OpenResultFields {
    /// The most of a file read for its fields.
    static let headerBytes = 64 * 1024

    @Sendable static func fields(_ request: ResultFieldsRequest) -> [String] {
        guard let file = request.text(OpenCommand.file), file != "-" else { return [] }
        let path = request.path(file)
        let format = request.text(OpenCommand.format).flatMap(OpenCommand.Format.init) ?? OpenCommand.Format.of(file)
        if format == .sqlite { return SQLiteFile.fields(at: path, table: request.text(OpenCommand.table)) }
        guard let start = try? FileSystem.readStart(ofRegularFile: path, count: headerBytes) else { return [] }
        switch format {
        case .csv: return csvHeader(start, separator: UInt8(ascii: ","))
        case .tsv: return csvHeader(start, separator: UInt8(ascii: "\t"))
        case .json, .jsonl: return firstRecordFields(start)
        case .text, .sqlite: return []
        }
    }

    /// The names of a CSV's header row: the first record, read (with the reader `open`
    /// uses) as the header of a file whose one row repeats it.
    static func csvHeader(_ start: [UInt8], separator: UInt8) -> [String] {
        var inQuotes = false
        var end = start.endIndex
        for (index, byte) in start.enumerated() {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if !inQuotes, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                end = index
                break
            }
        }
        let header = Array(start[..<end])
        let twice = header + [0x0A] + header + [0x0A]
        guard
            let record = (try? CSVTableReader.read(twice, options: CSVOptions(separator: separator)))?.first?
                .recordValue
        else {
            return []
        }
        return record.names.names
    }

    /// The fields of the first record of a JSON list, or of a JSON record, from the start
    /// of the text (the rest may be cut off); none unless that record is whole.
    static func firstRecordFields(_ start: [UInt8]) -> [String] {
        var fields: [String]?
        func readRecord(_ reader: inout JSONReader) throws(JSONError) {
            var names: [String] = []
            try reader.readObject { name, reader throws(JSONError) in
                names.append(name)
                try reader.skipValue()
            }
            fields = names
        }
        // Reading stops with an error once the first record is read, or where the text is cut.
        _ = try? JSONReader.withReader(over: start) { reader throws(JSONError) in
            switch try reader.peekKind() {
            case .object: try readRecord(&reader)
            case .array:
                try reader.readArray { index, reader throws(JSONError) in
                    guard index == 0, try reader.peekKind() == .object else { throw reader.error(.unexpectedEnd) }
                    try readRecord(&reader)
                }
            default: break
            }
        }
        return fields ?? []
    }
}
