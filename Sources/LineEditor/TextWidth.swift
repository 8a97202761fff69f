import CLibEdit
import Glibc

/// Terminal columns of characters and text, as the editor draws them.
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

    /// The columns one character takes as the C library's `wcwidth` says: 0 for combining
    /// marks, 2 for wide ones, -1 for control and unassigned characters.
    static func characterWidth(_ scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : -1 }
        prepareLocale()
        return Int(shop_wcwidth(wchar_t(bitPattern: scalar.value)))
    }

    /// The columns `text` takes on one row, each cluster as wide as its ``Glyph``.
    static func columns(of text: String) -> Int {
        var width = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return Glyph.glyphs(of: text, style: .plain).reduce(0) { $0 + $1.width } }
            width += byte < 0x20 || byte == 0x7F ? 2 : 1
        }
        return width
    }
}
