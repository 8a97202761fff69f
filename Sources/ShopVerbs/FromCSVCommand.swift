import ShopPluginAPI

/// `from csv`: CSV text parsed into a list of records.
struct FromCSVCommand: Command {
    let spec = CommandSpec(
        path: ["from", "csv"], abstract: "Parse the input's CSV text into records",
        discussion: """
            The first row names the fields. Unquoted integers and decimals become numbers (not those with a \
            leading zero, such as 007), an empty cell is null, anything else is a string. Quotes, commas and \
            line breaks inside quoted cells, a byte order mark and CRLF line ends are all accepted.
            """,
        examples: [Example("services list | to csv | from csv | where price > 1000")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.requireInput()
        guard case .string(let text) = input else {
            throw CommandError.invalidInput(command: spec.name, expected: "CSV text", got: input.describedType)
        }
        do {
            return .value(.list(try CSVReader.read(Array(text.utf8))))
        } catch {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
    }
}
