import ShopLanguage
import ShopPluginAPI
import ShopState

extension Interpreter {
    /// How deep calls of user commands may nest.
    static let maximumCallDepth = 64

    // MARK: Defining

    /// `def`: keeps the definition under `commands.NAME` (so undo and state files cover it),
    /// unless the name is a built-in's or a plugin's.
    func define(_ definition: Definition) throws {
        let name = definition.name
        if let command = registry.command(named: name) {
            let what = registry.plugin(named: name) != nil ? "the \(name) plugin's name" : "a built-in command"
            throw CommandError.failed(
                "def: '\(name)' is \(what) (\(command.spec.abstract.lowercasedFirst)); choose another name")
        }
        if registry.isGroup(name) {
            throw CommandError.failed(
                "def: '\(name)' is \(registry.plugin(named: name) != nil ? "a plugin" : "a group of built-in commands"); choose another name"
            )
        }
        if Reference.isReserved(name) { throw CommandError.failed("def: '\(name)' is reserved; choose another name") }
        let key = "commands." + name
        try store.setNamespaced(key, to: UserCommand.record(of: definition))
        // A script's parameters are visible to the commands it defines.
        let scriptParameters = language.frames.last.flatMap { $0.kind == .script ? $0.locals : nil } ?? Locals()
        let command = UserCommand(
            name: name, description: definition.description, parameters: definition.parameters,
            body: .statements(definition.body), enclosing: scriptParameters)
        language.definedCommands[name] = (
            store.revision(of: key), store.dottedKeysRevision, RegisteredCommand(session: command)
        )
    }

    /// The user command named `name` — defined with `def` (read again when its key changed:
    /// undo, `state load`) or from the commands folder — if there is one.
    func userCommand(named name: String) -> RegisteredCommand? {
        let checked = store.dottedKeysRevision
        if let known = language.definedCommands[name], known.checkedAt == checked { return known.command }
        let key = "commands." + name
        guard let value = store.valueIfKnown(key) else { return language.folderCommands[name] }
        let revision = store.revision(of: key)
        if let known = language.definedCommands[name], known.revision == revision {
            language.definedCommands[name]?.checkedAt = checked
            return known.command
        }
        guard let definition = UserCommand.definition(in: value, named: name, syntax: registry.syntax) else {
            return nil
        }
        let command = RegisteredCommand(
            session: UserCommand(
                name: name, description: definition.description, parameters: definition.parameters,
                body: .statements(definition.body)))
        language.definedCommands[name] = (revision, checked, command)
        return command
    }

    /// The command a line's first words name — a built-in, a plugin's, or one of the user's —
    /// and how many words its name takes; an unknown name gets the nearest of all of them.
    func resolve(_ first: String, _ second: String?) throws(CommandError) -> (RegisteredCommand, Int) {
        switch registryAnswer(for: first) {
        case .command(let command): return (command, 1)
        case .group: return try registry.resolve(first, second)
        case .nothing: break
        }
        if let command = userCommand(named: first) { return (command, 1) }
        let names = registry.topLevelNames + userCommands.map(\.spec.name)
        throw .unknownCommand(first, suggestion: Suggestion.nearest(to: first, in: names))
    }

    /// What the registry has under a line's first word, asked once per session: its answers
    /// never change, and the registry comes before the user's commands.
    private func registryAnswer(for first: String) -> RegistryAnswer {
        if let known = language.registryAnswers[first] { return known }
        let answer: RegistryAnswer =
            if let command = registry.topLevelCommand(named: first) {
                .command(command)
            } else if registry.isGroup(first) {
                .group
            } else {
                .nothing
            }
        language.registryAnswers[first] = answer
        return answer
    }

    /// The names of the user's commands, without reading their definitions: for the prompt's
    /// colours, which ask at every key.
    var userCommandNames: Set<String> {
        let defined = store.namespacedKeys.lazy.filter { $0.hasPrefix("commands.") }.map {
            String($0.dropFirst("commands.".count))
        }
        return Set(defined).union(language.folderCommands.keys)
    }

    /// Every user command, for help and Tab: the defined ones, then the commands folder's.
    var userCommands: [any Command] {
        let defined = store.namespacedKeys.compactMap { key in
            key.hasPrefix("commands.") ? userCommand(named: String(key.dropFirst("commands.".count)))?.command : nil
        }
        let definedNames = Set(defined.map(\.spec.name))
        return defined + language.folderCommands.values.map(\.command).filter { !definedNames.contains($0.spec.name) }
    }

    // MARK: Calling

    /// Runs a user command: its parameters bound as locals of the call, its body run without
    /// showing values; its value is its last pipeline's, or its `return`'s.
    func call(_ command: UserCommand, _ invocation: Invocation) async throws -> CommandResult? {
        let name = command.spec.name
        guard language.frames.count(where: { $0.kind == .command }) < Self.maximumCallDepth else {
            throw CommandError.failed(
                "\(name): calls nested deeper than \(Self.maximumCallDepth) (does '\(name)' call itself forever?)")
        }
        let locals = try command.values(from: invocation.arguments)
        let body = try statements(of: command)
        language.frames.append(Frame(call: locals, enclosing: command.enclosing, arguments: invocation.arguments))
        let enclosingShowing = language.isShowing
        language.isShowing = false
        defer {
            language.frames.removeLast()
            language.isShowing = enclosingShowing
        }
        language.lastValue = nil
        let flow = try await execute(body)
        if case .returned(let value) = flow { return value.map(CommandResult.value) }
        guard case .pipeline? = body.last else { return nil }
        return language.lastValue.map(CommandResult.value)
    }

    /// A command's statements; a commands-folder file is read whole the first time.
    private func statements(of command: UserCommand) throws -> [Statement] {
        switch command.body {
        case .statements(let statements):
            return statements
        case .file(let path):
            if let known = language.folderBodies[path] { return known }
            let script = Parser.parse(
                try ScriptSource.read(path: path, name: path), file: path, syntax: registry.syntax)
            if let problem = script.diagnostics.first { throw LocatedError(problem, at: problem.location) }
            let statements = script.steps.flatMap(\.statements).filter { statement in
                if case .parameter = statement { false } else { true }
            }
            language.folderBodies[path] = statements
            return statements
        }
    }

    // MARK: Scripts

    /// The frame a script runs in: its `param` lines bound from `arguments` (their defaults
    /// when none are given) and `$args`; nil for a script without `param` lines run without
    /// arguments. A script whose leading lines do not parse gets no frame: running it reports why.
    func scriptFrame(of reader: ScriptReader, arguments: [EvaluatedWord]?) throws(CommandError) -> Frame? {
        guard let interface = try? ScriptInterface(reading: reader, name: reader.name ?? "script"),
            interface.hasParameters || arguments != nil
        else { return nil }
        let words = arguments ?? []
        do {
            return Frame(script: try interface.bind(words), arguments: words.map(\.text))
        } catch {
            let message = error.description
            guard !message.contains("(usage: ") else { throw error }
            throw .failed(message + " (usage: \(interface.usage))")
        }
    }

    /// Binds the `param` lines of a script whose steps run one by one next (`shop test`, `shop
    /// demo`) to their defaults, for the rest of the session; throws when one is required.
    func bindDefaults(of script: Script) throws(CommandError) {
        let parameters = script.parameters
        guard !parameters.isEmpty else { return }
        let interface = ScriptInterface(name: script.file ?? "script", description: nil, parameters: parameters)
        language.frames.append(Frame(script: try interface.bind([EvaluatedWord]()), arguments: []))
    }

    // MARK: The commands folder

    /// Reads the name, `param` lines and first `##` line of every `NAME.shopscript` in
    /// `folder` (bodies are read on first call); a file that cannot be used gets one warning.
    func scanCommands(in folder: String) {
        for file in FileSystem.contents(of: folder).sorted() where file.hasSuffix(".shopscript") {
            let name = String(file.dropLast(".shopscript".count))
            let path = folder + "/" + file
            guard Parser.isCommandName(name), registry.command(named: name) == nil, !registry.isGroup(name) else {
                output.write(
                    "warning: \(path): '\(name)' cannot name a command of yours (it is taken or not a name)\n",
                    to: .standardError)
                continue
            }
            do {
                let interface = try ScriptInterface(text: try ScriptSource.read(path: path, name: path), name: name)
                let command = UserCommand(
                    name: name, description: interface.description, parameters: interface.parameters,
                    body: .file(path: path))
                language.folderCommands[name] = RegisteredCommand(session: command)
            } catch {
                output.write("warning: \(path): \(Self.message(for: error))\n", to: .standardError)
            }
        }
    }
}

extension String {
    /// The string with its first letter in lower case (for an abstract quoted in a message).
    fileprivate var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
