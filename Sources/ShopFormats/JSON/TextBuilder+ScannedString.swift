import ShopValues

extension Record.TextBuilder {
    /// Sets the field at `position` to a string scanned by a reader over this builder's text:
    /// kept as its range when its bytes are printable ASCII, which JSON writes as they are.
    public mutating func set(_ position: Int, toString scanned: JSONReader.ScannedString) {
        switch scanned.form {
        case .escaped(let string): set(position, to: .string(string))
        case .plain(let range, printableASCII: true): set(position, toPrintableASCIIIn: range)
        case .plain(let range, printableASCII: false): set(position, toStringIn: range)
        }
    }
}
