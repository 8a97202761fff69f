import ShopPluginAPI
import ShopValues
import Synchronization

/// The shared store: user variables and plugin state under dotted keys, with nested
/// changes and a bounded, labelled undo.
///
/// A plugin owns the keys it declares (`services.selected` belongs to `services`) and is the
/// only writer of them; user variables have names without dots. Each stored value keeps its
/// decoded model beside it (see ``StateKey``).
///
/// Changes nest: ``beginChange(label:)`` opens one inside the open one, ``commitChange()``
/// merges it into its parent (the outermost becomes one `undo` step, labelled with the text
/// that made it), ``rollBackChange()`` restores only what it changed. The session opens one
/// per pipeline; `run FILE` and blocks open one around their steps, so each is one undo
/// step. A change remembers, per key, the value before its first write, so a long script
/// inside one change uses memory per key, not per command; ``undoLimit`` steps are kept and
/// older ones forgotten. Outermost changes, the common case, share one flat journal
/// (``UndoJournal``); only changes nested inside them keep records of their own.
///
/// ```swift
/// try store.withChange(label: "run setup.shopscript") {
///     try store.setVariable("x", to: 1)       // nested changes inside merge into this one
/// }
/// store.undo()                                // "run setup.shopscript"
/// ```
public final class StateStore: StateBackend {
    /// How many undo steps are kept at each level.
    public static let undoLimit = 1000

    private var declarations: [String: StateKeyDeclaration] = [:]
    /// Finds the keys of plugins the session finds later (the host's outside plugins): asked
    /// the first time a dotted name is none of the keys known, or every key is needed.
    private var laterDeclarations: (() -> [StateKeyDeclaration])?
    /// The core's namespaces of keys made up as it goes, by prefix.
    private var namespaces: [String: StateNamespace] = [:]
    /// The entries, the undo steps and the open changes.
    private var contents = Contents()
    /// How many outermost changes are in effect (forgotten ones included).
    public var checkpoint: Int { contents.changes.checkpoint }
    /// A number that changes whenever any key with a dot (a plugin's, `commands.NAME`)
    /// changes: one comparison tells a cache of such keys that none changed.
    public var dottedKeysRevision: UInt64 { contents.dottedKeysRevision }

    /// What a write changes, in one value: each access to a class's stored property is
    /// checked for exclusivity at run time, so a write is one access here where four
    /// properties made four.
    private struct Contents {
        var entries: [String: StateEntry] = [:]
        var nextRevision: UInt64 = 1
        var dottedKeysRevision: UInt64 = 0
        /// The undo steps and the open changes.
        var changes = ChangeStack()

        /// Sets `key` to `entry`, stamped with the next revision (or with nil, removes it),
        /// noting its previous entry in the open change (`initial` makes a declared key's
        /// first one); `isVariable` says it is a user variable's name, which has no dot.
        mutating func write(
            _ key: String, _ entry: consuming StateEntry?, isVariable: Bool, initial: () -> StateEntry?
        ) {
            let serial = changes.serial
            let previous: StateEntry?
            switch consume entry {
            case .some(var entry):
                entry.revision = nextRevision
                entry.writtenInChange = serial
                previous = entries.updateValue(entry, forKey: key)
            case .none:
                previous = entries.removeValue(forKey: key)
            }
            nextRevision += 1
            if !isVariable, key.utf8.contains(UInt8(ascii: ".")) { dottedKeysRevision += 1 }
            changes.record(key, previous: consume previous, serial: serial, initial: initial)
        }

        /// Closes the innermost change, putting back every key it wrote.
        mutating func rollBack() {
            withChangesApart { changes, contents in changes.rollBack(restoring: { contents.restore($0, $1) }) }
        }

        /// Undoes the last change committed beside the innermost open one; its label.
        mutating func undo() -> String? {
            withChangesApart { changes, contents in changes.undo(restoring: { contents.restore($0, $1) }) }
        }

        /// Runs `body` with the changes moved out (not copied), so that it may restore
        /// entries while it changes them.
        private mutating func withChangesApart<Result>(_ body: (inout ChangeStack, inout Contents) -> Result) -> Result
        {
            var apart = ChangeStack()
            swap(&apart, &changes)
            defer { swap(&apart, &changes) }
            return body(&apart, &self)
        }

        /// Puts back `key`'s entry from before a change (nil: none).
        mutating func restore(_ key: String, _ previous: StateEntry?) {
            entries[key] = previous.map { entry in
                var restored = entry
                restored.revision = nextRevision
                restored.writtenInChange = 0
                return restored
            }
            nextRevision += 1
            if key.utf8.contains(UInt8(ascii: ".")) { dottedKeysRevision += 1 }
        }
    }

    /// An empty store with the keys of the given plugins, and those `later` finds when first
    /// needed.
    public init(declarations: [StateKeyDeclaration] = [], later: (() -> [StateKeyDeclaration])? = nil) {
        for declaration in declarations {
            self.declarations[declaration.key] = declaration
        }
        laterDeclarations = later
    }

    // MARK: Reading

    /// The value of a variable or state key.
    public func value(_ name: String) throws(StateError) -> Value {
        // The value alone copied out, not the whole entry with its model: every `$name` reads here.
        if let value = contents.entries[name]?.value { return value }
        return try entry(name).value
    }

    /// The value of a variable or state key, or nil when there is none (no suggestion made).
    package func valueIfKnown(_ name: String) -> Value? {
        guard contents.entries[name] != nil || declaration(of: name) != nil else { return nil }
        return try? entry(name).value
    }

    /// The model of a typed key, decoded from its value at most once per change.
    public func model<Model>(_ key: StateKey<Model>) throws(StateError) -> Model {
        if let entry = contents.entries[key.name] {
            if let model = entry.model as? Model { return model }
            let model = try key.decode(entry.value, reader)
            contents.entries[key.name]?.model = model
            return model
        }
        guard declaration(of: key.name) != nil else { throw unknown(key.name) }
        let model = key.initial()
        contents.entries[key.name] = StateEntry(model: model) { key.encode(model) }
        return model
    }

    private func entry(_ name: String) throws(StateError) -> StateEntry {
        if let entry = contents.entries[name] { return entry }
        guard let declaration = declaration(of: name) else { throw unknown(name) }
        let (value, model) = declaration.makeInitial()
        let entry = StateEntry(value: value, revision: 0, model: model)
        contents.entries[name] = entry
        return entry
    }

    private func untypedModel(_ name: String) throws(StateError) -> any Sendable {
        let entry = try entry(name)
        if let model = entry.model { return model }
        guard let declaration = declaration(of: name) else { return entry.value }
        let model = try declaration.decode(entry.value, reader)
        contents.entries[name]?.model = model
        return model
    }

    private var reader: StateReader {
        StateReader(valueOf: { name throws(StateError) in try self.value(name) }, modelOf: untypedModel)
    }

    private func unknown(_ name: String) -> StateError {
        .unknownName(name, suggestion: Suggestion.nearest(to: name, in: name.contains(".") ? allNames : variableNames))
    }

    /// A number that changes whenever the key's value changes (0 before the first write).
    public func revision(of key: String) -> UInt64 {
        contents.entries[key]?.revision ?? 0
    }

    /// Plugin keys, sorted.
    public var pluginKeys: [String] {
        allDeclarations.keys.sorted()
    }

    /// User variable names, sorted.
    public var variableNames: [String] {
        contents.entries.keys.filter { !$0.contains(".") }.sorted()
    }

    /// The declaration of a plugin key.
    public func declaration(of key: String) -> StateKeyDeclaration? {
        if let declaration = declarations[key] { return declaration }
        guard laterDeclarations != nil, key.utf8.contains(UInt8(ascii: ".")), namespace(of: key) == nil else {
            return nil
        }
        return allDeclarations[key]
    }

    /// Every plugin key's declaration, those found later read now if not yet.
    private var allDeclarations: [String: StateKeyDeclaration] {
        if let later = laterDeclarations {
            laterDeclarations = nil
            for declaration in later() where declarations[declaration.key] == nil {
                declarations[declaration.key] = declaration
            }
        }
        return declarations
    }

    /// A copy of the state at this moment, models included, readable from any thread; keys
    /// never read so far are built when the copy reads them.
    public func snapshot() -> StateSnapshot {
        StateSnapshot(entries: contents.entries, declarations: allDeclarations)
    }

    /// Every variable and key with its value, sorted by name (for `state save`).
    public func allValues() throws(StateError) -> [(key: String, value: Value)] {
        try Set(contents.entries.keys).union(allDeclarations.keys).sorted().map { key throws(StateError) in
            (key: key, value: try value(key))
        }
    }

    /// The keys of the core's namespaces that are set now (`commands.greet`), sorted.
    public var namespacedKeys: [String] {
        contents.entries.keys.filter { namespace(of: $0) != nil }.sorted()
    }

    /// The namespace `key` belongs to, if any.
    public func namespace(of key: String) -> StateNamespace? {
        guard let dot = key.firstIndex(of: ".") else { return nil }
        return namespaces[String(key[..<dot])]
    }

    // MARK: Writing

    /// Adds a namespace of keys the core makes up as it goes.
    public func register(_ namespace: StateNamespace) {
        namespaces[namespace.prefix] = namespace
    }

    /// Sets (or with nil, removes) a key of one of the core's namespaces.
    public func setNamespaced(_ key: String, to value: Value?) throws(StateError) {
        guard namespace(of: key) != nil else { throw .undeclaredKey(key, plugin: String(key.prefix { $0 != "." })) }
        write(key, value.map { StateEntry(value: $0, model: nil) })
    }

    /// Sets a user variable.
    public func setVariable(_ name: String, to value: Value) throws(StateError) {
        guard Self.isVariableName(name) else {
            if let owner = owner(of: name) { throw .readOnly(key: name, owner: owner) }
            throw .invalidName(name)
        }
        write(name, StateEntry(value: value, model: nil), isVariable: true)
    }

    /// Removes a user variable.
    public func unsetVariable(_ name: String) throws(StateError) {
        if let owner = owner(of: name) { throw .readOnly(key: name, owner: owner) }
        guard contents.entries[name] != nil else {
            throw .unknownName(name, suggestion: Suggestion.nearest(to: name, in: variableNames))
        }
        write(name, nil, isVariable: true)
    }

    /// Sets a typed key the plugin declared to `model`.
    public func set<Model>(_ key: StateKey<Model>, to model: Model, by plugin: String) throws(StateError) {
        try checkOwner(key.name, plugin)
        write(key.name, StateEntry(model: model) { key.encode(model) })
    }

    /// Sets a key the plugin declared to `value`, after checking and decoding it (a change
    /// an outside plugin proposes).
    public func set(_ key: String, to value: Value, by plugin: String) throws(StateError) {
        try checkOwner(key, plugin)
        let model = try declaration(of: key)?.checkedModel(of: value, reader: reader)
        write(key, StateEntry(value: value, model: model))
    }

    /// A plugin writes only the keys it declared: declared keys whose namespace is its name.
    private func checkOwner(_ key: String, _ plugin: String) throws(StateError) {
        // The key's first part as bytes: as Characters, every write of a key tested grapheme breaks.
        let owner = key.utf8.prefix { $0 != UInt8(ascii: ".") }
        guard declaration(of: key) != nil, owner.elementsEqual(plugin.utf8) else {
            throw .undeclaredKey(key, plugin: plugin)
        }
    }

    /// Replaces variables and plugin keys with `newValues` after checking every one —
    /// names, types, and each key's decode against the state being loaded (so references
    /// between keys are checked); nothing changes when any is refused.
    public func load(_ newValues: [(key: String, value: Value)]) throws(StateError) {
        var loaded: [String: Value] = [:]
        for (key, value) in newValues {
            if let namespace = namespace(of: key) {
                try namespace.check(key, value)
                loaded[key] = value
                continue
            }
            if declaration(of: key) == nil {
                guard key.contains(".") else {
                    guard Self.isVariableName(key) else { throw .invalidName(key) }
                    loaded[key] = value
                    continue
                }
                throw .undeclaredKey(key, plugin: owner(of: key) ?? String(key.prefix { $0 != "." }))
            }
            loaded[key] = value
        }
        let overlay = LoadOverlay(values: loaded, store: self)
        var models: [String: any Sendable] = [:]
        for (key, _) in newValues where declaration(of: key) != nil {
            models[key] = try overlay.model(key)
        }
        for (key, value) in newValues {
            write(key, StateEntry(value: value, model: models[key]))
        }
    }

    /// The models of the keys of a state being loaded, decoded against that state.
    private final class LoadOverlay {
        let values: [String: Value]
        let store: StateStore
        var models: [String: any Sendable] = [:]
        var decoding: Set<String> = []

        init(values: [String: Value], store: StateStore) {
            self.values = values
            self.store = store
        }

        func value(_ name: String) throws(StateError) -> Value {
            if let value = values[name] { return value }
            return try store.value(name)
        }

        func model(_ name: String) throws(StateError) -> any Sendable {
            if let model = models[name] { return model }
            guard let value = values[name], let declaration = store.declaration(of: name) else {
                return try store.untypedModel(name)
            }
            guard decoding.insert(name).inserted else {
                throw .invalidValue(key: name, reason: "its check depends on itself")
            }
            defer { decoding.remove(name) }
            let reader = StateReader(
                valueOf: { name throws(StateError) in try self.value(name) },
                modelOf: { name throws(StateError) in try self.model(name) })
            let model = try declaration.checkedModel(of: value, reader: reader)
            models[name] = model
            return model
        }
    }

    /// Writes (or with nil, removes) `key`; `isVariable` says it is a user variable's name,
    /// which has no dot.
    private func write(_ key: String, _ entry: consuming StateEntry?, isVariable: Bool = false) {
        contents.write(key, entry, isVariable: isVariable) { initialEntry(key) }
    }

    private func initialEntry(_ key: String) -> StateEntry? {
        guard let declaration = declaration(of: key) else { return nil }
        let (value, model) = declaration.makeInitial()
        return StateEntry(value: value, revision: 0, model: model)
    }

    // MARK: Changes and undo

    /// Opens a change inside the open one (or an outermost one); `label` is the text of the
    /// command, pipeline or script that makes it, which `undo` names.
    public func beginChange(label: ChangeLabel) {
        contents.changes.begin(label: label)
    }

    /// Opens a change labelled with this text.
    public func beginChange(label: String) {
        beginChange(label: ChangeLabel(label))
    }

    /// Closes the innermost change: merged into its parent, or, when outermost, kept as one
    /// undo step. Returns whether it changed anything.
    @discardableResult
    public func commitChange() -> Bool {
        contents.changes.commit()
    }

    /// Closes the innermost change, restoring every key it (and the changes it merged) wrote.
    public func rollBackChange() {
        contents.rollBack()
    }

    /// Runs `body` as one change: committed when it returns, rolled back when it throws.
    public func withChange<Result>(label: String, _ body: () throws -> Result) rethrows -> Result {
        beginChange(label: label)
        do {
            let result = try body()
            commitChange()
            return result
        } catch {
            rollBackChange()
            throw error
        }
    }

    /// Undoes the last change committed beside the innermost open one (a command runs in a
    /// change of its own, so `undo` undoes the command before it, at the same level: inside
    /// `run FILE`, the file's previous command). Returns its label, or nil when there is
    /// nothing to undo at that level.
    @discardableResult
    public func undo() -> String? {
        contents.undo()
    }

    /// Undoes outermost changes until only `checkpoint` of them remain (or none is left).
    public func rollBack(to checkpoint: Int) {
        while self.checkpoint > max(0, checkpoint), undo() != nil {}
    }

    // MARK: Names

    private var allNames: [String] {
        Array(Set(contents.entries.keys).union(allDeclarations.keys))
    }

    private func owner(of key: String) -> String? {
        guard let dot = key.firstIndex(of: ".") else { return nil }
        let namespace = String(key[..<dot])
        return allDeclarations.keys.contains { $0.hasPrefix(namespace + ".") } ? namespace : nil
    }

    /// Whether `name` can name a user variable: a letter or `_`, then letters, digits, `_`.
    public static func isVariableName(_ name: String) -> Bool {
        NameRule.isName(name)
    }
}
