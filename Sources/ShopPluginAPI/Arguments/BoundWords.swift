/// The words bound to one argument or option, in order: what an ``ArgumentShape`` makes its
/// typed value from (one word for `T` and `T?`, every word for `[T]`).
public struct BoundWords: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        /// An argument's run of the positional words.
        case positional(ArraySlice<Arguments.PositionalWord>)
        /// An option's one word.
        case one(BoundWord)
    }

    private let storage: Storage

    /// An argument's words.
    init(_ words: ArraySlice<Arguments.PositionalWord>) {
        storage = .positional(words)
    }

    /// An option's word.
    init(_ word: BoundWord) {
        storage = .one(word)
    }

    public var startIndex: Int {
        switch storage {
        case .positional(let words): words.startIndex
        case .one: 0
        }
    }

    public var endIndex: Int {
        switch storage {
        case .positional(let words): words.endIndex
        case .one: 1
        }
    }

    public subscript(position: Int) -> BoundWord {
        switch storage {
        case .positional(let words): words[position].bound
        case .one(let word): word
        }
    }
}
