import BuiltInPlugins
import ShopTestSupport
import Testing

/// Every example in every command's metadata runs cleanly in a fresh session with the real plugins.
@Suite struct ExampleTests {
    @Test func everyDeclaredExampleSucceeds() async throws {
        let failures = try await ExampleCheck.failures(plugins: BuiltInPlugins.all)
        #expect(failures == [])
    }
}
