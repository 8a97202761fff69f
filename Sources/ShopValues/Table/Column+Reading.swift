extension Column {
    /// The column whose cells this one reads through (itself when it reads its own).
    var root: Column {
        if let gathered = pendingSource as? GatheredCells { return gathered.base.root }
        return self
    }

    /// Reads every column of `columns` that is not read yet: the columns of one CSV file not
    /// read yet in one pass over it, then the rest one by one.
    static func readAll(_ columns: [Column]) {
        SourceColumnCells.readTogether(columns.map(\.root))
        for column in columns { _ = column.cells }
    }
}
