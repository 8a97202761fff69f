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
        let point = Parser.completionPoint(before: line)
        switch point.kind {
        case .none: return Completion(prefix: point.typed, candidates: [])
        case .reference: return variableCompletion(point.partial)
        case .word: break
        }
        let (earlier, words, partial) = (point.earlier, point.words, point.partial)
        let candidates: [String]
        if words.isEmpty {
            candidates = registry.topLevelNames + userCommands.map(\.name)
        } else if words.count == 1, registry.isGroup(words[0]), !partial.hasPrefix("-") {
            candidates =
                registry.verbNames(of: words[0])
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
        return Completion(prefix: point.typed, candidates: Self.filter(candidates, by: partial).map(point.typedForm))
    }

    private func argumentCandidates(
        _ spec: CommandSpec, arguments: [String], partial: String, after earlier: [[String]]
    ) -> [String] {
        if partial.hasPrefix("-") { return spec.options.map(\.name).sorted() }
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
    ) -> [String] {
        switch source {
        case .none: return []
        case .commands:
            if let group = words.last, registry.isGroup(group) { return registry.verbNames(of: group) }
            // `help`'s first word may also name a topic.
            let topics = spec.path == ["help"] && words.isEmpty ? [LanguageHelp.topic] : []
            return registry.topLevelNames + userCommands.map(\.name) + topics
        case .stateKeys: return state.names
        case .variables: return state.variableNames
        case .files: return fileCandidates(partial).sorted()
        case .choices(let choices): return choices.sorted()
        case .stateField(let key, let field):
            return state[key]?.listValue?.compactMap { $0.recordValue?[field]?.plainText } ?? []
        case .inputFields: return fields(after: earlier[...])
        case .dynamic: return []
        case .custom(let produce):
            return produce(
                CompletionRequest(
                    prefix: partial, state: state, command: spec.path, argument: name,
                    workingDirectory: workingDirectory,
                    objects: objects))
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
    private func variableCompletion(_ partial: String) -> Completion {
        let braced = partial.hasPrefix("${")
        let typed = String(partial.dropFirst(braced ? 2 : 1))
        var names = braced || typed.contains(".") ? state.names : state.variableNames
        if let dot = typed.lastIndex(of: ".") {
            let base = String(typed[..<dot])
            let path = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if let value = state.value(at: path) { names += Self.members(of: value).map { base + "." + $0 } }
        }
        let candidates = Self.filter(names, by: typed).map { braced ? "${\($0)}" : "$\($0)" }
        return Completion(prefix: partial, candidates: candidates)
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
    private static func filter(_ candidates: [String], by prefix: String) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for candidate in candidates where candidate.hasPrefix(prefix) && seen.insert(candidate).inserted {
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
