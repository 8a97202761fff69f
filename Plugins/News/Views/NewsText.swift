import ShopPluginAPI

/// How news text is shown: dates against today, links made safe, data made inert.
enum NewsText {
    /// `Today`, `Yesterday`, `14 Jan 2026`, or empty when the item has no date.
    static func date(_ date: NewsDate?, today: NewsDate?) -> String {
        guard let date else { return "" }
        return today.map { date.dayLabel(today: $0) } ?? date.description
    }

    /// Text from a source, safe to print on one line.
    static func inert(_ text: String?) -> String {
        Sanitizer.inert(text ?? "")
    }

    /// `url` as a link target a terminal or browser can take: an absolute `http` or `https`
    /// URL with every byte outside printable ASCII (spaces, controls, escape characters,
    /// non-ASCII letters) percent-encoded. Nil for any other kind of link.
    static func linkTarget(_ url: String?) -> String? {
        guard let url else { return nil }
        let trimmed = String(url.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), trimmed.utf8.count > 8 else { return nil }
        let hexDigits = Array("0123456789ABCDEF".unicodeScalars)
        var target = String.UnicodeScalarView()
        for byte in trimmed.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") {
                target.append(Unicode.Scalar(byte))
            } else {
                target.append(contentsOf: ["%", hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
            }
        }
        return String(target)
    }
}
