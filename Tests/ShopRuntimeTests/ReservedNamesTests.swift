import Testing

@testable import ShopPluginAPI
@testable import ShopRuntime
@testable import ShopWire

@Suite struct ReservedNamesTests {
    /// The literal list is what the core declares: its commands, aliases and groups, and the
    /// language's own words.
    @Test func theReservedNamesAreTheCoresNamesAndTheLanguagesWords() {
        var names: Set<String> = ["it", "env", "args", "commands"]
        for command in CoreCommands.all {
            names.insert(command.spec.path[0])
            names.formUnion(command.spec.aliases)
        }
        #expect(PluginManifest.reservedNames == names.sorted())
    }

    @Test func aNameIsReservedExactly() {
        for name in PluginManifest.reservedNames { #expect(PluginManifest.isReserved(name)) }
        for name in ["", "a", "promo", "zzz", "echoes", "stat"] { #expect(!PluginManifest.isReserved(name)) }
    }
}
