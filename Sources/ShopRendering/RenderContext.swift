/// What a renderer needs to know about where its text goes.
public struct RenderContext: Sendable, Equatable {
    /// The columns available.
    public var width: Int
    /// Colours and attributes allowed.
    public var style: TerminalStyle
    /// The session's output format.
    public var format: OutputFormat

    public init(width: Int, style: TerminalStyle, format: OutputFormat) {
        self.width = width
        self.style = style
        self.format = format
    }

    /// The settings for showing a result in `format` on output styled `style`: the plain
    /// format has no colour, whatever the terminal allows.
    public static func showing(in format: OutputFormat, width: Int, style: TerminalStyle) -> RenderContext {
        RenderContext(width: width, style: format == .plain ? .plain : style, format: format)
    }
}

/// A way to show a command's result other than the generic table, such as a grid of cards.
///
/// A view is used only when the result is displayed in the `table` format; when the result
/// flows into another command, `--format json` prints the value, and `--format plain` prints
/// the value the generic way (no box drawing, no colour, one record per line) — unless the
/// view is plain text already (``isPlainText``: a message, a help page).
///
/// ```swift
/// struct GreetingView: ValueView {
///     let name: String
///     func render(in context: RenderContext) -> String {
///         context.style.bold("Hello, \(Sanitizer.inert(name))!")
///     }
/// }
/// ```
public protocol ValueView: Sendable {
    /// The text to print, lines separated by `\n`, without a final newline.
    func render(in context: RenderContext) -> String
    /// Whether ``render(in:)`` is plain text, shown as is (without colour) by `--format plain`.
    var isPlainText: Bool { get }
    /// Whether, shown at the interactive prompt and taller than the screen, it goes through
    /// the pager (help pages).
    var pagesWhenTall: Bool { get }
}

extension ValueView {
    public var isPlainText: Bool { false }
    public var pagesWhenTall: Bool { false }
}
