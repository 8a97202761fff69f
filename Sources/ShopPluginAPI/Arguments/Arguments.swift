import ShopValues

/// A command's words bound by name to its declared arguments and options, each checked
/// against its type: what the binder makes, what a typed read (`invocation[Self.file]`)
/// converts, and what an outside plugin receives as a JSON object (`json(for:)`, the wire's).
public struct Arguments: Sendable {
    /// The declared argument names, in order.
    package let argumentNames: [String]
    /// Bound positional words, in order.
    package var positional: [PositionalWord] = []
    /// What the call gave besides positional words, nil while it gave nothing else: most
    /// calls give none, and then no list of them is copied with each invocation.
    private var given: Given?

    /// The options and flags of a call.
    package struct Given {
        /// The options given with a value, in order.
        package var options: [(name: String, bound: BoundWord)] = []
        /// The flags given, in order.
        package var flags: [String] = []
        /// For each option given, the index of its first word in the command's words, so an
        /// error about it can point there (a positional word keeps its own).
        package var wordIndices: [(name: String, word: Int)] = []
    }

    package init(argumentNames: [String]) {
        self.argumentNames = argumentNames
    }

    // The lists of ``Given``, empty while the call gave none of them.
    package var options: [(name: String, bound: BoundWord)] { given?.options ?? [] }
    package var flags: [String] { given?.flags ?? [] }
    package var wordIndices: [(name: String, word: Int)] { given?.wordIndices ?? [] }

    /// Changes the options or flags (``Given``, made on the first change).
    package mutating func changeGiven(_ change: (inout Given) -> Void) {
        var lists = given.take() ?? Given()
        change(&lists)
        given = lists
    }

    /// The words bound to the argument named `name`, in order.
    public func words(ofArgument name: String) -> [BoundWord] {
        guard let index = argumentNames.firstIndex(of: name) else { return [] }
        var words: [BoundWord] = []
        for word in positional where word.argument == index { words.append(word.bound) }
        return words
    }

    /// The word bound to the argument at `index` of the spec's arguments when it is the only
    /// positional word, else nil: a variadic argument's one word read without a list of it.
    package func onlyWord(ofArgumentAt index: Int) -> BoundWord? {
        guard positional.count == 1, positional[0].argument == index else { return nil }
        return positional[0].bound
    }

    /// The first word bound to the argument at `index` of the spec's arguments, if any.
    package func firstWord(ofArgumentAt index: Int) -> BoundWord? {
        positional.first { $0.argument == index }?.bound
    }

    /// The words as given, positional ones first and then each option with its value
    /// (`$args` of a user command's call).
    package var positionalTexts: [String] {
        positional.map(\.bound.text) + options.flatMap { [$0.name, $0.bound.text] } + flags
    }

    /// The word given for the option named `name` (the last, when given more than once).
    public func word(ofOption name: String) -> BoundWord? {
        options.last { $0.name == name }?.bound
    }

    /// Every word given for the option named `name`, in order.
    public func words(ofOption name: String) -> [BoundWord] {
        options.filter { $0.name == name }.map(\.bound)
    }

    /// The index of the first word given for the argument or option named `name`, among the
    /// command's words (its name included); nil when it was not given on a command line.
    public func wordIndex(of name: String) -> Int? {
        if let index = argumentNames.firstIndex(of: name) { return positional.first { $0.argument == index }?.word }
        return wordIndices.first { $0.name == name }?.word
    }

    /// Whether the flag named `name` was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// A positional word bound to an argument.
    // A struct, not a tuple: an array of tuples is destroyed through the runtime's generic
    // tuple witness, element by element.
    package struct PositionalWord {
        /// The index of the argument it belongs to.
        package var argument: Int
        package var bound: BoundWord
        /// The word's index in the command's words (nil when not bound from a command line).
        package var word: Int?

        package init(argument: Int, bound: BoundWord, word: Int? = nil) {
            self.argument = argument
            self.bound = bound
            self.word = word
        }
    }

    /// The words bound to the argument at `index` of the spec's arguments: one run of the
    /// positional words, which are bound argument by argument, in order.
    func boundWords(ofArgumentAt index: Int) -> BoundWords {
        guard let start = positional.firstIndex(where: { $0.argument == index }) else {
            return BoundWords(positional[positional.endIndex...])
        }
        var end = start + 1
        while end < positional.endIndex, positional[end].argument == index { end += 1 }
        return BoundWords(positional[start..<end])
    }

    /// The argument as its declared Swift type.
    func read<T>(_ argument: Argument<T>, in context: ArgumentContext) throws(CommandError) -> T {
        let name = argument.argumentSpec.name
        guard let index = argumentNames.firstIndex(of: name),
            let value = T.make(from: boundWords(ofArgumentAt: index), in: context)
        else {
            throw .failed("internal error: argument \(name) was read but not bound; declare it in the command's spec")
        }
        return value
    }

    /// The option as its declared Swift type, or its default.
    func read<T>(_ option: Option<T>, in context: ArgumentContext) throws(CommandError) -> T {
        let name = option.optionSpec.name
        if let word = word(ofOption: name) {
            guard let value = T.make(from: BoundWords(word), in: context) else {
                throw .failed("internal error: option \(name) does not convert to its declared type")
            }
            return value
        }
        guard let value = option.defaultValue else {
            throw .failed("internal error: option \(name) has no value and no default")
        }
        return value
    }
}
