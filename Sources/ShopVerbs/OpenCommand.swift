import ShopPluginAPI

/// `open FILE [--as json|csv|text]`: a file's contents as a value, read by its extension.
struct OpenCommand: Command {
    /// How the file is read.
    enum Format: String, ChoiceArgument {
        case json, csv, text
    }

    static let file = Argument<FilePath>("FILE", "the file to read, or - for standard input")
    static let format = Option<Format?>("--as", value: "FORMAT", "read as json, csv or text, whatever the extension")

    let spec = CommandSpec(
        path: ["open"], abstract: "Read a JSON, CSV or text file into a value",
        discussion: """
            .json files are read as JSON, .csv as CSV (a header row, then records; see 'help from csv'), any \
            other file as text; --as chooses. '-' reads standard input, as in: curl … | shop -c 'open - --as \
            json | …'. Errors name the file, line and column.
            """,
        arguments: [Self.file], options: [Self.format],
        examples: [
            Example("state save state.json; open state.json | get values")
        ])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let file = try invocation[Self.file]
        let isStandardInput = file.text == "-"
        let name = isStandardInput ? "<stdin>" : file.text
        var bytes: [UInt8]
        do {
            if isStandardInput {
                guard let read = invocation.environment.standardInput else { throw Self.noStandardInput }
                bytes = try read()
            } else {
                bytes = try FileSystem.read(file.absolute)
            }
        } catch var error as FileError {
            error.path = name
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard !bytes.isEmpty else { throw VerbError.invalid(command: spec.name, reason: "'\(name)' is empty") }
        if let offset = UTF8Text.firstInvalidOffset(in: bytes) {
            let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let problem = bytes[offset] == 0 ? "a NUL byte" : "invalid UTF-8"
            throw VerbError.invalid(
                command: spec.name,
                reason: "'\(name)' is not text (\(problem) on line \(line)); open reads JSON, CSV and text files")
        }
        switch try invocation[Self.format] ?? (isStandardInput ? .text : Self.format(of: file.text)) {
        case .json:
            do {
                return .value(try Value(json: bytes))
            } catch {
                throw VerbError.invalid(command: spec.name, reason: "\(name): \(error)")
            }
        case .csv:
            do {
                return .value(.list(try CSVReader.read(bytes)))
            } catch {
                throw VerbError.invalid(
                    command: spec.name, reason: "\(name):\(error.line):\(error.column): \(error.reason)")
            }
        case .text:
            return .value(.string(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// The format a file's extension names: `.json` and `.csv`, any other is text.
    static func format(of path: String) -> Format {
        FileExtension.of(path).flatMap(Format.init(rawValue:)) ?? .text
    }

    private static let noStandardInput = VerbError.invalid(
        command: "open",
        reason: "standard input holds no data here; pipe it into 'shop -c', as in: curl … | shop -c 'open - --as json'")
}
