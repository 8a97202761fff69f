import Glibc
import ShopTestSupport
import Testing

@Suite("PseudoTerminal runs programs on a real terminal", .timeLimit(.minutes(1)))
struct PseudoTerminalTests {
    private func shell(
        _ script: String, environment: [String: String] = PseudoTerminal.defaultEnvironment,
        workingDirectory: String? = nil, columns: Int = 80, rows: Int = 24
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", script], environment: environment,
            workingDirectory: workingDirectory, columns: columns, rows: rows)
    }

    @Test func aProgramReadsTypedLinesAndItsExitStatusIsReported() async throws {
        let program = try shell(#"printf 'ready> '; read line; echo "got:$line"; exit 3"#)
        try await program.waitFor("ready> ")
        try program.send("hi there")
        try program.send(key: .enter)
        try await program.waitFor("got:hi there")
        #expect(try await program.waitForExit() == .exited(3))
    }

    @Test func theProgramHasAControllingTerminalOfTheChosenSize() async throws {
        let program = try shell("test -t 0 && test -t 1 && echo terminal; stty size", columns: 100, rows: 30)
        try await program.waitFor("terminal")
        try await program.waitFor("30 100")
        #expect(try await program.waitForExit() == .exited(0))
    }

    @Test func ctrlCInterruptsTheForegroundProgram() async throws {
        let program = try shell("echo started; exec sleep 30")
        try await program.waitFor("started")
        try program.send(key: .controlC)
        #expect(try await program.waitForExit() == .signaled(SIGINT))
    }

    @Test func resizingSendsSIGWINCH() async throws {
        let program = try shell(#"trap 'stty size; exit 0' WINCH; echo ready; while :; do sleep 0.02; done"#)
        try await program.waitFor("ready")
        try program.resize(columns: 50, rows: 10)
        try await program.waitFor("10 50")
        #expect(try await program.waitForExit() == .exited(0))
    }

    @Test func environmentAndWorkingDirectoryAreThoseGiven() async throws {
        let program = try shell(
            #"echo "value=$SHOP_VALUE dir=$(pwd)""#, environment: ["SHOP_VALUE": "42", "PATH": "/usr/bin:/bin"],
            workingDirectory: "/usr")
        try await program.waitFor("value=42 dir=/usr")
        #expect(try await program.waitForExit() == .exited(0))
    }

    @Test func aTimedOutWaitNamesTheTextAndShowsTheOutputSoFar() async throws {
        let program = try shell("echo partial output; exec sleep 30")
        try await program.waitFor("partial")
        let error = try await #require(throws: PseudoTerminalError.self) {
            try await program.waitFor("never printed", timeout: .milliseconds(100))
        }
        #expect(error.kind == .timedOut(waitingFor: "never printed", after: .milliseconds(100)))
        #expect(error.output.contains("partial output"))
        #expect(error.description.contains("never printed"))
    }

    @Test func aProgramThatKeepsRunningIsReportedAndKilledAtTheEnd() async throws {
        let program = try shell("exec sleep 30")
        let error = try await #require(throws: PseudoTerminalError.self) {
            _ = try await program.waitForExit(timeout: .milliseconds(100))
        }
        #expect(error.kind == .didNotExit(after: .milliseconds(100)))
        program.terminate()
        #expect(try await program.waitForExit(timeout: .seconds(10)) == .signaled(SIGKILL))
    }

    @Test func waitsLookOnlyAtOutputAfterThePreviousMatch() async throws {
        let program = try shell("echo one; echo two; echo one")
        try await program.waitFor("one")
        try await program.waitFor("two")
        try await program.waitFor("one")
        await #expect(throws: PseudoTerminalError.self) {
            try await program.waitFor("two", timeout: .milliseconds(100))
        }
    }

    @Test func aMissingProgramFailsToStart() async {
        #expect(throws: PseudoTerminalError.self) {
            _ = try PseudoTerminal(executable: "/nonexistent/program")
        }
    }
}
