import ShopPluginAPI

/// A script file whose text is read a chunk of whole lines at a time, so that running a long
/// script holds a few dozen kilobytes of it at once rather than all of it.
///
/// Opening it reads the file through once, chunk by chunk, and refuses binary data and
/// invalid UTF-8 as ``ScriptSource/read(path:name:)`` does, before anything runs; a file that
/// changes after that is refused when its next chunk is read.
///
/// ```swift
/// let file = try ScriptFile(path: "/tmp/tour.shopscript", name: "tour.shopscript")
/// let (text, end) = try file.chunk(at: 0)   // the first lines, and where the next chunk starts
/// ```
public struct ScriptFile: Sendable {
    /// How many bytes a chunk has at least (unless the file ends first).
    public static let chunkSize = 1 << 16

    /// How messages name the script.
    public let name: String
    private let reader: FileReader

    /// Opens and checks the script at `path`; `name` is how messages refer to it.
    public init(path: String, name: String) throws(ScriptSourceError) {
        do {
            reader = try FileReader(path: path)
        } catch {
            throw .unreadable(error.naming(name))
        }
        self.name = name
        var offset = 0
        var line = 1
        while offset < reader.size {
            let (bytes, end) = try bytes(at: offset, minimum: Self.chunkSize)
            try ScriptSource.check(bytes, name: name, firstLine: line)
            line = bytes.reduce(line) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            offset = end
        }
    }

    /// The file's size when it was opened.
    public var size: Int { reader.size }

    /// The text of the whole lines from byte `offset` on (at least `minimum` bytes of them,
    /// unless the file ends first), and the offset where the next chunk starts.
    public func chunk(at offset: Int, minimum: Int = chunkSize) throws(ScriptSourceError) -> (text: String, end: Int) {
        let (bytes, end) = try bytes(at: offset, minimum: minimum)
        do {
            try reader.checkUnchanged()
        } catch {
            throw Self.error(error, name: name)
        }
        return (String(decoding: bytes, as: UTF8.self), end)
    }

    /// The bytes of the whole lines from `offset` on, at least `minimum` of them (fewer only
    /// at the end of the file), and the offset after them.
    private func bytes(at offset: Int, minimum: Int) throws(ScriptSourceError) -> ([UInt8], end: Int) {
        var wanted = max(1, minimum)
        while true {
            let count = min(wanted, reader.size - offset)
            guard count > 0 else { return ([], offset) }
            var bytes: [UInt8]
            do {
                bytes = try reader.bytes(count: count, at: offset)
            } catch {
                throw Self.error(error, name: name)
            }
            guard offset + count < reader.size else { return (bytes, offset + count) }
            // A chunk ends after a line break, never inside a line (or a character).
            if let last = bytes.lastIndex(of: UInt8(ascii: "\n")) {
                bytes.removeSubrange((last + 1)...)
                return (bytes, offset + last + 1)
            }
            wanted = count * 2
        }
    }

    private static func error(_ failure: FileReader.Failure, name: String) -> ScriptSourceError {
        switch failure {
        case .unreadable(let error): .unreadable(error.naming(name))
        case .changed: .changed(name: name)
        }
    }
}
