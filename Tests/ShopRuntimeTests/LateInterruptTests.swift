import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

/// Ctrl-C that comes as a command finishes: its result is neither shown nor kept, since a
/// table read while Ctrl-C stops it may have rows left unknown.
@Suite struct LateInterruptTests {
    /// A plugin whose one command is interrupted just as it returns a value.
    private struct LatePlugin: Plugin {
        let name = "late"
        let version = "0.0.1"
        let summary = "A command Ctrl-C stops as it ends"
        var stateKeys: [StateKeyDeclaration] { [] }
        var commands: [any Command] { [FinishCommand()] }
        var defaultVerb: String? { "finish" }

        struct FinishCommand: Command {
            let spec = CommandSpec(path: ["late", "finish"], abstract: "Return a value as Ctrl-C comes")

            func run(_ invocation: Invocation) async throws -> CommandResult? {
                withUnsafeCurrentTask { $0?.cancel() }
                return .value(.string("made"))
            }
        }
    }

    /// How `line` ends when run in a task of its own (which the command cancels).
    private func outcome(of line: String, in shop: TestSession) async -> (interrupted: Bool, printed: String) {
        let (outcome, printed) = await Task { await shop.outcome(of: line) }.value
        return (outcome.interrupted, printed)
    }

    @Test func aResultMadeAsCtrlCComesIsNotShown() async throws {
        let shop = try TestSession(plugins: [LatePlugin(), CounterPlugin()])
        let (interrupted, printed) = await outcome(of: "late finish", in: shop)
        #expect(interrupted)
        #expect(!printed.contains("made"))
    }

    @Test func aResultMadeAsCtrlCComesIsNotKept() async throws {
        let shop = try TestSession(plugins: [LatePlugin(), CounterPlugin()])
        #expect(await outcome(of: "set kept $(late finish)", in: shop).interrupted)
        let (interrupted, printed) = await outcome(
            of: "counter add 1 --quiet; counter add $(late finish | str length)", in: shop)
        #expect(interrupted, "\(printed)")
        #expect(await shop.run("echo $kept") == "error: unknown variable 'kept'\n")
        #expect(await shop.run("counter") == "[1]\n")
    }
}
