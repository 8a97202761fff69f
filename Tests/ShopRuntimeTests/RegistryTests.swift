import ShopTestSupport
import Synchronization
import Testing

@testable import ShopPluginAPI
@testable import ShopRuntime

@Suite struct RegistryTests {
    private struct Named: Command {
        let spec: CommandSpec
        init(_ path: [String], aliases: [String] = []) {
            spec = CommandSpec(path: path, aliases: aliases, abstract: "test")
        }
        func run(_ invocation: Invocation) async throws -> CommandResult? { nil }
    }

    /// `commands` as the core's.
    private func core(_ commands: any Command...) -> [RegisteredCommand] {
        commands.map { RegisteredCommand($0, owner: nil) }
    }

    private struct Bundle: Plugin {
        var name: String
        var version = "1"
        var summary = "test"
        var stateKeys: [StateKeyDeclaration] = []
        var commands: [any Command]
    }

    @Test func duplicateNamesAndAliasesAreRefused() {
        #expect(throws: RegistryError.duplicate("a")) {
            try CommandRegistry(core: core(Named(["a"]), Named(["a"])), plugins: [])
        }
        #expect(throws: RegistryError.duplicate("b")) {
            try CommandRegistry(core: core(Named(["a"], aliases: ["b"]), Named(["b"])), plugins: [])
        }
        #expect(throws: RegistryError.duplicate("p x")) {
            try CommandRegistry(
                core: [],
                plugins: [Bundle(name: "p", commands: [Named(["p", "x"]), Named(["p", "y"], aliases: ["x"])])]
            ).check()
        }
        #expect(throws: RegistryError.duplicate("echo")) {
            try CommandRegistry(core: core(Named(["echo"])), plugins: [Bundle(name: "echo", commands: [])])
        }
    }

    @Test func pluginCommandsAndKeysMustStayInTheirNamespace() {
        #expect(throws: RegistryError.misplacedCommand("q x", plugin: "p")) {
            try CommandRegistry(core: [], plugins: [Bundle(name: "p", commands: [Named(["q", "x"])])]).check()
        }
        let key = StateKeyDeclaration(key: "q.k", abstract: "", initialValue: { .null })
        #expect(throws: RegistryError.misplacedKey("q.k", plugin: "p")) {
            try CommandRegistry(core: [], plugins: [Bundle(name: "p", stateKeys: [key], commands: [])]).check()
        }
    }

    /// Counts how often its commands are asked for.
    private final class CountingPlugin: Plugin, Sendable {
        let name = "p"
        let version = "1"
        let summary = "test"
        let stateKeys: [StateKeyDeclaration] = []
        private let asked = Mutex(0)
        private let misplaced: Bool

        init(misplaced: Bool = false) {
            self.misplaced = misplaced
        }

        var timesAsked: Int { asked.withLock { $0 } }

        var commands: [any Command] {
            asked.withLock { $0 += 1 }
            return [Named(["p", "x"]), Named([misplaced ? "q" : "p", "y"])]
        }
    }

    @Test func aPluginsGroupIsMadeOnItsFirstLookupOnlyAndABrokenOneIsRefusedThen() throws {
        let plugin = CountingPlugin()
        let registry = try CommandRegistry(core: core(Named(["echo"])), plugins: [plugin])
        #expect(plugin.timesAsked == 0)
        #expect(registry.startsALine("p") && registry.topLevelNames == ["echo", "p"])
        _ = try registry.resolve("echo", nil)
        #expect(plugin.timesAsked == 0)
        #expect(try registry.resolve("p", "y").command.spec.name == "p y")
        #expect(registry.verbNames(of: "p") == ["x", "y"])
        #expect(plugin.timesAsked == 1)

        let broken = try CommandRegistry(core: [], plugins: [CountingPlugin(misplaced: true)])
        #expect(throws: CommandError.failed("plugin p: command 'q y' does not belong in p")) {
            try broken.resolve("p", "x")
        }
        #expect(broken.verbNames(of: "p").isEmpty)
    }

    /// How many times the further plugins were looked for.
    private final class Reads: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    @Test func furtherPluginsAreFoundOnceWhenAQuestionNeedsThemAndTheGivenOnesWin() throws {
        let reads = Reads()
        let more: @Sendable () -> [any Plugin] = {
            reads.add()
            return [
                Bundle(name: "late", commands: [Named(["late", "x"])]),
                Bundle(name: "p", commands: [Named(["p", "z"])]),
                Bundle(name: "echo", commands: []),
            ]
        }
        let registry = try CommandRegistry(
            core: core(Named(["echo"])), plugins: [Bundle(name: "p", commands: [Named(["p", "y"])])], morePlugins: more)
        _ = try registry.resolve("echo", nil)
        #expect(try registry.resolve("p", "y").command.spec.name == "p y")
        #expect(registry.isGroup("p") && registry.plugin(named: "p") != nil)
        #expect(reads.value == 0, "what the given plugins answer needs no further ones")
        #expect(try registry.resolve("late", "x").command.spec.name == "late x")
        #expect(reads.value == 1)
        #expect(registry.plugins.map(\.name) == ["p", "late"], "the given p and the core's echo win")
        #expect(registry.verbNames(of: "p") == ["y"])
        #expect(registry.topLevelNames == ["echo", "late", "p"])
        #expect(!registry.isGroup("nosuch"))
        #expect(reads.value == 1)
    }

    @Test func theLaterCoreIsMadeOnceWhenALookupNeedsMoreThanTheFirstCommands() throws {
        let reads = Reads()
        let registry = try CommandRegistry(
            core: core(Named(["echo"]), Named(["g", "a"])),
            laterCore: {
                reads.add()
                return self.core(Named(["where"], aliases: ["filter"]), Named(["g", "b"]))
            },
            coreDefaults: ["g": "b"], plugins: [Bundle(name: "p", commands: [Named(["p", "y"])])])
        #expect(try registry.resolve("echo", nil).command.spec.name == "echo")
        #expect(registry.topLevelCommand(named: "echo") != nil)
        #expect(reads.value == 0, "the first commands answer without the later ones")
        #expect(try registry.resolve("filter", nil).command.spec.name == "where")
        #expect(try registry.resolve("g", "a").command.spec.name == "g a")
        #expect(try registry.resolve("g", nil).command.spec.name == "g b")
        #expect(registry.coreCommands.map(\.spec.name) == ["echo", "g a", "where", "g b"])
        #expect(registry.topLevelNames == ["echo", "filter", "g", "p", "where"])
        #expect(reads.value == 1)
    }

    @Test func aLaterCoreCommandNamedAsAnotherOrAsAPluginIsRefusedWhenItIsMade() throws {
        let twice = try CommandRegistry(
            core: core(Named(["echo"])), laterCore: { self.core(Named(["echo"])) }, plugins: [])
        #expect(try twice.resolve("echo", nil).command.spec.name == "echo")
        #expect(throws: RegistryError.duplicate("echo")) { try twice.check() }
        #expect(throws: CommandError.failed("two commands are named 'echo'")) { try twice.resolve("where", nil) }

        let plugin = try CommandRegistry(
            core: [], laterCore: { self.core(Named(["p"])) }, plugins: [Bundle(name: "p", commands: [])])
        #expect(throws: RegistryError.duplicate("p")) { try plugin.check() }
    }

    /// The counter plugin as a further plugin, each read counted in `reads`.
    private func laterCounter(_ reads: Reads) -> @Sendable () -> [any Plugin] {
        {
            reads.add()
            return [CounterPlugin()]
        }
    }

    @Test func aSessionFindsFurtherPluginsOnlyWhenItNeedsThem() async throws {
        let reads = Reads()
        let shop = try TestSession(plugins: [], morePlugins: laterCounter(reads))
        #expect(await shop.run("set x 1; echo $x; services") == "1\nerror: unknown command 'services'\n")
        #expect(reads.value == 1, "a name that is none of the given ones' may be a further plugin's")
        let added = await shop.run("counter add 2; echo ${counter.value}")
        #expect(added == "counter is 2\n2\n")
        let def = await shop.run("def counter; end")
        #expect(def == "error: def: 'counter' is the counter plugin's name (show the counter); choose another name\n")
        #expect(reads.value == 1)

        let quietReads = Reads()
        let quiet = try TestSession(plugins: [], morePlugins: laterCounter(quietReads))
        let undone = await quiet.run("set x 1; echo $x; undo; vars | count")
        #expect(undone == "1\nundid: set x 1\n0\n")
        #expect(quietReads.value == 0, "variables, undo and the core need no plugin")

        let referenced = try TestSession(plugins: [], morePlugins: { [CounterPlugin()] })
        #expect(await referenced.run("echo $counter.value") == "0\n")
    }

    @Test func aOneWordCommandIsWhatThePluginsNameRunsUnlessAVerbFollows() throws {
        let registry = try CommandRegistry(
            core: [], plugins: [Bundle(name: "hello", commands: [Named(["hello"]), Named(["hello", "again"])])])
        #expect(try registry.resolve("hello", nil).command.spec.name == "hello")
        #expect(try registry.resolve("hello", "world").command.spec.name == "hello")
        #expect(try registry.resolve("hello", "world").nameLength == 1)
        #expect(try registry.resolve("hello", "again").command.spec.name == "hello again")
        #expect(registry.bareCommand(of: "hello")?.spec.name == "hello")
        #expect(throws: RegistryError.duplicate("hello")) {
            try CommandRegistry(
                core: [], plugins: [Bundle(name: "hello", commands: [Named(["hello"]), Named(["hello"])])]
            ).check()
        }
    }

    @Test func theRealCommandsFormAValidRegistry() throws {
        let registry = try TestSession(plugins: [CounterPlugin()]).session.registry
        try registry.check()
        #expect(registry.command(named: "quit")?.spec.name == "exit")
        #expect(registry.command(named: "counter plus")?.spec.name == "counter add")
        #expect(registry.command(named: "state")?.spec.name == "state keys")
        #expect(try registry.resolve("history", "5").command.spec.name == "history list")
        #expect(throws: CommandError.missingVerb(plugin: "to", verbs: ["csv", "json", "jsonl", "md"])) {
            try registry.resolve("to", nil)
        }
    }

    @Test func everyCoreCommandIsDocumented() throws {
        for command in try TestSession(plugins: []).session.registry.allCommands {
            let spec = command.spec
            #expect(!spec.abstract.isEmpty, "\(spec.name) has no abstract")
            #expect(spec.arguments.allSatisfy { !$0.abstract.isEmpty }, "\(spec.name) has an undocumented argument")
            #expect(spec.options.allSatisfy { !$0.abstract.isEmpty }, "\(spec.name) has an undocumented option")
        }
    }

    @Test func helpIsGeneratedFromTheMetadata() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        let overview = await shop.run("help")
        #expect(overview.contains("counter 0.0.1 — A counter for testing the host"))
        #expect(overview.contains("\n  counter add N [--quiet]       Add N to the counter\n"))
        #expect(
            overview.contains(
                "\n  history list [N] [--all] [--grep TEXT]\n                                List commands"))
        #expect(
            await shop.run("help counter add") == """
                counter add N [--quiet]
                  Add N to the counter
                  Also: plus

                Arguments:
                  N  how much

                Options:
                  --quiet  print nothing

                Examples:
                  counter add 5

                """)
        #expect(await shop.run("help nosuch") == "error: unknown command 'nosuch'\n")
    }
}
