import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopValues

/// Arguments declared once as typed values: their kind, count and completion come from the
/// Swift type, and they read back typed.
@Suite struct TypedArgumentTests {
    enum Order: String, ChoiceArgument { case asc, desc }

    static let file = Argument<FilePath>("FILE", "a file")
    static let count = Argument<Int?>("N", "how many")
    static let order = Argument<Order?>("ORDER", "asc or desc")
    static let words = Argument<[String]>("WORDS", "the rest")
    static let size = Option<Int?>("--size", value: "N", "a size")
    static let limit = Option<Int>("--limit", value: "N", "a limit", default: 10)
    static let force = Flag("--force", "do it")

    struct ProbePlugin: Plugin {
        let name = "probe"
        let version = "1"
        let summary = "Typed arguments"
        var stateKeys: [StateKeyDeclaration] { [] }
        var commands: [any Command] { [Probe(), Careless()] }
    }

    struct Careless: Command {
        let spec = CommandSpec(path: ["probe", "careless"], abstract: "Reads what it did not declare")
        func run(_ invocation: Invocation) async throws -> CommandResult? {
            .value(.string(try invocation[TypedArgumentTests.file].text))
        }
    }

    struct Probe: Command {
        let spec = CommandSpec(
            path: ["probe", "run"], abstract: "Echo typed arguments",
            arguments: [
                TypedArgumentTests.file, TypedArgumentTests.count, TypedArgumentTests.order,
                TypedArgumentTests.words,
            ],
            options: [TypedArgumentTests.size, TypedArgumentTests.limit, TypedArgumentTests.force])

        func run(_ invocation: Invocation) async throws -> CommandResult? {
            let file = try invocation[TypedArgumentTests.file]
            let parts: [String] = [
                file.text, file.absolute, String(describing: try invocation[TypedArgumentTests.count]),
                try invocation[TypedArgumentTests.order]?.rawValue ?? "-",
                try invocation[TypedArgumentTests.words].joined(separator: ","),
                String(describing: try invocation[TypedArgumentTests.size]),
                String(try invocation[TypedArgumentTests.limit]),
                String(invocation[TypedArgumentTests.force]),
            ]
            return .value(.string(parts.joined(separator: " ")))
        }
    }

    @Test func kindsArityAndCompletionComeFromTheType() {
        #expect(Self.file.argumentSpec.type == .path)
        #expect(!Self.file.argumentSpec.isOptional)
        guard case .files = Self.file.argumentSpec.completion else { return #expect(Bool(false)) }
        #expect(Self.count.argumentSpec.type == .int && Self.count.argumentSpec.isOptional)
        #expect(Self.order.argumentSpec.type == .choice(["asc", "desc"]))
        guard case .choices(["asc", "desc"]) = Self.order.argumentSpec.completion else { return #expect(Bool(false)) }
        #expect(Self.words.argumentSpec.isVariadic)
        #expect(Self.force.optionSpec.isFlag && Self.force.optionSpec.type == .bool)
    }

    @Test func argumentsReadBackTyped() async throws {
        let shop = try TestSession(plugins: [ProbePlugin()])
        #expect(await shop.run("probe run a.json") == "a.json \(shop.stateDirectory)/a.json nil -  nil 10 false\n")
        #expect(
            await shop.run("probe run /x 3 desc p q --size 4 --limit 2 --force")
                == "/x /x Optional(3) desc p,q Optional(4) 2 true\n")
        #expect(await shop.run("probe run f nine") == "error: probe run: N must be a whole number, got 'nine'\n")
        #expect(
            await shop.run("probe run f 1 sideways")
                == "error: probe run: ORDER must be one of asc, desc, got 'sideways'\n")
    }

    @Test func readingAnArgumentTheSpecDoesNotListIsAnErrorNotACrash() async throws {
        let shop = try TestSession(plugins: [ProbePlugin()])
        #expect(
            await shop.run("probe careless").hasPrefix("error: internal error: argument FILE was read but not bound"))
    }
}
