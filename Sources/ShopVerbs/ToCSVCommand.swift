import ShopFormats
import ShopPluginAPI

/// `to csv [--separator C]`: the input as CSV text with a header row (RFC 4180 quoting).
struct ToCSVCommand: Command {
    static let separator = Option<String?>("--separator", value: "C", "the character between cells (, unless given)")

    let spec = CommandSpec(
        path: ["to", "csv"], abstract: "Turn records into CSV text",
        discussion: """
            The header is every field, in the order first seen; null is an empty cell; numbers are written as \
            they were read; strings that would read back as numbers or bools are quoted, so 'from csv' gives \
            the same values back.
            """,
        options: [Self.separator], examples: [Example("services list | to csv")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        var separator = UInt8(ascii: ",")
        if let spelled = try invocation[Self.separator] {
            guard let byte = CSVOptions.separator(spelled: spelled) else {
                throw VerbError.invalid(
                    command: spec.name,
                    reason: "--separator must be one character, such as ; or | or \\t, got '\(spelled)'")
            }
            separator = byte
        }
        let bytes = try Self.bytes(try invocation.requireInput(), separator: separator, command: spec.name)
        return .value(.string(String(decoding: bytes.dropLast(), as: UTF8.self)))
    }

    /// The CSV text of `value`, ending in a line break; an error names an item that is not a record.
    static func bytes(_ value: Value, separator: UInt8, command: String) throws(VerbError) -> [UInt8] {
        switch CSVWriter.bytes(value, separator: separator) {
        case .success(let bytes): return bytes
        case .failure(let mixed):
            throw .notRecord(command: command, item: mixed.item, got: mixed.got.describedType)
        }
    }
}
