extension PromptScreen {
    /// Pages `text` when it is taller than the screen (leaving the last row for the prompt);
    /// true when it did.
    package func pagesText(_ text: String) -> Bool {
        var lines = 1
        for byte in text.utf8 where byte == UInt8(ascii: "\n") {
            lines += 1
            if lines >= rows { break }
        }
        guard lines >= rows else { return false }
        page(text, chopsLongLines: false)
        return true
    }
}
