import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopState

@Suite struct StateStoreTests {
    private func store() -> StateStore {
        StateStore(declarations: CounterPlugin().stateKeys)
    }

    @Test func pluginKeysStartLazilyAndVariablesAreWritable() throws {
        let store = store()
        #expect(try store.value("counter.value") == .int(0))
        try store.setVariable("budget", to: 2000)
        #expect(try store.value("budget") == .int(2000))
        #expect(store.variableNames == ["budget"])
        #expect(store.pluginKeys == ["counter.value"])
    }

    @Test func aLaterPluginsKeysAreFoundWhenADottedNameIsNoneOfTheOthers() throws {
        var asked = 0
        let late = StateKeyDeclaration(key: "late.k", abstract: "", initialValue: { .int(7) })
        let store = StateStore(declarations: CounterPlugin().stateKeys) {
            asked += 1
            return [late]
        }
        try store.setVariable("x", to: 1)
        #expect(try store.value("x") == .int(1))
        #expect(try store.value("counter.value") == .int(0))
        #expect(throws: StateError.self) { try store.value("nosuch") }
        #expect(asked == 0)
        #expect(try store.value("late.k") == .int(7))
        #expect(store.pluginKeys == ["counter.value", "late.k"])
        #expect(asked == 1)
        #expect(store.pluginKeys.count == 2 && asked == 1)
        let everyKey = StateStore(declarations: []) {
            asked += 1
            return [late]
        }
        #expect(everyKey.pluginKeys == ["late.k"], "a question about every key finds them too")
    }

    @Test func pluginKeysAreReadOnlyToUsersAndOtherPlugins() {
        let store = store()
        #expect(throws: StateError.readOnly(key: "counter.value", owner: "counter")) {
            try store.setVariable("counter.value", to: 1)
        }
        #expect(throws: StateError.undeclaredKey("counter.value", plugin: "services")) {
            try store.set("counter.value", to: 1, by: "services")
        }
        #expect(throws: StateError.undeclaredKey("counter.other", plugin: "counter")) {
            try store.set("counter.other", to: 1, by: "counter")
        }
        #expect(throws: StateError.invalidName("a.b")) { try store.setVariable("a.b", to: 1) }
        #expect(throws: StateError.invalidName("1x")) { try store.setVariable("1x", to: 1) }
    }

    @Test func unknownNamesSuggestTheNearest() {
        let store = store()
        #expect(throws: StateError.unknownName("counter.valu", suggestion: "counter.value")) {
            try store.value("counter.valu")
        }
    }

    @Test func undoRestoresOneChangeAtATime() throws {
        let store = store()
        for value in [1, 2, 3] {
            store.beginChange(label: "set x \(value)")
            try store.setVariable("x", to: .int(value))
            try store.set("counter.value", to: .int(value * 10), by: "counter")
            store.commitChange()
        }
        #expect(store.checkpoint == 3)
        #expect(store.undo() == "set x 3")
        #expect(try store.value("x") == .int(2))
        #expect(try store.value("counter.value") == .int(20))
        store.rollBack(to: 0)
        #expect(store.variableNames.isEmpty)
        #expect(try store.value("counter.value") == .int(0))
        #expect(store.undo() == nil)
    }

    @Test func aChangeWithoutWritesIsNotAnUndoStep() {
        let store = store()
        store.beginChange(label: "test")
        #expect(store.commitChange() == false)
        #expect(store.checkpoint == 0)
    }

    @Test func rollingBackAChangeRestoresEveryKeyItWrote() throws {
        let store = store()
        try store.setVariable("x", to: 1)
        store.beginChange(label: "test")
        try store.setVariable("x", to: 2)
        try store.setVariable("y", to: 3)
        try store.set("counter.value", to: 9, by: "counter")
        store.rollBackChange()
        #expect(try store.value("x") == .int(1))
        #expect((try? store.value("y")) == nil)
        #expect(try store.value("counter.value") == .int(0))
    }

    @Test func aKeyWrittenAgainAroundNestedChangesIsRestoredToItsFirstValue() throws {
        struct Refused: Error {}
        let store = store()
        try store.setVariable("x", to: 1)
        try store.withChange(label: "outer") {
            for value in 2...3 { try store.setVariable("x", to: .int(value)) }
            let rolledBack: Void? = try? store.withChange(label: "inner, rolled back") {
                try store.setVariable("x", to: 4)
                throw Refused()
            }
            #expect(rolledBack == nil)
            try store.setVariable("x", to: 5)
            try store.withChange(label: "inner, kept") { try store.setVariable("x", to: 6) }
            try store.setVariable("x", to: 7)
        }
        #expect(try store.value("x") == .int(7))
        #expect(store.undo() == "outer")
        #expect(try store.value("x") == .int(1))
    }

    @Test func revisionsChangeWithEveryWriteAndRestore() throws {
        let store = store()
        let before = store.revision(of: "counter.value")
        store.beginChange(label: "test")
        try store.set("counter.value", to: 1, by: "counter")
        store.commitChange()
        let written = store.revision(of: "counter.value")
        #expect(written != before)
        _ = store.undo()
        #expect(store.revision(of: "counter.value") != written)
    }

    @Test func loadChecksEveryValueBeforeChangingAny() throws {
        let store = store()
        try store.setVariable("x", to: 1)
        #expect(throws: StateError.invalidValue(key: "counter.value", reason: "expected a whole number")) {
            try store.load([("x", .int(5)), ("counter.value", .string("many"))])
        }
        #expect(try store.value("x") == .int(1))
        try store.load([("x", .int(5)), ("counter.value", .int(7))])
        #expect(try store.value("counter.value") == .int(7))
    }

    @Test func snapshotsReadLazyKeysWithoutChangingTheStore() throws {
        let store = store()
        try store.setVariable("x", to: 1)
        let snapshot = store.snapshot()
        #expect(snapshot["counter.value"] == .int(0))
        #expect(snapshot.names == ["counter.value", "x"])
        #expect(snapshot.variableNames == ["x"])
    }
}
