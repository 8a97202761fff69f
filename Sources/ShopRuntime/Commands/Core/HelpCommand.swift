import ShopPluginAPI

/// `help [COMMAND]`: the commands by plugin, one command's usage, arguments and examples, or
/// the language (`help language`).
struct HelpCommand: SessionCommand {
    static let command = Argument<[String]>("COMMAND", "a command, a plugin or a group", completion: .commands)

    let spec = CommandSpec(
        path: ["help"], abstract: "Show the commands, or how to use one", arguments: [Self.command],
        examples: [Example("help"), Example("help where"), Example("help state get"), Example("help language")],
        fields: ["command", "usage", "abstract", "aliases", "arguments", "options", "examples"])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let registry = session.registry
        let words = try invocation[Self.command]
        guard !words.isEmpty else {
            let own = session.userCommands.map(\.spec)
            let sections =
                Help.sections(of: registry) + (own.isEmpty ? [] : [Help.Section(title: "Your commands", commands: own)])
            let list = sections.flatMap(\.commands).map(Help.value(of:))
            return CommandResult(
                .list(list), view: TextView { Help.overview(sections, width: $0.width, style: $0.style) })
        }
        let name = words.joined(separator: " ")
        if words.count == 1, registry.isGroup(name),
            registry.command(named: name) == nil || registry.plugin(named: name) != nil
        {
            let specs =
                (registry.bareCommand(of: name).map { [$0.spec] } ?? [])
                + registry.verbNames(of: name).compactMap { registry.command(named: "\(name) \($0)")?.spec }
            let unique = specs.enumerated().filter { index, spec in
                !specs[..<index].contains { $0.name == spec.name }
            }.map(\.element)
            let title = registry.plugin(named: name).map { "\($0.name) \($0.version) — \($0.summary)" } ?? name
            let sections = [Help.Section(title: title, commands: unique)]
            return CommandResult(
                .list(unique.map(Help.value(of:))),
                view: TextView { Help.overview(sections, width: $0.width, style: $0.style) })
        }
        if words == [LanguageHelp.topic] {
            return CommandResult(LanguageHelp.value, view: TextView { LanguageHelp.page(style: $0.style) })
        }
        let spec = try session.resolve(words[0], words.count > 1 ? words[1] : nil).0.spec
        return CommandResult(Help.value(of: spec), view: TextView { Help.page(spec, width: $0.width, style: $0.style) })
    }
}
