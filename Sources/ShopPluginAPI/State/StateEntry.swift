import ShopValues
import Synchronization

/// A value in the store, the revision that wrote it, and its decoded model once read.
///
/// A model a plugin writes is kept as it is, and the value encoded from it when first read
/// (``EncodedModel``): a command that grows a large model (a page of news added to the loaded
/// ones) neither makes the whole value again nor leaves undo a copy of it, unless something
/// reads it.
package struct StateEntry: Sendable {
    private var content: Content
    package var revision: UInt64
    /// The serial of the change that wrote it while that change was the innermost one open
    /// (0: none, or not known): a later write under the same change notes nothing.
    package var writtenInChange: UInt64 = 0

    /// Boxed, so that entries, copied on every write, copy one reference where an existential
    /// model copies through its type's witnesses.
    private enum Content: Sendable {
        /// A value, with its model once decoded.
        case value(Value, model: ModelBox?)
        /// A model a plugin wrote, its value encoded on first read.
        case model(EncodedModel)
    }

    /// An entry holding `value` (and its `model`, when decoded); one to be written gets its
    /// revision from ``StateStore``.
    package init(value: Value, revision: UInt64 = 0, model: (any Sendable)?) {
        content = .value(value, model: model.map(ModelBox.init))
        self.revision = revision
    }

    /// An entry holding `model`, whose value is `encode`'s, made on first read.
    package init(model: any Sendable, revision: UInt64 = 0, encode: @escaping @Sendable () -> Value) {
        content = .model(EncodedModel(model, encode: encode))
        self.revision = revision
    }

    package var value: Value {
        switch content {
        case .value(let value, _): value
        case .model(let encoded): encoded.value
        }
    }

    package var model: (any Sendable)? {
        get {
            switch content {
            case .value(_, let box): box?.model
            case .model(let encoded): encoded.model
            }
        }
        set { content = .value(value, model: newValue.map(ModelBox.init)) }
    }
}

/// A decoded model, kept by reference in a ``StateEntry``.
final class ModelBox: Sendable {
    let model: any Sendable

    init(_ model: any Sendable) {
        self.model = model
    }
}

/// A model a plugin wrote, with its value: encoded on first read (from any thread: a snapshot
/// of the state is read off the session's) and kept.
final class EncodedModel: Sendable {
    let model: any Sendable
    private let encode: @Sendable () -> Value
    private let encoded = Mutex<Value?>(nil)

    init(_ model: any Sendable, encode: @escaping @Sendable () -> Value) {
        self.model = model
        self.encode = encode
    }

    var value: Value {
        encoded.withLock { encoded in
            if let encoded { return encoded }
            let value = encode()
            encoded = value
            return value
        }
    }
}
