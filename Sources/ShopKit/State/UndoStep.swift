/// One committed change: its label and, per key it wrote, the entry before its first write
/// (nil: the key did not exist).
struct UndoStep: Sendable {
    var label: String
    var previous: [String: StateEntry?]
}

/// A change still open: what it wrote itself, and the changes committed inside it since
/// (each still undoable on its own), at most ``StateStore/undoLimit`` of them.
struct OpenChange {
    var label: String
    var previous: [String: StateEntry?] = [:]
    var children = UndoSteps()

    init(label: String) {
        self.label = label
    }

    /// Notes a write of `key`, whose entry was `entry` before it.
    mutating func record(_ key: String, previous entry: StateEntry?) {
        // A write after inner changes makes them part of this one: undo then can only
        // restore them together, and the order of first writes stays right.
        if !children.isEmpty { foldChildren() }
        if previous.index(forKey: key) == nil { previous[key] = .some(entry) }
    }

    /// Keeps a change committed inside this one; the oldest, past the limit, becomes part of
    /// this change's own writes.
    mutating func add(child step: UndoStep) {
        guard let dropped = children.append(step) else { return }
        merge(dropped)
    }

    /// The whole change as one step.
    func folded() -> UndoStep {
        var change = self
        change.foldChildren()
        return UndoStep(label: label, previous: change.previous)
    }

    private mutating func foldChildren() {
        for child in children.removeAll() { merge(child) }
    }

    private mutating func merge(_ child: UndoStep) {
        for (key, entry) in child.previous where previous.index(forKey: key) == nil {
            previous[key] = .some(entry)
        }
    }
}

/// The most recent ``StateStore/undoLimit`` steps, oldest first; older ones are dropped as
/// new ones come (a script of any length runs in bounded memory).
struct UndoSteps {
    private var storage: [UndoStep] = []
    private var start = 0

    var isEmpty: Bool { storage.count == start }

    /// Adds `step`; returns the oldest step when the limit drops it.
    @discardableResult
    mutating func append(_ step: UndoStep) -> UndoStep? {
        storage.append(step)
        guard storage.count - start > StateStore.undoLimit else { return nil }
        let dropped = storage[start]
        storage[start] = UndoStep(label: "", previous: [:])
        start += 1
        if start > StateStore.undoLimit {
            storage.removeFirst(start)
            start = 0
        }
        return dropped
    }

    mutating func popLast() -> UndoStep? {
        guard storage.count > start else { return nil }
        return storage.popLast()
    }

    /// Every step, oldest first, leaving none.
    mutating func removeAll() -> ArraySlice<UndoStep> {
        defer {
            storage = []
            start = 0
        }
        return storage[start...]
    }
}
