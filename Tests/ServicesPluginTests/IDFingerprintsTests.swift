import Testing

@testable import ServicesPlugin

@Suite struct IDFingerprintsTests {
    @Test(
        arguments: [
            ([], true), ([7], true), ([1, 2], true), ([2, 2], false), ([3, 1, 2], true),
            ([UInt64.max, 0, UInt64.max], false),
        ] as [([UInt64], Bool)])
    func aRepeatIsFound(fingerprints: [UInt64], distinct: Bool) {
        #expect(IDFingerprints.areDistinct(fingerprints) == distinct)
    }

    @Test func aRepeatAmongAHundredThousandIsFoundWhereverItIs() {
        var generator = SystemRandomNumberGenerator()
        let distinct = (0..<100_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        #expect(IDFingerprints.areDistinct(distinct))
        for (first, second) in [(0, 99_999), (50_000, 50_001), (12_345, 67_890)] {
            var repeated = distinct
            repeated[second] = repeated[first]
            #expect(!IDFingerprints.areDistinct(repeated))
        }
    }

    @Test func equalBytesHashAlikeAndDifferentOnesApart() {
        func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBufferPointer(ByteHash.of) }
        #expect(hash("svc-0000001") == hash("svc-0000001"))
        let ids = (0..<10_000).map { "svc-\($0)" }
        #expect(Set(ids.map(hash)).count == ids.count)
    }
}
