import ShopPluginAPI

extension Arguments {
    /// Arguments bound as a plugin's `run` request carries them: the inverse of
    /// ``json(for:)``, for a plugin served out of process.
    ///
    /// ```swift
    /// let arguments = Arguments(json: ["CODE": "SPRING"], options: ["--dry-run": false], for: spec)
    /// ```
    public init(json arguments: Value, options: Value, for spec: CommandSpec) {
        self.init(argumentNames: spec.arguments.map(\.name))
        let given = arguments.recordValue
        for (index, argument) in spec.arguments.enumerated() {
            guard let value = given?[argument.name], !(argument.isOptional && value.isNull) else { continue }
            let values = argument.isVariadic ? (value.listValue ?? [value]) : [value]
            for value in values {
                positional.append(
                    PositionalWord(argument: index, bound: BoundWord(value: value, text: value.plainText)))
            }
        }
        let chosen = options.recordValue
        for option in spec.options {
            guard let value = chosen?[option.name], !value.isNull else { continue }
            if option.isFlag {
                if value == .bool(true) { changeGiven { $0.flags.append(option.name) } }
            } else {
                changeGiven { $0.options.append((option.name, BoundWord(value: value, text: value.plainText))) }
            }
        }
    }

    /// The bound arguments as a plugin's `run` request sends them: `{"CODE": "SPRING"}`, a
    /// variadic argument as a list, missing optional arguments absent.
    public func json(for spec: CommandSpec) -> (arguments: Value, options: Value) {
        var arguments: [(String, Value)] = []
        for argument in spec.arguments {
            let words = words(ofArgument: argument.name)
            if argument.isVariadic {
                arguments.append((argument.name, .list(words.map(\.value))))
            } else if let word = words.first {
                arguments.append((argument.name, word.value))
            }
        }
        let options: [(String, Value)] = spec.options.map { option in
            option.isFlag
                ? (option.name, .bool(flag(option.name))) : (option.name, word(ofOption: option.name)?.value ?? .null)
        }
        return (.record(Record(pairs: arguments)), .record(Record(pairs: options)))
    }
}
