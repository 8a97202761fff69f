import ShopFormats
import ShopPluginAPI

/// `from csv [CSV options]`: CSV text parsed into a list of records.
struct FromCSVCommand: Command {
    let spec = CommandSpec(
        path: ["from", "csv"], abstract: "Parse the input's CSV text into records",
        discussion: """
            The first row names the fields. \(CSVReadingOptions.discussion) Quotes, separators and line \
            breaks inside quoted cells, a byte order mark and CRLF line ends are all accepted.
            """,
        options: CSVReadingOptions.all,
        examples: [
            Example("services list | to csv | from csv | where price > 1000"),
            Example("echo 'bolt;12\\nnut;40' | from csv --separator ';' --no-header"),
        ],
        input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let input = try invocation.requireInput()
        guard case .string(let text) = input else {
            throw CommandError.invalidInput(command: spec.name, expected: "CSV text", got: input.describedType)
        }
        let options = try CSVReadingOptions.options(of: invocation, command: spec.name)
        do {
            return .value(.list(try await CSVTableReader.read(Array(text.utf8), options: options)))
        } catch let error as CSVError {
            throw CSVReadingOptions.error(error, command: spec.name, file: nil)
        }
    }
}
