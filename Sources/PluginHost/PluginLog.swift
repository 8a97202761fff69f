import Synchronization

/// What a plugin wrote on stderr and sent as `log` notifications, with the host's own lines
/// about it, kept for `plugin log`: the last ``capacity`` lines, each cut at ``lineLimit`` bytes.
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

    /// Adds raw stderr bytes; complete lines are kept. Returns the last of them that is not
    /// blank, if any: the plugin's latest words.
    func appendStandardError(_ bytes: UnsafeRawBufferPointer) -> String? {
        storage.withLock { storage in
            var start = 0
            var latest: String?
            while start < bytes.count {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                let end = newline ?? bytes.count
                let room = max(0, Self.lineLimit - storage.partial.count)
                storage.partial.append(contentsOf: bytes[start..<min(end, start + room)])
                guard newline != nil else { break }
                let line = Self.text(storage.partial)
                Self.keep(line, in: &storage)
                if !Self.isBlank(line) { latest = line }
                storage.partial.removeAll(keepingCapacity: true)
                start = end + 1
            }
            return latest
        }
    }

    /// Keeps what is left of an unfinished stderr line (the process ended), and returns it
    /// unless it is blank.
    func finishStandardError() -> String? {
        storage.withLock { storage in
            defer { storage.partial = [] }
            guard !storage.partial.isEmpty else { return nil }
            let line = Self.text(storage.partial)
            Self.keep(line, in: &storage)
            return Self.isBlank(line) ? nil : line
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

    private static func isBlank(_ line: String) -> Bool {
        line.allSatisfy(\.isWhitespace)
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
