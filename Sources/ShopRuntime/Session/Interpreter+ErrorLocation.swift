import ShopLanguage
import ShopPluginAPI

extension Interpreter {
    /// Where a command's error points: the word of the argument or option a
    /// ``CommandFailure`` is about, else the command.
    static func location(of error: any Error, in call: CommandCall, arguments: Arguments) -> SourceLocation {
        guard let subject = (error as? CommandFailure)?.subject, let index = arguments.wordIndex(of: subject.name),
            call.words.indices.contains(index)
        else { return call.location }
        return call.words[index].location
    }
}
