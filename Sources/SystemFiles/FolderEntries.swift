#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder, read with `readdir(3)`.
public enum FolderEntries {
    /// The names in `folder` (without `.` and `..`), in the order the system gives them; nil
    /// when it cannot be read.
    ///
    /// Each name is read in place up to its NUL, from the entry `readdir` returns and before
    /// the next call reuses it: an entry is only as long as its name, so the 256 bytes of
    /// `d_name` are never read as a whole (that reads past a short entry's end).
    public static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        guard let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name) else { return nil }
        var names: [String] = []
        while let entry = readdir(directory) {
            let bytes = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = String(cString: bytes)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
