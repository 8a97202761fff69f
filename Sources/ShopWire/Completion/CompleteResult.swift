import ShopPluginAPI

/// The answer to `complete`: `{"candidates": ["SPRING", "SPORT"]}`, in the order to offer
/// them. With `described-completions`, a candidate may be
/// `{"value": "SPRING", "description": "20% off every service"}`.
public struct CompleteResult: WireValue, Equatable {
    public var candidates: [CompletionCandidate]

    public init(candidates: [CompletionCandidate]) {
        self.candidates = candidates
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "result")
        candidates = try fields.list("candidates").map { element throws(WireFormatError) in
            if case .string(let word) = element.value { return CompletionCandidate(word) }
            let candidate = try ObjectFields<WireFormatError>(element.value, path: element.path)
            return CompletionCandidate(
                try candidate.string("value"), description: try candidate.optionalString("description"))
        }
    }

    /// The candidates as the wire writes them: a word alone when it has no description.
    public var json: Value {
        .record(Record(pairs: [("candidates", .list(candidates.map(Self.json)))]))
    }

    /// The candidates without their descriptions, for a peer that did not list
    /// `described-completions`.
    public var undescribed: CompleteResult {
        CompleteResult(candidates: candidates.map { CompletionCandidate($0.value) })
    }

    private static func json(_ candidate: CompletionCandidate) -> Value {
        guard let description = candidate.description else { return .string(candidate.value) }
        return .record(Record(pairs: [("value", .string(candidate.value)), ("description", .string(description))]))
    }
}
