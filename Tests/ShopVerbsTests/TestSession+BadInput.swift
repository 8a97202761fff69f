import ShopRuntime
import ShopTestSupport
import Testing

extension TestSession {
    /// Runs `line`, which must fail with `expected` as its one line, and checks that what
    /// `state` (commands that show the state) prints is the same before and after.
    func expectOneLineFailure(
        _ line: String, _ expected: String, keeping state: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let before = await run(state)
        let (outcome, printed) = await outcome(of: line)
        #expect(printed == expected + "\n", sourceLocation: sourceLocation)
        #expect(outcome.failures == 1, sourceLocation: sourceLocation)
        #expect(await run(state) == before, sourceLocation: sourceLocation)
    }
}
