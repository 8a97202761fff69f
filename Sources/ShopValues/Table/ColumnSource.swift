/// Where several columns of a table come from while they are not read: a CSV file's bytes, from
/// which a column is parsed only when a verb asks for it. Reading some of its columns together
/// is one pass over the source, not one a column (``SourceColumnCells/readTogether(_:)``).
package protocol ColumnSource: AnyObject, Sendable {
    /// The kind of each of its columns, known before any is read.
    var kinds: [ColumnKind] { get }
    /// How many rows each of its columns has.
    var rowCount: Int { get }
    /// The value of column `column` in row `row`, reading that cell alone.
    func value(row: Int, column: Int) -> Value
    /// The cells of `columns` in rows `rows`, a builder per column in that order, in one pass
    /// over them (cut short when `stoppingWhenCancelled` and the task is cancelled).
    func read(columns: [Int], rows: Range<Int>, stoppingWhenCancelled: Bool) -> [ColumnBuilder]
}

extension RecordTable {
    /// A table of the columns of `source`, each read when first needed.
    package convenience init(fields: [String], source: any ColumnSource) {
        let columns = source.kinds.indices.map { column in
            Column(
                deferred: SourceColumnCells(source: source, column: column), kind: source.kinds[column],
                count: source.rowCount)
        }
        self.init(fields: fields, columns: columns, count: source.rowCount)
    }
}

/// A column of a ``ColumnSource`` not read yet: its cells come from the source when first
/// needed.
struct SourceColumnCells: DeferredCells {
    let source: any ColumnSource
    let column: Int

    func value(at row: Int) -> Value {
        source.value(row: row, column: column)
    }

    func cells() -> ColumnCells {
        Self.read([column], of: source)[0]
    }

    /// Reads the columns among `columns` that come from a source and are not read yet, those of
    /// one source in one pass.
    static func readTogether(_ columns: [Column]) {
        for (source, group) in pending(columns) {
            let cells = read(group.map(\.index), of: source)
            for (member, read) in zip(group, cells) { member.column.fill(read) }
        }
    }

    /// Reads them as ``readTogether(_:)`` does, in parts on every core.
    static func readTogether(_ columns: [Column]) async throws {
        for (source, group) in pending(columns) {
            let cells = try await read(group.map(\.index), of: source)
            for (member, read) in zip(group, cells) { member.column.fill(read) }
        }
    }

    /// The cells of `columns` of `source`, every row.
    private static func read(_ columns: [Int], of source: any ColumnSource) -> [ColumnCells] {
        source.read(columns: columns, rows: 0..<source.rowCount, stoppingWhenCancelled: false).map(\.cells)
    }

    /// The cells of `columns` of `source`, every row, in parts on every core.
    private static func read(_ columns: [Int], of source: any ColumnSource) async throws -> [ColumnCells] {
        let count = source.rowCount
        let parts = count < 65_536 ? 1 : ParallelParts.count
        var partCells = try await ParallelParts.map(parts) { part in
            source.read(
                columns: columns, rows: count * part / parts..<count * (part + 1) / parts, stoppingWhenCancelled: true
            ).map(\.cells)
        }
        // A column's parts are let go as soon as they are joined, so that the parts of every
        // column and every joined column are never held at once.
        return columns.indices.map { slot in
            let parts = partCells.indices.map { part in
                defer { partCells[part][slot] = .values([]) }
                return partCells[part][slot]
            }
            return ColumnCells.joined(parts)
        }
    }

    /// The columns not read yet that come from a source, by the source.
    private static func pending(_ columns: [Column]) -> [(any ColumnSource, [(column: Column, index: Int)])] {
        var groups: [(any ColumnSource, [(column: Column, index: Int)])] = []
        for column in columns {
            guard let deferred = column.pendingSource as? SourceColumnCells else { continue }
            if let group = groups.firstIndex(where: { $0.0 === deferred.source }) {
                if !groups[group].1.contains(where: { $0.column === column }) {
                    groups[group].1.append((column, deferred.column))
                }
            } else {
                groups.append((deferred.source, [(column, deferred.column)]))
            }
        }
        return groups
    }
}
