import ShopLanguage
import ShopPluginAPI

/// Matches evaluated words to a command's declared arguments and options. Kept by
/// ``RegisteredCommand`` with the spec it binds against, which it reads in place: a copy of
/// the spec, or of its lists, retains and releases each of them.
struct ArgumentBinder: Sendable {
    /// The index of the deferred argument, if there is one.
    let deferredArgument: Int?
    /// The indices of the arguments every call must give (neither optional nor deferred).
    private let requiredArguments: [Int]

    init(_ arguments: [ArgumentSpec]) {
        deferredArgument = arguments.firstIndex { $0.isDeferred }
        requiredArguments = arguments.indices.filter { !arguments[$0].isOptional && !arguments[$0].isDeferred }
    }

    /// Binds the words `words` gives (after the command's name), read once each in order, or
    /// throws the first mismatch (having read no further); `command` is named in messages.
    /// A source may stop early (its word could not be evaluated): the binder then binds what
    /// came before. The word indices kept for messages count from `firstIndex`, the index of
    /// the first word among all the command's words.
    func bind(
        _ words: inout some BindingWords, firstIndex: Int, to declared: borrowing CommandSpec,
        of command: RegisteredCommand
    ) throws(CommandError) -> Arguments {
        let spec = Spec(command: command)
        var arguments = Arguments(argumentNames: declared.argumentNames)
        arguments.positional.reserveCapacity(words.remaining)
        var index = firstIndex
        var next = 0
        var optionsEnded = false
        while let word = words.next() {
            index += 1
            if !optionsEnded, word.isOptionLike, !declared.options.isEmpty || word.text == "--" {
                if word.text == "--" {
                    optionsEnded = true
                    continue
                }
                try bindOption(
                    word, words: &words, index: &index, into: &arguments, options: declared.options, spec: spec)
                continue
            }
            guard next < declared.arguments.count else {
                throw .tooManyArguments(command: spec.name, extra: word.text, usage: spec.usage)
            }
            let name = declared.arguments[next].name
            let bound = try convert(consume word, to: declared.arguments[next].type, named: name, spec: spec)
            arguments.positional.append(Arguments.PositionalWord(argument: next, bound: bound, word: index - 1))
            if !declared.arguments[next].isVariadic { next += 1 }
        }
        for index in requiredArguments where !arguments.positional.contains(where: { $0.argument == index }) {
            throw .missingArgument(
                command: spec.name, argument: declared.arguments[index].name, usage: spec.usage)
        }
        return arguments
    }

    /// Binds the option `word` names (`index` is the index after it), reading its value from
    /// `words` unless it has one after `=`.
    private func bindOption(
        _ word: EvaluatedWord, words: inout some BindingWords, index: inout Int, into arguments: inout Arguments,
        options optionSpecs: [OptionSpec], spec: Spec
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
            arguments.changeGiven { given in
                given.flags.append(option.name)
                given.wordIndices.append((option.name, index - 1))
            }
            return
        }
        let valueWord: EvaluatedWord
        if let inlineValue {
            do {
                valueWord = try EvaluatedWord(literal: inlineValue)
            } catch {
                throw .failed(error.description)
            }
            arguments.changeGiven { $0.wordIndices.append((option.name, index - 1)) }
        } else {
            guard let next = words.next() else { throw .missingOptionValue(command: spec.name, option: name) }
            valueWord = next
            arguments.changeGiven { $0.wordIndices.append((option.name, index)) }
            index += 1
        }
        let bound = try convert(consume valueWord, to: option.type, named: option.name, spec: spec)
        arguments.changeGiven { $0.options.append((option.name, bound)) }
    }

    /// The word bound as `type`; taken, not borrowed, so that a word kept as it is moves
    /// its value and text into the bound word rather than copying them.
    private func convert(_ word: consuming EvaluatedWord, to type: ValueType, named name: String, spec: Spec)
        throws(CommandError) -> BoundWord
    {
        switch type {
        case .any:
            return word.bound()
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
            guard word.value.intValue != nil else { throw spec.invalid(word, type, name) }
            return word.bound()
        case .double:
            // A double is sent as one (`3.0`), as the plugin protocol writes them; a double
            // written otherwise (`1.50`) keeps its text.
            switch word.value.number {
            case .double?: return word.bound()
            case .int(let int)?: return BoundWord(value: .double(Double(int)), text: word.text)
            case nil: throw spec.invalid(word, type, name)
            }
        default:
            guard type.accepts(word.value) else { throw spec.invalid(word, type, name) }
            return word.bound()
        }
    }

    /// The command's spec, read only for messages.
    private struct Spec {
        let command: RegisteredCommand

        var name: String { command.spec.name }
        var usage: String { command.spec.usage }

        func invalid(_ word: EvaluatedWord, _ type: ValueType, _ name: String) -> CommandError {
            .invalidArgument(command: self.name, argument: name, expected: type.expected, got: word.shown)
        }
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

/// Where ``ArgumentBinder`` reads a command's words from, one at a time, in order: a list
/// of words evaluated already, or a command's words evaluated as they are read, so that
/// binding needs no list of them.
protocol BindingWords {
    /// The next word; nil after the last.
    mutating func next() -> EvaluatedWord?
    /// How many words are left at most (room for the positional ones).
    var remaining: Int { get }
}

/// Words evaluated already, each moved out of the list as it is read.
struct ListedWords: BindingWords {
    /// The words not read yet, the next one last: taking the last element of a list moves it
    /// out, where reading the first copied each word (its value and text retained, then
    /// released with the list).
    private var reversed: [EvaluatedWord]

    init(_ words: consuming [EvaluatedWord]) {
        words.reverse()
        reversed = words
    }

    mutating func next() -> EvaluatedWord? { reversed.popLast() }

    var remaining: Int { reversed.count }
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

    /// The word bound as it is: its value, and its text when it is not the value's own.
    consuming func bound() -> BoundWord { BoundWord(value: value, spelling: spelling) }

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
