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
}
