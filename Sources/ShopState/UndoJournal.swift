import ShopPluginAPI

/// The outermost changes: the committed undo steps and the open one, in one flat list of
/// writes.
///
/// Most changes are a pipeline with nothing nested in it, so this is the common path and it
/// is kept cheap: opening a change notes where its writes start, a write appends the key's
/// previous entry (the first write of each key only), and committing notes the step's label.
/// Changes nested inside the open one (`run FILE`, blocks) are kept apart as ``OpenChange``s
/// and handed in here with ``add(child:)`` when they commit. The last
/// ``StateStore/undoLimit`` steps are kept; older ones are forgotten from the front.
struct UndoJournal {
    /// The previous entry of each key each step wrote, oldest step first, then the open change's.
    private var entries: [Write] = []
    /// The committed steps, oldest first, with where their entries start.
    private var steps: [Step] = []
    /// Steps and entries at the front already forgotten, removed together now and then.
    private var forgottenSteps = 0
    private var forgottenEntries = 0
    /// The open outermost change, if any: not an optional, which was made and destroyed
    /// through the runtime's generic witnesses at every open and commit.
    private var open = Outermost()
    /// The changes committed inside the open one that are still undoable on their own (kept
    /// outside ``open``, so that asking whether there are any, on every write, copies nothing).
    private var openChildren = UndoSteps()

    /// A key's entry before the step that wrote it. Structs, not tuples, here and in ``Step``:
    /// an array of tuples is destroyed and moved through the runtime's generic tuple witness,
    /// element by element, which made forgetting old steps slow.
    private struct Write {
        let key: String
        var previous: StateEntry?
    }

    /// A committed step: its label, and where its entries start.
    private struct Step {
        let label: ChangeLabel
        var start: Int
    }

    /// The open outermost change: where its writes start (nil: none is open).
    private struct Outermost {
        var label: ChangeLabel = ""
        var start: Int?
        /// Where each key's entry is, once the change wrote more than ``Journal/indexThreshold`` keys.
        var positions: [String: Int]?
    }

    /// Whether an outermost change is open.
    var isOpen: Bool { open.start != nil }

    /// Whether the open change has changes committed inside it still undoable on their own.
    var hasChildren: Bool { !openChildren.isEmpty }

    /// How many steps can be undone.
    var stepCount: Int { steps.count - forgottenSteps }

    /// Opens the outermost change.
    mutating func begin(label: ChangeLabel) {
        open = Outermost(label: label, start: entries.count)
    }

    /// Notes a write of `key` by the open change, whose entry was `previous` before it.
    mutating func record(_ key: String, previous: consuming StateEntry?) {
        // A write after inner changes makes them part of this one, as ``OpenChange`` does.
        if !openChildren.isEmpty { foldChildren() }
        recordFirst(key, previous: consume previous)
    }

    /// Keeps a change committed inside the open one; the oldest, past the limit, becomes part
    /// of the open change's own writes.
    mutating func add(child step: UndoStep) {
        guard isOpen, let dropped = openChildren.append(step) else { return }
        merge(dropped.journal)
    }

    /// Closes the open change; when it wrote anything, it becomes the newest step. Returns
    /// whether it did.
    mutating func commit() -> Bool {
        foldChildren()
        let change = takeOpen()
        guard let start = change.start, entries.count > start else { return false }
        steps.append(Step(label: change.label, start: start))
        if stepCount > StateStore.undoLimit { forgetOldestStep() }
        return true
    }

    /// Closes the open change, giving back every key it (and the changes inside it) wrote.
    mutating func rollBack(restoring restore: (String, StateEntry?) -> Void) {
        foldChildren()
        guard let start = takeOpen().start else { return }
        for write in entries[start...] { restore(write.key, write.previous) }
        entries.removeSubrange(start...)
    }

    /// The open change, closed: taken, not copied and then cleared, so that its label's text
    /// is retained and released once.
    private mutating func takeOpen() -> Outermost {
        var change = Outermost()
        swap(&change, &open)
        return change
    }

    /// Takes back the last change committed inside the open one.
    mutating func popChild() -> UndoStep? {
        guard isOpen else { return nil }
        return openChildren.popLast()
    }

    /// Undoes the newest step, giving back every key it wrote; returns its label.
    mutating func popStep(restoring restore: (String, StateEntry?) -> Void) -> ChangeLabel? {
        guard stepCount > 0, let step = steps.popLast() else { return nil }
        let end = open.start ?? entries.count
        for write in entries[step.start..<end] { restore(write.key, write.previous) }
        entries.removeSubrange(step.start..<end)
        if isOpen { shiftOpenChange(by: step.start - end) }
        return step.label
    }

    // MARK: Writes of the open change

    /// Notes `previous` for `key` unless the open change has an entry for it already.
    private mutating func recordFirst(_ key: String, previous: consuming StateEntry?) {
        guard let start = open.start else { return }
        if let positions = open.positions {
            guard positions[key] == nil else { return }
            open.positions?[key] = entries.count
        } else {
            var index = start
            while index < entries.count {
                if entries[index].key == key { return }
                index += 1
            }
            if entries.count - start >= Journal.indexThreshold {
                var positions: [String: Int] = [:]
                for index in start..<entries.count { positions[entries[index].key] = index }
                positions[key] = entries.count
                open.positions = positions
            }
        }
        entries.append(Write(key: key, previous: consume previous))
    }

    private mutating func merge(_ journal: Journal) {
        for (key, previous) in journal.entries { recordFirst(key, previous: previous) }
    }

    private mutating func foldChildren() {
        guard !openChildren.isEmpty else { return }
        var children = openChildren
        openChildren = UndoSteps()
        for child in children.removeAll() { merge(child.journal) }
    }

    private mutating func shiftOpenChange(by offset: Int) {
        open.start? += offset
        if let positions = open.positions { open.positions = positions.mapValues { $0 + offset } }
    }

    // MARK: Forgetting

    /// Forgets the oldest step (its entries are released now), and every
    /// ``StateStore/undoLimit`` steps removes the forgotten ones from the front.
    private mutating func forgetOldestStep() {
        let end = steps[forgottenSteps + 1].start
        for index in steps[forgottenSteps].start..<end { entries[index].previous = nil }
        forgottenSteps += 1
        forgottenEntries = end
        guard forgottenSteps > StateStore.undoLimit else { return }
        entries.removeFirst(forgottenEntries)
        steps.removeFirst(forgottenSteps)
        for index in steps.indices { steps[index].start -= forgottenEntries }
        if isOpen { shiftOpenChange(by: -forgottenEntries) }
        forgottenSteps = 0
        forgottenEntries = 0
    }
}
