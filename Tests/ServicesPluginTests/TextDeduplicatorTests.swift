import Testing

@testable import ServicesPlugin

@Suite struct TextDeduplicatorTests {
    private func string(_ text: String, from deduplicator: inout TextDeduplicator) -> String {
        Array(text.utf8).withUnsafeBufferPointer { deduplicator.string(for: $0) }
    }

    @Test func repeatedTextSharesOneString() {
        var deduplicator = TextDeduplicator()
        var first = string("Window cleaning, two-room flat", from: &deduplicator)
        var second = string("Window cleaning, two-room flat", from: &deduplicator)
        #expect(first == second)
        let shared = first.withUTF8 { one in second.withUTF8 { two in one.baseAddress == two.baseAddress } }
        #expect(shared)
    }

    @Test func everyTextComesBackExactlyWhateverTheSlots() {
        var deduplicator = TextDeduplicator()
        let texts = (0..<(3 * TextDeduplicator.slotCount)).map { "Service number \($0) — Ünïcödé" }
        for _ in 0..<2 {
            for text in texts {
                #expect(string(text, from: &deduplicator) == text)
            }
        }
        #expect(string("short", from: &deduplicator) == "short")
        #expect(
            Array([0x41, 0xFF, 0x42] + Array("0123456789abcdef".utf8)).withUnsafeBufferPointer {
                deduplicator.string(for: $0)
            } == "A\u{FFFD}B0123456789abcdef")
    }

    /// Whether two strings share their storage.
    private func areShared(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { one in second.withUTF8 { two in one.baseAddress == two.baseAddress } }
    }

    @Test func afterASampleOfTextThatNeverRepeatsItStopsLookingForAWhileThenLooksAgain() {
        var deduplicator = TextDeduplicator()
        let sample = TextDeduplicator.sampleSize
        for number in 0..<(sample - 1) {
            _ = string("A title that never repeats, number \(number)", from: &deduplicator)
        }
        // The sample ends with no repeat in it: the next strings are made without looking.
        let last = string("A title that repeats later on", from: &deduplicator)
        let paused = string("A title that repeats later on", from: &deduplicator)
        #expect(paused == last && !areShared(paused, last))
        for number in 0..<(TextDeduplicator.pauseLength - 1) {
            _ = string("Another title, number \(number)", from: &deduplicator)
        }
        let looked = string("A title looked for again", from: &deduplicator)
        #expect(areShared(string("A title looked for again", from: &deduplicator), looked))
    }

    @Test func textThatRepeatsKeepsBeingShared() {
        var deduplicator = TextDeduplicator()
        let titles = (0..<12).map { "A title that comes back often: \($0)" }
        var first: [String: String] = [:]
        for round in 0..<(4 * TextDeduplicator.sampleSize) {
            let title = titles[round % titles.count]
            let made = string(title, from: &deduplicator)
            if let earlier = first[title] { #expect(areShared(made, earlier)) } else { first[title] = made }
        }
    }
}
