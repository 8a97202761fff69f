import Foundation
import Glibc
import ShopTestSupport
import Testing

/// Text from plugins, state files, command files and narration reaches the terminal inert,
/// on every path: shop makes escapes inert where its text leaves it (``EscapeFilter``).
@Suite struct TerminalEscapeTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-escapes")
    }

    /// Sets the window title, clears the screen and colours what follows: what a hostile
    /// text tries.
    static let attack = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mevil"
    /// The attack as it shows once made inert.
    static let inert = "␛]0;pwned␇␛[2J␛[31mevil"

    private func shop(_ arguments: [String], _ extra: [String: String] = [:]) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            ["--no-history"] + arguments, environment: ShopBinary.environment(stateDirectory: folder.path, extra),
            workingDirectory: folder.path)
    }

    /// Whether `text` holds no escape character, nor any control but newlines and tabs.
    private func isInert(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F || $0 == "\n" || $0 == "\t" }
    }

    /// An executable shell script in the folder.
    private func executable(_ name: String, _ script: String) throws -> String {
        let path = try folder.write("#!/bin/sh\n" + script, to: name)
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    @Test func whatAPluginWritesBeforeItFailsToStartIsInert() async throws {
        _ = try executable("noisy", "read request\nprintf '\(Self.attack.shellEscaped)\\n' >&2\nexit 3\n")
        let result = try await shop(["--plugin", "./noisy", "-c", "echo hi"])
        #expect(result.status == 2)
        #expect(isInert(result.standardError), "\(result.standardError.debugDescription)")
        #expect(result.standardError.contains(Self.inert), "\(result.standardError)")
    }

    @Test func aPluginNameWithEscapesIsInertInTheStartupError() async throws {
        let name = Self.attack.jsonEscaped
        _ = try executable(
            "badname",
            """
            read request
            printf '%s\\n' '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1,"plugin":{"name":"\(name)","version":"1"}}}'
            read request
            printf '%s\\n' '{"jsonrpc":"2.0","id":2,"result":{"manifest":{"name":"\(name)","version":"1","summary":"s","commands":[]}}}'
            read request

            """)
        let result = try await shop(["--plugin", "./badname", "-c", "echo hi"])
        #expect(result.status == 2)
        #expect(!result.standardError.isEmpty)
        #expect(isInert(result.standardError), "\(result.standardError.debugDescription)")
    }

    @Test func aSharedStateFileCannotInjectEscapesThroughHelp() async throws {
        let source = "def greet \"\(Self.attack)\"\n  param who = \"\(Self.attack)\" \"\(Self.attack)\"\n  echo hi\nend"
        try folder.write(
            #"{"shopState":1,"values":{"commands.greet":{"description":"x","params":[],"source":"\#(source.jsonEscaped)"}}}"#,
            to: "shared.json")
        let result = try await shop(["-c", "state load shared.json; help greet; help"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(isInert(result.standardOutput), "\(result.standardOutput.debugDescription)")
        #expect(result.standardOutput.components(separatedBy: Self.inert).count >= 4, "\(result.standardOutput)")
    }

    @Test func theFirstNarrationLineOfACommandFileIsInertInHelp() async throws {
        try folder.write("## \(Self.attack)\necho hi\n", to: "config/shop/commands/evil.shopscript")
        let result = try await shop(["-c", "help evil; help"], ["XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(isInert(result.standardOutput), "\(result.standardOutput.debugDescription)")
        #expect(result.standardOutput.contains(Self.inert), "\(result.standardOutput)")
    }

    @Test func narrationCopiedIntoAHandoutIsInert() async throws {
        try folder.write("## \(Self.attack)\necho \"\(Self.attack)\"\n## \(Self.attack)\n", to: "talk.shopscript")
        let result = try await shop(["demo", "talk.shopscript", "--handout", "handout.md"])
        #expect(result.status == 0, "\(result.standardError)")
        let handout = try String(contentsOfFile: folder.path + "/handout.md", encoding: .utf8)
        #expect(isInert(handout), "\(handout.debugDescription)")
        #expect(handout.components(separatedBy: Self.inert).count == 5, "\(handout)")
    }

    @Test func shopsOwnColoursStillReachTheTerminal() async throws {
        let result = try await shop(["--color", "always", "-c", "help save"])
        #expect(result.standardOutput.hasPrefix("\u{1B}[1msave FILE"), "\(result.standardOutput.debugDescription)")
    }
}

extension String {
    /// The text inside a JSON string literal.
    fileprivate var jsonEscaped: String {
        unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case _ where scalar.value < 0x20: String(format: "\\u%04x", scalar.value)
            default: String(scalar)
            }
        }.joined()
    }

    /// The text as `printf` reads it inside single quotes: control characters as octal escapes.
    fileprivate var shellEscaped: String {
        unicodeScalars.map { scalar in
            scalar.value < 0x20 ? String(format: "\\%03o", scalar.value) : String(scalar)
        }.joined()
    }
}
