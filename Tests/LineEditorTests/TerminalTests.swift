import Dispatch
import Glibc
import LineEditor
import ShopTestSupport
import Testing

@testable import LineEditor

@Suite struct KeyDecoderTests {
    @Test(
        arguments: [
            ([0x61], TerminalKey.character("a"), 1),
            ([0x0D], .enter, 1),
            ([0x0A], .enter, 1),
            ([0x09], .tab, 1),
            ([0x7F], .backspace, 1),
            ([0x08], .backspace, 1),
            ([0x03], .controlC, 1),
            ([0x04], .controlD, 1),
            ([0x01], .control(0x01), 1),
            ([0x1B, 0x5B, 0x41], .up, 3),
            ([0x1B, 0x5B, 0x42], .down, 3),
            ([0x1B, 0x5B, 0x43], .right, 3),
            ([0x1B, 0x5B, 0x44], .left, 3),
            ([0x1B, 0x4F, 0x41], .up, 3),
            ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], .right, 6),
            ([0x1B, 0x5B, 0x33, 0x7E], .delete, 4),
            ([0x1B, 0x5B, 0x35, 0x7E], .pageUp, 4),
            ([0x1B, 0x5B, 0x48], .home, 3),
            ([0x1B, 0x5B, 0x32, 0x34, 0x7E], .unknownSequence([0x1B, 0x5B, 0x32, 0x34, 0x7E]), 5),
            ([0x1B, 0x71], .escape, 1),
            ([0xC3, 0xA9, 0x61], .character("é"), 2),
            ([0xF0, 0x9F, 0x98, 0x80], .character("😀"), 4),
            ([0xFF, 0x61], .character("\u{FFFD}"), 1),
            ([0xC3, 0x61], .character("\u{FFFD}"), 1),
        ] as [([UInt8], TerminalKey, Int)])
    func completeInputDecodesToOneKey(bytes: [UInt8], key: TerminalKey, length: Int) {
        #expect(KeyDecoder.decode(bytes[...], final: false) == .key(key, length: length))
    }

    @Test(
        arguments: [
            ([0x1B], TerminalKey.escape),
            ([0x1B, 0x5B], .unknownSequence([0x1B, 0x5B])),
            ([0xE2, 0x82], .character("\u{FFFD}")),
        ] as [([UInt8], TerminalKey)])
    func aTruncatedSequenceWaitsThenResolves(bytes: [UInt8], key: TerminalKey) {
        #expect(KeyDecoder.decode(bytes[...], final: false) == .incomplete)
        #expect(KeyDecoder.decode(bytes[...], final: true) == .key(key, length: bytes.count))
    }
}

@Suite("Terminal utilities over a pseudo-terminal", .timeLimit(.minutes(1)))
struct TerminalTests {
    @Test func theWindowSizeIsReadFromTheTerminal() throws {
        let terminal = try PseudoTerminalPair(columns: 100, rows: 30)
        #expect(Terminal.size(of: terminal.slaveFileDescriptor) == TerminalSize(columns: 100, rows: 30))
        try terminal.resize(columns: 42, rows: 7)
        #expect(Terminal.size(of: terminal.slaveFileDescriptor) == TerminalSize(columns: 42, rows: 7))
    }

    @Test func pipesAreNotTerminals() throws {
        let terminal = try PseudoTerminalPair()
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { for descriptor in descriptors { close(descriptor) } }
        #expect(Terminal.isTerminal(terminal.slaveFileDescriptor))
        #expect(!Terminal.isTerminal(descriptors[0]))
        #expect(Terminal.size(of: descriptors[0]) == nil)
        #expect(throws: TerminalError.notATerminal(fileDescriptor: descriptors[0])) {
            _ = try RawMode(fileDescriptor: descriptors[0])
        }
    }

    @Test func rawModeIsEnteredAndRestored() throws {
        let terminal = try PseudoTerminalPair()
        let descriptor = terminal.slaveFileDescriptor
        let before = try localModes(descriptor)
        try Terminal.withRawMode(descriptor) { _ in
            let raw = try localModes(descriptor)
            #expect(raw & tcflag_t(ICANON | ECHO | ISIG) == 0)
        }
        #expect(try localModes(descriptor) == before)

        let keepingSignals = try RawMode(fileDescriptor: descriptor, interruptsAsKeys: false)
        #expect(try localModes(descriptor) & tcflag_t(ISIG) != 0)
        keepingSignals.restore()
        keepingSignals.restore()
        #expect(try localModes(descriptor) == before)
    }

    @Test func rawModeIsRestoredWhenTheBodyThrows() throws {
        struct Failure: Error {}
        let terminal = try PseudoTerminalPair()
        let before = try localModes(terminal.slaveFileDescriptor)
        #expect(throws: Failure.self) {
            try Terminal.withRawMode(terminal.slaveFileDescriptor) { _ in throw Failure() }
        }
        #expect(try localModes(terminal.slaveFileDescriptor) == before)
    }

    @Test func keysAreReadOneAtATime() throws {
        let terminal = try PseudoTerminalPair()
        let raw = try RawMode(fileDescriptor: terminal.slaveFileDescriptor)
        defer { raw.restore() }
        let keys = KeyReader(fileDescriptor: terminal.slaveFileDescriptor)
        try terminal.send("q\u{1B}[Aé")
        try terminal.send(key: .controlC)
        try terminal.send(key: .enter)
        var read: [TerminalKey] = []
        for _ in 0..<5 { read.append(try #require(try keys.readKey(timeout: .seconds(2)))) }
        #expect(read == [.character("q"), .up, .character("é"), .controlC, .enter])
    }

    @Test func aLoneEscapeIsReadAfterAShortWait() throws {
        let terminal = try PseudoTerminalPair()
        let raw = try RawMode(fileDescriptor: terminal.slaveFileDescriptor)
        defer { raw.restore() }
        let keys = KeyReader(fileDescriptor: terminal.slaveFileDescriptor)
        try terminal.send(key: .escape)
        #expect(try keys.readKey(timeout: .seconds(2)) == .escape)
    }

    @Test func readKeyReturnsNilWhenTheTimeoutPasses() throws {
        let terminal = try PseudoTerminalPair()
        let raw = try RawMode(fileDescriptor: terminal.slaveFileDescriptor)
        defer { raw.restore() }
        let keys = KeyReader(fileDescriptor: terminal.slaveFileDescriptor)
        let start = ContinuousClock.now
        #expect(try keys.readKey(timeout: .milliseconds(50)) == nil)
        #expect(ContinuousClock.now - start >= .milliseconds(45))
    }

    @Test func pendingInputCanBeDiscarded() throws {
        let terminal = try PseudoTerminalPair()
        let raw = try RawMode(fileDescriptor: terminal.slaveFileDescriptor)
        defer { raw.restore() }
        let keys = KeyReader(fileDescriptor: terminal.slaveFileDescriptor)
        try terminal.send("typed while a step ran")
        try waitUntilReadable(terminal.slaveFileDescriptor)
        keys.discardPendingInput()
        try terminal.send("n")
        #expect(try keys.readKey(timeout: .seconds(2)) == .character("n"))
    }

    @Test func aClosedTerminalEndsKeyReading() throws {
        let terminal = try PseudoTerminalPair()
        let duplicate = dup(terminal.slaveFileDescriptor)
        defer { close(duplicate) }
        let keys = KeyReader(fileDescriptor: duplicate)
        terminal.close()
        #expect(throws: TerminalError.endOfInput) { _ = try keys.readKey(timeout: .seconds(2)) }
    }

    @Test func keysLeftByOneReaderAreReadByTheNext() throws {
        try withRawKeyboard { terminal, keyboard in
            try terminal.send("ab")
            try waitUntilReadable(terminal.slaveFileDescriptor)
            // The first reader takes both bytes from the terminal but uses one.
            #expect(try KeyReader(input: keyboard).readKey(timeout: .seconds(2)) == .character("a"))
            #expect(try KeyReader(input: keyboard).readKey(timeout: .seconds(2)) == .character("b"))
        }
    }

    @Test func keysTypedAheadSkipAnAnimationAndAreAllKept() throws {
        try withRawKeyboard { terminal, keyboard in
            try terminal.send("echo next\r")
            try waitUntilReadable(terminal.slaveFileDescriptor)
            #expect(try KeyReader(input: keyboard).skipRequested(within: .seconds(2)))
            let keys = KeyReader(input: keyboard)
            var read: [TerminalKey] = []
            for _ in 0..<10 { read.append(try #require(try keys.readKey(timeout: .seconds(2)))) }
            #expect(read == "echo next".map { TerminalKey.character($0) } + [.enter])
        }
    }

    @Test func aKeyPressedDuringAnAnimationSkipsItAndIsKept() throws {
        try withRawKeyboard { terminal, keyboard in
            let reader = KeyReader(input: keyboard)
            #expect(try !reader.skipRequested(within: .milliseconds(10)))
            try terminal.send(key: .up)
            #expect(try reader.skipRequested(within: .seconds(2)))
            #expect(try reader.readKey(timeout: .seconds(2)) == .up)
        }
    }

    @Test func aLoneEscapePressedToSkipIsTakenAway() throws {
        try withRawKeyboard { terminal, keyboard in
            let reader = KeyReader(input: keyboard)
            // Pressed while the animation waits (not typed before it: that Escape would be kept).
            let master = terminal.masterFileDescriptor
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
                var escape: UInt8 = 0x1B
                _ = write(master, &escape, 1)
            }
            #expect(try reader.skipRequested(within: .seconds(5)))
            try terminal.send("x")
            #expect(try reader.readKey(timeout: .seconds(2)) == .character("x"))
        }
    }

    /// Runs `body` with a new terminal in raw mode and its keyboard.
    private func withRawKeyboard(_ body: (PseudoTerminalPair, TerminalInput) throws -> Void) throws {
        let terminal = try PseudoTerminalPair()
        let raw = try RawMode(fileDescriptor: terminal.slaveFileDescriptor)
        defer { raw.restore() }
        try body(terminal, TerminalInput(fileDescriptor: terminal.slaveFileDescriptor))
    }

    private func localModes(_ descriptor: Int32) throws -> tcflag_t {
        var modes = termios()
        try #require(tcgetattr(descriptor, &modes) == 0)
        return modes.c_lflag
    }

    private func waitUntilReadable(_ descriptor: Int32) throws {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        try #require(poll(&poller, 1, 2000) == 1)
    }
}
