import Synchronization

/// What a plugin wrote on stderr and sent as `log` notifications, kept for `plugin log` and
/// quoted when it crashes: the last ``capacity`` lines, each cut at ``lineLimit`` bytes.
///
/// One log per plugin and session: it outlives the plugin's processes, so a restart keeps
/// what the crashed process said.
public final class PluginLog: Sendable {
    /// How many lines are kept.
    static let capacity = 500
    /// How long one kept line may be, in bytes.
    static let lineLimit = 4096

    private struct Lines {
        var lines: [String] = []
        var first = 0
        /// The start of an unfinished stderr line, at most ``lineLimit`` bytes.
        var partial: [UInt8] = []
    }

    private let storage = Mutex(Lines())

    init() {}

    /// Adds raw stderr bytes; complete lines are kept.
    func appendStandardError(_ bytes: UnsafeRawBufferPointer) {
        storage.withLock { storage in
            var start = 0
            while start < bytes.count {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                let end = newline ?? bytes.count
                let room = max(0, Self.lineLimit - storage.partial.count)
                storage.partial.append(contentsOf: bytes[start..<min(end, start + room)])
                guard newline != nil else { return }
                Self.keep(Self.text(storage.partial), in: &storage)
                storage.partial.removeAll(keepingCapacity: true)
                start = end + 1
            }
        }
    }

    /// Keeps what is left of an unfinished stderr line (the process ended).
    func finishStandardError() {
        storage.withLock { storage in
            if !storage.partial.isEmpty { Self.keep(Self.text(storage.partial), in: &storage) }
            storage.partial = []
        }
    }

    /// Adds one line of the host's own (a `log` notification, a start or a stop).
    func append(_ line: String) {
        storage.withLock { Self.keep(line, in: &$0) }
    }

    /// The kept lines, oldest first.
    public var lines: [String] {
        storage.withLock { Array($0.lines[$0.first...]) + Array($0.lines[..<$0.first]) }
    }

    /// The last `count` non-empty lines.
    public func tail(_ count: Int) -> [String] {
        Array(lines.filter { !$0.allSatisfy(\.isWhitespace) }.suffix(count))
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func keep(_ line: String, in storage: inout Lines) {
        if storage.lines.count < capacity {
            storage.lines.append(line)
        } else {
            storage.lines[storage.first] = line
            storage.first = (storage.first + 1) % capacity
        }
    }
}
