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

    /// Runs `line`, which must still run after 200 ms, presses Ctrl-C (cancels it), and checks
    /// that it ends interrupted, printing only that, and that what `state` prints is the same.
    func expectCtrlCStops(_ line: String, keeping state: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let before = await run(state)
        let session = self.session
        let task = Task { await session.run(line, file: nil, path: nil, policy: .stopAtFirstFailure) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value.interrupted, sourceLocation: sourceLocation)
        #expect(output.take() == "interrupted\n", sourceLocation: sourceLocation)
        #expect(await run(state) == before, sourceLocation: sourceLocation)
    }
}
