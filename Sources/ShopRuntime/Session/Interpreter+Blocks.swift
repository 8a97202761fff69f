import ShopLanguage
import ShopPluginAPI
import ShopState

extension Interpreter {
    /// How a list of statements ended.
    enum Flow {
        case normal
        case breakLoop
        case continueLoop
        /// `return`, with its value.
        case returned(Value?)
    }

    /// The field names of the records `for` makes of a record's fields.
    private static let keyValueNames = FieldNames(["key", "value"])

    /// Runs a block of the top level as one change labelled `label`: values inside are shown,
    /// a failure (or Ctrl-C) rolls the whole block back.
    func runBlock(_ statement: Statement, label: ChangeLabel) async -> StepOutcome {
        store.beginChange(label: label)
        language.blockFailures = 0
        do {
            _ = try await execute(statement)
            store.commitChange()
            return language.blockFailures > 0 ? .failed : .succeeded
        } catch {
            store.rollBackChange()
            return outcome(of: error)
        }
    }

    /// Runs statements in order until one ends the list early.
    func execute(_ statements: [Statement]) async throws -> Flow {
        for statement in statements {
            // A pipeline, the common statement, runs from here.
            if case .pipeline(let pipeline) = statement {
                try Self.checkCancellation()
                if language.keepsGoing, language.isShowing {
                    try await runKeepingGoing(pipeline)
                } else {
                    try show(try await evaluate(pipeline))
                }
            } else {
                let flow = try await execute(statement)
                guard case .normal = flow else { return flow }
            }
            if exitRequest != nil { break }
        }
        return .normal
    }

    private func execute(_ statement: Statement) async throws -> Flow {
        try Self.checkCancellation()
        switch statement {
        case .pipeline:
            // Pipelines run from ``execute(_:)-([Statement])``.
            return try await execute([statement])
        case .conditional(let conditional):
            for branch in conditional.branches {
                if try await holds(branch.condition) { return try await execute(branch.body) }
            }
            if let otherwise = conditional.otherwise { return try await execute(otherwise) }
        case .forLoop(let loop):
            return try await run(loop)
        case .whileLoop(let loop):
            return try await run(loop)
        case .attempt(let attempt):
            return try await run(attempt)
        case .definition(let definition):
            do {
                try define(definition)
            } catch {
                throw LocatedError(error, at: definition.location)
            }
        case .parameter(let parameter):
            // Bound before the script started (``scriptFrame(of:arguments:)``).
            guard language.frames.last?.kind == .script else {
                throw LocatedError(LanguageError.parameterOutsideScript, at: parameter.location)
            }
        case .loopControl(let control):
            return control.kind == .breakLoop ? .breakLoop : .continueLoop
        case .returnValue(let statement):
            guard let word = statement.value else { return .returned(nil) }
            return .returned(try await value(of: word))
        }
        return .normal
    }

    /// How `undo` names block number `index` of `step`: the block as written, or its first
    /// line and `…` when it takes several.
    static func label(ofBlock index: Int, in step: Step) -> ChangeLabel {
        let source = step.blockSource(index) ?? step.source
        guard let lineBreak = source.firstIndex(of: "\n") else { return ChangeLabel(line: source) }
        return ChangeLabel(String(source[..<lineBreak]).trimmingBlanks + " …")
    }

    /// A pipeline inside a block at the top level under `--keep-going`: a change of its own,
    /// so that a failure is reported, undone, and the block goes on.
    private func runKeepingGoing(_ pipeline: Pipeline) async throws {
        store.beginChange(label: pipeline.label)
        let result: CommandResult?
        do {
            result = try await evaluate(pipeline)
            store.commitChange()
        } catch {
            store.rollBackChange()
            if Self.isCancellation(error) || Task.isCancelled { throw error }
            report(error)
            language.blockFailures += 1
            return
        }
        try show(result)
    }

    /// Shows a pipeline's result at the top level; keeps its value otherwise.
    func show(_ result: CommandResult?) throws {
        if language.isShowing {
            if let result { try display(result) }
        } else {
            language.lastValue = result?.value
        }
    }

    // MARK: Blocks

    private func run(_ loop: ForLoop) async throws -> Flow {
        let sequence = try await value(of: loop.sequence)
        let items: ValueList
        switch sequence {
        case .list(let elements):
            items = elements
        case .record(let record):
            items = ValueList(
                zip(record.names.names, record.values).map { name, value in
                    .record(Record(names: Self.keyValueNames, values: [.string(name), value]))
                })
        default:
            throw LocatedError(
                LanguageError.notIterable(ConditionEvaluator.describe(sequence, typed: false), type: sequence.typeName),
                at: loop.sequence.location)
        }
        for item in items {
            try await nextIteration()
            do {
                try assign(loop.variable, to: item)
            } catch {
                throw LocatedError(error, at: loop.location)
            }
            switch try await execute(loop.body) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continueLoop: if exitRequest != nil { return .normal }
            }
        }
        return .normal
    }

    private func run(_ loop: WhileLoop) async throws -> Flow {
        while true {
            try await nextIteration()
            guard try await holds(loop.condition) else { return .normal }
            switch try await execute(loop.body) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continueLoop: if exitRequest != nil { return .normal }
            }
        }
    }

    /// `try … catch`: the `try` part is a change of its own, rolled back when it fails; then
    /// the `catch` part runs with the message. Ctrl-C is not caught.
    private func run(_ attempt: Attempt) async throws -> Flow {
        store.beginChange(label: "try")
        do {
            let flow = try await execute(attempt.body)
            store.commitChange()
            return flow
        } catch {
            store.rollBackChange()
            if Self.isCancellation(error) || Task.isCancelled { throw error }
            if let name = attempt.errorName {
                do {
                    try assign(name, to: .string(Self.message(forCaught: error)))
                } catch {
                    throw LocatedError(error, at: attempt.location)
                }
            }
            return try await execute(attempt.handler)
        }
    }

    /// Before a loop's next round: stops at Ctrl-C, and now and then lets other tasks run, so
    /// that a long loop never holds a thread of the shared pool for long.
    private func nextIteration() async throws {
        try Self.checkCancellation()
        language.iterations &+= 1
        if language.iterations & 0xFFF == 0 { await Task.yield() }
    }

    /// Whether a condition of `if` or `while` holds now.
    private func holds(_ condition: Condition) async throws -> Bool {
        try await ConditionEvaluator(condition, mode: .once).holds(item: language.currentItem, input: nil, in: self)
    }

    /// The message of an error caught by `try`, without its place.
    static func message(forCaught error: any Error) -> String {
        if let located = error as? LocatedError { return message(for: located.underlying) }
        return message(for: error)
    }
}
