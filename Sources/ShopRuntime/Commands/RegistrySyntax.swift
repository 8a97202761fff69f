import ShopLanguage
import ShopPluginAPI

/// The parser's view of a registry's commands (see ``CallSyntax``): the words of a command's
/// deferred argument, found as binding finds them, read as the argument's declared shape says.
struct RegistrySyntax: CallSyntax {
    let registry: CommandRegistry

    func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax? {
        // The words read where they are: `first` and `dropFirst` copied each.
        guard !words.isEmpty, let first = words[words.startIndex].bareText,
            let (command, nameLength) = registry.givenCommand(
                first, words.count > 1 ? words[words.startIndex + 1].bareText : nil),
            let deferred = command.deferredArgument,
            let start = ArgumentBinder.deferredStart(in: words.dropFirst(nameLength), of: command)
        else { return nil }
        let form: ArgumentSyntax.Form
        switch command.spec.arguments[deferred].deferredShape {
        case .condition: form = .condition
        case .inputCondition: form = .inputCondition
        case .expression: form = .expression
        case .command: form = .command
        case .words, .value, nil: return nil
        }
        return ArgumentSyntax(command: command.spec.name, start: start - words.startIndex, form: form)
    }
}
