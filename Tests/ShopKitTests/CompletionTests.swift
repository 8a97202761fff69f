import ShopTestSupport
import Testing

@testable import ShopKit

@Suite struct CompletionTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
        FileSystem.createDirectory(shop.stateDirectory + "/scripts")
        try FileSystem.writeAtomically([], to: shop.stateDirectory + "/scripts/tour.shopscript")
    }

    private func context() async throws -> CompletionContext {
        await shop.run("set budget 1; set buyer 2")
        return await shop.session.completionContext()
    }

    @Test(arguments: [
        ("ec", "ec", ["echo"]),
        ("count", "count", ["count", "counter"]),
        ("counter ", "", ["add", "fail", "plus", "show", "sum"]),
        ("counter a", "a", ["add"]),
        ("counter add ", "", ["1", "10", "100"]),
        ("counter add 5 --q", "--q", ["--quiet"]),
        ("state g", "g", ["get"]),
        ("state get cou", "cou", ["counter.value"]),
        ("echo $bu", "$bu", ["$budget", "$buyer"]),
        ("echo ${coun", "${coun", ["${counter.value}"]),
        ("unset b", "b", ["budget", "buyer"]),
        ("help coun", "coun", ["count", "counter"]),
        ("help counter ", "", ["add", "fail", "plus", "show", "sum"]),
        ("format ", "", ["json", "plain", "table"]),
        ("counter show | wh", "wh", ["where"]),
        ("run scr", "scr", ["scripts/"]),
        ("run scripts/t", "scripts/t", ["scripts/tour.shopscript"]),
        ("expect 1 ", "", ["!=", "<", "<=", "==", ">", ">=", "contains", "matches"]),
        ("nosuch ", "", []),
    ])
    func tabOffersWhatTheMetadataDeclares(line: String, prefix: String, candidates: [String]) async throws {
        let completion = try await context().complete(line)
        #expect(completion.prefix == prefix)
        #expect(completion.candidates == candidates)
    }
}
