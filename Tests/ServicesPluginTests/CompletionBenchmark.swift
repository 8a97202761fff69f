import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import ShopValues
import Testing

@testable import ServicesPlugin

#if canImport(Glibc)
    import Glibc
#endif

/// Tab completion of ids on a large catalog: run by `Scripts/bench-services` (in release
/// mode) with `SERVICES_BENCH_CATALOG` naming a generated catalog; skipped otherwise.
@Suite struct CompletionBenchmark {
    static let catalog = ProcessEnvironmentVariable.value("SERVICES_BENCH_CATALOG")

    @Test(.enabled(if: catalog != nil))
    func completingAnIdPrefixOnALargeCatalogIsFast() async throws {
        let shop = try ServicesShop()
        let path = try #require(Self.catalog)
        let loaded = await shop.run("services load '\(path)'")
        #expect(loaded.hasPrefix("loaded "))
        let context = await shop.session.session.completionContext()
        var timings: [Double] = []
        var candidates: [String] = []
        for round in 0..<21 {
            let prefix = "services toggle svc-0\(100 + round * 37)"
            let start = BenchmarkClock.now
            candidates = context.complete(prefix).candidates
            timings.append(BenchmarkClock.milliseconds(since: start))
        }
        let items = try #require(await shop.session.session.completionContext().state["services.items"]?.listValue)
        let sortStart = BenchmarkClock.now
        let order = IDOrder.sortedPositions(of: items)
        let sorting = BenchmarkClock.format(BenchmarkClock.milliseconds(since: sortStart))
        print("completion-benchmark ordering \(order.count) ids from scratch: \(sorting) ms")
        let first = timings[0]
        let median = timings.dropFirst().sorted()[timings.count / 2 - 1]
        print(
            "completion-benchmark first \(BenchmarkClock.format(first)) ms, median \(BenchmarkClock.format(median)) ms")
        #expect(!candidates.isEmpty)
        #expect(median <= 10)
    }

    /// A monotonic clock for the benchmark.
    private enum BenchmarkClock {
        static var now: Double {
            var spec = timespec()
            clock_gettime(CLOCK_MONOTONIC, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }

        static func milliseconds(since start: Double) -> Double { (now - start) * 1000 }

        static func format(_ milliseconds: Double) -> String {
            String(Double(Int(milliseconds * 1000)) / 1000)
        }
    }

    /// Reads an environment variable.
    private enum ProcessEnvironmentVariable {
        static func value(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }
        }
    }
}
