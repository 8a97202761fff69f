import ShopValues

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
}
