import ShopPluginAPI

/// What an outside plugin whose cached manifest turns out damaged offers instead of its
/// commands: its name alone, taking any words and any input, and failing with one line that
/// names the plugin and says how to mend it. Its help says the same.
struct DamagedManifestCommand: Command {
    let spec: CommandSpec
    private let failure: PluginHostError

    init(plugin: String, failure: PluginHostError) {
        spec = CommandSpec(
            path: [plugin], abstract: "Unusable: its cached manifest is damaged", discussion: failure.description,
            arguments: [ArgumentSpec("WORDS", "anything", isOptional: true, isVariadic: true)], input: .optional)
        self.failure = failure
    }

    func run(_ invocation: Invocation) throws -> CommandResult? {
        throw failure
    }
}
