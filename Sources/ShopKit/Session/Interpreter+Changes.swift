extension Interpreter {
    /// Where the text of pipeline `index` of `step` lies in the step's source, in characters:
    /// nil for the whole line (a line of one pipeline, or a pipeline on a continuation line).
    static func labelRange(ofPipeline index: Int, in step: Step) -> Range<Int>? {
        let pipelines = step.pipelines
        guard pipelines.count > 1 else { return nil }
        func offset(_ pipeline: Int) -> Int? {
            guard pipeline < pipelines.count, let start = pipelines[pipeline].commands.first?.location,
                start.line == step.location.line
            else { return nil }
            return start.column - step.location.column
        }
        guard let start = offset(index) else { return nil }
        return start..<(offset(index + 1) ?? Int.max)
    }
}
