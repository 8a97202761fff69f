import ShopPluginAPI
import ShopRuntime

/// Runs the examples that commands declare in their metadata, each in a fresh test session.
public enum ExampleCheck {
    /// The examples that failed, each as `command: example → what it printed`; empty when all pass.
    public static func failures(plugins: [any Plugin]) async throws -> [String] {
        let registry = try TestSession(plugins: plugins).session.registry
        try registry.check()
        let commands = registry.allCommands
        var failures: [String] = []
        for command in commands {
            for example in command.spec.examples {
                let session = try TestSession(plugins: plugins)
                let (outcome, printed) = await session.outcome(of: example.command)
                if outcome.failures > 0 || outcome.interrupted {
                    failures.append("\(command.spec.name): \(example.command) → \(printed)")
                }
            }
        }
        return failures
    }
}
