import BuiltInPlugins
import ShopFormats
import ShopLanguage
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import ShopValues
import ShopWire
import Testing

/// Every built-in command and plugin encodes to the JSON of the plugin protocol and decodes
/// back to the same declaration; a manifest that breaks a rule is refused with its path.
@Suite struct ManifestRoundTripTests {
    static let plugins: [any Plugin] = BuiltInPlugins.all + [CounterPlugin()]

    @Test func everyCommandRoundTrips() throws {
        let specs = try TestSession(plugins: Self.plugins).session.registry.allCommands.map(\.spec)
        #expect(specs.count > 40)
        for spec in specs {
            let json = spec.json
            let decoded = try CommandSpec(json: Value(json: JSONWriter.compact(json)), path: "command")
            #expect(decoded.json == json, "\(spec.name)")
        }
    }

    @Test(arguments: plugins.map(\.name))
    func everyPluginManifestRoundTrips(_ name: String) throws {
        let plugin = try #require(Self.plugins.first { $0.name == name })
        let manifest = PluginManifest(plugin)
        let decoded = try PluginManifest(json: Value(json: JSONWriter.pretty(manifest.json)))
        #expect(decoded.json == manifest.json)
        #expect(decoded.commands.count == plugin.commands.count)
        #expect(decoded.stateKeys.map(\.key) == plugin.stateKeys.map(\.key))
    }

    @Test func aCustomCompletionCrossesAsDynamicAndAStateFieldAsItsKey() throws {
        let manifest = PluginManifest(try #require(Self.plugins.first { $0.name == "services" }))
        let select = try #require(manifest.commands.first { $0.name == "services select" })
        #expect(JSONWriter.compact(select.json).contains(#""completion":{"dynamic":true}"#))
        let spec = CommandSpec(
            path: ["promo", "apply"], abstract: "Apply",
            arguments: [ArgumentSpec("ID", "a service", completion: .stateField(key: "services.items", field: "id"))])
        #expect(JSONWriter.compact(spec.json).contains(#""completion":{"state":"services.items","field":"id"}"#))
    }

    @Test func aOneWordCommandIsAccepted() throws {
        let manifest = try PluginManifest(
            json: Value(json: #"{"name":"hello","version":"1","commands":[{"path":["hello"],"abstract":"Say hello"}]}"#)
        )
        #expect(manifest.commands.map(\.path) == [["hello"]])
    }

    /// A plugin's own declaration is refused by the same rules, in the same words, as the
    /// JSON a process sends: the check a kit runs on the plugin it serves.
    @Test func aSwiftPluginIsCheckedByTheSameRulesAsItsJSON() throws {
        struct Twice: Plugin {
            let name = "twice"
            let version = "1"
            let summary = "declares a command twice"
            var stateKeys: [StateKeyDeclaration] { [] }
            var commands: [any Command] { [Echo(), Echo()] }
        }
        struct Echo: Command {
            let spec = CommandSpec(path: ["twice", "echo"], abstract: "Echo")
            func run(_ invocation: Invocation) async throws -> CommandResult? { nil }
        }
        let fromJSON = #expect(throws: ManifestError.self) {
            try PluginManifest(json: Value(json: JSONWriter.compact(PluginManifest(Twice()).json)))
        }
        let fromPlugin = #expect(throws: ManifestError.self) { try PluginManifest.check(Twice()) }
        #expect(
            fromPlugin?.description
                == "manifest.commands[1].path: 'twice echo' is declared twice (also manifest.commands[0])")
        #expect(fromPlugin == fromJSON)
    }

    @Test(arguments: [
        (
            #"{"name":"p","version":"1","commands":[{"path":["p","a"],"abstract":"","arguments":[{"name":"A","optional":true},{"name":"B"}]}]}"#,
            "manifest.commands[0].arguments[1]: a required argument after an optional one"
        ),
        (
            #"{"name":"P!","version":"1"}"#,
            "manifest.name: 'P!' must be lowercase letters, digits and '-', from a letter"
        ),
        (#"{"name":"p"}"#, "manifest: missing field 'version'"),
        (
            #"{"name":"p","version":"1","commands":[{"path":["q","a"],"abstract":""}]}"#,
            "manifest.commands[0].path: 'q a' must be 'p VERB' or 'p'"
        ),
        (
            #"{"name":"p","version":"1","commands":[{"path":["p","a"],"abstract":"","arguments":[{"name":"A","kind":"str"}]}]}"#,
            "manifest.commands[0].arguments[0].kind: unknown type 'str' (use string, int, double, bool, list, record, any, path, choice, null, list<T>, T?)"
        ),
        (
            #"{"name":"p","version":"1","stateKeys":[{"key":"q.k","type":"int","initial":1}]}"#,
            "manifest.stateKeys[0].key: 'q.k' must start with 'p.'"
        ),
        (
            #"{"name":"p","version":"1","stateKeys":[{"key":"p.k","type":"int","initial":"x"}]}"#,
            "manifest.stateKeys[0].initial: expected a whole number, got string"
        ),
        (
            #"{"name":"p","version":"1","commands":[{"path":["p","a"],"abstract":"","history":"sometimes"}]}"#,
            "manifest.commands[0].history: expected record, not-replayable or never, got 'sometimes'"
        ),
        (
            #"{"name":"p","version":"1","commands":[{"path":["p","a"],"abstract":"","options":[{"name":"-x"}]}]}"#,
            "manifest.commands[0].options[0]: '-x' is not a '--name' or is used twice"
        ),
        (#"{"name":"echo","version":"1"}"#, "manifest.name: 'echo' is a name shop keeps for itself"),
        (#"{"name":"it","version":"1"}"#, "manifest.name: 'it' is a name shop keeps for itself"),
        (#"{"name":"quit","version":"1"}"#, "manifest.name: 'quit' is a name shop keeps for itself"),
        (
            #"{"name":"p","version":"1","commands":[{"path":["p","a"]},{"path":["p","b"],"aliases":["a"]}]}"#,
            "manifest.commands[1].path: 'p a' is declared twice (also manifest.commands[0])"
        ),
        (
            #"{"name":"p","version":"1","commands":[{"path":["p"]},{"path":["p"]}]}"#,
            "manifest.commands[1].path: 'p' is declared twice (also manifest.commands[0])"
        ),
        (
            #"{"name":"p","version":"1","commands":[{"path":["p"],"aliases":["q"]}]}"#,
            "manifest.commands[0].aliases: the command 'p' itself takes no aliases"
        ),
        (
            #"{"name":"p","version":"1","defaultVerb":"a","commands":[{"path":["p"]},{"path":["p","a"]}]}"#,
            "manifest.defaultVerb: 'p' alone runs manifest.commands[0], so the plugin can have no default verb"
        ),
        (
            #"{"name":"tally","version":"1","defaultVerb":"list","commands":[{"path":["tally"]}]}"#,
            "manifest.defaultVerb: 'tally' alone runs manifest.commands[0], so the plugin can have no default verb"
        ),
        (
            #"{"name":"p","version":"1","defaultVerb":"b","commands":[{"path":["p","a"]}]}"#,
            "manifest.defaultVerb: no command 'p b'"
        ),
        (
            #"{"name":"p","version":"1","stateKeys":[{"key":"p.k","type":"int","initial":1},{"key":"p.k","type":"int","initial":2}]}"#,
            "manifest.stateKeys[1].key: 'p.k' is declared twice (also manifest.stateKeys[0])"
        ),
        (
            #"{"name":"p","version":"1","reads":["services"]}"#,
            "manifest.reads[0]: 'services' is not a state key (PLUGIN.KEY)"
        ),
    ])
    func aBadManifestNamesThePathOfItsFirstBadField(json: String, message: String) throws {
        #expect(throws: ManifestError.self) { try PluginManifest(json: Value(json: json)) }
        do {
            _ = try PluginManifest(json: Value(json: json))
        } catch let error as ManifestError {
            #expect(error.description == message)
        }
    }
}
