/// A command's failure that says more than one line: a hint printed after it on a line of
/// its own (`help: did you mean 'SPRING'?`), and the argument or option it is about, whose
/// word the error's place then points at.
///
/// What an outside plugin's error answer carries; any command may throw
/// it.
///
/// ```swift
/// throw CommandFailure("unknown promo code '\(code)'", help: "did you mean 'SPRING'?", about: .argument("CODE"))
/// // error: demo.shopscript:12:13: unknown promo code 'SPRNG'
/// // help: did you mean 'SPRING'?
/// ```
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    /// The error line's words.
    public var message: String
    /// A hint for the line after it, if any.
    public var help: String?
    /// The argument or option the failure is about, if any.
    public var subject: Subject?

    /// What a failure can be about: an argument or an option, by its declared name.
    public enum Subject: Sendable, Equatable {
        case argument(String)
        case option(String)

        /// The declared name (`CODE`, `--only`).
        public var name: String {
            switch self {
            case .argument(let name), .option(let name): name
            }
        }
    }

    public init(_ message: String, help: String? = nil, about subject: Subject? = nil) {
        self.message = message
        self.help = help
        self.subject = subject
    }

    public var description: String { message }
}
