/// Matches evaluated words to a command's declared arguments and options.
struct ArgumentBinder {
    /// The command whose metadata the words are matched against.
    let command: RegisteredCommand
    /// The parts of its spec binding reads, taken from the spec the registry keeps: a copy of
    /// the whole ``RegisteredCommand/spec`` retains and releases every field (a fortieth of a
    /// replayed line's instructions), and messages alone need the rest.
    private let argumentSpecs: [ArgumentSpec]
    private let optionSpecs: [OptionSpec]
    private let argumentNames: [String]

    init(command: RegisteredCommand) {
        self.command = command
        if command.isOutlined {
            let spec = command.spec
            (argumentSpecs, optionSpecs, argumentNames) = (spec.arguments, spec.options, spec.argumentNames)
        } else {
            argumentSpecs = command.declared.arguments
            optionSpecs = command.declared.options
            argumentNames = command.declared.argumentNames
        }
    }

    /// The command's spec, for messages.
    private var spec: CommandSpec { command.spec }

    /// Binds `words` (after the command's name) or throws the first mismatch; the word
    /// indices kept for messages count from `firstIndex`, the index of `words`' first word
    /// among all the command's words.
    func bind(_ words: ArraySlice<EvaluatedWord>, firstIndex: Int = 0) throws(CommandError) -> Arguments {
        var arguments = Arguments(argumentNames: argumentNames)
        arguments.positional.reserveCapacity(words.count)
        let offset = firstIndex - words.startIndex
        var next = 0
        var optionsEnded = false
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if !optionsEnded, word.isOptionLike, !optionSpecs.isEmpty || word.text == "--" {
                if word.text == "--" {
                    optionsEnded = true
                    continue
                }
                try bindOption(word, words: words, index: &index, offset: offset, into: &arguments)
                continue
            }
            guard next < argumentSpecs.count else {
                throw .tooManyArguments(command: spec.name, extra: word.text, usage: spec.usage)
            }
            let name = argumentSpecs[next].name
            let bound = try convert(word, to: argumentSpecs[next].type, named: name)
            arguments.positional.append(
                Arguments.PositionalWord(argument: next, bound: bound, word: index - 1 + offset))
            if !argumentSpecs[next].isVariadic { next += 1 }
        }
        for index in command.requiredArguments where !arguments.positional.contains(where: { $0.argument == index }) {
            throw .missingArgument(
                command: spec.name, argument: argumentSpecs[index].name, usage: spec.usage)
        }
        return arguments
    }

    private func bindOption(
        _ word: EvaluatedWord, words: ArraySlice<EvaluatedWord>, index: inout Int, offset: Int,
        into arguments: inout Arguments
    ) throws(CommandError) {
        var name = word.text
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let option = optionSpecs.first(where: { $0.name == name }) else {
            throw .unknownOption(
                command: spec.name, option: name,
                suggestion: Suggestion.nearest(to: name, in: optionSpecs.map(\.name))
            )
        }
        if option.isFlag {
            arguments.flags.append(option.name)
            arguments.wordIndices.append((option.name, index - 1 + offset))
            return
        }
        let valueWord: EvaluatedWord
        if let inlineValue {
            do {
                valueWord = try EvaluatedWord(literal: inlineValue)
            } catch {
                throw .failed(error.description)
            }
            arguments.wordIndices.append((option.name, index - 1 + offset))
        } else {
            guard index < words.endIndex else { throw .missingOptionValue(command: spec.name, option: name) }
            valueWord = words[index]
            arguments.wordIndices.append((option.name, index + offset))
            index += 1
        }
        arguments.options.append((option.name, try convert(valueWord, to: option.type, named: option.name)))
    }

    private func convert(_ word: EvaluatedWord, to type: ValueType, named name: String) throws(CommandError)
        -> BoundWord
    {
        let bound = BoundWord(value: word.value, spelling: word.spelling)
        switch type {
        case .any:
            return bound
        case .string, .path:
            return BoundWord(value: .string(word.text), text: word.text)
        case .choice(let choices):
            guard choices.contains(word.text) else {
                let suggestion = Suggestion.nearest(to: word.text, in: choices)
                throw .invalidArgument(
                    command: spec.name, argument: name, expected: type.expected,
                    got: word.shown + Suggestion.didYouMean(suggestion))
            }
            return BoundWord(value: .string(word.text), text: word.text)
        case .int:
            guard word.value.intValue != nil else { throw invalid(word, type, name) }
            return bound
        case .double:
            // A double is sent as one (`3.0`), as PLUGIN-PROTOCOL §5 writes them.
            guard let number = word.value.doubleValue else { throw invalid(word, type, name) }
            return BoundWord(value: .double(number), text: word.text)
        default:
            guard type.accepts(word.value) else { throw invalid(word, type, name) }
            return bound
        }
    }

    private func invalid(_ word: EvaluatedWord, _ type: ValueType, _ name: String) -> CommandError {
        .invalidArgument(command: spec.name, argument: name, expected: type.expected, got: word.shown)
    }
}

extension ArgumentBinder {
    /// Where, among a command's words (after its name), the words of its deferred argument
    /// start, found from the words as written: options and their values are skipped the way
    /// ``bind(_:)`` binds them. Nil when the command has none or it was left out.
    static func deferredStart(in words: ArraySlice<Word>, of command: RegisteredCommand) -> Int? {
        guard let deferred = command.deferredArgument else { return nil }
        let spec = command.spec
        var position = 0
        var index = words.startIndex
        var optionsEnded = false
        while index < words.endIndex {
            let text = words[index].bareText
            if !optionsEnded, let text, text.hasPrefix("--"), !spec.options.isEmpty || text == "--" {
                if text == "--" {
                    optionsEnded = true
                } else if let option = spec.options.first(where: { $0.name == text }), !option.isFlag {
                    index += 1
                }
                index += 1
                continue
            }
            if position == deferred { return index }
            if position < spec.arguments.count, !spec.arguments[position].isVariadic { position += 1 }
            index += 1
        }
        return nil
    }
}

/// A word after interpolation: its value, its text, and whether it was an unquoted `--option`.
struct EvaluatedWord {
    var value: Value
    /// The text as written when it is not the value's own; nil makes ``text`` from the value
    /// only when asked (`set xs $(range 1 100000)` never writes the list out).
    var spelling: String?
    var isOptionLike: Bool

    init(value: Value, text: String, isOptionLike: Bool) {
        self.value = value
        spelling = text
        self.isOptionLike = isOptionLike
    }

    /// A word that is only a value (`$x`, `$( … )`, a literal): its text is the value's.
    init(value: Value) {
        self.value = value
        spelling = nil
        isOptionLike = false
    }

    var text: String { spelling ?? value.plainText }

    /// An unquoted literal word.
    init(literal: String) throws(NumberError) {
        self.init(value: try LiteralValue.infer(literal), text: literal, isOptionLike: false)
    }

    /// How messages show the word: `'text'`, or the value for numbers and other non-strings.
    var shown: String {
        if case .string = value { return "'\(text)'" }
        return value.quoted
    }
}
