import ShopPluginAPI
import Testing

@testable import ShopWire

/// Bound arguments cross the wire as a `run` carries them, and a kit reads back the same
/// binding.
@Suite struct ArgumentsJSONTests {
    static let spec = CommandSpec(
        path: ["probe", "run"], abstract: "Typed arguments",
        arguments: [
            Argument<FilePath>("FILE", "a file"), Argument<Int?>("N", "how many"),
            Argument<String?>("ORDER", "asc or desc"), Argument<[Int]>("WORDS", "the rest"),
        ],
        options: [
            Option<Int?>("--size", value: "N", "a size"), Option<Int>("--limit", value: "N", "a limit", default: 10),
            Flag("--force", "do it"),
        ])

    @Test func boundArgumentsEncodeAsTheProtocolSendsThem() throws {
        var arguments = Arguments(argumentNames: Self.spec.arguments.map(\.name))
        arguments.positional = [
            .init(argument: 0, bound: BoundWord(value: "a.json", text: "a.json")),
            .init(argument: 3, bound: BoundWord(value: 1, text: "1")),
        ]
        arguments.changeGiven { $0.flags = ["--force"] }
        let (positional, options) = arguments.json(for: Self.spec)
        #expect(JSONWriter.compact(positional) == #"{"FILE":"a.json","WORDS":[1]}"#)
        #expect(JSONWriter.compact(options) == #"{"--size":null,"--limit":null,"--force":true}"#)
        let read = Arguments(json: positional, options: options, for: Self.spec)
        #expect(read.json(for: Self.spec).arguments == positional)
        #expect(read.json(for: Self.spec).options == options)
    }
}
