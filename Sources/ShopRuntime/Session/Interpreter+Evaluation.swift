import ShopLanguage
import ShopPluginAPI
import ShopState

extension Interpreter {
    /// The values of a word's `$( … )` parts (and its literal items'), computed before the
    /// word itself, in the order ``evaluate(_:with:)`` reads them.
    ///
    /// The first value is kept apart: most words hold one `$( … )`, which then makes no list.
    struct SubexpressionValues {
        private var first: Value?
        private var more: [Value] = []
        private var next = 0

        mutating func append(_ value: Value) {
            if first == nil { first = value } else { more.append(value) }
        }

        mutating func take() -> Value {
            defer { next += 1 }
            if next == 0 { return first ?? .null }
            return next - 1 < more.count ? more[next - 1] : .null
        }
    }

    // MARK: Words

    /// The value and text of a word, running its `$( … )` parts first.
    func evaluate(_ word: Word) async throws -> EvaluatedWord {
        var values = SubexpressionValues()
        if word.flags.contains(.runsCommands) { try await collectSubexpressions(of: word, into: &values) }
        return try evaluate(word, with: &values)
    }

    /// The value of a word (its `$( … )` parts run first).
    func value(of word: Word) async throws -> Value {
        try await evaluate(word).value
    }

    /// Runs the `$( … )` of a word and of its literals' items, in order.
    private func collectSubexpressions(of word: Word, into values: inout SubexpressionValues) async throws {
        for part in word.parts {
            switch part {
            case .subexpression(let subexpression):
                values.append(try await value(of: subexpression))
            case .collection(let literal) where literal.constant == nil:
                switch literal.contents {
                case .list(let items):
                    for item in items where item.flags.contains(.runsCommands) {
                        try await collectSubexpressions(of: item, into: &values)
                    }
                case .record(let fields):
                    for field in fields where field.value.flags.contains(.runsCommands) {
                        try await collectSubexpressions(of: field.value, into: &values)
                    }
                }
            default:
                continue
            }
        }
    }

    /// The value and text of a word whose `$( … )` values are already in `values`.
    func evaluate(_ word: Word, with values: inout SubexpressionValues) throws(LocatedError) -> EvaluatedWord {
        let isQuoted = word.isQuoted
        if word.tail.isEmpty {
            switch word.head {
            case .literal(let text):
                return EvaluatedWord(
                    value: try Self.infer(text, at: word.location), text: text, isOptionLike: Self.isOptionLike(text))
            case .quoted(let text):
                return EvaluatedWord(value: .string(text), text: text, isOptionLike: false)
            case .reference(let reference):
                let value = try resolve(reference)
                return EvaluatedWord(value: isQuoted ? .string(value.plainText) : value)
            case .subexpression:
                let value = values.take()
                return EvaluatedWord(value: isQuoted ? .string(value.plainText) : value)
            case .collection(let literal):
                return EvaluatedWord(value: try self.value(of: literal, with: &values))
            }
        }
        var text = ""
        try append(word.head, to: &text, with: &values)
        for part in word.tail { try append(part, to: &text, with: &values) }
        let value: Value = isQuoted ? .string(text) : try Self.infer(text, at: word.location)
        return EvaluatedWord(value: value, text: text, isOptionLike: false)
    }

    /// Appends the text of one part of a word to `text`.
    private func append(_ part: WordPart, to text: inout String, with values: inout SubexpressionValues)
        throws(LocatedError)
    {
        switch part {
        case .literal(let piece), .quoted(let piece): text += piece
        case .reference(let reference): text += try resolve(reference).plainText
        case .subexpression: text += values.take().plainText
        case .collection(let literal): text += try value(of: literal, with: &values).plainText
        }
    }

    /// The value of an unquoted word, its errors placed at the word.
    private static func infer(_ text: String, at location: SourceLocation) throws(LocatedError) -> Value {
        do {
            return try LiteralValue.infer(text)
        } catch {
            throw LocatedError(error, at: location)
        }
    }

    private func value(of literal: CollectionLiteral, with values: inout SubexpressionValues) throws(LocatedError)
        -> Value
    {
        if let constant = literal.constant { return constant }
        switch literal.contents {
        case .list(let items):
            var elements: [Value] = []
            elements.reserveCapacity(items.count)
            for item in items { elements.append(try evaluate(item, with: &values).value) }
            return .list(elements)
        case .record(let fields):
            var elements: [Value] = []
            elements.reserveCapacity(fields.count)
            for field in fields { elements.append(try evaluate(field.value, with: &values).value) }
            return .record(Record(names: FieldNames(fields.map(\.key)), values: elements))
        }
    }

    /// Whether an unquoted word starts with `--`.
    private static func isOptionLike(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "-") && bytes.next() == UInt8(ascii: "-")
    }

    // MARK: Subexpressions

    /// The value of `$( … )`: its pipelines run in turn, nothing shown; the last one's value
    /// (null when it yields nothing).
    func value(of subexpression: Subexpression) async throws -> Value {
        var last: Value?
        for pipeline in subexpression.pipelines {
            try Self.checkCancellation()
            last = try await evaluate(pipeline)?.value
        }
        return last ?? .null
    }

    /// Throws `CancellationError` when Ctrl-C cancelled the running task: every command checks
    /// before it starts. Untyped and out of line: the error's type has no size known here, so
    /// an async function that made one (or was typed to throw one) allocated room for it on
    /// each of its calls.
    @inline(never)
    static func checkCancellation() throws {
        if Task.isCancelled { throw CancellationError() }
    }

    /// Whether `error` is Ctrl-C's. Out of line for the same reason: inlined into an async
    /// function, the test's room for a `CancellationError` was allocated on each of its calls.
    @inline(never)
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError
    }

    // MARK: References

    /// The value a reference reads: an item named by `--item NAME`, a reserved name, the
    /// longest state key, a local or a global variable, then the path into it.
    func resolve(_ reference: Reference) throws(LocatedError) -> Value {
        do {
            if !language.namedItems.isEmpty, let item = namedItem(reference.name) {
                return try follow(reference, from: item, after: 0)
            }
            // The common case first: a plain `$name`, a local or a variable.
            if reference.path.isEmpty, !Reference.isReserved(reference.name) {
                return try local(reference.name) ?? store.value(reference.name)
            }
            var consumed = 0
            let base: Value
            switch reference.name {
            case "it":
                guard let item = language.currentItem else { throw LanguageError.noItemHere }
                base = item
            case "env":
                guard let first = reference.path.first else {
                    base = .record(
                        Record(pairs: environment.variables.sorted { $0.key < $1.key }.map { ($0, .string($1)) }))
                    break
                }
                guard let text = environment.variables[first.name] else {
                    throw LanguageError.unknownEnvironmentVariable(
                        first.name,
                        suggestion: Suggestion.nearest(to: first.name, in: Array(environment.variables.keys)))
                }
                base = .string(text)
                consumed = 1
            case "args":
                base = .list((language.frames.last?.arguments ?? []).map(Value.string))
            case "_":
                guard let last = language.lastShown else { throw LanguageError.nothingShown }
                base = last
            default:
                if !reference.path.isEmpty, isKeyNamespace(reference.name) {
                    guard let (value, length) = longestKey(of: reference) else {
                        let key = ([reference.name] + reference.path.map(\.name)).joined(separator: ".")
                        _ = try store.value(key)
                        return .null
                    }
                    base = value
                    consumed = length
                } else if let local = local(reference.name) {
                    base = local
                } else {
                    base = try store.value(reference.name)
                }
            }
            return try follow(reference, from: base, after: consumed)
        } catch let error as LocatedError {
            throw error
        } catch {
            throw LocatedError(error, at: reference.location)
        }
    }

    /// Whether a reference starting with `name` reads a dotted state key: `name` is a
    /// plugin's (the host's further plugins read now if it is none of the others) or `commands`.
    private func isKeyNamespace(_ name: String) -> Bool {
        name == UserCommand.namespace.prefix || registry.plugin(named: name) != nil
    }

    /// The longest state key the reference's segments start with, and how many path segments
    /// it took.
    private func longestKey(of reference: Reference) -> (Value, Int)? {
        var key = reference.name
        var found: (Value, Int)?
        for (index, segment) in reference.path.enumerated() {
            key += "." + segment.name
            if let value = store.valueIfKnown(key) { found = (value, index + 1) }
        }
        return found
    }

    /// Reads the path of `reference` after its first `consumed` segments into `base`.
    private func follow(_ reference: Reference, from base: Value, after consumed: Int) throws(LanguageError) -> Value {
        var value = base
        var index = consumed
        while index < reference.path.count {
            let segment = reference.path[index]
            let spelled = Self.spelling(of: reference, through: index)
            switch value {
            case .record(let record):
                guard let field = record[segment.name] else {
                    throw .noField(
                        segment.name, in: spelled,
                        suggestion: Suggestion.nearest(to: segment.name, in: record.names.names))
                }
                value = field
            case .list(let elements):
                guard let position = segment.index else { throw .listField(spelled, segment: segment.name) }
                guard position < elements.count else { throw .noItem(position, in: spelled, count: elements.count) }
                value = elements[position]
            case .string:
                let rest = reference.path[index...].map(\.name).joined(separator: ".")
                let braced =
                    "${" + ([reference.name] + reference.path[..<index].map(\.name)).joined(separator: ".") + "}"
                throw .stringField(spelled, segment: segment.name, braced: braced + "." + rest)
            default:
                throw .notAContainer(spelled, type: value.typeName, segment: segment.name)
            }
            index += 1
        }
        return value
    }

    /// `$name.a.b` up to (not including) path segment `index`.
    private static func spelling(of reference: Reference, through index: Int) -> String {
        "$" + ([reference.name] + reference.path[..<index].map(\.name)).joined(separator: ".")
    }
}
