/// How the editor draws a run of text: colours and attributes, written as one SGR sequence.
///
/// ```swift
/// let command = TextStyle(foreground: .standard(4), isBold: true)   // bold blue
/// let hint = TextStyle.dim
/// ```
public struct TextStyle: Equatable, Hashable, Sendable {
    /// A terminal colour.
    public enum Color: Equatable, Hashable, Sendable {
        /// One of the 16 standard colours: 0–7 (black, red, green, yellow, blue, magenta, cyan,
        /// white), 8–15 their bright forms.
        case standard(UInt8)
        /// One of the 256 colours of the extended palette.
        case palette(UInt8)
        /// A 24-bit colour.
        case rgb(red: UInt8, green: UInt8, blue: UInt8)
    }

    public var foreground: Color?
    public var background: Color?
    public var isBold: Bool
    public var isDim: Bool
    public var isItalic: Bool
    public var isUnderlined: Bool
    public var isInverse: Bool

    public init(
        foreground: Color? = nil, background: Color? = nil, isBold: Bool = false, isDim: Bool = false,
        isItalic: Bool = false, isUnderlined: Bool = false, isInverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isDim = isDim
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.isInverse = isInverse
    }

    /// The terminal's own colours, no attribute.
    public static let plain = TextStyle()
    /// Faint text, as suggestions are drawn.
    public static let dim = TextStyle(isDim: true)

    /// The sequence that sets exactly this style, from any other: a reset, then each attribute.
    var escapeSequence: String {
        var codes = ["0"]
        if isBold { codes.append("1") }
        if isDim { codes.append("2") }
        if isItalic { codes.append("3") }
        if isUnderlined { codes.append("4") }
        if isInverse { codes.append("7") }
        if let foreground { codes.append(Self.codes(of: foreground, base: 30)) }
        if let background { codes.append(Self.codes(of: background, base: 40)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The SGR parameters of `color`: `base` is 30 for the foreground, 40 for the background.
    private static func codes(of color: Color, base: Int) -> String {
        switch color {
        case .standard(let index) where index < 8: String(base + Int(index))
        case .standard(let index): String(base + 60 + Int(min(index, 15)) - 8)
        case .palette(let index): "\(base + 8);5;\(index)"
        case .rgb(let red, let green, let blue): "\(base + 8);2;\(red);\(green);\(blue)"
        }
    }
}

/// A run of the edited line drawn in a style, as a highlighter reports it.
///
/// The range counts UTF-8 bytes of the line the highlighter was given; where spans overlap,
/// the later one wins.
public struct StyledSpan: Equatable, Sendable {
    /// The UTF-8 offsets of the text the style covers.
    public var range: Range<Int>
    public var style: TextStyle

    public init(_ range: Range<Int>, _ style: TextStyle) {
        self.range = range
        self.style = style
    }
}
