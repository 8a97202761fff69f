import ShopPluginAPI

/// `str pad WIDTH [--left] [--with C]`: text filled out to WIDTH columns.
struct StrPadCommand: Command {
    static let width = Argument<Int>("WIDTH", "how many columns wide the text should be")
    static let left = Flag("--left", "fill on the left (right-aligns the text)")
    static let filler = Option<String?>("--with", value: "C", "the character to fill with (a blank by default)")

    let spec = CommandSpec(
        path: ["str", "pad"], abstract: "Fill text out to WIDTH columns",
        discussion: """
            Fills on the right, or with --left on the left, with blanks or the character --with gives, until the \
            text is WIDTH columns wide as a terminal shows it (a wide character takes two); longer text is kept \
            whole. Works on a string or on each string of a list; numbers are padded as written.
            """,
        arguments: [Self.width], options: [Self.left, Self.filler],
        examples: [Example("'7' | str pad 3 --left --with 0"), Example("services list | get title | str pad 20")],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let width = try invocation[Self.width]
        let left = invocation[Self.left]
        let filler = try invocation[Self.filler] ?? " "
        guard filler.count == 1, DisplayWidth.of(filler) == 1 else {
            throw VerbError.invalid(
                command: spec.name, reason: "--with takes one character one column wide, got '\(filler)'")
        }
        guard width >= 0 else { throw VerbError.negativeCount(command: spec.name, got: width) }
        var input = try invocation.requireInput()
        if input.isNumber { input = .string(input.plainText) }
        if case .list(let items) = input {
            input = .list(items.map { $0.isNumber ? .string($0.plainText) : $0 })
        }
        return .value(
            try TextVerbs.eachString(input, command: spec.name) { text in
                let fill = String(repeating: filler, count: max(0, width - DisplayWidth.of(text)))
                return .string(left ? fill + text : text + fill)
            })
    }
}
