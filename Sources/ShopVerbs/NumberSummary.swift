import ShopPluginAPI

/// The sum, count, smallest and largest of a run of numbers, as `sum`, `avg`, `min`, `max`
/// and `group --sum/--avg/--min/--max` compute them.
///
/// Nulls (missing fields) are skipped, as SQL does; anything else that is not a number is an
/// error naming its item. Whole numbers add up exactly (an overflow is an error); a double
/// among them makes the sum a double.
struct NumberSummary {
    /// The verb, for messages.
    let command: String
    /// The field the numbers come from, for messages; nil for plain values.
    let field: String?
    private(set) var count = 0
    private var intSum = 0
    private var doubleSum = 0.0
    private var hasDouble = false
    private var overflowed = false
    private(set) var minimum: Value?
    private(set) var maximum: Value?

    init(command: String, field: String?) {
        self.command = command
        self.field = field
    }

    /// The summary of a column of `table`, from the figures it gathered.
    init(command: String, field: String?, figures: RecordTable.NumberFigures, of table: RecordTable, column: Int) {
        self.init(command: command, field: field)
        count = figures.count
        intSum = figures.intSum
        doubleSum = figures.doubleSum
        hasDouble = figures.hasDouble
        overflowed = figures.overflowed
        minimum = figures.minimumRow.map { table.value(column: column, row: $0) }
        maximum = figures.maximumRow.map { table.value(column: column, row: $0) }
    }

    /// Adds the value of the `index`th item (0-based).
    mutating func add(_ value: Value, item index: Int) throws(VerbError) {
        switch value.number {
        case .int(let int)?:
            if !hasDouble {
                let (sum, overflow) = intSum.addingReportingOverflow(int)
                intSum = sum
                overflowed = overflowed || overflow
            }
            doubleSum += Double(int)
        case .double(let double)?:
            hasDouble = true
            doubleSum += double
        case nil:
            if value.isNull { return }
            throw .notNumber(command: command, item: index + 1, field: field, value: value)
        }
        count += 1
        if let current = minimum, current.compare(to: value) != .orderedDescending {} else { minimum = value }
        if let current = maximum, current.compare(to: value) != .orderedAscending {} else { maximum = value }
    }

    /// The sum: 0 for no numbers, an int while every number was one.
    func sum() throws(VerbError) -> Value {
        if hasDouble { return .double(doubleSum) }
        if overflowed { throw .overflow(command: command) }
        return .int(intSum)
    }

    /// The mean as a double, or null for no numbers.
    var average: Value {
        count == 0 ? .null : .double(doubleSum / Double(count))
    }
}
