import Testing

@testable import PluginHost

@Suite struct LineSplitterTests {
    private func lines(_ chunks: [String], limit: Int = 16) -> [String] {
        var splitter = LineSplitter(limit: limit)
        var out: [String] = []
        for chunk in chunks {
            splitter.append(Array(chunk.utf8)) { piece in
                switch piece {
                case .line(let bytes): out.append(String(decoding: bytes, as: UTF8.self))
                case .overlong(let prefix): out.append("overlong:" + String(decoding: prefix, as: UTF8.self))
                }
            }
        }
        return out
    }

    @Test func linesSplitAcrossReadsAreJoined() {
        #expect(lines(["{\"a\"", ":1}\n{\"b\":2}\n{"]) == ["{\"a\":1}", "{\"b\":2}"])
    }

    @Test func aLineOverTheLimitIsRefusedOnceAndWhatFollowsIgnored() {
        #expect(lines(["0123456789", "0123456789\nok\n"]) == ["overlong:01234567890123456789"])
        #expect(lines(["01234567890123456789\nok\n"]) == ["overlong:01234567890123456789"])
    }

    @Test func aLineOfExactlyTheLimitPasses() {
        #expect(lines(["0123456789abcdef\n"]) == ["0123456789abcdef"])
    }
}
