import ShopPluginAPI

/// `to jsonl`: a list as JSON Lines text, one item a line.
struct ToJSONLinesCommand: Command {
    let spec = CommandSpec(
        path: ["to", "jsonl"], abstract: "Turn a list into JSON Lines text, one item a line",
        discussion: "Each item is written as compact JSON on a line of its own; anything but a list is one line.",
        examples: [Example("services list | select id price | to jsonl")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.string(String(Self.text(try invocation.requireInput()).dropLast())))
    }

    /// The JSON Lines text of `value`, each line ending in a line break; cut short when the
    /// task is cancelled (Ctrl-C), for a caller that then drops it.
    static func text(_ value: Value) -> String {
        guard case .list(let items) = value else { return JSONWriter.compact(value) + "\n" }
        var text = ""
        for (row, item) in items.enumerated() {
            if ParallelParts.isCancelled(atRow: row + 1) { break }
            text += JSONWriter.compact(item)
            text += "\n"
        }
        return text
    }
}
