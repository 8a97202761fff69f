import Foundation
import Glibc
import ShopTestSupport
import Synchronization
import Testing

/// What `open` reads in the built `shop`: regular files and standard input only, within a
/// limit, and never past a Ctrl-C; and what `save` writes to `/dev/stdout`.
@Suite struct OpenLimitsTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-open")
    }

    private var environment: [String: String] { ShopBinary.environment(stateDirectory: folder.path) }

    /// Starts `shop -c commands` reading `fifo` on standard input (held open for writing by
    /// the caller), output and errors to files of the folder.
    private func start(_ commands: String, reading fifo: String) throws -> SpawnedProcess {
        try SpawnedProcess(
            executable: ShopBinary.path, arguments: ["--no-history", "-c", commands], environment: environment,
            workingDirectory: folder.path,
            streams: .files(input: fifo, output: folder.path + "/out", error: folder.path + "/err"))
    }

    /// Waits for `process` to print `text`, then sends it Ctrl-C a moment later; returns how it
    /// ended, or nil when it was still running 2 s after the signal (it is then killed).
    private func interrupt(_ process: SpawnedProcess, after text: String) async throws -> SpawnedProcess.ExitStatus? {
        let patience = ContinuousClock.now + .seconds(30)
        while !((try? String(contentsOfFile: folder.path + "/out", encoding: .utf8)) ?? "").contains(text) {
            guard ContinuousClock.now < patience else {
                process.kill()
                throw ShopBinary.Failure(description: "shop printed no '\(text)'")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        try await Task.sleep(for: .milliseconds(300))
        let sent = ContinuousClock.now
        kill(process.processIdentifier, SIGINT)
        // The goal is 0.2 s; ten times that is a safety net for a loaded machine.
        while process.status == nil, ContinuousClock.now - sent < .seconds(2) {
            try await Task.sleep(for: .milliseconds(2))
        }
        let status = process.status
        if status == nil { process.kill() }
        return status
    }

    @Test func ctrlCStopsAnOpenOfStandardInputThatWaitsForData() async throws {
        let fifo = folder.path + "/idle"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for writing, and never written: the read waits for data forever.
        let writer = open(fifo, O_RDWR | O_CLOEXEC)
        defer { close(writer) }
        let process = try start("echo ready; open -", reading: fifo)
        #expect(try await interrupt(process, after: "ready") == .exited(130))
    }

    @Test func ctrlCStopsAnOpenOfStandardInputWhileDataKeepsComing() async throws {
        let fifo = folder.path + "/endless"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR | O_CLOEXEC)
        defer { close(writer) }
        let writing = Atomic<Bool>(true)
        // 4 KB every millisecond, never ending: far below the limit for as long as the test runs.
        let feeder = Thread {
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
            while writing.load(ordering: .relaxed) {
                _ = chunk.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
                usleep(1000)
            }
        }
        let process = try start("echo ready; open -", reading: fifo)
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
        feeder.start()
        defer { writing.store(false, ordering: .relaxed) }
        #expect(try await interrupt(process, after: "ready") == .exited(130))
    }

    @Test func standardInputOverTheLimitIsOneClearLine() async throws {
        let result = try await ShopBinary.run(
            ["--no-history", "-c", "open - --max-size 1KB | length"], input: String(repeating: "x", count: 5000),
            environment: environment, workingDirectory: folder.path)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: open: cannot read '<stdin>': larger than 1 KB, the most that is read; --max-size reads more\n"
        )
        let within = try await ShopBinary.run(
            ["--no-history", "-c", "open - --max-size 5000 | length"], input: String(repeating: "x", count: 5000),
            environment: environment, workingDirectory: folder.path)
        #expect(within.standardOutput == "5000\n")
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func aDeviceIsRefusedAtOnceByName(device: String) async throws {
        let result = try await ShopBinary.run(
            ["--no-history", "-c", "open \(device)"], environment: environment, workingDirectory: folder.path)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: open: cannot read '\(device)': not a regular file (a character device); open reads files, and standard input as '-'\n"
        )
    }

    @Test func aFIFOWithNoWriterIsRefusedWithoutWaitingForOne() async throws {
        #expect(mkfifo(folder.path + "/lonely", 0o600) == 0)
        let result = try await ShopBinary.run(
            ["--no-history", "-c", "open lonely"], environment: environment, workingDirectory: folder.path)
        #expect(
            result.standardError.hasSuffix("not a regular file (a FIFO); open reads files, and standard input as '-'\n")
        )
    }

    /// `save /dev/stdout` writes to the stream, a pipe or a file, in order with what was
    /// printed, as the file's bytes; so does `/dev/stderr`.
    @Test func savingToTheStandardStreamsWritesThere() async throws {
        let result = try await ShopBinary.run(
            [
                "--no-history", "-c",
                #"echo before; echo '{"a": 1}' | from json | save /dev/stdout --as json; echo '[1,2]' | from json | save /dev/stderr; echo after"#,
            ],
            environment: environment, workingDirectory: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "before\n{\n  \"a\": 1\n}\nafter\n")
        #expect(result.standardError == "1\n2\n")
    }
}
