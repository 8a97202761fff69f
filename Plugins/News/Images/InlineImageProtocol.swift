import ShopPluginAPI

/// A terminal protocol for showing a picture inline, between lines of text.
///
/// ``detect(environment:)`` picks one from the environment, or nil when the terminal is
/// not known to speak one (then show a placeholder line). ``encode(_:format:widthInCells:)``
/// returns the escape sequence that draws the image at the cursor.
///
/// ```swift
/// if let graphics = InlineImageProtocol.detect(environment: environment),
///    let sequence = graphics.encode(image.data, format: image.header.format, widthInCells: 20) {
///     output.write(sequence + "\n")
/// }
/// ```
public enum InlineImageProtocol: String, Sendable, Equatable, CaseIterable {
    /// kitty's graphics protocol (`ESC _ G … ESC \`): kitty, Ghostty. PNG only.
    case kitty
    /// iTerm2's inline images (`ESC ] 1337 ; File=… BEL`): iTerm2, WezTerm. Any format.
    case iterm2

    /// The protocol the terminal described by `environment` speaks, or nil.
    ///
    /// Inside tmux or screen (which would swallow the sequences) and on `TERM=dumb`, nil.
    public static func detect(environment: [String: String]) -> InlineImageProtocol? {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["TMUX"] != nil || environment["STY"] != nil || term == "dumb" || term.hasPrefix("screen")
            || term.hasPrefix("tmux")
        {
            return nil
        }
        if term.contains("kitty") || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        if program == "ghostty" || term.contains("ghostty") { return .kitty }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm2 }
        if program == "WezTerm" { return .iterm2 }
        return nil
    }

    /// The escape sequence that draws `data` at the cursor, `widthInCells` columns wide
    /// when given; nil when this protocol cannot show `format` (kitty takes PNG only).
    public func encode(_ data: [UInt8], format: ImageHeader.Format, widthInCells: Int? = nil) -> String? {
        let base64 = Base64.encode(data)
        switch self {
        case .kitty:
            guard format == .png else { return nil }
            // Chunks of at most 4096 base64 characters; `m=1` on all but the last.
            let escape = "\u{1B}"
            var keys = "a=T,f=100"
            if let widthInCells { keys += ",c=\(max(1, widthInCells))" }
            var sequence = ""
            var start = base64.startIndex
            var first = true
            repeat {
                let end = base64.index(start, offsetBy: 4096, limitedBy: base64.endIndex) ?? base64.endIndex
                let more = end < base64.endIndex ? 1 : 0
                let control = first ? "\(keys),m=\(more)" : "m=\(more)"
                sequence += "\(escape)_G\(control);\(base64[start..<end])\(escape)\\"
                start = end
                first = false
            } while start < base64.endIndex
            return sequence
        case .iterm2:
            var arguments = "inline=1;size=\(data.count);preserveAspectRatio=1"
            if let widthInCells { arguments += ";width=\(max(1, widthInCells))" }
            return "\u{1B}]1337;File=\(arguments):\(base64)\u{07}"
        }
    }
}
