/// Which fields each row of a ``RecordTable`` has, in which order: its shape.
///
/// A table of one shape (every CSV file, nearly every JSON file) keeps no per-row shape; a
/// table of several keeps one byte a row, so it holds at most ``maximumCount`` shapes.
struct TableShapes: Sendable {
    /// One shape: the columns of a row's fields, in the record's order, and their names.
    struct Shape: Sendable {
        let columns: [Int]
        let names: FieldNames
    }

    let shapes: [Shape]
    /// Per row, the index of its shape; nil when there is one shape.
    let rowShapes: [UInt8]?

    /// How many shapes a table may have.
    static let maximumCount = 255

    /// One shape for every row: all of `fields`, in order.
    init(uniform fields: [String]) {
        self.init(uniform: FieldNames(fields))
    }

    /// One shape for every row: all of `names`, in order, the rows' records sharing them.
    init(uniform names: FieldNames) {
        shapes = [Shape(columns: Array(0..<names.count), names: names)]
        rowShapes = nil
    }

    /// `shapes` given by each row's index in `rowShapes` (nil when there is only one).
    init(_ shapes: [Shape], rowShapes: [UInt8]?) {
        precondition(shapes.count <= Self.maximumCount, "too many shapes for a table")
        self.shapes = shapes
        self.rowShapes = shapes.count > 1 ? rowShapes : nil
    }

    /// The shape of row `row`.
    @inline(__always) func shape(ofRow row: Int) -> Shape {
        guard let rowShapes else { return shapes[0] }
        return shapes[Int(rowShapes[row])]
    }

    /// Whether every row has every field of the table, in the table's order.
    var isUniform: Bool { rowShapes == nil }

    /// The shapes of the rows `rows` names, in that order.
    func gathering(_ rows: RowIndices) -> TableShapes {
        guard let rowShapes else { return self }
        return TableShapes(shapes, rowShapes: (0..<rows.count).map { rowShapes[rows[$0]] })
    }

    /// The shapes with each shape's columns mapped through `columnMap` (old column index →
    /// new, or nil for a column dropped), fields named by `fields`.
    func mapping(columns columnMap: [Int?], fields: [String]) -> TableShapes {
        var mapped: [Shape] = []
        var shapeMap: [UInt8] = []
        var byColumns: [[Int]: UInt8] = [:]
        for shape in shapes {
            let columns = shape.columns.compactMap { columnMap[$0] }
            if let known = byColumns[columns] {
                shapeMap.append(known)
                continue
            }
            byColumns[columns] = UInt8(mapped.count)
            shapeMap.append(UInt8(mapped.count))
            mapped.append(Shape(columns: columns, names: FieldNames(columns.map { fields[$0] })))
        }
        return TableShapes(mapped, rowShapes: rowShapes.map { $0.map { shapeMap[Int($0)] } })
    }
}
