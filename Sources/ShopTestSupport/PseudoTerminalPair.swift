import Glibc

/// A pseudo-terminal created in-process, for driving terminal code (such as a line editor on a
/// background thread) from a test: the code under test uses ``slaveFileDescriptor`` as its
/// terminal, the test types into and reads from the master side.
///
/// Every wait has a timeout and throws a ``PseudoTerminalError`` carrying the output so far.
/// Both descriptors are close-on-exec and closed on deinit; the slave never becomes the test
/// process's controlling terminal.
///
/// ```swift
/// let terminal = try PseudoTerminalPair(columns: 80, rows: 24)
/// startEditor(on: terminal.slaveFileDescriptor)
/// try terminal.waitFor("shop> ")
/// try terminal.send("help")
/// try terminal.send(key: .enter)
/// ```
public final class PseudoTerminalPair {
    /// The test's side: writes are typed keys, reads are what the program drew.
    public let masterFileDescriptor: Int32
    /// The program's side: a terminal device (`isatty` is true).
    public let slaveFileDescriptor: Int32
    /// The device path of the slave side (`/dev/pts/N`).
    public let slavePath: String

    private var transcript = TerminalTranscript()
    private var isClosed = false
    /// What a person would see on the terminal: everything read so far, interpreted when
    /// asked for (tests that never look pay nothing).
    public var screen: TerminalScreen {
        catchUpScreen()
        return screenModel
    }
    private var screenModel: TerminalScreen
    /// How many bytes of the output the screen model has interpreted.
    private var screenFed = 0
    /// How many times output arrived (or the window changed): a wait looks at the screen again
    /// only when this moved.
    public private(set) var screenVersion = 0

    /// Linux `ioctl` requests not exported to Swift (function-like macros in <asm/ioctls.h>).
    private static let getPtyNumber = UInt(0x8004_5430)  // TIOCGPTN
    private static let setPtyLock = UInt(0x4004_5431)  // TIOCSPTLCK

    /// Opens a new pseudo-terminal with the given window size.
    public init(
        columns: Int = 80, rows: Int = 24, widthRule: TerminalScreen.WidthRule = .perCharacter
    ) throws(PseudoTerminalError) {
        screenModel = TerminalScreen(columns: columns, rows: rows, widthRule: widthRule)
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Self.failure("open /dev/ptmx") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.setPtyLock, &unlock) == 0, ioctl(master, Self.getPtyNumber, &number) == 0 else {
            let error = Self.failure("ioctl on /dev/ptmx")
            _ = Glibc.close(master)
            throw error
        }
        let path = "/dev/pts/\(number)"
        let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let error = Self.failure("open \(path)")
            _ = Glibc.close(master)
            throw error
        }
        masterFileDescriptor = master
        slaveFileDescriptor = slave
        slavePath = path
        try resize(columns: columns, rows: rows)
    }

    deinit { close() }

    /// Types `text` (UTF-8) into the terminal.
    public func send(_ text: String) throws(PseudoTerminalError) {
        try send(bytes: Array(text.utf8))
    }

    /// Presses a key.
    public func send(key: PseudoTerminal.Key) throws(PseudoTerminalError) {
        try send(bytes: key.bytes)
    }

    /// Writes raw bytes into the terminal (invalid UTF-8 included).
    public func send(bytes: [UInt8]) throws(PseudoTerminalError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(masterFileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard written > 0 else { throw failure("write") }
            offset += written
        }
    }

    /// Reads output until `text` appears after the previous match, and returns the output up to
    /// and including it.
    ///
    /// - Parameters:
    ///   - stripANSI: Match against the output without escape sequences, carriage returns and
    ///     other control characters (the default), or against the raw bytes. Each kind keeps its
    ///     own read position.
    /// - Throws: ``PseudoTerminalError`` with kind `timedOut` or `closed`, and the output so far.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(30), stripANSI: Bool = true)
        throws(PseudoTerminalError) -> String
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = transcript.consume(through: text, stripped: stripANSI) { return found }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw PseudoTerminalError(.timedOut(waitingFor: text, after: timeout), output: output)
            }
            guard try readAvailable(waitingUpTo: remaining) else {
                if isClosed { throw PseudoTerminalError(.closed(waitingFor: text), output: output) }
                continue
            }
        }
    }

    /// Reads output until the screen satisfies `condition`, and returns the screen.
    ///
    /// - Throws: ``PseudoTerminalError`` with kind `timedOut` (naming `description`) or `closed`,
    ///   with the screen's text as the output.
    @discardableResult
    public func waitForScreen(
        _ description: String, timeout: Duration = .seconds(30), until condition: (TerminalScreen) -> Bool
    ) throws(PseudoTerminalError) -> TerminalScreen {
        let deadline = ContinuousClock.now + timeout
        var checkedVersion = -1
        while true {
            try readPendingOutput()
            if checkedVersion != screenVersion {
                checkedVersion = screenVersion
                if condition(screen) { return screen }
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw PseudoTerminalError(.timedOut(waitingFor: description, after: timeout), output: screen.text)
            }
            guard try readAvailable(waitingUpTo: remaining) else {
                if isClosed { throw PseudoTerminalError(.closed(waitingFor: description), output: screen.text) }
                continue
            }
        }
    }

    /// Reads what output has arrived, without waiting, and returns the output up to `text`
    /// when it appears after the previous match; nil otherwise.
    public func takeOutput(through text: String, stripANSI: Bool = true) throws(PseudoTerminalError) -> String? {
        try readPendingOutput()
        return transcript.consume(through: text, stripped: stripANSI)
    }

    /// Reads the output that has arrived, without waiting for more.
    public func readPendingOutput() throws(PseudoTerminalError) {
        while try readAvailable(waitingUpTo: .zero) {}
    }

    /// Whether both sides were closed.
    public var closed: Bool { isClosed }

    /// Reads whatever output arrives within `duration`.
    public func drainOutput(for duration: Duration = .milliseconds(50)) throws(PseudoTerminalError) {
        let deadline = ContinuousClock.now + duration
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero, try readAvailable(waitingUpTo: remaining) else { return }
        }
    }

    /// Changes the window size (the program receives `SIGWINCH` if it is the foreground job).
    public func resize(columns: Int, rows: Int) throws(PseudoTerminalError) {
        // What the program drew before the change is shown at the old size, then reflowed; what
        // it draws after learning the new size comes after.
        try readPendingOutput()
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(masterFileDescriptor, UInt(TIOCSWINSZ), &size) == 0 else { throw failure("ioctl TIOCSWINSZ") }
        catchUpScreen()
        screenModel.resize(columns: columns, rows: rows)
        screenVersion += 1
    }

    /// Everything read so far, escape sequences and control characters removed.
    public var output: String { String(decoding: transcript.stripped, as: UTF8.self) }

    /// Everything read so far, as received.
    public var rawOutput: String { String(decoding: transcript.raw, as: UTF8.self) }

    /// Closes both sides: the program's reads on the slave then fail (hang-up). Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(masterFileDescriptor)
        _ = Glibc.close(slaveFileDescriptor)
    }

    /// Reads output available within `wait`; false when none arrived (timeout or closed).
    func readAvailable(waitingUpTo wait: Duration) throws(PseudoTerminalError) -> Bool {
        guard !isClosed else { return false }
        var descriptor = pollfd(fd: masterFileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Self.milliseconds(wait))
        if ready < 0 {
            if errno == EINTR { return false }
            throw failure("poll")
        }
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(masterFileDescriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return false }
            // EIO: every slave descriptor is closed; nothing more will come.
            if errno == EIO { return false }
            throw failure("read")
        }
        guard count > 0 else { return false }
        transcript.append(chunk[..<count])
        screenVersion += 1
        return true
    }

    /// Interprets the output the screen model has not seen yet.
    private func catchUpScreen() {
        let raw = transcript.raw
        guard screenFed < raw.count else { return }
        screenModel.feed(raw[screenFed...])
        screenFed = raw.count
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    private func failure(_ name: String) -> PseudoTerminalError {
        PseudoTerminalError(.systemCallFailed(name: name, errno: errno), output: output)
    }

    private static func failure(_ name: String) -> PseudoTerminalError {
        PseudoTerminalError(.systemCallFailed(name: name, errno: errno), output: "")
    }
}
