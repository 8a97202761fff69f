/// A domain plugin: a name, the state keys it owns and the commands it adds.
///
/// Every command's path starts with the plugin's name (`services select`); one command may
/// be the name alone (path `["hello"]`), run when the next word is not a verb. A plugin may
/// instead name a default verb that runs when its name is typed alone.
///
/// ```swift
/// struct GreeterPlugin: Plugin {
///     let name = "greeter"
///     let version = "1.0.0"
///     let summary = "Says hello"
///     static let count = StateKey<Int>(
///         "greeter.count", abstract: "greetings so far", type: .int, initial: 0,
///         decode: { value, _ throws(StateError) in
///             guard let count = value.intValue else {
///                 throw .invalidValue(key: "greeter.count", reason: "expected a whole number")
///             }
///             return count
///         },
///         encode: { .int($0) })
///     var stateKeys: [StateKeyDeclaration] { [Self.count.declaration] }
///     var commands: [any Command] { [HelloCommand()] }
///     var defaultVerb: String? { "hello" }
/// }
/// ```
public protocol Plugin: Sendable {
    /// The namespace of its commands and state keys.
    var name: String { get }
    /// The plugin's version, shown by `plugins`.
    var version: String { get }
    /// One line saying what the plugin models.
    var summary: String { get }
    /// The state keys it owns, each starting with `name.`.
    var stateKeys: [StateKeyDeclaration] { get }
    /// Its commands.
    var commands: [any Command] { get }
    /// The verb run when the plugin's name is typed alone, if any.
    var defaultVerb: String? { get }
    /// Keys of other plugins its commands read (an outside plugin gets them with each call).
    var reads: [String] { get }
}

extension Plugin {
    public var defaultVerb: String? { nil }
    public var reads: [String] { [] }
}
