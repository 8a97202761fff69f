extension Interpreter {
    /// The text of pipeline `index` of `step`, as `undo` names it: the whole line for a line
    /// of one pipeline, else the part between its `;`s.
    static func label(ofPipeline index: Int, in step: Step) -> String {
        let pipelines = step.pipelines
        guard pipelines.count > 1 else { return String(step.source).trimmingBlanks }
        func offset(_ pipeline: Int) -> Int? {
            guard pipeline < pipelines.count, let start = pipelines[pipeline].commands.first?.location,
                start.line == step.location.line
            else { return nil }
            return start.column - step.location.column
        }
        guard let start = offset(index) else { return String(step.source).trimmingBlanks }
        var text = step.source.dropFirst(start)
        if let end = offset(index + 1) { text = text.prefix(end - start) }
        var label = String(text).trimmingBlanks
        while label.hasSuffix(";") { label = String(label.dropLast()).trimmingBlanks }
        return label
    }
}
