import ShopPluginAPI

/// A command as the registry holds it: the command with its spec read once, its owner, and
/// what binding its words needs.
public final class RegisteredCommand: Sendable {
    /// The command with its spec, which every invocation of it names.
    public let declared: DeclaredCommand
    /// Its spec, read when it was registered: kept here too, so that binding reads it in
    /// place rather than through another module's getter, which copies it.
    public let spec: CommandSpec
    /// The plugin whose keys it may write, or nil for the core.
    public let owner: String?
    /// The same command as a command of the session itself, run with the session at hand;
    /// nil for a plugin's command or a verb.
    let sessionCommand: (any SessionCommand)?
    /// Whether it reads a pipeline's input.
    let input: InputRequirement
    /// How the interpreter runs it, worked out once here rather than by a cast on every call.
    let route: Route
    /// Where its deferred and required arguments are.
    private let binder: ArgumentBinder

    /// A plugin's command or a verb; `owner` is its plugin's name (nil for the core).
    public convenience init(_ command: any Command, owner: String?) {
        assert(!(command is any SessionCommand), "a command of the session is registered with init(session:)")
        self.init(DeclaredCommand(command), owner: owner, sessionCommand: nil)
    }

    /// A command of the session itself.
    convenience init(session command: any SessionCommand) {
        self.init(DeclaredCommand(command), owner: nil, sessionCommand: command)
    }

    private init(_ declared: DeclaredCommand, owner: String?, sessionCommand: (any SessionCommand)?) {
        self.declared = declared
        spec = declared.spec
        self.owner = owner
        self.sessionCommand = sessionCommand
        input = spec.input
        route =
            switch sessionCommand {
            case is MathCommand: .arithmetic
            case is SetCommand: .assignment
            default: .invocation
            }
        binder = ArgumentBinder(spec.arguments)
    }

    /// How the interpreter runs a command: through an invocation, as any command can be run,
    /// or, for the two that loops and scripts run most and that need nothing an invocation
    /// carries, from the parsed call itself.
    enum Route {
        case invocation
        /// `math`, computed from the expression the parser read from its words.
        case arithmetic
        /// `set NAME VALUE`, which sets the variable from its two evaluated words.
        case assignment
    }

    /// The command.
    public var command: any Command { declared.command }

    /// The index of its deferred argument, if it has one.
    var deferredArgument: Int? { binder.deferredArgument }

    /// Binds `words` to its arguments and options (see ``ArgumentBinder``).
    func bind(_ words: inout some BindingWords, firstIndex: Int = 0) throws(CommandError) -> Arguments {
        try binder.bind(&words, firstIndex: firstIndex, to: spec, of: self)
    }
}
