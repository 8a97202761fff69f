/// A positional argument, declared once with the Swift type it is read as.
///
/// `T` gives the kind and the default completion, and whether the argument is required
/// (`T`), optional (`T?`) or takes every remaining word (`[T]`). List it in the spec and read
/// it back typed:
///
/// ```swift
/// static let file = Argument<FilePath>("FILE", "a feed file in JSON")
/// let spec = CommandSpec(path: ["feed", "load"], abstract: "Load a feed", arguments: [Self.file])
/// let path = try invocation[Self.file].absolute
/// ```
public struct Argument<T: ArgumentShape>: ArgumentDeclaration {
    /// The metadata the binder, help and completion read.
    public let argumentSpec: ArgumentSpec

    /// `completion` replaces the type's default source (files for paths, the words of a choice).
    public init(_ name: String, _ abstract: String, completion: CompletionSource? = nil) {
        argumentSpec = ArgumentSpec(
            name, abstract, type: T.Scalar.valueType, isOptional: T.arity != .single,
            isVariadic: T.arity == .variadic, completion: completion ?? T.Scalar.defaultCompletion)
    }
}

/// A `--name VALUE` option, declared once with the Swift type it is read as: `Option<Int?>`
/// reads as nil when left out, `Option<Int>(…, default: 15)` as its default.
///
/// ```swift
/// static let pageSize = Option<Int?>("--page-size", value: "N", "items per page")
/// if let size = try invocation[Self.pageSize] { … }
/// ```
public struct Option<T: ArgumentShape>: OptionDeclaration {
    public let optionSpec: OptionSpec
    /// The value when the option is left out.
    let defaultValue: T?

    /// An option read as nil when it is left out.
    public init<Wrapped: ArgumentValue>(
        _ name: String, value valueName: String, _ abstract: String, completion: CompletionSource? = nil
    ) where T == Wrapped? {
        optionSpec = OptionSpec(
            name, value: valueName, abstract, type: Wrapped.valueType,
            completion: completion ?? Wrapped.defaultCompletion)
        defaultValue = .some(nil)
    }

    /// An option read as `defaultValue` when it is left out.
    public init(
        _ name: String, value valueName: String, _ abstract: String, default defaultValue: T,
        completion: CompletionSource? = nil
    ) where T: ArgumentValue {
        optionSpec = OptionSpec(
            name, value: valueName, abstract, type: T.valueType, completion: completion ?? T.defaultCompletion)
        self.defaultValue = defaultValue
    }
}

/// A `--name` flag without a value, read as a `Bool`.
///
/// ```swift
/// static let force = Flag("--force", "replace an existing file")
/// if invocation[Self.force] { … }
/// ```
public struct Flag: OptionDeclaration {
    public let optionSpec: OptionSpec

    public init(_ name: String, _ abstract: String) {
        optionSpec = OptionSpec(flag: name, abstract)
    }
}

/// Something a ``CommandSpec`` lists as a positional argument: an ``Argument`` or, built at
/// run time (`def`, a plugin manifest), an ``ArgumentSpec``.
public protocol ArgumentDeclaration: Sendable {
    var argumentSpec: ArgumentSpec { get }
}

/// Something a ``CommandSpec`` lists as an option: an ``Option``, a ``Flag``, or an ``OptionSpec``.
public protocol OptionDeclaration: Sendable {
    var optionSpec: OptionSpec { get }
}
