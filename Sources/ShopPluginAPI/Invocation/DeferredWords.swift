import ShopValues

/// The words of a command's deferred argument as the runtime keeps them: unevaluated, read on
/// request as a condition, a command or a value that the runtime evaluates once per item.
///
/// The runtime implements it and hands it to the command in its ``Invocation``; a command
/// reaches it through `invocation[…]` of its ``Deferred`` argument. Each reading throws a
/// usage error naming the command when the words do not make what it asks for.
public protocol DeferredWords: AnyObject {
    /// The words as a condition on items: text on the left names a field of the item, `$it`
    /// is the item.
    func condition() throws -> any ItemCondition
    /// The words as one command, run for each item with `$it` bound and the item as its input
    /// when it reads input.
    func command() throws -> any ItemCommand
    /// The first word as one value, evaluated for each item with `$it` bound (once in all when
    /// it does not mention `$it`).
    func value() throws -> any ItemValue
    /// The same words with the item bound to `$NAME` as well as to `$it` (`--item NAME`), so
    /// that an inner pipeline, which binds `$it` to its own items, still reaches this one's;
    /// an error when NAME cannot name a variable.
    func namingItem(_ name: String) throws -> any DeferredWords
}

/// A condition the runtime checks once per item (what `where` filters with).
///
/// ```swift
/// let condition = try invocation[Self.condition]
/// let kept = try await condition.filter(items)
/// try condition.requireKnownFields(in: items)
/// ```
public protocol ItemCondition {
    /// Whether the condition holds for `item`, the `index`th (0-based) of its list.
    func holds(for item: Value, at index: Int) async throws -> Bool
    /// The items for which the condition holds, in order (a table's rows stay a table).
    func filter(_ items: ValueList) async throws -> ValueList
    /// Throws the "no field" error, naming the nearest field, for a field the condition names
    /// that none of `items` (all checked already) had: a mistyped field is never a silently
    /// empty result.
    func requireKnownFields(in items: ValueList) throws
}

/// A command the runtime runs once per item (what `each` runs).
public protocol ItemCommand {
    /// The command's value for `item`, or nil when it yields none.
    func run(for item: Value) async throws -> Value?
}

/// A value the runtime evaluates once per item (what `insert` and `update` set).
public protocol ItemValue {
    /// The value for `item`.
    func value(for item: Value) async throws -> Value
}
