import Foundation
import ShopTestSupport
import Testing

/// `shop demo --record talk.cast`: an asciinema v2 cast of what the audience saw.
@Suite(.serialized) struct DemoRecordingTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-cast")
        try folder.write(
            """
            ## Recorded for later.
            set counter 1
            echo "counter is $counter"
            echo "the end"

            """, to: "talk.shopscript")
    }

    private func start(_ arguments: [String]) async throws -> PseudoTerminal {
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = folder.path
        environment["XDG_STATE_HOME"] = folder.path
        environment["SHELL"] = "/bin/bash"
        return try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["demo"] + arguments + ["talk.shopscript"],
            environment: environment, workingDirectory: folder.path, columns: 100, rows: 40)
    }

    /// Presses keys until the command is typed out, then Enter to run it.
    private func typeAndRun(_ terminal: PseudoTerminal, _ command: String) async throws {
        try await terminal.waitFor("shop> ")
        for _ in 0..<((command.count + 2) / 3) { try terminal.send("x") }
        try await terminal.waitFor(command)
        try terminal.send(key: .enter)
    }

    @Test func theCastHoldsEverythingTheAudienceSawWithTheTerminalSize() async throws {
        let before = Date().timeIntervalSince1970
        let terminal = try await start(["--record", "talk.cast"])
        try await terminal.waitFor("Recorded for later.")
        try await typeAndRun(terminal, "set counter 1")
        try await terminal.waitFor("2/3")
        try terminal.resize(columns: 120, rows: 30)
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 1")
        try await terminal.waitFor("shop> ")
        try terminal.send("q")
        try await terminal.waitFor("left the demo at step 3 of 3")
        #expect(try await terminal.waitForExit() == .exited(0))
        #expect(terminal.output.contains("recorded the demo in 'talk.cast'"))

        let cast = try Cast(contentsOf: folder.path + "/talk.cast")
        #expect(cast.header["version"] as? Int == 2)
        #expect(cast.header["width"] as? Int == 100)
        #expect(cast.header["height"] as? Int == 40)
        let timestamp = try #require(cast.header["timestamp"] as? Int)
        #expect(Double(timestamp) >= before.rounded(.down) && Double(timestamp) <= Date().timeIntervalSince1970)
        #expect((cast.header["env"] as? [String: String]) == ["SHELL": "/bin/bash", "TERM": "xterm-256color"])
        #expect(cast.events.map(\.time) == cast.events.map(\.time).sorted())
        #expect(cast.events.contains { $0.kind == "r" && $0.data == "120x30" })
        // What the terminal received is what the cast plays, up to the line after the demo.
        let played = cast.output.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(terminal.terminal.rawOutput.hasPrefix(played))
        #expect(played.contains("left the demo at step 3 of 3"))
        #expect(!played.contains("recorded the demo"))
    }

    @Test func aResizeIsStampedWithItsOwnTimeNotTheNextOutputs() async throws {
        let terminal = try await start(["--record", "talk.cast"])
        try await terminal.waitFor("1/3")
        try terminal.resize(columns: 120, rows: 30)
        // Nothing is shown for two seconds after the resize.
        try await Task.sleep(for: .seconds(2))
        try await typeAndRun(terminal, "set counter 1")
        try await terminal.waitFor("2/3")
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
        let events = try Cast(contentsOf: folder.path + "/talk.cast").events
        let resize = try #require(events.firstIndex { $0.kind == "r" && $0.data == "120x30" })
        let nextOutput = try #require(events[resize...].first { $0.kind == "o" })
        #expect(nextOutput.time - events[resize].time >= 1, "\(events[resize].time) → \(nextOutput.time)")
    }

    @Test func aKilledDemoLeavesAValidCast() async throws {
        let terminal = try await start(["--record", "talk.cast"])
        try await typeAndRun(terminal, "set counter 1")
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 1")
        try await terminal.waitFor("shop> ")
        terminal.terminate()
        let cast = try Cast(contentsOf: folder.path + "/talk.cast")
        #expect(cast.header["version"] as? Int == 2)
        #expect(cast.output.contains("counter is 1"))
    }

    @Test(arguments: [
        ("/dev/null", "shop: cannot write '/dev/null': not a regular file (a character device)"),
        ("missing/talk.cast", "shop: cannot write 'missing/talk.cast': no such folder"),
    ])
    func anUnusableCastPathIsRefusedBeforeTheDemoStarts(path: String, message: String) async throws {
        let terminal = try await start(["--record", path])
        #expect(try await terminal.waitForExit() == .exited(2))
        #expect(terminal.output.trimmingCharacters(in: .whitespacesAndNewlines) == message)
    }

    @Test(.enabled(if: Asciinema.path != nil, "asciinema is installed by Scripts/install-test-tools"))
    func asciinemaPlaysTheCast() async throws {
        let terminal = try await start(["--record", "talk.cast"])
        try await typeAndRun(terminal, "set counter 1")
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 1")
        try await terminal.waitFor("shop> ")
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
        let cast = try Cast(contentsOf: folder.path + "/talk.cast")
        let asciinema = try #require(Asciinema.path)
        // At most 10 ms between frames, so the replay takes no longer than the events.
        let shown = try await ShopBinary.run(
            ["play", "--idle-time-limit", "0.01", "talk.cast"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder.path],
            workingDirectory: folder.path, launchPath: asciinema)
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput == cast.output)
    }
}

/// An asciinema v2 cast read line by line, each line checked against the format.
struct Cast {
    struct Event {
        var time: Double
        var kind: String
        var data: String
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    var header: [String: Any]
    var events: [Event]

    /// What the output events write, in order.
    var output: String { events.filter { $0.kind == "o" }.map(\.data).joined() }

    init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "every line of a cast ends with a newline")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard let first = lines.first,
            let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
        else { throw FormatError(description: "the first line is not a JSON object") }
        self.header = header
        events = try lines.dropFirst().enumerated().map { number, line in
            guard let array = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], array.count == 3,
                let time = (array[0] as? NSNumber)?.doubleValue, let kind = array[1] as? String,
                let data = array[2] as? String, ["o", "r", "i", "m"].contains(kind)
            else { throw FormatError(description: "line \(number + 2) is not [time, code, data]: \(line)") }
            return Event(time: time, kind: kind, data: data)
        }
    }
}

/// The `asciinema` command of the test tools (`Scripts/install-test-tools`), when installed.
enum Asciinema {
    static let path: String? = {
        var folder = URL(fileURLWithPath: #filePath)
        while folder.path != "/",
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        let executable = folder.appendingPathComponent(".build/test-tools/bin/asciinema").path
        return FileManager.default.isExecutableFile(atPath: executable) ? executable : nil
    }()
}
