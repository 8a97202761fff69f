import ShopLanguage
import ShopPluginAPI

/// Tab completion from command metadata: command names, plugin verbs, options, and each
/// argument's completion source (state keys, variables, files, fixed words, plugin data).
///
/// ```swift
/// let completion = context.complete("services sel")
/// completion.prefix      // "sel"
/// completion.candidates  // ["select"]
/// ```
public struct CompletionContext: Sendable {
    /// The commands.
    public var registry: CommandRegistry
    /// The state when Tab was pressed.
    public var state: StateSnapshot
    /// Where relative file paths start.
    public var workingDirectory: String
    /// The session's plugin objects, for completion sources that ask a plugin.
    public var objects: SessionObjects
    /// The user's own commands (`def`, the commands folder).
    public var userCommands: [CommandSpec]

    public init(
        registry: CommandRegistry, state: StateSnapshot, workingDirectory: String,
        objects: SessionObjects = SessionObjects(), userCommands: [CommandSpec] = []
    ) {
        self.registry = registry
        self.state = state
        self.workingDirectory = workingDirectory
        self.objects = objects
        self.userCommands = userCommands
    }

    /// The candidates for the word that ends `line` (the text before the cursor), read by
    /// the parser: inside an open `$(` the command there is completed; quotes, escapes and
    /// comments count as everywhere.
    public func complete(_ line: String) -> Completion {
        let described = describedCompletion(line)
        return Completion(prefix: described.prefix, candidates: described.candidates.map(\.value))
    }

    /// The candidates of ``complete(_:)``, each with a few words saying what it is: a
    /// command's abstract, an option's, a field's type, a state key's, the title of a service
    /// beside its id.
    public func describedCompletion(_ line: String) -> DescribedCompletion {
        let point = Parser.completionPoint(before: line)
        switch point.kind {
        case .none: return DescribedCompletion(prefix: point.typed, candidates: [])
        case .reference: return variableCompletion(point.partial)
        case .word: break
        }
        let (earlier, words, partial) = (point.earlier, point.words, point.partial)
        let candidates: [CompletionCandidate]
        if words.isEmpty {
            candidates = commandNames()
        } else if words.count == 1, registry.isGroup(words[0]), !partial.hasPrefix("-") {
            candidates =
                verbs(of: words[0])
                + (registry.bareCommand(of: words[0]).map {
                    argumentCandidates($0.spec, arguments: [], partial: partial, after: earlier)
                }
                    ?? [])
        } else if let (command, nameLength) = try? registry.resolve(words) {
            candidates = argumentCandidates(
                command.spec, arguments: Array(words.dropFirst(nameLength)), partial: partial, after: earlier)
        } else if let own = userCommands.first(where: { $0.name == words[0] }) {
            candidates = argumentCandidates(own, arguments: Array(words.dropFirst()), partial: partial, after: earlier)
        } else {
            candidates = []
        }
        return DescribedCompletion(
            prefix: point.typed,
            candidates: Self.filter(candidates, by: partial).map {
                CompletionCandidate(point.typedForm(of: $0.value), description: $0.description)
            })
    }

    /// The names a line can start with, each with its command's abstract or its plugin's summary.
    private func commandNames() -> [CompletionCandidate] {
        registry.topLevelNames.map { name in
            let description =
                registry.topLevelCommand(named: name)?.spec.abstract ?? registry.plugin(named: name)?.summary
                ?? registry.bareCommand(of: name)?.spec.abstract
            return CompletionCandidate(name, description: description)
        } + userCommands.map { CompletionCandidate($0.name, description: $0.abstract) }
    }

    /// The verbs of `group`, each with its abstract.
    private func verbs(of group: String) -> [CompletionCandidate] {
        registry.verbNames(of: group).map { verb in
            CompletionCandidate(verb, description: (try? registry.resolve([group, verb]))?.command.spec.abstract)
        }
    }

    private func argumentCandidates(
        _ spec: CommandSpec, arguments: [String], partial: String, after earlier: [[String]]
    ) -> [CompletionCandidate] {
        if partial.hasPrefix("-") {
            return spec.options.sorted { $0.name < $1.name }.map {
                CompletionCandidate($0.name, description: $0.abstract)
            }
        }
        var position = 0
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if let option = spec.options.first(where: { $0.name == word }) {
                if !option.isFlag {
                    if index == arguments.count - 1 {
                        return candidates(
                            from: option.completion, partial: partial, words: arguments, spec: spec, name: option.name,
                            after: earlier)
                    }
                    index += 1
                }
            } else if position < spec.arguments.count, !spec.arguments[position].isVariadic {
                position += 1
            }
            index += 1
        }
        guard position < spec.arguments.count else { return [] }
        let argument = spec.arguments[position]
        return candidates(
            from: argument.completion, partial: partial, words: arguments, spec: spec, name: argument.name,
            after: earlier)
    }

    private func candidates(
        from source: CompletionSource, partial: String, words: [String], spec: CommandSpec, name: String,
        after earlier: [[String]]
    ) -> [CompletionCandidate] {
        let request = {
            CompletionRequest(
                prefix: partial, state: state, command: spec.path, argument: name, workingDirectory: workingDirectory,
                objects: objects)
        }
        switch source {
        case .none: return []
        case .commands:
            if let group = words.last, registry.isGroup(group) { return verbs(of: group) }
            // `help`'s first word may also name a topic.
            let topics = spec.path == ["help"] && words.isEmpty ? [CompletionCandidate(LanguageHelp.topic)] : []
            return commandNames() + topics
        case .stateKeys:
            let abstracts = Dictionary(registry.stateKeys.map { ($0.key, $0.abstract) }) { first, _ in first }
            return state.names.map { CompletionCandidate($0, description: abstracts[$0] ?? "variable") }
        case .variables: return state.variableNames.map { CompletionCandidate($0) }
        case .files: return fileCandidates(partial).sorted().map { CompletionCandidate($0) }
        case .choices(let choices): return choices.sorted().map { CompletionCandidate($0) }
        case .stateField(let key, let field):
            return state[key]?.listValue?.compactMap { item in
                guard let record = item.recordValue, let value = record[field]?.plainText else { return nil }
                return CompletionCandidate(value, description: (record["title"] ?? record["name"])?.plainText)
            } ?? []
        case .inputFields: return describedFields(after: earlier[...])
        case .sortKeys:
            // After a field its direction, else a field.
            guard let last = words.last, !["asc", "desc"].contains(last) else {
                return describedFields(after: earlier[...])
            }
            return [
                CompletionCandidate("desc", description: "descending: high to low, Z to A"),
                CompletionCandidate("asc", description: "ascending: low to high, A to Z"),
            ]
        case .dynamic: return []
        case .custom(let produce): return produce(request()).map { CompletionCandidate($0) }
        case .described(let produce): return produce(request())
        }
    }

    /// The fields the last of `commands` returns, each with its type where declared.
    private func describedFields(after commands: ArraySlice<[String]>) -> [CompletionCandidate] {
        let types = fieldTypes(after: commands)
        return fields(after: commands).map { CompletionCandidate($0, description: types[$0]?.description) }
    }

    /// The declared types of the fields the last of `commands` returns (those it keeps from
    /// its input, for verbs that keep or derive them).
    private func fieldTypes(after commands: ArraySlice<[String]>) -> [String: ValueType] {
        guard let last = commands.last, !last.isEmpty, let (command, _) = try? registry.resolve(last) else {
            return [:]
        }
        switch command.spec.resultFields {
        case .declared: return command.spec.fieldTypes
        case .input, .computed: return fieldTypes(after: commands.dropLast())
        }
    }

    /// The fields of the records the last of `commands` (each its words) returns: those of
    /// the value a lone reference names (`$orders`), or as the command's spec declares them,
    /// carries them from its input or computes them.
    func fields(after commands: ArraySlice<[String]>) -> [String] {
        guard let last = commands.last, !last.isEmpty else { return [] }
        if last.count == 1, let path = ResultFieldsRequest.referencePath(last[0]) {
            return state.value(at: path).map(ResultFieldsRequest.fields(of:)) ?? []
        }
        guard let (command, nameLength) = try? registry.resolve(last) else { return [] }
        switch command.spec.resultFields {
        case .declared: return command.spec.fields
        case .input: return fields(after: commands.dropLast())
        case .computed(let compute):
            let earlier = commands.dropLast()
            return compute(
                ResultFieldsRequest(
                    spec: command.spec, words: Array(last.dropFirst(nameLength)),
                    inputFields: earlier.isEmpty ? nil : fields(after: earlier), state: state,
                    workingDirectory: workingDirectory, objects: objects))
        }
    }

    /// Candidates for `$name` or `${name`: variable names (and, braced or dotted, state
    /// keys), and after a dot the fields of the record, or the positions in the list, that
    /// the reference before it names (`$orders.0.` offers the first order's fields).
    private func variableCompletion(_ partial: String) -> DescribedCompletion {
        let braced = partial.hasPrefix("${")
        let typed = String(partial.dropFirst(braced ? 2 : 1))
        var names = braced || typed.contains(".") ? state.names : state.variableNames
        if let dot = typed.lastIndex(of: ".") {
            let base = String(typed[..<dot])
            let path = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if let value = state.value(at: path) { names += Self.members(of: value).map { base + "." + $0 } }
        }
        let candidates = Self.filter(names.map { CompletionCandidate($0) }, by: typed).map {
            CompletionCandidate(braced ? "${\($0.value)}" : "$\($0.value)", description: $0.description)
        }
        return DescribedCompletion(prefix: partial, candidates: candidates)
    }

    /// What a path can go on with after `value`: a record's fields, a list's positions.
    private static func members(of value: Value) -> [String] {
        switch value {
        case .record(let record): record.names.names
        case .list(let items): items.indices.prefix(CompletionRequest.maximumCandidates).map(String.init)
        default: []
        }
    }

    private func fileCandidates(_ partial: String) -> [String] {
        let folder = partial.contains("/") ? FilePath.directory(of: partial) : ""
        let shownFolder = folder.isEmpty ? "" : (folder == "/" ? "/" : folder + "/")
        let absolute = FilePath.resolve(folder.isEmpty ? "." : folder, relativeTo: workingDirectory, home: nil)
        let base = FilePath.lastComponent(of: partial)
        return FileSystem.contents(of: absolute).filter { !$0.hasPrefix(".") || base.hasPrefix(".") }.map { name in
            let isFolder = FileSystem.isDirectory(absolute + "/" + name)
            return shownFolder + name + (isFolder ? "/" : "")
        }
    }

    /// The candidates starting with `prefix`, each once, in the source's order (names come
    /// sorted; state data, such as news numbers, keeps its own order).
    private static func filter(_ candidates: [CompletionCandidate], by prefix: String) -> [CompletionCandidate] {
        var seen: Set<String> = []
        var result: [CompletionCandidate] = []
        for candidate in candidates where candidate.value.hasPrefix(prefix) && seen.insert(candidate.value).inserted {
            result.append(candidate)
            if result.count == CompletionRequest.maximumCandidates { break }
        }
        return result
    }
}

/// What Tab offers: the partial word it replaces and the words that can replace it.
public struct Completion: Sendable, Equatable {
    /// The text before the cursor that the candidates extend.
    public var prefix: String
    /// Full replacements for ``prefix``, in the order shown.
    public var candidates: [String]

    public init(prefix: String, candidates: [String]) {
        self.prefix = prefix
        self.candidates = candidates
    }
}

/// What Tab offers, each candidate with its description (see ``CompletionContext/describedCompletion(_:)``).
public struct DescribedCompletion: Sendable, Equatable {
    /// The text before the cursor that the candidates replace.
    public var prefix: String
    /// Full replacements for ``prefix``, in the order shown.
    public var candidates: [CompletionCandidate]

    public init(prefix: String, candidates: [CompletionCandidate]) {
        self.prefix = prefix
        self.candidates = candidates
    }
}
