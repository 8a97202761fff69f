/// The shared store: user variables and plugin state under dotted keys, with undo.
///
/// A plugin owns the keys it declares (`services.selected` belongs to `services`) and is the
/// only writer of them; user variables have names without dots. The session brackets every
/// command with ``beginChange()`` and ``commitChange()`` or ``rollBackChange()``: the previous
/// value of each key a command writes is journaled, so ``undo()`` and
/// ``rollBack(to:)`` restore any earlier state.
public final class StateStore {
    private var declarations: [String: StateKeyDeclaration] = [:]
    private var entries: [String: StateEntry] = [:]
    private var nextRevision: UInt64 = 1

    /// Previous values, oldest first; `stepStarts` marks where each committed change begins.
    private var journal: [(key: String, previous: Value?)] = []
    private var stepStarts: [Int] = []
    /// Where each open change starts in the journal, outermost first.
    private var openChangeStarts: [Int] = []

    /// An empty store with the keys of the given plugins.
    public init(declarations: [StateKeyDeclaration] = []) {
        for declaration in declarations {
            self.declarations[declaration.key] = declaration
        }
    }

    // MARK: Reading

    /// The value of a variable or state key.
    public func value(_ name: String) throws(StateError) -> Value {
        if let entry = entries[name] { return entry.value }
        if let declaration = declarations[name] {
            let initial = declaration.initialValue()
            entries[name] = StateEntry(value: initial, revision: 0)
            return initial
        }
        throw .unknownName(name, suggestion: Suggestion.nearest(to: name, in: allNames))
    }

    /// Whether `name` is a variable or a declared key.
    public func contains(_ name: String) -> Bool {
        entries[name] != nil || declarations[name] != nil
    }

    /// The value of a variable or state key, or nil when there is none (no suggestion made).
    func valueIfKnown(_ name: String) -> Value? {
        guard entries[name] != nil || declarations[name] != nil else { return nil }
        return try? value(name)
    }

    /// A number that changes whenever the key's value changes (0 before the first write).
    public func revision(of key: String) -> UInt64 {
        entries[key]?.revision ?? 0
    }

    /// Plugin keys, sorted.
    public var pluginKeys: [String] {
        declarations.keys.sorted()
    }

    /// User variable names, sorted.
    public var variableNames: [String] {
        entries.keys.filter { !$0.contains(".") }.sorted()
    }

    /// The declaration of a plugin key.
    public func declaration(of key: String) -> StateKeyDeclaration? {
        declarations[key]
    }

    /// A copy of the state at this moment, readable from any thread; keys never read so
    /// far are built when the copy reads them.
    public func snapshot() -> StateSnapshot {
        StateSnapshot(entries: entries, declarations: declarations)
    }

    /// Every variable and key with its value, sorted by name (for `state save`).
    public func allValues() throws(StateError) -> [(key: String, value: Value)] {
        try Set(entries.keys).union(declarations.keys).sorted().map { key throws(StateError) in
            (key: key, value: try value(key))
        }
    }

    // MARK: Writing

    /// Sets a user variable.
    public func setVariable(_ name: String, to value: Value) throws(StateError) {
        guard Self.isVariableName(name) else {
            if let owner = owner(of: name) { throw .readOnly(key: name, owner: owner) }
            throw .invalidName(name)
        }
        write(name, value)
    }

    /// Removes a user variable.
    public func unsetVariable(_ name: String) throws(StateError) {
        if let owner = owner(of: name) { throw .readOnly(key: name, owner: owner) }
        guard entries[name] != nil else {
            throw .unknownName(name, suggestion: Suggestion.nearest(to: name, in: variableNames))
        }
        write(name, nil)
    }

    /// Sets a key the plugin declared.
    public func set(_ key: String, to value: Value, by plugin: String) throws(StateError) {
        guard declarations[key] != nil, owner(of: key) == plugin else {
            throw .undeclaredKey(key, plugin: plugin)
        }
        write(key, value)
    }

    /// Replaces variables and plugin keys with `newValues` after checking every one; nothing
    /// changes when any is refused.
    public func load(_ newValues: [(key: String, value: Value)]) throws(StateError) {
        for (key, value) in newValues {
            if let declaration = declarations[key] {
                try declaration.validate(value)
            } else if !Self.isVariableName(key) {
                throw .undeclaredKey(key, plugin: owner(of: key) ?? String(key.prefix { $0 != "." }))
            }
        }
        for (key, value) in newValues { write(key, value) }
    }

    private func write(_ key: String, _ value: Value?) {
        let previous: StateEntry?
        if let value {
            previous = entries.updateValue(StateEntry(value: value, revision: nextRevision), forKey: key)
        } else {
            previous = entries.removeValue(forKey: key)
        }
        nextRevision += 1
        if !openChangeStarts.isEmpty {
            journal.append((key, previous?.value ?? declarations[key].map { $0.initialValue() }))
        }
    }

    // MARK: Changes and undo

    /// Starts journaling a command's writes, inside the open change if there is one.
    public func beginChange() {
        openChangeStarts.append(journal.count)
    }

    /// Ends the innermost change: merged into its parent, or, when outermost, kept as one
    /// undo step. Returns whether it changed anything.
    @discardableResult
    public func commitChange() -> Bool {
        guard let start = openChangeStarts.popLast() else { return false }
        guard journal.count > start else { return false }
        if openChangeStarts.isEmpty { stepStarts.append(start) }
        return true
    }

    /// Restores every key the innermost change wrote and closes it.
    public func rollBackChange() {
        guard let start = openChangeStarts.popLast() else { return }
        restoreJournal(from: start)
    }

    /// How many committed changes can be undone.
    public var checkpoint: Int { stepStarts.count }

    /// Restores the state before the last committed change; returns the keys it restored, or
    /// nil when there is nothing to undo.
    public func undo() -> [String]? {
        guard let start = stepStarts.popLast() else { return nil }
        let keys = Array(Set(journal[start...].map(\.key))).sorted()
        restoreJournal(from: start)
        return keys
    }

    /// Undoes committed changes until only `checkpoint` of them remain.
    public func rollBack(to checkpoint: Int) {
        while stepStarts.count > max(0, checkpoint) {
            _ = undo()
        }
    }

    private func restoreJournal(from start: Int) {
        for change in journal[start...].reversed() {
            entries[change.key] = change.previous.map { StateEntry(value: $0, revision: nextRevision) }
            nextRevision += 1
        }
        journal.removeSubrange(start...)
    }

    // MARK: Names

    private var allNames: [String] {
        Array(Set(entries.keys).union(declarations.keys))
    }

    private func owner(of key: String) -> String? {
        guard let dot = key.firstIndex(of: ".") else { return nil }
        let namespace = String(key[..<dot])
        return declarations.keys.contains { $0.hasPrefix(namespace + ".") } ? namespace : nil
    }

    /// Whether `name` can name a user variable: a letter or `_`, then letters, digits, `_`.
    public static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, Lexer.isNameStart(first) else { return false }
        return name.utf8.allSatisfy(Lexer.isNameContinuation)
    }
}

/// A value in the store and the revision that wrote it.
struct StateEntry: Sendable {
    var value: Value
    var revision: UInt64
}

/// A copy of the store's values at one moment, safe to read from any thread.
public struct StateSnapshot: Sendable {
    private var entries: [String: StateEntry]
    private var declarations: [String: StateKeyDeclaration]

    init(entries: [String: StateEntry], declarations: [String: StateKeyDeclaration]) {
        self.entries = entries
        self.declarations = declarations
    }

    /// An empty snapshot.
    public init() {
        self.init(entries: [:], declarations: [:])
    }

    /// The value of a variable or key, or nil.
    public subscript(key: String) -> Value? {
        entries[key]?.value ?? declarations[key]?.initialValue()
    }

    /// Every variable and key name, sorted.
    public var names: [String] {
        Set(entries.keys).union(declarations.keys).sorted()
    }

    /// User variable names, sorted.
    public var variableNames: [String] {
        entries.keys.filter { !$0.contains(".") }.sorted()
    }
}
