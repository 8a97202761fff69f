/// Colours and text attributes for one output stream, or none at all.
///
/// With ``ColorDepth/none`` every method returns its text unchanged, so rendering code styles
/// unconditionally and `--color never`, `NO_COLOR` and pipes get plain text.
public struct TerminalStyle: Sendable, Equatable {
    /// How many colours the terminal shows.
    public var depth: ColorDepth
    /// Whether OSC 8 hyperlinks may be written.
    public var hyperlinks: Bool

    public init(depth: ColorDepth, hyperlinks: Bool = false) {
        self.depth = depth
        self.hyperlinks = hyperlinks
    }

    /// No escape sequences at all.
    public static let plain = TerminalStyle(depth: .none)

    /// Whether any styling is written.
    public var isEnabled: Bool { depth != .none }

    /// `text` with the attributes applied, followed by a reset.
    public func apply(_ attributes: [TextAttribute], to text: String) -> String {
        guard isEnabled, !attributes.isEmpty, !text.isEmpty else { return text }
        let codes = attributes.map { code(for: $0) }.joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }

    /// `text` in bold.
    public func bold(_ text: String) -> String { apply([.bold], to: text) }

    /// `text` dimmed.
    public func dim(_ text: String) -> String { apply([.dim], to: text) }

    /// `text` as a clickable link to `url` (OSC 8) where hyperlinks are on; `url` must be sanitized.
    public func link(_ text: String, to url: String) -> String {
        guard hyperlinks else { return text }
        return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }

    private func code(for attribute: TextAttribute) -> String {
        switch attribute {
        case .bold: "1"
        case .dim: "2"
        case .italic: "3"
        case .underline: "4"
        case .inverse: "7"
        case .foreground(let color): colorCode(color, background: false)
        case .background(let color): colorCode(color, background: true)
        }
    }

    private func colorCode(_ color: RGBColor, background: Bool) -> String {
        switch depth {
        case .none: ""
        case .trueColor: "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: "\(background ? 48 : 38);5;\(color.ansi256Index)"
        case .ansi16: String(color.ansi16Code + (background ? 10 : 0))
        }
    }
}

/// How many colours a terminal can show.
public enum ColorDepth: Sendable, Equatable, Comparable {
    case none, ansi16, ansi256, trueColor

    /// The depth a terminal announces through `COLORTERM` and `TERM`.
    public static func detect(environment: [String: String]) -> ColorDepth {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.contains("256color") || term.contains("kitty") || term.contains("direct") { return .ansi256 }
        return .ansi16
    }
}

/// One SGR attribute.
public enum TextAttribute: Sendable, Equatable {
    case bold, dim, italic, underline, inverse
    case foreground(RGBColor)
    case background(RGBColor)
}

/// A 24-bit colour, reduced to the terminal's depth when written.
public struct RGBColor: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB` or `RRGGBB`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// Whether dark text reads better than light text on this colour.
    public var isLight: Bool {
        (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000 > 150
    }

    /// The nearest colour of the xterm 256-colour cube.
    var ansi256Index: Int {
        func level(_ component: UInt8) -> Int {
            component < 48 ? 0 : component < 115 ? 1 : (Int(component) - 35) / 40
        }
        return 16 + 36 * level(red) + 6 * level(green) + level(blue)
    }

    /// The SGR foreground code (30–37, 90–97) of the nearest of the 16 basic colours.
    ///
    /// A colour with a clear hue is matched against the chromatic basic colours only, so muted
    /// greens and browns stay green and brown instead of turning grey.
    var ansi16Code: Int {
        let palette: [(code: Int, color: (Int, Int, Int))] = [
            (30, (0, 0, 0)), (31, (170, 0, 0)), (32, (0, 170, 0)), (33, (170, 85, 0)),
            (34, (0, 0, 170)), (35, (170, 0, 170)), (36, (0, 170, 170)), (37, (170, 170, 170)),
            (90, (85, 85, 85)), (91, (255, 85, 85)), (92, (85, 255, 85)), (93, (255, 255, 85)),
            (94, (85, 85, 255)), (95, (255, 85, 255)), (96, (85, 255, 255)), (97, (255, 255, 255)),
        ]
        func distance(_ color: (Int, Int, Int)) -> Int {
            let (r, g, b) = (Int(red) - color.0, Int(green) - color.1, Int(blue) - color.2)
            return r * r + g * g + b * b
        }
        let chroma = Int(max(red, green, blue)) - Int(min(red, green, blue))
        let greys: Set<Int> = [30, 37, 90, 97]
        let candidates = chroma >= 40 ? palette.filter { !greys.contains($0.code) } : palette
        return candidates.min { distance($0.color) < distance($1.color) }?.code ?? 37
    }
}
