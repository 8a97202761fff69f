/// An argument a command gets as its words, unevaluated, for the runtime to evaluate as the
/// command needs — once per item with `$it` bound — declared once with what it is read as.
///
/// It must be the command's last argument. Words that do not mention `$it` are evaluated once
/// in all; the others once per item. The command reads it with `invocation[…]` and never
/// parses the words itself: the runtime does (see ``DeferredWords``).
///
/// ```swift
/// static let condition = Deferred.condition("CONDITION", "price < 1000, isSelected, …")
/// let kept = try await invocation[Self.condition].filter(items)
/// ```
public struct Deferred<Reading>: ArgumentDeclaration {
    public let argumentSpec: ArgumentSpec
    private let read: @Sendable (any DeferredWords) throws -> Reading

    /// A deferred argument whose words the language reads as `shape` and that `read` makes
    /// from the runtime's reading of them; the runtime's own commands declare theirs so.
    public init(
        _ name: String, _ abstract: String, shape: DeferredShape, isOptional: Bool = false,
        completion: CompletionSource = .none, read: @escaping @Sendable (any DeferredWords) throws -> Reading
    ) {
        var spec = ArgumentSpec(
            name, abstract, type: .any, isOptional: isOptional, isVariadic: shape != .value, completion: completion)
        spec.deferredShape = shape
        argumentSpec = spec
        self.read = read
    }

    /// What the runtime made of the words.
    func reading(_ words: any DeferredWords) throws -> Reading {
        try read(words)
    }
}

extension Deferred where Reading == any ItemCondition {
    /// Every remaining word, read as a condition on each item (`where`).
    public static func condition(_ name: String, _ abstract: String, completion: CompletionSource = .none) -> Self {
        Deferred(name, abstract, shape: .condition, completion: completion) { try $0.condition() }
    }
}

extension Deferred where Reading == any ItemCommand {
    /// Every remaining word, read as one command run for each item (`each`).
    public static func command(_ name: String, _ abstract: String, completion: CompletionSource = .none) -> Self {
        Deferred(name, abstract, shape: .command, completion: completion) { try $0.command() }
    }
}

extension Deferred where Reading == any ItemValue {
    /// One word, read as a value evaluated for each item (`insert`, `update`).
    public static func value(_ name: String, _ abstract: String, completion: CompletionSource = .none) -> Self {
        Deferred(name, abstract, shape: .value, completion: completion) { try $0.value() }
    }
}

extension Invocation {
    /// The deferred argument, as the runtime read its words.
    public subscript<Reading>(_ argument: Deferred<Reading>) -> Reading {
        get throws {
            guard let deferred else {
                throw CommandError.failed(
                    "internal error: \(spec.name) read a deferred argument outside a session's interpreter")
            }
            return try argument.reading(deferred)
        }
    }

    /// The deferred argument with its item also bound to `$NAME` when `item` is given (a
    /// command's `--item NAME` option); as ``subscript(_:)`` when it is nil.
    public subscript<Reading>(_ argument: Deferred<Reading>, item name: String?) -> Reading {
        get throws {
            guard let name else { return try self[argument] }
            guard let deferred else { return try self[argument] }
            return try argument.reading(try deferred.namingItem(name))
        }
    }
}

extension Option where T == String? {
    /// `--item NAME`: the name a per-item command's item has besides `$it`.
    public static var itemName: Option<String?> {
        Option("--item", value: "NAME", "name the item $NAME as well as $it, for pipelines inside this one")
    }
}
