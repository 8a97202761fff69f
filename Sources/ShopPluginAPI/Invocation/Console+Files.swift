extension Console {
    /// Writes a file the user named, as a command's output: `/dev/stdout` and `/dev/stderr`
    /// are the session's own streams, as for any Unix tool (in order with what it printed,
    /// whether they are a terminal, a pipe or a file); any other path is written atomically
    /// (``FileSystem/writeAtomically(_:to:named:replacingExisting:flushing:)``).
    ///
    /// - Returns: whether the bytes went to a stream (a command then says nothing more there).
    @discardableResult
    public func writeFile(_ bytes: [UInt8], to file: FilePath, replacingExisting: Bool) throws(FileError) -> Bool {
        if let stream = Self.standardStream(named: file.absolute) {
            sink.writeFileContents(bytes, to: stream)
            return true
        }
        try FileSystem.writeAtomically(bytes, to: file.absolute, named: file.text, replacingExisting: replacingExisting)
        return false
    }

    /// The stream `/dev/stdout` or `/dev/stderr` names, or nil for any other path.
    public static func standardStream(named path: String) -> OutputStreamKind? {
        switch path {
        case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": .standardOutput
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": .standardError
        default: nil
        }
    }
}
