import ShopPluginAPI

extension CommandSpec {
    /// The command as a plugin manifest writes it.
    public var json: Value {
        var pairs: [(String, Value)] = [
            ("path", .list(path.map(Value.string))), ("aliases", .list(aliases.map(Value.string))),
            ("abstract", .string(abstract)),
        ]
        if let discussion { pairs.append(("discussion", .string(discussion))) }
        pairs.append(("arguments", .list(arguments.map(\.json))))
        pairs.append(("options", .list(options.map(\.json))))
        pairs.append(("input", .string(input.rawValue)))
        pairs.append(("fields", .list(fields.map(Value.string))))
        pairs.append(("history", .string(history.rawValue)))
        if let timeoutSeconds { pairs.append(("timeoutSeconds", .double(timeoutSeconds))) }
        pairs.append(("examples", .list(examples.map(\.json))))
        return .record(Record(pairs: pairs))
    }

    /// Reads and checks a command of a manifest; errors name the JSON path under `path`.
    public init(json value: Value, path: String) throws(ManifestError) {
        let fields = try ManifestFields(value, path: path)
        let words = try fields.strings("path")
        let input = try fields.optionalString("input") ?? InputRequirement.none.rawValue
        guard let requirement = InputRequirement(rawValue: input) else {
            throw ManifestError(path: fields.path(of: "input"), "expected none, optional or required, got '\(input)'")
        }
        let history = try fields.optionalString("history") ?? HistoryPolicy.record.rawValue
        guard let policy = HistoryPolicy(rawValue: history) else {
            throw ManifestError(
                path: fields.path(of: "history"), "expected record, not-replayable or never, got '\(history)'")
        }
        self.init(
            path: words, aliases: try fields.strings("aliases"), abstract: try fields.optionalString("abstract") ?? "",
            discussion: try fields.optionalString("discussion"),
            arguments: try fields.list("arguments").map { element throws(ManifestError) in
                try ArgumentSpec(json: element.value, path: element.path)
            },
            options: try fields.list("options").map { element throws(ManifestError) in
                try OptionSpec(json: element.value, path: element.path)
            },
            examples: try fields.list("examples").map { element throws(ManifestError) in
                let example = try ManifestFields(element.value, path: element.path)
                return Example(try example.string("command"), try example.optionalString("abstract"))
            },
            input: requirement, fields: try fields.strings("fields"), history: policy,
            timeoutSeconds: try fields.optionalNumber("timeoutSeconds"))
        try validate(path: path)
    }
}

extension ArgumentSpec {
    var json: Value {
        var pairs: [(String, Value)] = [
            ("name", .string(name)), ("abstract", .string(abstract)), ("kind", .string(type.description)),
        ]
        if let choices = type.choices { pairs.append(("choices", .list(choices.map(Value.string)))) }
        pairs += [("optional", .bool(isOptional)), ("variadic", .bool(isVariadic))]
        if let completion = completion.json { pairs.append(("completion", completion)) }
        return .record(Record(pairs: pairs))
    }

    init(json value: Value, path: String) throws(ManifestError) {
        let fields = try ManifestFields(value, path: path)
        self.init(
            try fields.string("name"), try fields.optionalString("abstract") ?? "",
            type: try fields.type("kind", default: .string), isOptional: try fields.bool("optional", default: false),
            isVariadic: try fields.bool("variadic", default: false),
            completion: try CompletionSource(json: fields.record["completion"], path: fields.path(of: "completion")))
    }
}

extension OptionSpec {
    var json: Value {
        var pairs: [(String, Value)] = [("name", .string(name))]
        if let valueName {
            pairs += [("value", .string(valueName)), ("kind", .string(type.description))]
            if let choices = type.choices { pairs.append(("choices", .list(choices.map(Value.string)))) }
        }
        pairs.append(("abstract", .string(abstract)))
        if let completion = completion.json { pairs.append(("completion", completion)) }
        return .record(Record(pairs: pairs))
    }

    init(json value: Value, path: String) throws(ManifestError) {
        let fields = try ManifestFields(value, path: path)
        let name = try fields.string("name")
        let abstract = try fields.optionalString("abstract") ?? ""
        guard let valueName = try fields.optionalString("value") else {
            self.init(flag: name, abstract)
            return
        }
        self.init(
            name, value: valueName, abstract, type: try fields.type("kind", default: .string),
            completion: try CompletionSource(json: fields.record["completion"], path: fields.path(of: "completion")))
    }
}

extension Example {
    var json: Value {
        var pairs: [(String, Value)] = [("command", .string(command))]
        if let abstract { pairs.append(("abstract", .string(abstract))) }
        return .record(Record(pairs: pairs))
    }
}
