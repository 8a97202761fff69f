#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The path calls that fill a buffer: `mkdtemp(3)` and `readlink(2)`.
public enum PathCalls {
    /// Creates a new folder named after `template`, whose last six characters are `XXXXXX`
    /// (`mkdtemp`), and answers its path; nil with `errno` set when it cannot.
    ///
    /// `mkdtemp` rewrites the six characters in place: it is given a NUL-terminated copy of
    /// the template that lives for the call, and the path is read back from that copy up to
    /// its NUL.
    public static func makeTemporaryFolder(template: String) -> String? {
        var path = Array(template.utf8CString)
        let created = path.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard created != nil else { return nil }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the symbolic link at `path` points to, as written in the link (`readlink`); nil
    /// with `errno` set when `path` is no link or cannot be read.
    ///
    /// `readlink` writes at most the buffer's size and adds no NUL; the answer is the bytes it
    /// says it wrote, so a target of any length up to `PATH_MAX` is read whole.
    public static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { readlink(path, $0, buffer.count - 1) } ?? -1
        }
        guard length >= 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
