import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// Ctrl-C (the run's task cancelled) stops a sort, a join and a group of a million rows while
/// they work, soon, and leaves variables and state as they were; so too a row of a sorted table
/// read alone, whose order is found on the reader's thread.
@Suite struct TableCancellationTests {
    /// A session whose folder holds `big.csv` (a million rows: id, a key of a thousand
    /// strings, a number) and `tiers.csv` (every hundredth id with a tier).
    private func session() async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()])
        var big = Array("id,k,v\n".utf8)
        big.reserveCapacity(24_000_000)
        var tiers = Array("id,tier\n".utf8)
        for id in 0..<1_000_000 {
            big += "\(id),k\(id * 7 % 1000),\(id * 7919 % 100_003)\n".utf8
            if id % 100 == 0 { tiers += "\(id),t\(id % 3)\n".utf8 }
        }
        try FileSystem.writeAtomically(big, to: shop.stateDirectory + "/big.csv")
        try FileSystem.writeAtomically(tiers, to: shop.stateDirectory + "/tiers.csv")
        await shop.run("counter add 2 --quiet; set tiers $(open tiers.csv)")
        return shop
    }

    @Test func ctrlCStopsASortAJoinAGroupAndASortedRowReadOfAMillionRowsAndChangesNothing() async throws {
        let shop = try await session()
        let before = await shop.run("vars; counter")
        for pipeline in [
            "open big.csv | sort k v desc id | take 10", "open big.csv | join $tiers --on id --left | count",
            "open big.csv | group k --count --sum v", "open big.csv | sort k v desc id | skip 500000 | first | get id",
        ] {
            let line = "set result $(\(pipeline))"
            // The whole run once, to cancel the next one a quarter of the way through, when
            // the file is read and the verb is at work; a run that ends before its cancel
            // (the machine was busier the first time) is run again, cancelled sooner.
            let clock = ContinuousClock()
            let start = clock.now
            let (whole, _) = await shop.outcome(of: line)
            var delay = (clock.now - start) / 4
            #expect(whole.failures == 0 && !whole.interrupted, "\(pipeline)")
            await shop.run("unset result")
            var interrupted = false
            for _ in 0..<6 where !interrupted {
                let task = Task { await shop.outcome(of: line) }
                try await Task.sleep(for: delay)
                let cancelled = clock.now
                task.cancel()
                let (outcome, _) = await task.value
                // A safety net ten times the goal: the answer comes back as soon as the work stops.
                #expect(clock.now - cancelled < .seconds(2), "\(pipeline)")
                interrupted = outcome.interrupted
                if !interrupted { await shop.run("unset result") }
                #expect(await shop.run("vars; counter") == before, "\(pipeline)")
                delay /= 4
            }
            #expect(interrupted, "\(pipeline)")
        }
    }
}
