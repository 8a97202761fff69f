import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

/// The small data the exploring verbs (join, into, date, str, describe, columns, --item) are
/// tested on, and the check every bad input of theirs passes.
enum ExploringFixture {
    /// A session with cities, people, releases and a few other variables, and a counter at 2.
    static func session(format: OutputFormat = .json) async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()], format: format)
        await shop.run(
            """
            counter add 2 --quiet
            set cities [{id: 1, city: Oslo, country: NO}, {id: 2, city: Lima, country: PE}, {id: 3, city: Pune, country: IN}]
            set people [{name: Ann, city_id: 2}, {name: Bo, city_id: 9}, {name: Cy, city_id: 2}, {name: Di, city_id: 1}]
            set releases [{version: '4.10', released: '2008-10-30', eol: '2010-04-30'}, {version: '6.06', released: '2006-06-01T10:00:00+02:00', eol: '2011-06-01'}]
            set items [{id: 1, name: bolt}, {id: 2, name: nut}]
            set tiers [{id: 1, tier: gold}]
            set rows [{released: '2026-01-01'}, {released: '2026-02-30'}]
            set words [alpha, be]
            """)
        return shop
    }

    /// Checks that `line` fails with the one line `expected` and leaves variables, state and
    /// the counter as they were.
    static func expectOneLineError(_ line: String, _ expected: String) async throws {
        let shop = try await session(format: .table)
        let before = await shop.run("state save state.json --force; vars; counter")
        let (outcome, printed) = await shop.outcome(of: line)
        #expect(printed == expected + "\n")
        #expect(outcome.failures == 1)
        #expect(await shop.run("state save state.json --force; vars; counter") == before)
    }
}
