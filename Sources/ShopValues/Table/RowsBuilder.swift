/// Makes a table a record at a time: the fields in the order first seen, a column each, and
/// the shape of every row (which fields, in which order). What the JSON readers build lists
/// of objects with.
///
/// A row is given field by field (``column(for:)`` then the column's append), then ended with
/// ``endRow()``, which fills the fields the row lacks with null and notes its shape.
package struct RowsBuilder: Sendable {
    /// The bytes string cells may point into.
    let source: [UInt8]
    private(set) var fields: [String] = []
    /// The fields' bytes one after the other, to match keys against, and where each ends.
    package private(set) var fieldBytes: [UInt8] = []
    package private(set) var fieldEnds: [Int] = []
    private var lookup: [UTF8Key: Int] = [:]
    /// The columns, a builder each: a reader appends a row's values to them in place.
    package var columns: [ColumnBuilder] = []
    private(set) var shapes: [[Int]] = []
    private var shapeIndex: [[Int]: Int] = [:]
    /// Per row, its shape; empty while there is one shape.
    private var rowShapes: [UInt32] = []
    /// The shape of the last row ended: what the next is expected to have.
    private(set) var lastShape = 0
    /// The rows ended.
    package private(set) var count = 0
    /// The columns of the row being read, in its order.
    private var rowColumns: [Int] = []

    package init(source: [UInt8]) {
        self.source = source
    }

    /// The columns the next row is expected to have, in order.
    package var expectedColumns: [Int] {
        shapes.isEmpty ? [] : shapes[lastShape]
    }

    /// Reserves room for `rows` rows in every column whose kind is known (a column that has
    /// held only nulls grows as it fills).
    package mutating func reserveCapacity(_ rows: Int) {
        for column in columns.indices { columns[column].reserveCapacity(rows) }
    }

    /// The column of `field`, added (null in every earlier row) when new.
    package mutating func column(for field: String) -> Int {
        if let known = lookup[UTF8Key(field)] { return known }
        return addColumn(field)
    }

    private mutating func addColumn(_ field: String) -> Int {
        let index = fields.count
        fields.append(field)
        fieldBytes.append(contentsOf: field.utf8)
        fieldEnds.append(fieldBytes.count)
        lookup[UTF8Key(field)] = index
        var builder = ColumnBuilder(source: source)
        for _ in 0..<count { builder.appendNull() }
        columns.append(builder)
        return index
    }

    /// Whether the row being read has a value for `column` already (a repeated key).
    package func rowHas(_ column: Int) -> Bool {
        columns[column].count > count
    }

    /// Notes that the row being read has `column` next (after its value was appended).
    package mutating func noteField(_ column: Int) {
        rowColumns.append(column)
    }

    /// Notes that the row being read has the first `count` of ``expectedColumns`` (in that
    /// order, their values appended), as ``noteField(_:)`` for each would.
    package mutating func noteExpectedFields(_ count: Int) {
        rowColumns.append(contentsOf: expectedColumns[..<count])
    }

    /// Ends a row that had exactly ``expectedColumns``, in that order, none of them noted:
    /// what noting each and ``endRow()`` would do, without the bookkeeping per field.
    package mutating func endExpectedRow() {
        finishRow(shape: lastShape)
    }

    /// Ends the row: the fields it lacks are null, and its shape is noted.
    package mutating func endRow() {
        defer { rowColumns.removeAll(keepingCapacity: true) }
        let shape: Int
        if !shapes.isEmpty, rowColumns == shapes[lastShape] {
            shape = lastShape
        } else if let known = shapeIndex[rowColumns] {
            shape = known
        } else {
            shape = shapes.count
            shapeIndex[rowColumns] = shape
            shapes.append(rowColumns)
            if shape == 1 { rowShapes = [UInt32](repeating: 0, count: count) }
        }
        finishRow(shape: shape)
    }

    /// Ends a row of shape `shape`: the columns it lacks get a null, and its shape is noted.
    private mutating func finishRow(shape: Int) {
        if shapes[shape].count < columns.count {
            for column in columns.indices where columns[column].count == count { columns[column].appendNull() }
        }
        if shapes.count > 1 { rowShapes.append(UInt32(shape)) }
        lastShape = shape
        count += 1
    }

    /// The table of the rows ended; nil when they have more shapes than a table holds.
    package var table: RecordTable? {
        guard shapes.count <= TableShapes.maximumCount else { return nil }
        let cells = columns.map(\.cells)
        return RecordTable(
            fields: fields, columns: cells.map(Column.init), count: count,
            shapes: TableShapes(
                shapes.isEmpty ? [TableShapes.Shape(columns: [], names: FieldNames([]))] : shapes.map(shape),
                rowShapes: shapes.count > 1 ? rowShapes.map { UInt8($0) } : nil))
    }

    /// The rows ended, as records of their own.
    package var records: [Value] {
        let cells = columns.map(\.cells)
        let names = shapes.map { FieldNames($0.map { fields[$0] }) }
        return (0..<count).map { row in
            let shape = shapes.count > 1 ? Int(rowShapes[row]) : 0
            return .record(Record(names: names[shape], values: shapes[shape].map { cells[$0].value(at: row) }))
        }
    }

    /// Whether the parts' shapes together fit a table.
    package static func fitTogether(_ parts: [RowsBuilder]) -> Bool {
        var distinct = Set<[String]>()
        for part in parts {
            for shape in part.shapes { distinct.insert(shape.map { part.fields[$0] }) }
        }
        return distinct.count <= TableShapes.maximumCount
    }

    /// The cells of `column`, its builder emptied (so that they are held once).
    private mutating func takeColumn(_ column: Int) -> ColumnCells {
        let cells = columns[column].cells
        columns[column] = ColumnBuilder(source: source)
        return cells
    }

    private func shape(_ columns: [Int]) -> TableShapes.Shape {
        TableShapes.Shape(columns: columns, names: FieldNames(columns.map { fields[$0] }))
    }

    /// The tables of parts read one after the other, as one: the fields of the first part,
    /// then those the later ones add; each row keeps its shape. Nil when the rows have more
    /// shapes than a table holds.
    ///
    /// Each part's column is let go as soon as it is joined, so that the parts and the table
    /// are never all held at once.
    package static func joined(_ parts: consuming [RowsBuilder]) -> RecordTable? {
        if parts.count == 1 { return parts[0].table }
        var parts = parts
        var fields: [String] = []
        var positions: [UTF8Key: Int] = [:]
        var columnMaps: [[Int]] = []
        for part in parts {
            columnMaps.append(
                part.fields.map { field in
                    if let known = positions[UTF8Key(field)] { return known }
                    positions[UTF8Key(field)] = fields.count
                    fields.append(field)
                    return fields.count - 1
                })
        }
        var shapes: [[Int]] = []
        var shapeIndex: [[Int]: Int] = [:]
        var rowShapes: [UInt8] = []
        let partShapes = zip(parts, columnMaps).map { part, map in
            part.shapes.map { shape in
                let mapped = shape.map { map[$0] }
                if let known = shapeIndex[mapped] { return known }
                shapeIndex[mapped] = shapes.count
                shapes.append(mapped)
                return shapes.count - 1
            }
        }
        guard shapes.count <= TableShapes.maximumCount else { return nil }
        if shapes.count > 1 {
            for (part, mapping) in zip(parts, partShapes) {
                if part.shapes.count > 1 {
                    rowShapes.append(contentsOf: part.rowShapes.map { UInt8(mapping[Int($0)]) })
                } else {
                    rowShapes.append(contentsOf: repeatElement(UInt8(mapping.first ?? 0), count: part.count))
                }
            }
        }
        let count = parts.reduce(0) { $0 + $1.count }
        let columns = fields.indices.map { field in
            var pieces: [ColumnCells] = []
            for part in parts.indices {
                pieces.append(
                    columnMaps[part].firstIndex(of: field).map { parts[part].takeColumn($0) }
                        ?? .nulls(parts[part].count))
            }
            return Column(ColumnCells.joined(pieces))
        }
        return RecordTable(
            fields: fields, columns: columns, count: count,
            shapes: TableShapes(
                shapes.isEmpty
                    ? [TableShapes.Shape(columns: [], names: FieldNames([]))]
                    : shapes.map { TableShapes.Shape(columns: $0, names: FieldNames($0.map { fields[$0] })) },
                rowShapes: shapes.count > 1 ? rowShapes : nil))
    }
}

extension ColumnCells {
    /// `count` null rows, as a column of values (which joins with a column of any kind).
    static func nulls(_ count: Int) -> ColumnCells {
        .values([Value](repeating: .null, count: count))
    }
}
