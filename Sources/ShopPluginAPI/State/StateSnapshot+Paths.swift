import ShopValues

extension StateSnapshot {
    /// The value at a dotted path, as a reference reads it (`$orders.0.items`): the longest
    /// variable or key the path starts with, then fields of records and positions in lists
    /// (from 0); nil when the path leads nowhere.
    public func value(at path: [String]) -> Value? {
        var name = ""
        var found: (value: Value, used: Int)?
        for (index, segment) in path.enumerated() {
            name += (index == 0 ? "" : ".") + segment
            if let value = self[name] { found = (value, index + 1) }
        }
        guard var value = found?.value, let used = found?.used else { return nil }
        for segment in path.dropFirst(used) {
            switch value {
            case .record(let record):
                guard let field = record[segment] else { return nil }
                value = field
            case .list(let items):
                guard let position = Int(segment), items.indices.contains(position) else { return nil }
                value = items[position]
            default:
                return nil
            }
        }
        return value
    }
}
