import ShopPluginAPI

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
        guard let offset = UTF8Text.firstInvalidOffset(in: bytes) else { return }
        let line = bytes[..<offset].reduce(firstLine) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let what = bytes[offset] == 0 ? "a NUL byte" : "invalid UTF-8"
        throw .notText(name: name, line: line, problem: what)
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
