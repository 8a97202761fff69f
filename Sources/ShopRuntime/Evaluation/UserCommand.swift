import ShopLanguage
import ShopPluginAPI
import ShopState

/// A command written in the language — by `def`, or a file of the commands folder — with a
/// real ``CommandSpec`` built from its `param` lines, so help, Tab and usage errors are those of
/// any command. A script's own parameters are bound the same way (``ScriptInterface``).
final class UserCommand: SessionCommand, Sendable {
    /// Where the command's statements are.
    enum Body: Sendable {
        /// A `def`'s body.
        case statements([Statement])
        /// A commands-folder file, read whole on the first call.
        case file(path: String)
    }

    let spec: CommandSpec
    let parameters: [ParameterDeclaration]
    let body: Body
    /// The parameters of the script that defined it, as they were then: visible in its body
    /// after its own locals.
    let enclosing: Locals
    /// Per parameter, its `--NAME` and the index of its positional argument in ``spec`` (nil
    /// for a `bool`, which is only a flag), worked out once rather than on every call.
    private let bindings: [(option: String, argument: Int?)]

    init(
        name: String, description: String?, parameters: [ParameterDeclaration], body: Body,
        enclosing: Locals = Locals()
    ) {
        self.parameters = parameters
        self.body = body
        self.enclosing = enclosing
        spec = Self.spec(name: name, description: description, parameters: parameters)
        var positions = 0
        bindings = parameters.map { parameter in
            guard parameter.type != .bool else { return ("--" + parameter.name, nil) }
            defer { positions += 1 }
            return ("--" + parameter.name, positions)
        }
    }

    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult? {
        try await session.call(self, invocation)
    }

    /// The spec of a command or script with these parameters: each one positional (but for
    /// `bool`s, which are flags) and also `--NAME VALUE`.
    static func spec(name: String, description: String?, parameters: [ParameterDeclaration]) -> CommandSpec {
        var arguments: [ArgumentSpec] = []
        var options: [OptionSpec] = []
        for parameter in parameters {
            let kind: String =
                switch parameter.type {
                case .bool: "a flag"
                case .any: "a value"
                default: parameter.type.described
                }
            var about = parameter.help ?? kind
            if let value = parameter.defaultValue, parameter.type != .bool {
                about += " (default \(value.quoted))"
            } else if parameter.isRequired {
                about += " (required)"
            }
            if parameter.type == .bool {
                options.append(OptionSpec(flag: "--" + parameter.name, about))
                continue
            }
            arguments.append(ArgumentSpec(parameter.name.uppercased(), about, type: parameter.type, isOptional: true))
            options.append(
                OptionSpec(
                    "--" + parameter.name,
                    value: parameter.type == .any ? "VALUE" : parameter.type.description.uppercased(),
                    about, type: parameter.type))
        }
        return CommandSpec(
            path: [name], abstract: description ?? "a command of your own (def \(name))",
            discussion: parameters.isEmpty
                ? nil : "Each parameter is given by position or as --NAME VALUE; a bool parameter is a flag.",
            arguments: arguments, options: options)
    }

    /// The parameters' values from the bound words — by position or `--NAME` — or their
    /// defaults; an error names the first that is missing or given twice.
    func values(from arguments: Arguments) throws(CommandError) -> Locals {
        // Room for one variable more: most bodies set one.
        var values = Locals(capacity: parameters.count + 1)
        for (parameter, (option, argument)) in zip(parameters, bindings) {
            guard let argument else {
                values[parameter.name] = arguments.flag(option) ? .bool(true) : (parameter.defaultValue ?? .bool(false))
                continue
            }
            let positional = arguments.firstWord(ofArgumentAt: argument)
            let named = arguments.word(ofOption: option)
            if positional != nil, named != nil {
                throw .failed(
                    "\(spec.name): \(parameter.name) is given twice, by position and as \(option) (usage: \(spec.usage))"
                )
            }
            guard let word = named ?? positional else {
                guard let value = parameter.defaultValue else {
                    throw .missingArgument(command: spec.name, argument: parameter.name, usage: spec.usage)
                }
                values[parameter.name] = value
                continue
            }
            // The word's text is made only for a string parameter, the one type that reads it.
            let text: String? = if case .string = parameter.type { word.text } else { nil }
            guard let value = parameter.type.parameterValue(of: word.value, text: text) else {
                throw .invalidArgument(
                    command: spec.name, argument: parameter.name, expected: parameter.type.expected,
                    got: word.value.quoted)
            }
            values[parameter.name] = value
        }
        return values
    }

    /// The definition as the state store keeps it under `commands.NAME`:
    /// `{description, params: [{name, type, default, help}], source}`.
    static func record(of definition: Definition) -> Value {
        let names = FieldNames(["name", "type", "default", "help"])
        let parameters = definition.parameters.map { parameter in
            Value.record(
                Record(
                    names: names,
                    values: [
                        .string(parameter.name), .string(parameter.type.description), parameter.defaultValue ?? .null,
                        Value(parameter.help),
                    ]))
        }
        return .record(
            Record([
                "description": Value(definition.description), "params": .list(parameters),
                "source": .string(definition.source),
            ]))
    }

    /// The definition a `commands.NAME` value holds, read from its source (with `syntax`, to
    /// run it); nil when the source is not one `def` of that name.
    static func definition(in value: Value, named name: String, syntax: (any CallSyntax)? = nil) -> Definition? {
        guard case .string(let source)? = value.recordValue?["source"] else { return nil }
        let script = Parser.parse(source, file: "commands.\(name)", syntax: syntax)
        guard !script.hasErrors, script.steps.count == 1, script.steps[0].statements.count == 1,
            case .definition(let definition) = script.steps[0].statements[0], definition.name == name
        else { return nil }
        return definition
    }

    /// The namespace `commands.NAME` keys live in: a value loads when its source is a `def` of NAME.
    static let namespace = StateNamespace(prefix: "commands", about: "a command defined with def") {
        key, value throws(StateError) in
        let name = String(key.dropFirst("commands.".count))
        guard definition(in: value, named: name) != nil else {
            throw .invalidValue(
                key: key, reason: "expected {description, params, source} whose source is 'def \(name) …'")
        }
    }
}
