import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopState

/// The store's stack of changes: inner commits merge into their parent, inner rollbacks
/// restore only themselves, only the outermost commit is an undo step, and undo is bounded.
@Suite struct NestedChangeTests {
    private func store() -> StateStore {
        StateStore(declarations: CounterPlugin().stateKeys)
    }

    @Test func anInnerCommitMergesIntoItsParentAndOnlyTheOutermostIsAStep() throws {
        let store = store()
        store.beginChange(label: "run f.shopscript")
        for value in 1...3 {
            try store.withChange(label: "set x \(value)") { try store.setVariable("x", to: .int(value)) }
        }
        store.commitChange()
        #expect(store.checkpoint == 1)
        #expect(store.undo() == "run f.shopscript")
        #expect(store.variableNames.isEmpty)
        #expect(store.undo() == nil)
    }

    @Test func anInnerRollbackRestoresOnlyTheInnerChange() throws {
        let store = store()
        store.beginChange(label: "outer")
        try store.setVariable("x", to: 1)
        store.beginChange(label: "inner")
        try store.setVariable("x", to: 2)
        try store.set("counter.value", to: 5, by: "counter")
        store.rollBackChange()
        #expect(try store.value("x") == .int(1))
        #expect(try store.value("counter.value") == .int(0))
        store.commitChange()
        #expect(store.undo() == "outer")
        #expect(store.variableNames.isEmpty)
    }

    @Test func rollingBackTheOuterChangeUndoesWhatItsChildrenCommitted() throws {
        let store = store()
        try store.setVariable("x", to: 0)
        store.beginChange(label: "run f")
        try store.withChange(label: "set x 1") { try store.setVariable("x", to: 1) }
        try store.withChange(label: "set y 1") { try store.setVariable("y", to: 1) }
        store.rollBackChange()
        #expect(try store.value("x") == .int(0))
        #expect(store.variableNames == ["x"])
        #expect(store.checkpoint == 0)
    }

    @Test func undoInsideAChangeUndoesThePreviousChangeAtThatLevel() throws {
        let store = store()
        try store.withChange(label: "set x 0") { try store.setVariable("x", to: 0) }
        store.beginChange(label: "run f")
        try store.withChange(label: "set x 1") { try store.setVariable("x", to: 1) }
        store.beginChange(label: "undo")
        #expect(store.undo() == "set x 1")
        #expect(store.undo() == nil, "nothing before the script's first command, at its level")
        store.commitChange()
        #expect(try store.value("x") == .int(0))
        #expect(store.commitChange() == false, "the script changed nothing in the end")
        #expect(store.undo() == "set x 0")
    }

    @Test func withChangeRollsBackWhenItsBodyThrows() throws {
        let store = store()
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try store.withChange(label: "set x 1; fail") {
                try store.setVariable("x", to: 1)
                throw Failure()
            }
        }
        #expect(store.variableNames.isEmpty)
        #expect(store.checkpoint == 0)
    }

    @Test func undoKeepsTheLastThousandStepsAndForgetsOlderOnes() throws {
        let store = store()
        let steps = StateStore.undoLimit + 50
        for value in 1...steps {
            try store.withChange(label: "set x \(value)") { try store.setVariable("x", to: .int(value)) }
        }
        #expect(store.checkpoint == steps)
        var undone = 0
        while store.undo() != nil { undone += 1 }
        #expect(undone == StateStore.undoLimit)
        #expect(try store.value("x") == .int(50))
    }

    @Test func aLongChangeKeepsOnePreviousValuePerKeyAndRestoresAllOfIt() throws {
        let store = store()
        try store.setVariable("x", to: 0)
        store.beginChange(label: "run long.shopscript")
        for value in 1...(3 * StateStore.undoLimit) {
            try store.withChange(label: "set x") { try store.setVariable("x", to: .int(value)) }
            try store.withChange(label: "set v\(value % 7)") { try store.setVariable("v\(value % 7)", to: 1) }
        }
        store.rollBackChange()
        #expect(store.variableNames == ["x"])
        #expect(try store.value("x") == .int(0))
    }

    @Test func undoBringsTheModelBackWithTheValue() throws {
        let store = store()
        try store.withChange(label: "counter add 3") { try store.set(CounterPlugin.value, to: 3, by: "counter") }
        try store.withChange(label: "counter add 4") { try store.set(CounterPlugin.value, to: 7, by: "counter") }
        #expect(try store.model(CounterPlugin.value) == 7)
        store.undo()
        #expect(try store.model(CounterPlugin.value) == 3)
        #expect(try store.value("counter.value") == .int(3))
    }

    @Test func undoInsideAChangeThatWroteAlreadyRestoresOnlyThePreviousStep() throws {
        let store = store()
        try store.withChange(label: "set x 1") { try store.setVariable("x", to: 1) }
        store.beginChange(label: "set y 2; undo")
        try store.setVariable("y", to: 2)
        #expect(store.undo() == "set x 1")
        try store.setVariable("z", to: 3)
        store.commitChange()
        #expect(store.variableNames == ["y", "z"])
        #expect(store.undo() == "set y 2; undo")
        #expect(store.variableNames.isEmpty)
        #expect(store.checkpoint == 0)
    }

    @Test func aChangeWritingManyKeysRestoresEachOnce() throws {
        let store = store()
        let keys = (0..<(3 * Journal.indexThreshold)).map { "v\($0)" }
        for key in keys { try store.setVariable(key, to: 0) }
        store.beginChange(label: "many")
        for round in 1...3 {
            for key in keys { try store.setVariable(key, to: .int(round)) }
        }
        store.commitChange()
        #expect(store.undo() == "many")
        for key in keys { #expect(try store.value(key) == .int(0)) }
    }

    @Test func forgottenStepsStayForgottenOverManyLimits() throws {
        let store = store()
        let steps = 3 * StateStore.undoLimit + 7
        for value in 1...steps {
            try store.withChange(label: "set x \(value)") {
                try store.setVariable("x", to: .int(value))
                try store.setVariable("y\(value % 3)", to: .int(value))
            }
        }
        #expect(store.undo() == "set x \(steps)")
        var undone = 1
        while store.undo() != nil { undone += 1 }
        #expect(undone == StateStore.undoLimit)
        #expect(try store.value("x") == .int(steps - StateStore.undoLimit))
        #expect(store.checkpoint == steps - StateStore.undoLimit)
    }

    @Test func anOuterChangeKeepsTheFirstValueOfKeysItsForgottenChildrenWrote() throws {
        let store = store()
        try store.setVariable("x", to: 0)
        store.beginChange(label: "run long.shopscript")
        for value in 1...(StateStore.undoLimit + 10) {
            try store.withChange(label: "set x \(value)") { try store.setVariable("x", to: .int(value)) }
        }
        store.beginChange(label: "undo")
        #expect(store.undo() == "set x \(StateStore.undoLimit + 10)")
        store.commitChange()
        #expect(try store.value("x") == .int(StateStore.undoLimit + 9))
        store.commitChange()
        #expect(store.undo() == "run long.shopscript")
        #expect(try store.value("x") == .int(0))
    }
}
