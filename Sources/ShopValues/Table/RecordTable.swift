/// A list of records stored by column: what a ``ValueList`` holds for a table read from a CSV
/// or JSON file (see docs/TABLES.md).
///
/// Anyone who reads the list sees records; verbs that understand tables ask the list for its
/// table (``ValueList/table``) and work a column at a time. A table never changes: verbs make
/// new ones that share its columns (``selecting(_:)``, ``dropping(_:)``) or read through them
/// (``gathering(_:)``, ``slice(_:)``).
public final class RecordTable: Sendable {
    /// The field names, in the order first seen.
    public let fields: [String]
    /// One column per field.
    let columns: [Column]
    /// How many rows there are.
    public let count: Int
    /// Which fields each row has, in which order.
    let shapes: TableShapes
    /// Finds a field's column by its bytes.
    private let lookup: FieldNames

    init(fields: [String], columns: [Column], count: Int, shapes: TableShapes) {
        precondition(fields.count == columns.count, "a table needs one column per field")
        self.fields = fields
        self.columns = columns
        self.count = count
        self.shapes = shapes
        lookup = shapes.isUniform ? shapes.shapes[0].names : FieldNames(fields)
    }

    /// A table of one shape: every row has every field, in order.
    convenience init(fields: [String], columns: [Column], count: Int) {
        self.init(fields: fields, columns: columns, count: count, shapes: TableShapes(uniform: fields))
    }

    /// The record of row `row`: it reads its values from the columns when asked.
    public func record(at row: Int) -> Record {
        Record(names: shapes.shape(ofRow: row).names, storage: .row(self, row))
    }

    /// The value of the `field`th field (in the row's shape) of row `row`.
    @usableFromInline func value(atRow row: Int, field: Int) -> Value {
        columns[shapes.shape(ofRow: row).columns[field]].value(at: row)
    }

    /// The value row `row` reads for column `column` (null where the row lacks the field).
    public func value(column: Int, row: Int) -> Value {
        columns[column].value(at: row)
    }

    /// The column of `field` (by its bytes), or nil.
    public func columnIndex(of field: String) -> Int? {
        lookup.position(of: field)
    }

    /// Whether every row has every field, in the table's order.
    public var isUniform: Bool { shapes.isUniform }

    /// Every field some row has, in the order the rows first show them: the fields of the
    /// table's records, each listed once.
    public var fieldsOfRows: [String] {
        guard count > 0 else { return [] }
        guard let rowShapes = shapes.rowShapes else { return shapes.shapes[0].names.names }
        var fields: [String] = []
        var seenShapes = [Bool](repeating: false, count: shapes.shapes.count)
        var seenFields = Set<Int>()
        for shape in rowShapes where !seenShapes[Int(shape)] {
            seenShapes[Int(shape)] = true
            for column in shapes.shapes[Int(shape)].columns where seenFields.insert(column).inserted {
                fields.append(self.fields[column])
            }
        }
        return fields
    }

    /// Whether some row has the field of column `column` (the shapes say; a column exists
    /// because some row had it, but not every row of a gathered table need have).
    public func someRowHas(column: Int) -> Bool {
        guard let rowShapes = shapes.rowShapes else { return count > 0 }
        let holding = Set(shapes.shapes.indices.filter { shapes.shapes[$0].columns.contains(column) }.map(UInt8.init))
        return rowShapes.contains { holding.contains($0) }
    }

    /// Rows `range`, in order.
    public func slice(_ range: Range<Int>) -> RecordTable {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a slice outside the table")
        if range == 0..<count { return self }
        return gathering(RowIndices(range))
    }

    /// The rows `rows` names (each in `0..<count`), in that order.
    public func gathering(_ rows: [Int]) -> RecordTable {
        gathering(RowIndices(rows.map { UInt32(truncatingIfNeeded: $0) }))
    }

    func gathering(_ rows: RowIndices) -> RecordTable {
        RecordTable(
            fields: fields, columns: columns.map { $0.gathering(rows) }, count: rows.count,
            shapes: shapes.gathering(rows))
    }

    /// A table of these fields only, in this order, every row having each (null where it
    /// lacked one); nil when one of them is not a field.
    public func selecting(_ selected: [String]) -> RecordTable? {
        var kept: [Column] = []
        for field in selected {
            guard let index = columnIndex(of: field) else { return nil }
            kept.append(columns[index])
        }
        return RecordTable(fields: selected, columns: kept, count: count)
    }

    /// The table without these fields; each row keeps the rest in its own order.
    public func dropping(_ dropped: Set<String>) -> RecordTable {
        var columnMap: [Int?] = []
        var keptFields: [String] = []
        var keptColumns: [Column] = []
        for (index, field) in fields.enumerated() {
            if dropped.contains(field) {
                columnMap.append(nil)
            } else {
                columnMap.append(keptFields.count)
                keptFields.append(field)
                keptColumns.append(columns[index])
            }
        }
        return RecordTable(
            fields: keptFields, columns: keptColumns, count: count,
            shapes: shapes.mapping(columns: columnMap, fields: keptFields))
    }

    /// The kind of column `column`.
    public func kind(ofColumn column: Int) -> ColumnKind {
        columns[column].kind
    }

    /// Whether some row of column `column` holds null (or lacks the field).
    public func hasNull(inColumn column: Int) -> Bool {
        switch columns[column].cells {
        case .ints(let cells): cells.nulls?.hasNull ?? false
        case .doubles(let cells): cells.nulls?.hasNull ?? false
        case .bools(let cells): cells.nulls?.hasNull ?? false
        case .strings(let cells): cells.nulls?.hasNull ?? false
        case .values(let values): values.contains(where: \.isNull)
        }
    }

    /// Whether every row of column `column` holds null (or lacks the field).
    public func isAllNull(column: Int) -> Bool {
        let cells = columns[column].cells
        return (0..<count).allSatisfy(cells.isNull)
    }

    /// A table of one shape whose fields, named `names`, are these fields of this table (a
    /// column of nulls for nil, or for a field it does not have); the columns are shared.
    public func reshaped(_ fields: [String?], as names: FieldNames) -> RecordTable {
        precondition(fields.count == names.count, "a field for each name")
        let nulls = Column(.nulls(count))
        let kept = fields.map { field in field.flatMap(columnIndex(of:)).map { columns[$0] } ?? nulls }
        return RecordTable(fields: names.names, columns: kept, count: count, shapes: TableShapes(uniform: names))
    }

    /// Reads the columns of `fields` that are not read yet, those read from one file in one
    /// pass over it; fields that are not columns are skipped.
    public func prepare(_ fields: [String]) {
        Column.readAll(fields.compactMap(columnIndex(of:)).map { columns[$0] })
    }
}
