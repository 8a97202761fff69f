import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// The wording of messages about state, set, the registry, suggestions and places: one line
/// each.
@Suite struct ClearerWordsTests {
    private func session() throws -> TestSession {
        try TestSession(plugins: [CounterPlugin()])
    }

    private func load(_ values: String, into shop: TestSession) async throws -> String {
        let path = shop.stateDirectory + "/state.json"
        try FileSystem.writeAtomically(Array("{\"shopState\": 1, \"values\": {\(values)}}".utf8), to: path)
        return await shop.run("state load state.json")
    }

    @Test(arguments: [#""""#, #""a b;c""#])
    func stateLoadRefusesAnInvalidVariableName(_ name: String) async throws {
        let shop = try session()
        let printed = try await load("\(name): 1", into: shop)
        #expect(printed.hasPrefix("error: invalid variable name '"))
    }

    @Test func oneKeyIsOneKey() async throws {
        let shop = try session()
        #expect(try await load(#""x": 1"#, into: shop) == "loaded 1 key from state.json\n")
        #expect(await shop.run("unset x; state save one.json").hasPrefix("saved 1 key to one.json"))
    }

    @Test func setWithoutValueOrInputSaysBoth() async throws {
        #expect(
            try await session().run("set y")
                == "error: set: no VALUE and no input: give a value, or use it after '|' as in '… | set y' (usage: set NAME [VALUE])\n"
        )
    }

    @Test func anUnknownWordAfterAGroupNamesTheGroup() async throws {
        #expect(try await session().run("state foo") == "error: unknown state command 'foo'\n")
        #expect(
            try await session().run("state kyes")
                == "error: unknown state command 'kyes' (did you mean 'state keys'?)\n")
        #expect(try await !session().run("history 1").hasPrefix("error"), "a core default that takes arguments")
    }

    @Test func unknownVariablesSuggestVariablesAndKeysSuggestKeys() async throws {
        let shop = try session()
        await shop.run("set countr 1")
        #expect(await shop.run("echo $counte") == "error: unknown variable 'counte' (did you mean 'countr'?)\n")
        #expect(
            await shop.run("echo ${counter.valeu}")
                == "error: unknown variable 'counter.valeu' (did you mean 'counter.value'?)\n")
    }

    @Test func errorsInsideRunKeepTheirPlaceEvenWhereOthersHaveNone() async throws {
        let shop = try session()
        try FileSystem.writeAtomically(Array("set x 1\nnosuch\n".utf8), to: shop.stateDirectory + "/f.shopscript")
        #expect(await shop.run("run f.shopscript") == "error: f.shopscript:2:1: unknown command 'nosuch'\n")
        #expect(await shop.run("nosuch") == "error: unknown command 'nosuch'\n")
    }
}
