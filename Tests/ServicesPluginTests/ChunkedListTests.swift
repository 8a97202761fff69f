import Testing

@testable import ServicesPlugin

@Suite struct ChunkedListTests {
    static let chunk = ChunkedList<String>.chunkCapacity

    @Test(arguments: [[0], [1, 0, 2], [chunk - 1, chunk, chunk + 1], [3 * chunk + 5, 7]])
    func listsJoinInOrderWhateverTheirChunks(counts: [Int]) {
        var next = 0
        let lists = counts.map { count in
            let list = ChunkedList<String>()
            for _ in 0..<count {
                list.append("element \(next)")
                next += 1
            }
            return list
        }
        #expect(lists.map(\.count) == counts)
        #expect(lists.flatMap { Array($0) } == (0..<next).map { "element \($0)" })
        #expect(ChunkedList.joined(lists) == (0..<next).map { "element \($0)" })
        #expect(lists.allSatisfy { $0.count == 0 })
        #expect(ChunkedList.joined(lists).isEmpty)
    }

    @Test func aListThatIsNotJoinedReleasesWhatItHolds() {
        weak var released: Witness?
        do {
            let list = ChunkedList<Witness>()
            let witness = Witness()
            released = witness
            list.append(witness)
        }
        #expect(released == nil)
    }

    private final class Witness {}
}
