import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopLanguage

/// Runs `marked` as the script `bad.shopscript` in a fresh session and checks that it prints
/// exactly one error, at the `1️⃣` marker (line 1, column 1 without one), and that no
/// variable was left set.
func expectOneError(
    in marked: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) async throws {
    let input = MarkedText(marked)
    let shop = try TestSession(plugins: [CounterPlugin()], showsErrorLocations: true)
    let (outcome, printed) = await shop.outcome(of: input.text, file: "bad.shopscript")
    let place = input.locations["1️⃣"].map { "\($0.line):\($0.column)" } ?? "1:1"
    #expect(printed == "error: bad.shopscript:\(place): \(message)\n", sourceLocation: sourceLocation)
    #expect(outcome.failures == 1, sourceLocation: sourceLocation)
    #expect(await shop.run("vars | count") == "0\n", sourceLocation: sourceLocation)
}

/// Parses `marked` and checks that it has exactly one diagnostic, at the `1️⃣` marker.
func expectDiagnostic(in marked: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let input = MarkedText(marked)
    let script = Parser.parse(input.text, file: "bad.shopscript")
    let place = input.locations["1️⃣"].map { [$0.line, $0.column] }
    #expect(script.diagnostics.map(\.message) == [message], sourceLocation: sourceLocation)
    #expect(
        script.diagnostics.first.map { [$0.location.line, $0.location.column] } == place, sourceLocation: sourceLocation
    )
}
