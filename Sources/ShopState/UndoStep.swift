import ShopPluginAPI

/// One committed change: its label and, per key it wrote, the entry before its first write.
struct UndoStep {
    var label: ChangeLabel
    var journal: Journal
}

/// Per key written, the entry before the first write (nil: the key did not exist), in the
/// order of first writes. Most changes write one or two keys: those are a short list; past
/// ``indexThreshold`` keys an index finds them.
struct Journal {
    private(set) var entries: [(key: String, previous: StateEntry?)] = []
    private var positions: [String: Int]?
    static let indexThreshold = 8

    var isEmpty: Bool { entries.isEmpty }

    /// Forgets every entry, keeping the room for the next change.
    mutating func clear() {
        entries.removeAll(keepingCapacity: true)
        positions = nil
    }

    /// Notes `previous` for `key` unless the key has an earlier entry already.
    mutating func recordFirst(_ key: String, previous: consuming StateEntry?) {
        if let positions {
            guard positions[key] == nil else { return }
        } else if entries.contains(where: { $0.key == key }) {
            return
        }
        entries.append((key, consume previous))
        if positions != nil {
            positions?[key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($0.element.key, $0.offset) })
        }
    }

    /// Takes in a later journal: its keys this one has not seen yet.
    mutating func merge(_ later: Journal) {
        for (key, previous) in later.entries { recordFirst(key, previous: previous) }
    }
}

/// A change still open: what it wrote itself, and the changes committed inside it since
/// (each still undoable on its own), at most ``StateStore/undoLimit`` of them.
struct OpenChange {
    var label: ChangeLabel
    var journal: Journal
    var children = UndoSteps()

    init(label: ChangeLabel, journal: Journal = Journal()) {
        self.label = label
        self.journal = journal
    }

    /// Whether changes committed inside this one are still undoable on their own.
    var hasChildren: Bool { !children.isEmpty }

    /// Notes a write of `key`, whose entry was `entry` before it.
    mutating func record(_ key: String, previous entry: consuming StateEntry?) {
        // A write after inner changes makes them part of this one: undo then can only
        // restore them together, and the order of first writes stays right.
        if !children.isEmpty { foldChildren() }
        journal.recordFirst(key, previous: consume entry)
    }

    /// Keeps a change committed inside this one; the oldest, past the limit, becomes part of
    /// this change's own writes.
    mutating func add(child step: UndoStep) {
        guard let dropped = children.append(step) else { return }
        journal.merge(dropped.journal)
    }

    /// The whole change as one step.
    consuming func folded() -> UndoStep {
        foldChildren()
        return UndoStep(label: label, journal: journal)
    }

    private mutating func foldChildren() {
        for child in children.removeAll() { journal.merge(child.journal) }
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
    package mutating func append(_ step: UndoStep) -> UndoStep? {
        storage.append(step)
        guard storage.count - start > StateStore.undoLimit else { return nil }
        let dropped = storage[start]
        storage[start].journal = Journal()
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
