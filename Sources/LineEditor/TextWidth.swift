import CLibEdit

/// Terminal columns of text, measured the way libedit measures its edit line.
enum TextWidth {
    /// The columns one scalar takes: control characters are drawn as `^X` (2 columns),
    /// everything else as `wcwidth` says (unprintable characters count 1).
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return 2 }
        let width = shop_wcwidth(wchar_t(bitPattern: value))
        return width < 0 ? 1 : Int(width)
    }

    /// The columns a run of scalars takes on one row.
    static func columns(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns a string takes on one row.
    static func columns(of text: String) -> Int {
        columns(of: text.unicodeScalars)
    }
}
