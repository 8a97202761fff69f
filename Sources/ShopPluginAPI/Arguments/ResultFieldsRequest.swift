import ShopValues

/// What a command's ``ResultFields/computed(_:)`` function gets when Tab asks for the fields
/// of the records it returns: its words as typed, bound to its arguments and options as the
/// binder would bind them, its input's fields, and the state at that moment.
///
/// Nothing was evaluated: a word is its text, or its spelling when it is not plain text
/// (`$file`); ``text(_:)-swift.method`` reads a `$name` reference to a string from the state.
///
/// ```swift
/// .computed { request in
///     guard let path = request.text(Self.file) else { return [] }
///     return header(of: request.path(path))
/// }
/// ```
public struct ResultFieldsRequest: Sendable {
    /// The fields of the records the previous command returns, or nil when the command comes
    /// first in its pipeline (it has no input).
    public var inputFields: [String]?
    /// The words after the command's name.
    public var words: [String]
    /// The state when Tab was pressed.
    public var state: StateSnapshot
    /// Where relative file paths start.
    public var workingDirectory: String
    /// The session's objects, for a command that keeps what it learned there (the last
    /// answer of a server).
    public var objects: SessionObjects

    /// Each argument's words, by name, and each option's value, by name (`--as`).
    private var bound: [String: [String]] = [:]
    /// The flags given.
    private var flags: Set<String> = []

    /// The request for a command of `spec` typed with `words` after its name.
    public init(
        spec: CommandSpec, words: [String], inputFields: [String]?, state: StateSnapshot,
        workingDirectory: String, objects: SessionObjects
    ) {
        self.inputFields = inputFields
        self.words = words
        self.state = state
        self.workingDirectory = workingDirectory
        self.objects = objects
        var position = 0
        var index = 0
        while index < words.count {
            let word = words[index]
            if let option = spec.options.first(where: { $0.name == word }) {
                if option.isFlag {
                    flags.insert(word)
                } else if index + 1 < words.count {
                    bound[word, default: []].append(words[index + 1])
                    index += 1
                }
            } else if position < spec.arguments.count {
                let argument = spec.arguments[position]
                bound[argument.name, default: []].append(word)
                if !argument.isVariadic { position += 1 }
            }
            index += 1
        }
    }

    /// The text of the word bound to `argument` (its first, for a variadic one).
    public func text<T>(_ argument: Argument<T>) -> String? {
        bound[argument.argumentSpec.name]?.first.map(resolved)
    }

    /// The text of `option`'s value (its last, when given more than once).
    public func text<T>(_ option: Option<T>) -> String? {
        bound[option.optionSpec.name]?.last.map(resolved)
    }

    /// Whether `flag` was given.
    public subscript(_ flag: Flag) -> Bool {
        flags.contains(flag.optionSpec.name)
    }

    /// `path` resolved against the working folder.
    public func path(_ path: String) -> String {
        FilePath.resolve(path, relativeTo: workingDirectory, home: nil)
    }

    /// The value `word` names when it is a reference (`$name`, `${name}`, with a path such
    /// as `$orders.0`), read from the state; nil for any other word, or a name the state lacks.
    public func value(of word: String) -> Value? {
        guard let path = Self.referencePath(word) else { return nil }
        return state.value(at: path)
    }

    /// A word as text: a reference to a string read from the state, any other word itself.
    private func resolved(_ word: String) -> String {
        value(of: word)?.stringValue ?? word
    }

    /// The dotted path a reference word spells (`$orders.0` → `["orders", "0"]`), or nil for
    /// a word that is no reference.
    public static func referencePath(_ word: String) -> [String]? {
        guard word.hasPrefix("$") else { return nil }
        var name = word.dropFirst()
        if name.hasPrefix("{") {
            guard name.hasSuffix("}") else { return nil }
            name = name.dropFirst().dropLast()
        }
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return path.contains(where: \.isEmpty) ? nil : path
    }

    /// The fields of the records of `value`, in the order first seen: a record's own, or
    /// those of the first records of a list.
    public static func fields(of value: Value) -> [String] {
        switch value {
        case .record(let record): return record.names.names
        case .list(let items):
            var fields: [String] = []
            var seen: Set<String> = []
            var lastNames: FieldNames?
            for item in items.prefix(Self.recordsSampled) {
                guard let record = item.recordValue, record.names !== lastNames else { continue }
                lastNames = record.names
                for name in record.names.names where seen.insert(name).inserted { fields.append(name) }
            }
            return fields
        default: return []
        }
    }

    /// How many records of a list Tab looks at for their fields.
    private static let recordsSampled = 1_000
}
