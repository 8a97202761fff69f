extension Column {
    /// The column whose cells this one reads through (itself when it reads its own).
    var root: Column {
        switch pendingSource {
        case let gathered as GatheredCells: gathered.base.root
        case let ordered as OrderedCells: ordered.base.root
        default: self
        }
    }

    /// The orders of sorted tables this column reads through that are not found yet.
    var pendingOrders: [LazyRowOrder] {
        switch pendingSource {
        case let gathered as GatheredCells: gathered.base.pendingOrders
        case let ordered as OrderedCells: (ordered.order.isWhole ? [] : [ordered.order]) + ordered.base.pendingOrders
        default: []
        }
    }

    /// Reads every column of `columns` that is not read yet: the columns of one CSV file not
    /// read yet in one pass over it, then the rest one by one.
    static func readAll(_ columns: [Column]) {
        SourceColumnCells.readTogether(columns.map(\.root))
        for column in columns { _ = column.cells }
    }
}
