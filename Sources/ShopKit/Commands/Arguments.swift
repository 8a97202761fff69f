/// A command's arguments after checking against its ``CommandSpec``: every required argument
/// is present and of its declared kind.
public struct Arguments: Sendable {
    /// One bound word: its value and its text as written (`007` stays `007`).
    struct Bound: Sendable, Equatable {
        var value: Value
        var text: String
    }

    /// The declared argument names, in order.
    let argumentNames: [String]
    /// Bound positional words with the index of the argument they belong to, in order.
    var positional: [(argument: Int, bound: Bound)] = []
    var options: [(name: String, bound: Bound)] = []
    var flags: [String] = []
    /// The words of the deferred argument, as written (see ``ArgumentSpec/deferred(_:_:isOptional:isVariadic:)``).
    var deferred: [Word] = []

    init(argumentNames: [String]) {
        self.argumentNames = argumentNames
    }

    /// The first bound word of an argument or the value of an option.
    private func first(_ name: String) -> Bound? {
        if let index = argumentNames.firstIndex(of: name) {
            return positional.first { $0.argument == index }?.bound
        }
        return options.first { $0.name == name }?.bound
    }

    /// Every bound word of an argument.
    private func all(_ name: String) -> [Bound] {
        guard let index = argumentNames.firstIndex(of: name) else { return [] }
        return positional.filter { $0.argument == index }.map(\.bound)
    }

    /// The value of an argument or option, with its type.
    public func value(_ name: String) -> Value? {
        first(name)?.value
    }

    /// The text of an argument or option as written.
    public func text(_ name: String) -> String? {
        first(name)?.text
    }

    /// A whole-number argument or option.
    public func int(_ name: String) -> Int? {
        value(name)?.intValue
    }

    /// A number argument or option, as a double.
    public func number(_ name: String) -> Double? {
        value(name)?.doubleValue
    }

    /// Every value of a variadic argument.
    public func values(_ name: String) -> [Value] {
        all(name).map(\.value)
    }

    /// Every word of a variadic argument, as written.
    public func texts(_ name: String) -> [String] {
        guard let index = argumentNames.firstIndex(of: name) else { return [] }
        var texts: [String] = []
        texts.reserveCapacity(positional.count)
        for (argument, bound) in positional where argument == index { texts.append(bound.text) }
        return texts
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }
}
