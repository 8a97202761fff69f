extension Array where Element == String {
    /// The words with one space between: `["services", "select"]` → `services select`.
    ///
    /// Not `joined(separator:)`, whose first call in a process resolves a generic witness by
    /// demangling a name, at every start, where command names and help texts are put together.
    package var spacedOut: String {
        var text = first ?? ""
        for word in dropFirst() {
            text += " "
            text += word
        }
        return text
    }
}
