/// Loads script files: reads the bytes, refuses what is not UTF-8 text, and parses.
public enum ScriptSource {
    /// The text of the script at `path`; `name` is how messages refer to it.
    public static func read(path: String, name: String) throws(ScriptSourceError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .unreadable(error.naming(name))
        }
        return try text(of: bytes, name: name)
    }

    /// Script bytes as text, refusing binary data and invalid UTF-8 with the line of the first bad byte.
    public static func text(of bytes: [UInt8], name: String) throws(ScriptSourceError) -> String {
        try check(bytes, name: name, firstLine: 1)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Throws ``ScriptSourceError/notText(name:line:problem:)`` for binary data or invalid
    /// UTF-8 in `bytes`, whole lines of a script whose first is line `firstLine`.
    static func check(_ bytes: [UInt8], name: String, firstLine: Int) throws(ScriptSourceError) {
        guard let offset = firstInvalidOffset(in: bytes) else { return }
        let line = bytes[..<offset].reduce(firstLine) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let what = bytes[offset] == 0 ? "a NUL byte" : "invalid UTF-8"
        throw .notText(name: name, line: line, problem: what)
    }

    /// The offset of the first NUL byte or byte that breaks UTF-8, or nil when the text is clean.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidOffset(in: $0) }
    }

    private static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while they are ASCII and not NUL, the common case
            // (callgrind, a 2.3 MB script: 28.7M instructions byte by byte, 3.9M so).
            if index + 8 <= bytes.count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                if (word | ((word &- ones) & ~word)) & highs == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead == 0 { return index }
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let continuation = bytes[index + offset]
                guard continuation & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }
}

/// Why a script could not be loaded.
public enum ScriptSourceError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(FileError)
    /// The file is binary or not UTF-8.
    case notText(name: String, line: Int, problem: String)
    /// The file changed while it was read.
    case changed(name: String)

    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .changed(let name): "cannot read '\(name)': the script changed while it was read"
        case .notText(let name, let line, let problem): "'\(name)' is not a text script (\(problem) on line \(line))"
        }
    }
}
