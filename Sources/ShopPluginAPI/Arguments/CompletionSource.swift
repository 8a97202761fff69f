/// Where Tab completion finds candidates for an argument.
public enum CompletionSource: Sendable {
    /// Nothing to offer.
    case none
    /// Command names and plugin verbs.
    case commands
    /// State keys and variable names.
    case stateKeys
    /// User variable names.
    case variables
    /// Paths in the file system.
    case files
    /// A fixed set of words.
    case choices([String])
    /// The values of `field` in the list of records at state key `key`, in list order
    /// (service ids), answered by the host from the state alone.
    case stateField(key: String, field: String)
    /// The fields of the records the previous command of the pipeline returns (its spec's
    /// `fields`), for the field arguments of `where`, `select`, `get`, `group`…
    case inputFields
    /// Sort keys: a field of the input, and right after a field its direction, `desc` or `asc`.
    case sortKeys
    /// Words only the plugin can compute, asked for when Tab is pressed (an outside
    /// plugin's `complete`; offers nothing in process).
    case dynamic
    /// Words a Swift closure computes from the state, where nothing declarative fits;
    /// encodes as `{"dynamic": true}`.
    case custom(@Sendable (CompletionRequest) -> [String])
    /// Like ``custom(_:)``, each word with a few words saying what it is (a service's title
    /// beside its id); encodes as `{"dynamic": true}`.
    case described(@Sendable (CompletionRequest) -> [CompletionCandidate])

    /// The closure that computes the words, for a source that has one.
    public var producer: (@Sendable (CompletionRequest) -> [CompletionCandidate])? {
        switch self {
        case .custom(let produce): { request in produce(request).map { CompletionCandidate($0) } }
        case .described(let produce): produce
        default: nil
        }
    }
}

/// What a custom completion source gets: the word typed so far, the state to draw from, and
/// which command and argument (or `--option`) it completes.
public struct CompletionRequest: Sendable {
    /// The most candidates Tab offers; a prefix matching more is narrowed by typing. A source
    /// with many candidates (the ids of a large list) need make no more.
    public static let maximumCandidates = 200

    /// The partial word under the cursor.
    public var prefix: String
    /// The state when Tab was pressed.
    public var state: StateSnapshot
    /// The command's path.
    public var command: [String]
    /// The argument's name, or the option's (`--only`).
    public var argument: String
    /// Where relative file paths start.
    public var workingDirectory: String
    /// The session's plugin objects (an outside plugin's process).
    public var objects: SessionObjects

    public init(
        prefix: String, state: StateSnapshot, command: [String] = [], argument: String = "",
        workingDirectory: String = "/", objects: SessionObjects = SessionObjects()
    ) {
        self.prefix = prefix
        self.state = state
        self.command = command
        self.argument = argument
        self.workingDirectory = workingDirectory
        self.objects = objects
    }
}
