import ShopValues
import Synchronization
import Testing

/// Versions of a ``GrowingList`` share their first elements and never see each other's appends.
@Suite struct GrowingListTests {
    /// Counts the instances alive, to see that every element is freed exactly once.
    final class Tracked: Sendable {
        static let alive = Atomic<Int>(0)
        let id: Int

        init(_ id: Int) {
            self.id = id
            Self.alive.add(1, ordering: .relaxed)
        }

        deinit {
            Self.alive.subtract(1, ordering: .relaxed)
        }
    }

    @Test func eachVersionKeepsItsOwnElementsWhileOthersGrow() {
        let first: GrowingList = [1, 2, 3]
        var second = first
        second.append(contentsOf: [4, 5])
        var third = first
        third.append(9)
        var fourth = second
        fourth.append(contentsOf: 6...40)
        #expect(Array(first) == [1, 2, 3])
        #expect(Array(second) == [1, 2, 3, 4, 5])
        #expect(Array(third) == [1, 2, 3, 9])
        #expect(Array(fourth) == Array(1...5) + Array(6...40))
        #expect(second == [1, 2, 3, 4, 5])
        #expect(second != third)
        #expect(GrowingList<Int>().isEmpty)
    }

    /// The elements of a version are read in place, without those another version appended.
    @Test func eachVersionsElementsAreOneRun() {
        let first: GrowingList = [1, 2, 3]
        var second = first
        second.append(contentsOf: 4...20)
        #expect(first.withContiguousStorageIfAvailable { Array($0) } == [1, 2, 3])
        #expect(second.withContiguousStorageIfAvailable { Array($0) } == Array(1...20))
        #expect(GrowingList<Int>().withContiguousStorageIfAvailable { $0.count } == 0)
    }

    @Test func aListGrownAlonePastWhatItDroppedReusesTheRoom() {
        var list: GrowingList = [1, 2, 3]
        do {
            var longer = list
            longer.append(contentsOf: [4, 5])
        }
        list.append(7)
        #expect(Array(list) == [1, 2, 3, 7])
    }

    @Test func everyElementIsFreedOnceWhateverTheVersions() {
        #expect(Tracked.alive.load(ordering: .relaxed) == 0)
        do {
            var base = GrowingList((0..<20).map(Tracked.init))
            var kept = [base]
            for page in 1...10 {
                base.append(contentsOf: (0..<15).map { Tracked(page * 100 + $0) })
                kept.append(base)
            }
            var branch = kept[3]
            branch.append(Tracked(-1))
            #expect(kept[3].count == 20 + 45)
            #expect(branch.last?.id == -1)
            #expect(kept.last?.count == 20 + 150)
        }
        #expect(Tracked.alive.load(ordering: .relaxed) == 0)
    }

    @Test func versionsAppendedToOnSeveralThreadsAtOnceStayApart() async {
        let shared = GrowingList(0..<100)
        let grown = await withTaskGroup(of: GrowingList<Int>.self) { group in
            for task in 1...8 {
                group.addTask {
                    var list = shared
                    for round in 0..<200 { list.append(task * 1000 + round) }
                    return list
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for list in grown {
            let task = (list.last ?? 0) / 1000
            #expect(Array(list) == Array(0..<100) + (0..<200).map { task * 1000 + $0 })
        }
        #expect(Array(shared) == Array(0..<100))
    }
}
