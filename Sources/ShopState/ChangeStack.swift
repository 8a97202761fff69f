import ShopPluginAPI

/// The changes of a ``StateStore``: the committed undo steps, the open outermost change, the
/// changes open inside it, and their serials — kept in one value so that opening,
/// committing and noting a write are one access to the store each (each access to a class's
/// property is checked for exclusivity at run time, and a pipeline made a dozen).
///
/// The closures given to its methods restore or read the store's entries, never the changes.
struct ChangeStack {
    /// The committed outermost changes and the open one.
    private var journal = UndoJournal()
    /// The changes open inside the outermost one, outermost first.
    private var nested: [OpenChange] = []
    /// The room of a finished nested change's journal, for the next one.
    private var spareJournal: Journal?
    /// How many outermost changes are in effect (forgotten ones included).
    private(set) var checkpoint = 0
    /// The serials of the open changes, outermost first: each change gets a new one, so an
    /// entry written under the innermost one's serial has its key's first write noted there.
    private var openSerials: [UInt64] = []
    private var lastSerial: UInt64 = 0

    /// The innermost open change's serial, or 0 when none is open.
    var serial: UInt64 { openSerials.last ?? 0 }

    /// Opens a change inside the open one (or an outermost one).
    mutating func begin(label: ChangeLabel) {
        lastSerial += 1
        openSerials.append(lastSerial)
        guard journal.isOpen else {
            journal.begin(label: label)
            return
        }
        var changes = spareJournal ?? Journal()
        spareJournal = nil
        changes.clear()
        nested.append(OpenChange(label: label, journal: changes))
    }

    /// Notes a write of `key` under `serial`, whose entry was `previous` (nil: `initial()`,
    /// the key's declared start) before it.
    ///
    /// The entry is taken, not copied, on its way into the journal: an entry's copy goes
    /// through its type's value witnesses.
    mutating func record(
        _ key: String, previous: consuming StateEntry?, serial: UInt64, initial: () -> StateEntry?
    ) {
        // A key the innermost change wrote already has its first write noted (a loop setting
        // one variable 100,000 times looks nothing up), unless changes committed inside it
        // since must be folded in first.
        if serial != 0, previous?.writtenInChange == serial, !hasOpenChildren { return }
        let entry: StateEntry? =
            switch consume previous {
            case .some(let previous): previous
            case .none: initial()
            }
        if !nested.isEmpty {
            nested[nested.count - 1].record(key, previous: consume entry)
        } else if journal.isOpen {
            journal.record(key, previous: consume entry)
        }
    }

    /// Whether the innermost open change has changes committed inside it still undoable alone.
    private var hasOpenChildren: Bool {
        // Read in place: a copy of the innermost change would copy its records.
        if !nested.isEmpty { return nested[nested.count - 1].hasChildren }
        return journal.hasChildren
    }

    /// Closes the innermost change: merged into its parent, or, when outermost, kept as one
    /// undo step. Returns whether it changed anything.
    mutating func commit() -> Bool {
        _ = openSerials.popLast()
        guard let change = nested.popLast() else {
            guard journal.commit() else { return false }
            checkpoint += 1
            return true
        }
        let step = change.folded()
        guard !step.journal.isEmpty else {
            spareJournal = step.journal
            return false
        }
        if nested.isEmpty {
            journal.add(child: step)
        } else {
            nested[nested.count - 1].add(child: step)
        }
        return true
    }

    /// Closes the innermost change, giving `restore` every key it (and the changes it
    /// merged) wrote with its entry before.
    mutating func rollBack(restoring restore: (String, StateEntry?) -> Void) {
        _ = openSerials.popLast()
        guard let change = nested.popLast() else {
            journal.rollBack(restoring: restore)
            return
        }
        for (key, previous) in change.folded().journal.entries { restore(key, previous) }
    }

    /// Undoes the last change committed beside the innermost open one, giving `restore` the
    /// keys it wrote; returns its label, or nil when there is nothing to undo at that level.
    mutating func undo(restoring restore: (String, StateEntry?) -> Void) -> String? {
        let step: UndoStep?
        switch nested.count {
        case 0:
            guard let label = journal.popStep(restoring: restore) else { return nil }
            checkpoint -= 1
            return label.description
        case 1:
            step = journal.popChild()
        default:
            step = nested[nested.count - 2].children.popLast()
        }
        guard let step else { return nil }
        for (key, previous) in step.journal.entries { restore(key, previous) }
        return step.label.description
    }
}
