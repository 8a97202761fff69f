import ShopTestSupport
import ShopValues
import Testing

@testable import PluginHost

/// Many plugin processes started, called and shut down at once: the pipes of one are read,
/// closed and their numbers reused by the next while others are being read (the churn that
/// crashed libdispatch's read sources, swift-corelibs-libdispatch #949).
@Suite struct PluginConnectionStressTests {
    @Test func twoHundredStartCallShutdownCyclesAcrossEightTasks() async throws {
        let tasks = 8
        let cycles = 25
        let answers = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var answers: [String] = []
                    for cycle in 0..<cycles {
                        let host = try FakePluginHost()
                        let text = "\(task)-\(cycle)"
                        answers.append(try await host.run("echo", text: text).stringValue ?? "")
                        #expect(await host.supervisor.shutdownReportingExit(), "the plugin exited after 'shutdown'")
                        #expect(host.supervisor.log.lines.contains { $0.hasPrefix("shop: stopped the plugin") })
                    }
                    return answers
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let expected = (0..<tasks).flatMap { task in (0..<cycles).map { "\(task)-\($0)" } }
        #expect(answers.sorted() == expected.sorted())
    }
}
