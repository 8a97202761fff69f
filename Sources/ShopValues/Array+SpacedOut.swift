extension Array where Element == String {
    /// The words with one space between: `["services", "select"]` → `services select`.
    ///
    /// Not `joined(separator:)`: the first call of that in a process resolves one of its generic
    /// witnesses by demangling a name, 0.12M instructions of every start, where command names
    /// and help texts are put together.
    var spacedOut: String {
        var text = first ?? ""
        for word in dropFirst() {
            text += " "
            text += word
        }
        return text
    }
}
