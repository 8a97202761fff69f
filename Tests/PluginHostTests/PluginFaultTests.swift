import Foundation
import Glibc
import ShopTestSupport
import ShopValues
import ShopWire
import Testing

@testable import PluginHost

/// Each fault of the plugin protocol against a real process: one line naming the plugin, and the
/// next call works (a fresh process) unless the plugin is disabled.
@Suite struct PluginFaultTests {
    @Test func aWellBehavedPluginAnswersAndKeepsOneProcess() async throws {
        let host = try FakePluginHost()
        #expect(try await host.run("echo", text: "hello") == "hello")
        #expect(try await host.run("count") == 2)
        #expect(host.starts == 1)
        #expect(host.supervisor.identity?.version == "1.2.3")
        await host.supervisor.shutdown()
    }

    @Test func aCrashMidCallFailsThatCallAndTheNextCallStartsItAgain() async throws {
        let host = try FakePluginHost(.crashMidCall, once: true)
        let message = await host.failure { _ = try await host.run("echo") }
        #expect(
            message
                == "plugin fake exited with status 3 during 'fake echo'; its last words: 'fake: boom' "
                + "(see 'plugin log fake')")
        #expect(try await host.run("echo", text: "again") == "again")
        #expect(host.starts == 2)
        #expect(!FakePluginHost.exists(host.pids[0]), "the crashed process was reaped")
        await host.supervisor.shutdown()
    }

    @Test func threeCrashesWithinAMinuteDisableThePlugin() async throws {
        let host = try FakePluginHost(.crashMidCall)
        _ = await host.failure { _ = try await host.run("echo") }
        _ = await host.failure { _ = try await host.run("echo") }
        let third = await host.failure { _ = try await host.run("echo") }
        #expect(third?.hasSuffix("; after 3 crashes within a minute it is disabled for this session") == true)
        let fourth = await host.failure { _ = try await host.run("echo") }
        #expect(
            fourth
                == "plugin fake is disabled for this session after 3 crashes within a minute (see 'plugin log fake')")
        #expect(host.starts == 3)
        #expect(host.supervisor.status == .disabled)
    }

    @Test func aHungCallReturnsAtOnceWhenCancelledAndThePluginIsStopped() async throws {
        // A grace of 5 s, not 1 s: a loaded machine can take seconds to deliver the cancel, and
        // the plugin must still be there when the call has come back.
        let host = try FakePluginHost(.hang, once: true) { $0.cancelGrace = 5 }
        let call = Task { try await host.run("echo", timeout: nil) }
        #expect(
            await FakePluginHost.eventually(within: 120) { host.starts == 1 },
            "starts: \(host.starts); log: \(host.supervisor.log.lines.suffix(20))")
        try await Task.sleep(for: .milliseconds(200))
        let cancelled = ContinuousClock.now
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        let pid = host.pids[0]
        // The call came back before the plugin was stopped (it ignores `cancel` and SIGTERM, so
        // it lives at least the 5 s grace): it did not wait for it. A behaviour, not a time; the
        // time bound is only a safety net, 10× the 1 s goal.
        #expect(FakePluginHost.exists(pid), "the call waited for the plugin to be stopped")
        #expect(ContinuousClock.now - cancelled < .seconds(10))
        // Once the grace is over, the plugin is stopped.
        #expect(await FakePluginHost.eventually(within: 120) { !FakePluginHost.exists(pid) })
        #expect(try await host.run("echo", text: "next") == "next")
        await host.supervisor.shutdown()
    }

    @Test func aPluginThatAnswersCancelKeepsRunning() async throws {
        let host = try FakePluginHost(.hangUntilCancel)
        let call = Task { try await host.run("echo", timeout: nil) }
        #expect(
            await FakePluginHost.eventually(within: 120) { host.starts == 1 },
            "starts: \(host.starts); log: \(host.supervisor.log.lines.suffix(20))")
        try await Task.sleep(for: .milliseconds(200))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        try await Task.sleep(for: .milliseconds(1500))
        #expect(host.supervisor.status == .running(pid: host.pids[0]), "\(host.supervisor.log.lines)")
        await host.supervisor.shutdown()
    }

    @Test func aCallPastItsTimeoutFailsNamingTheCommand() async throws {
        let host = try FakePluginHost(.hang, once: true)
        let message = await host.failure { _ = try await host.run("echo", timeout: 0.3) }
        #expect(message == "plugin fake did not answer 'fake echo' within 0.3 s")
        #expect(try await host.run("echo", text: "next") == "next")
        await host.supervisor.shutdown()
    }

    @Test func aShortTimeoutAfterALongOneInTheSameProcessStillFires() async throws {
        let host = try FakePluginHost(.hang)
        _ = try await host.supervisor.call(timeout: 120) { _ in ManifestRequest() }
        let message = await host.failure { _ = try await host.run("echo", timeout: 0.3) }
        #expect(message == "plugin fake did not answer 'fake echo' within 0.3 s")
        await host.supervisor.shutdown()
    }

    @Test func aRequestLargerThanThePipeGoesOutWholeAndInOrder() async throws {
        let host = try FakePluginHost()
        let text = String(repeating: "0123456789", count: 200_000)
        #expect(try await host.run("echo", text: text) == .string(text))
        #expect(try await host.run("echo", text: "next") == "next")
        await host.supervisor.shutdown()
    }

    @Test func progressRestartsTheClock() async throws {
        // Progress every 0.1 s, a timeout of 10 times that, and work of 3 timeouts.
        let host = try FakePluginHost(extra: ["SHOP_FAKE_WORK_MS": "3000"])
        #expect(try await host.run("work", timeout: 1) == 3000)
        await host.supervisor.shutdown()
    }

    @Test(arguments: [
        (
            FakePlugin.Fault.loadingOnStdout,
            "plugin fake wrote non-protocol text on stdout: 'Loading…' (write logs to stderr)"
        ),
        (.wrongResponseID, "plugin fake answered request 102, which it was never sent"),
        (
            .hugeLine,
            "plugin fake wrote non-protocol text on stdout: "
                + "'{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"value\":\"xxxxxxxxxxxxxxxxx…' (write logs to stderr)"
        ),
        (
            .notANumber,
            "plugin fake sent a malformed message: unexpected 'N' at result.value (line 1, column 43)"
        ),
    ])
    func garbageOnStdoutFailsTheCallAndStopsThePlugin(fault: FakePlugin.Fault, message: String) async throws {
        let host = try FakePluginHost(fault, once: true)
        let actual = await host.failure { _ = try await host.run("echo") }
        #expect(actual == message)
        #expect(await FakePluginHost.eventually(within: 120) { !FakePluginHost.exists(host.pids[0]) })
        #expect(try await host.run("echo", text: "next") == "next")
        await host.supervisor.shutdown()
    }

    @Test(arguments: [
        (FakePlugin.Fault.protocolTwoOnly, "plugin fake 1.2.3 speaks protocol 2; this shop 0.1.0 speaks 1"),
        (.answersProtocolTwo, "plugin fake 1.2.3 speaks protocol 2; this shop 0.1.0 speaks 1"),
        (
            .exitDuringHandshake,
            "plugin fake exited with status 1 during 'initialize'; its last words: 'fake: leaving during the handshake' "
                + "(see 'plugin log fake')"
        ),
        (.wrongName, "plugin fake calls itself 'other'; add it again under its own name"),
    ])
    func aFailedHandshakeIsRefusedWithOneLine(fault: FakePlugin.Fault, message: String) async throws {
        let host = try FakePluginHost(fault, once: true)
        let actual = await host.failure { _ = try await host.run("echo") }
        #expect(actual == message)
        #expect(!FakePluginHost.exists(host.pids[0]))
        #expect(try await host.run("echo", text: "next") == "next")
        await host.supervisor.shutdown()
    }

    @Test func aPluginThatTakesTenSecondsToStartIsKilledAfterFive() async throws {
        let host = try FakePluginHost(.slowStart)
        let message = await host.failure { _ = try await host.run("echo") }
        #expect(message == "plugin fake did not start within 5 s (see 'plugin log fake')")
        #expect(!FakePluginHost.exists(host.pids[0]))
    }

    @Test func shutdownEndsTheProcessAndReapsIt() async throws {
        let host = try FakePluginHost()
        _ = try await host.run("echo")
        await host.supervisor.shutdown()
        #expect(!FakePluginHost.exists(host.pids[0]))
        #expect(host.supervisor.status == .stopped)
    }

    @Test func aPluginThatIgnoresShutdownIsKilled() async throws {
        let host = try FakePluginHost(.ignoresShutdown)
        _ = try await host.run("echo")
        await host.supervisor.shutdown()
        #expect(!FakePluginHost.exists(host.pids[0]))
    }

    @Test func anIdlePluginIsStoppedAndStartedAgainWhenNeeded() async throws {
        let host = try FakePluginHost { $0.idleLimit = 0.3 }
        _ = try await host.run("echo")
        let first = host.pids[0]
        #expect(await FakePluginHost.eventually(within: 120) { !FakePluginHost.exists(first) })
        #expect(host.supervisor.status == .stopped)
        #expect(try await host.run("count") == 1, "a fresh process")
        #expect(host.starts == 2)
        await host.supervisor.shutdown()
    }

    @Test func aMissingOrUnrunnableExecutableIsOneLine() async throws {
        let folder = try FileSystemFolder(prefix: "plugin-host")
        let file = try folder.write("not a program", to: "shop-plugin-text")
        let settings = PluginSettings(
            host: HostIdentity(version: "0.1.0"), environment: [:], workingDirectory: folder.path,
            cacheBase: folder.path, stateBase: folder.path)
        for (path, reason) in [(file, "Permission denied"), (folder.path + "/none", "No such file or directory")] {
            let supervisor = PluginSupervisor(expectedName: nil, executable: path, settings: settings)
            await #expect(throws: PluginHostError.cannotStart(plugin: supervisor.name, path: path, reason: reason)) {
                try await supervisor.start()
            }
        }
    }

    @Test func thePluginGetsNoDescriptorOfTheHostButItsPipes() async throws {
        let host = try FakePluginHost()
        let marker = try host.folder.write("", to: "inherited")
        // Opened without O_CLOEXEC, as a library's socket or file may be.
        let descriptor = open(marker, O_RDONLY)
        defer { close(descriptor) }
        _ = try await host.run("echo")
        let pid = host.pids[0]
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        let targets = open.map {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? ""
        }
        #expect(!targets.contains(marker), "\(targets)")
        await host.supervisor.shutdown()
    }

    @Test func aPluginThatExitsWritingNothingHasNoLastWords() async throws {
        let host = try FakePluginHost(.exitSilently, once: true)
        let message = await host.failure { _ = try await host.run("echo") }
        #expect(message == "plugin fake exited with status 3 during 'fake echo' (see 'plugin log fake')")
        #expect(
            host.supervisor.log.lines.contains { $0.hasPrefix("shop: started ") }, "the host's lines are in the log")
        #expect(try await host.run("echo", text: "next") == "next")
        await host.supervisor.shutdown()
    }

    @Test func stderrIsKeptInTheLogNeverOnTheTerminal() async throws {
        let host = try FakePluginHost(.crashMidCall, once: true)
        _ = await host.failure { _ = try await host.run("echo") }
        #expect(host.supervisor.log.lines.contains("fake: boom"))
    }
}
