import ShopPluginAPI

/// `join RIGHT --on FIELD [--right-on FIELD] [--left|--right|--outer]`: the relational join of
/// a list of records with another (``RelationalJoin``); `join [SEP]`: a list of plain values as
/// one string, SEP between them.
struct JoinCommand: Command {
    static let other = Argument<Value?>(
        "RIGHT|SEP", "with --on, the list of records to join with; else what goes between plain values")
    static let on = Option<String?>(
        "--on", value: "FIELD", "the field whose values must match", completion: .inputFields)
    static let rightOn = Option<String?>(
        "--right-on", value: "FIELD", "the field of RIGHT to match, when it is named otherwise")
    static let left = Flag("--left", "keep input records without a match (RIGHT's fields null)")
    static let right = Flag("--right", "keep RIGHT's records without a match (the input's fields null)")
    static let outer = Flag("--outer", "keep records without a match from both sides")

    let spec = CommandSpec(
        path: ["join"], abstract: "Join records with RIGHT on a field, or plain values into one string",
        discussion: """
            With --on, each input record is joined with each record of RIGHT whose field holds an equal value \
            (--right-on names RIGHT's field when it differs): the joined record has the input's fields, then \
            RIGHT's, a RIGHT field whose name the input has named right_NAME. Records without a match are left \
            out unless --left, --right or --outer keeps them. Without --on, a list of plain values becomes one \
            string with SEP between the items (written as echo writes them, null left empty).
            """,
        arguments: [Self.other], options: [Self.on, Self.rightOn, Self.left, Self.right, Self.outer],
        examples: [
            Example("services list | get title | join ', '"),
            Example("services list | join [{id: windows, tier: gold}] --on id | select title tier"),
            Example("services list | join [{id: windows, tier: gold}] --on id --left | select title tier"),
        ],
        input: .required,
        resultFields: .computed(JoinResultFields.fields))

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let other = try invocation[Self.other]
        guard let on = try invocation[Self.on] else { return .value(try glued(items, separator: other)) }
        guard case .list(let right) = other else {
            throw VerbError.invalid(
                command: spec.name, reason: "RIGHT must be a list of records, got \(other?.describedType ?? "nothing")")
        }
        let kind = try self.kind(invocation)
        let join = RelationalJoin(
            command: spec.name, leftKey: on, rightKey: try invocation[Self.rightOn] ?? on, kind: kind)
        return .value(.list(try await join.join(items, right)))
    }

    /// The items as one string; records, or a list as SEP, are an error showing the relational form.
    private func glued(_ items: ValueList, separator: Value?) throws -> Value {
        if case .list = separator {
            throw VerbError.invalid(
                command: spec.name, reason: "to join with a list of records, name the field: 'join RIGHT --on FIELD'")
        }
        if let index = items.firstIndex(where: { $0.recordValue != nil }) {
            throw VerbError.invalid(
                command: spec.name,
                reason: "item \(index + 1) is a record: 'join SEP' joins plain values into a string; "
                    + "to join records with another list, use 'join RIGHT --on FIELD'")
        }
        let text = separator.map { $0.isNull ? "" : $0.plainText } ?? ""
        return .string(items.map { $0.isNull ? "" : $0.plainText }.joined(separator: text))
    }

    private func kind(_ invocation: Invocation) throws -> RelationalJoin.Kind {
        let chosen = [
            (invocation[Self.left], RelationalJoin.Kind.left), (invocation[Self.right], .right),
            (invocation[Self.outer], .outer),
        ].filter(\.0)
        guard chosen.count <= 1 else {
            throw VerbError.invalid(command: spec.name, reason: "choose one of --left, --right and --outer")
        }
        return chosen.first?.1 ?? .inner
    }
}
