import ShopPluginAPI

/// The `data` of a command's error answer (code `-32000`): what kind of failure, the argument
/// or option it is about (so the host points at that word), and a hint for a `help:` line.
///
/// `{"kind": "invalid-argument", "argument": "CODE", "help": "did you mean 'SPRING'?"}`
public struct FailureData: WireValue, Equatable {
    public enum Kind: String, Sendable {
        case usage
        case invalidArgument = "invalid-argument"
        case notFound = "not-found"
        case failed
    }

    /// How it failed; an unknown kind reads as `failed`.
    public var kind: Kind
    public var argument: String?
    public var option: String?
    public var help: String?

    public init(kind: Kind, argument: String? = nil, option: String? = nil, help: String? = nil) {
        self.kind = kind
        self.argument = argument
        self.option = option
        self.help = help
    }

    /// What a Swift command's ``CommandFailure`` says.
    public init(_ failure: CommandFailure) {
        switch failure.subject {
        case .argument(let name)?: self.init(kind: .invalidArgument, argument: name, help: failure.help)
        case .option(let name)?: self.init(kind: .invalidArgument, option: name, help: failure.help)
        case nil: self.init(kind: .failed, help: failure.help)
        }
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "error.data")
        kind = try fields.optionalString("kind").flatMap(Kind.init(rawValue:)) ?? .failed
        argument = try fields.optionalString("argument")
        option = try fields.optionalString("option")
        help = try fields.optionalString("help")
    }

    public var json: Value {
        var pairs: [(String, Value)] = [("kind", .string(kind.rawValue))]
        if let argument { pairs.append(("argument", .string(argument))) }
        if let option { pairs.append(("option", .string(option))) }
        if let help { pairs.append(("help", .string(help))) }
        return .record(Record(pairs: pairs))
    }

    /// The failure the session prints for an error answer with this data: its message, the
    /// help on a line of its own, the place of the word `argument` or `option` names.
    public func failure(_ message: String) -> CommandFailure {
        let subject: CommandFailure.Subject? = argument.map { .argument($0) } ?? option.map { .option($0) }
        return CommandFailure(message, help: help.flatMap { $0.isEmpty ? nil : $0 }, about: subject)
    }
}
