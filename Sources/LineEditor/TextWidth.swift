import CLibEdit
import Glibc

/// Terminal columns of text, measured the way libedit measures its edit line.
enum TextWidth {
    /// Makes the C library's `LC_CTYPE` a UTF-8 locale, once per process: libedit decodes,
    /// encodes and measures characters through it. The environment's locale is kept when it is
    /// UTF-8; otherwise `C.UTF-8` is used.
    static func prepareLocale() {
        _ = utf8Locale
    }

    private static let utf8Locale: Void = {
        func isUTF8() -> Bool {
            guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
            let name = String(cString: codeset).lowercased()
            return name == "utf-8" || name == "utf8"
        }
        if isUTF8() { return }
        if setlocale(LC_CTYPE, "") != nil, isUTF8() { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }()

    /// The columns one scalar takes: control characters are drawn as `^X` (2 columns),
    /// everything else as `wcwidth` says (unprintable characters count 1).
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return 2 }
        prepareLocale()
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
