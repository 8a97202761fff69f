import ShopLanguage
import ShopPluginAPI
import ShopState

extension Interpreter {
    /// Sets a variable by fish's rule: a local of the running call, else an existing global,
    /// else a new local of the call; at the top level (and in a script run, but for its
    /// parameters) a global.
    func assign(_ name: String, to value: Value) throws {
        guard !Reference.isReserved(name) else { throw LanguageError.reservedName(name) }
        // The frame is changed where it is: a copy would share its locals and copy them all.
        let last = language.frames.count - 1
        guard last >= 0 else {
            try store.setVariable(name, to: value)
            return
        }
        if language.frames[last].locals.contains(name) {
            language.frames[last].locals[name] = value
        } else if language.frames[last].kind == .script || store.valueIfKnown(name) != nil
            || !StateStore.isVariableName(name)
        {
            try store.setVariable(name, to: value)
        } else {
            language.frames[last].locals[name] = value
        }
    }

    /// The local of the running call named `name` (or the parameter of the script that
    /// defined its command), if any.
    func local(_ name: String) -> Value? {
        guard let last = language.frames.indices.last else { return nil }
        if let value = language.frames[last].locals[name] { return value }
        return language.frames[last].enclosing.isEmpty ? nil : language.frames[last].enclosing[name]
    }

    /// Runs `body` with `$it` bound to `item`, and `$NAME` too when `name` is given (`--item
    /// NAME`); names of enclosing items stay bound, the innermost first.
    func withItem<Result>(_ item: Value?, named name: String? = nil, _ body: () async throws -> Result) async rethrows
        -> Result
    {
        let enclosing = language.currentItem
        language.currentItem = item
        if let name, let item { language.namedItems.append((name, item)) }
        defer {
            language.currentItem = enclosing
            if name != nil, item != nil { language.namedItems.removeLast() }
        }
        return try await body()
    }

    /// The item named `name` by an enclosing `--item NAME`, innermost first.
    func namedItem(_ name: String) -> Value? {
        language.namedItems.last { $0.name == name }?.item
    }
}
