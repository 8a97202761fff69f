import Foundation
import Glibc
import ShopTestSupport
import Testing

/// Random keys at the prompt of the built `shop` on a real pseudo-terminal, in emacs and vi key
/// bindings, with colour as you type and suggestions from history on (`TERM=xterm-256color`, no
/// `NO_COLOR`): no key sequence may crash or hang the REPL.
///
/// Keys go in batches; after each batch a probe (Ctrl-Q, three Ctrl-C, `echo probe-N`) must be
/// answered within a generous bound. `shop` leaving normally (a random `exit` or Ctrl-D) is fine:
/// it is started again. A crash signal or an unanswered probe fails the test with the seed and
/// the keys sent since the last start.
///
/// `SHOP_RANDOM_KEYS` sets the number of keys per key map (default 2,000, a few seconds) and
/// `SHOP_RANDOM_KEYS_SEED` the seed (default fixed), to run longer or replay by hand:
/// `SHOP_RANDOM_KEYS=200000 SHOP_RANDOM_KEYS_SEED=7 swift test --filter RandomKeyTests`.
@Suite(.serialized) struct RandomKeyTests {
    static let keyCount = ProcessInfo.processInfo.environment["SHOP_RANDOM_KEYS"].flatMap { Int($0) } ?? 2000
    static let seed = ProcessInfo.processInfo.environment["SHOP_RANDOM_KEYS_SEED"].flatMap { UInt64($0) } ?? 20_260_115
    /// Keys between two probes.
    static let batchSize = 40
    /// How long a probe may take before it counts as unanswered (it is sent three times).
    static let probeTimeout = Duration.seconds(30)

    /// How a probe came back.
    enum ProbeOutcome {
        case answered
        case exited(PseudoTerminal.ExitStatus)
        case unanswered
    }

    @Test(arguments: ["emacs", "vi"])
    func randomKeysNeverCrashOrHangTheREPL(keyMap: String) async throws {
        let folder = try FileSystemFolder(prefix: "shop-keys")
        if keyMap == "vi" { try folder.write("bind -v\n", to: ".editrc") }
        var keys = RandomKeys(seed: Self.seed &+ (keyMap == "vi" ? 1 : 0))
        var shop = try await start(in: folder)
        var sinceStart: [String] = []
        var sent = 0
        var probes = 0
        var starts = 1
        while sent < Self.keyCount {
            for _ in 0..<min(Self.batchSize, Self.keyCount - sent) {
                let key = keys.next()
                try shop.send(bytes: key.bytes)
                sinceStart.append(key.name)
                sent += 1
            }
            probes += 1
            switch try await probe(shop, number: probes) {
            case .answered:
                continue
            case .exited(.exited):
                shop = try await start(in: folder)
                starts += 1
                sinceStart = []
            case .exited(.signaled(let signal)):
                Issue.record(
                    """
                    shop died of signal \(signal) (\(String(cString: strsignal(signal)))) after key \(sent) \
                    in \(keyMap) mode, seed \(Self.seed); keys since it started: \(Self.list(sinceStart))
                    output: \(shop.output.suffix(3000))
                    """)
                return
            case .unanswered:
                Issue.record(
                    """
                    shop stopped answering after key \(sent) in \(keyMap) mode, seed \(Self.seed); keys since \
                    it started: \(Self.list(sinceStart))
                    output: \(shop.output.suffix(3000))
                    """)
                return
            }
        }
        try shop.send(bytes: [0x03])
        try shop.send("exit\r")
        _ = try await shop.waitForExit(timeout: Self.probeTimeout)
        print("random keys: \(sent) keys in \(keyMap) mode, seed \(Self.seed), \(probes) probes, \(starts) starts")
    }

    /// `shop --no-history` on a new terminal, in `folder`, once its prompt reads keys.
    private func start(in folder: FileSystemFolder) async throws -> PseudoTerminal {
        var environment = ShopBinary.environment(stateDirectory: folder.path)
        environment["XDG_CONFIG_HOME"] = folder.path + "/config"
        // Should a binding still run an external editor, it must not be a real one fed random keys.
        environment["EDITOR"] = "/bin/true"
        environment["VISUAL"] = "/bin/true"
        // A crash ends the process at once instead of waiting at an interactive backtrace prompt.
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        let shop = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["--no-history"], environment: environment,
            workingDirectory: folder.path, columns: 100, rows: 30)
        try await shop.waitFor("shop> ", timeout: Self.probeTimeout)
        try await shop.waitForKeyByKeyInput(timeout: Self.probeTimeout)
        return shop
    }

    /// Ends whatever the keys left half done and asks `shop` to echo a fresh word.
    ///
    /// Ctrl-Q restarts output that a Ctrl-S stopped; three Ctrl-C end a running command, a search,
    /// a quoted insert or a pending vi command and the line. The word is matched as output on a
    /// line of its own, not as the echo of the typed line.
    private func probe(_ shop: PseudoTerminal, number: Int) async throws -> ProbeOutcome {
        let answer = "\nprobe-\(number)\n"
        for _ in 0..<3 {
            try shop.send(bytes: [0x11, 0x03, 0x03, 0x03])
            try shop.send("echo probe-\(number)\r")
            let deadline = ContinuousClock.now + Self.probeTimeout / 3
            // Looked at once more after the deadline: on a loaded machine this task may wake
            // only after it, when the answer has long come.
            while true {
                if try shop.terminal.takeOutput(through: answer) != nil { return .answered }
                if let status = shop.statusIfExited { return .exited(status) }
                guard ContinuousClock.now < deadline else { break }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        return .unanswered
    }

    private static func list(_ names: [String]) -> String {
        (names.count > 400 ? ["…"] + names.suffix(400) : names).joined(separator: " ")
    }
}
