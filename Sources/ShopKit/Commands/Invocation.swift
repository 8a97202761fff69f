/// Everything a command's `run` gets: its arguments, the pipeline input, the state, the
/// environment and the console.
public struct Invocation {
    /// The command being run, as registered.
    let registered: RegisteredCommand
    /// The checked arguments.
    public let arguments: Arguments
    /// The previous command's result value in a pipeline, else nil.
    public let input: Value?
    /// The interpreter, for the core commands that manage the session itself.
    let interpreter: Interpreter

    /// What the command is: its name, arguments and documentation.
    public var spec: CommandSpec { registered.spec }

    /// The state: everything readable, the plugin's own keys writable.
    public var state: StateAccess { StateAccess(store: interpreter.store, owner: registered.owner) }

    /// Clock, width, colours, folders.
    public var environment: SessionEnvironment { interpreter.environment }

    /// Messages, warnings, the terminal.
    public var console: Console { interpreter.console }

    /// The folder relative paths start from: the running script's, else the working directory.
    public var baseDirectory: String { interpreter.baseDirectory }

    /// The render settings for a result shown now.
    public var renderContext: RenderContext {
        interpreter.renderContext
    }

    /// This session's object of type `Object` for the command's plugin, made by `make` the
    /// first time any of the plugin's commands asks for it in this session.
    ///
    /// For what one session keeps apart from the state store — a cache, a network client, a
    /// guard against overlapping loads — since a plugin value is shared by every session of
    /// the process. Values `undo` must restore belong in state keys instead.
    ///
    /// ```swift
    /// let loader = invocation.sessionObject { ThumbnailLoader() }   // the same loader all session long
    /// ```
    public func sessionObject<Object: AnyObject & Sendable>(_ make: () -> Object) -> Object {
        interpreter.sessionObjects.object(owner: registered.owner ?? "", make: make)
    }

    /// `path` resolved against ``baseDirectory`` (absolute paths and `~/` kept).
    public func resolve(path: String) -> String {
        FilePath.resolve(path, relativeTo: baseDirectory, home: environment.variables["HOME"])
    }

    /// The input, or an error naming the command when there is none.
    public func requireInput() throws(CommandError) -> Value {
        guard let input else { throw .needsInput(command: spec.name) }
        return input
    }

    /// The input as a list, or an error naming the command.
    public func requireListInput() throws(CommandError) -> [Value] {
        let input = try requireInput()
        guard case .list(let elements) = input else {
            throw .invalidInput(command: spec.name, expected: "a list", got: input.describedType)
        }
        return elements
    }
}

/// The state as a command sees it: read anything, write the keys its plugin owns.
public struct StateAccess {
    let store: StateStore
    /// The plugin whose keys may be written, or nil for the core.
    let owner: String?

    /// The value of a variable or key.
    public func value(_ name: String) throws(StateError) -> Value {
        try store.value(name)
    }

    /// Writes one of the owner's keys (or, for the core, a user variable).
    public func set(_ key: String, to value: Value) throws(StateError) {
        if let owner {
            try store.set(key, to: value, by: owner)
        } else {
            try store.setVariable(key, to: value)
        }
    }

    /// A number that changes whenever the key changes: a cache key for derived data.
    public func revision(of key: String) -> UInt64 {
        store.revision(of: key)
    }
}
