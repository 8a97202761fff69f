/// A command with its spec read once: what a session registers, and what each of the
/// command's invocations names (shared by all of them, where a spec of their own would copy
/// each of its lists).
///
/// ```swift
/// let declared = DeclaredCommand(EchoCommand())
/// declared.spec.name   // "echo"
/// ```
public final class DeclaredCommand: Sendable {
    /// The command.
    public let command: any Command
    /// Its spec, as read when it was declared.
    public let spec: CommandSpec

    public init(_ command: any Command) {
        self.command = command
        spec = command.spec
    }
}
