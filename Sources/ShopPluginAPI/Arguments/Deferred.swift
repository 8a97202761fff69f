/// An argument a command gets as its words, unevaluated, to evaluate them as it needs — once
/// per item with `$it` bound, or as an expression — declared once with what it is read as.
///
/// It must be the command's last argument. Words that do not mention `$it` are evaluated once
/// in all; the others once per item (SPEC §11.1).
///
/// ```swift
/// static let condition = Deferred<ItemCondition>("CONDITION", "price < 1000, isSelected, …")
/// let condition = try invocation[Self.condition]
/// for row in rows where try await condition.holds(for: row) { kept.append(row) }
/// ```
public struct Deferred<T: DeferredValue>: ArgumentDeclaration {
    public let argumentSpec: ArgumentSpec

    public init(_ name: String, _ abstract: String, isOptional: Bool = false, completion: CompletionSource = .none) {
        var spec = ArgumentSpec(
            name, abstract, type: .any, isOptional: isOptional, isVariadic: T.takesEveryWord, completion: completion)
        spec.isDeferred = true
        argumentSpec = spec
    }
}

/// What the words of a ``Deferred`` argument are read as: ``ItemValue``, ``ItemCondition``,
/// ``ItemCommand``, or the words themselves (`[Word]`).
public protocol DeferredValue {
    /// Whether it takes every remaining word (a condition, a command) or one (a value).
    static var takesEveryWord: Bool { get }
    /// Reads the words the command was given for it; `invocation` is the running command's.
    init(words: [Word], in invocation: Invocation) throws
}

extension Array: DeferredValue where Element == Word {
    public static var takesEveryWord: Bool { true }

    public init(words: [Word], in invocation: Invocation) {
        self = words
    }
}

extension Invocation {
    /// The deferred argument, as the type it was declared with.
    public subscript<T>(_ argument: Deferred<T>) -> T {
        get throws { try T(words: arguments.deferred, in: self) }
    }

    /// The interpreter running the command, which evaluates deferred words.
    var interpreter: Interpreter {
        get throws(CommandError) {
            guard let interpreter = context.interpreter else {
                throw .failed("\(spec.name): needs a shop session")
            }
            return interpreter
        }
    }
}
