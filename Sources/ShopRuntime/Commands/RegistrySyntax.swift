import ShopLanguage
import ShopPluginAPI

/// The parser's view of a registry's commands (see ``CallSyntax``): the words of a command's
/// deferred argument, found as binding finds them, read as the argument's declared shape says.
struct RegistrySyntax: CallSyntax {
    let registry: CommandRegistry

    func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax? {
        guard let first = words.first?.bareText,
            let (command, nameLength) = registry.givenCommand(first, words.dropFirst().first?.bareText),
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
