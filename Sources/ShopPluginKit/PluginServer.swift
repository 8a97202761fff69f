import Glibc
import ShopPluginAPI
import ShopWire
import Synchronization
import SystemFiles

/// Serves a Swift ``Plugin`` out of process over the shop plugin protocol, version 1: the
/// same value the built-ins are, with one call.
///
/// ```swift
/// // Sources/shop-plugin-greeter/main.swift
/// import ShopPluginKit
/// await PluginServer.serve(GreeterPlugin())
/// ```
///
/// stdout is kept for messages (anything the process prints goes to stderr, which shop
/// keeps for `plugin log`); stdin is read on its own, so `cancel` reaches a running command
/// as task cancellation. Commands get an ``Invocation`` built from the `run` request: bound
/// arguments, the input, the state the host sent (cached per revision with `state-cache`)
/// and a console whose lines travel back as the answer's `messages`; what they write to
/// their own keys goes back as proposed `stateChanges`, and a result's view is rendered
/// into `display` lines at the host's width.
public enum PluginServer {
    /// Answers shop's requests until `shutdown` or the end of stdin, then exits.
    ///
    /// The plugin's manifest is checked first with the codec shop reads it with
    /// (``PluginManifest/check(_:)``); a refused one is written to stderr (`plugin log`), and
    /// served anyway, so shop refuses it with the same words at `plugin add`.
    public static func serve(_ plugin: any Plugin) async -> Never {
        let channel = Channel()
        do {
            try PluginManifest.check(plugin)
        } catch {
            channel.log("the manifest of \(plugin.name) is refused: \(error)")
        }
        let server = Server(plugin: plugin, channel: channel)
        for await message in channel.messages {
            await server.handle(message)
        }
        await server.finish()
        exit(0)
    }
}

/// Where the server's messages and log lines go: the process's stdout and stderr (``Channel``),
/// or a list in a test.
protocol MessageChannel: Sendable {
    /// Writes one message to the host.
    func send(_ message: WireMessage)
    /// Writes a line on stderr, which shop keeps for `plugin log`.
    func log(_ line: String)
}

/// stdin and stdout as lines of JSON: a thread of its own that reads stdin (blocking; not a
/// dispatch read source, whose epoll bookkeeping on Linux can be freed while still in use,
/// swift-corelibs-libdispatch #949), a locked writer for stdout.
final class Channel: MessageChannel {
    private let output: Int32
    private let input: Int32
    private let writeLock = Mutex(())
    let messages: AsyncStream<WireMessage>
    private let continuation: AsyncStream<WireMessage>.Continuation

    init() {
        // Keep the real stdout and stdin for messages; printing goes to stderr, reading finds nothing.
        output = dup(1)
        dup2(2, 1)
        input = dup(0)
        let empty = open("/dev/null", O_RDONLY)
        dup2(empty, 0)
        close(empty)
        (messages, continuation) = AsyncStream.makeStream(of: WireMessage.self, bufferingPolicy: .unbounded)
        // Reads block on the channel's thread, whatever the parent left set.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        if let code = DetachedThread.start({ [self] in readInput() }) {
            log("cannot start the thread that reads stdin: \(String(cString: strerror(code)))")
            continuation.finish()
        }
    }

    /// Reads stdin until it ends, passing on each line that is a message (others are
    /// logged); runs on the channel's thread.
    private func readInput() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        while true {
            let count = FileDescriptor(input).read(into: &buffer, from: 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: buffer[..<count])
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[start..<newline]
                if !line.isEmpty {
                    do {
                        continuation.yield(try WireMessage(line: Array(line)))
                    } catch {
                        log("not a protocol message from shop: \(error)")
                    }
                }
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        continuation.finish()
    }

    /// Writes a line on stderr, which shop keeps for `plugin log`.
    func log(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }

    /// Writes one message.
    func send(_ message: WireMessage) {
        let text = message.line
        writeLock.withLock { _ in
            var text = text
            text.withUTF8 { bytes in
                var offset = 0
                while offset < bytes.count {
                    let count = write(output, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { exit(0) }  // the host is gone
                    offset += count
                }
            }
        }
    }
}
