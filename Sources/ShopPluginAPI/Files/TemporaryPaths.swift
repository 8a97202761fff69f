import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders that must not outlive the process: each atomic write's temporary file,
/// from its creation to its rename, and folders made for one run. When a signal ends shop, its
/// signal thread calls ``removeAll()``, so no hidden partial file is left beside a target.
///
/// ```swift
/// let descriptor = TemporaryPaths.creating(temporary) { open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
/// // … write, rename …
/// TemporaryPaths.forget(temporary)
/// ```
public enum TemporaryPaths {
    private struct Listed {
        var paths: Set<String> = []
        /// Set by ``removeAll()``: the process is ending, nothing new is created.
        var ended = false
    }

    private static let listed = Mutex(Listed())

    /// Lists `path` and runs `create`, which makes it and returns a descriptor, as one step
    /// against ``removeAll()``: a path is either listed when made or not made at all (-1, with
    /// `errno` set to `ECANCELED`, once the process is ending).
    public static func creating(_ path: String, _ create: () -> Int32) -> Int32 {
        listed.withLock { listed in
            guard !listed.ended else {
                errno = ECANCELED
                return -1
            }
            let descriptor = create()
            if descriptor >= 0 { listed.paths.insert(path) }
            return descriptor
        }
    }

    /// Lists `path`, which exists already (a folder made for this run).
    public static func add(_ path: String) {
        listed.withLock { _ = $0.paths.insert(path) }
    }

    /// Takes `path` off the list: it was renamed into place, or removed.
    public static func forget(_ path: String) {
        listed.withLock { _ = $0.paths.remove(path) }
    }

    /// Removes every listed path (a folder with what it holds) and creates nothing more: for
    /// the end of the process.
    public static func removeAll() {
        listed.withLock { listed in
            listed.ended = true
            for path in listed.paths { FileSystem.removeTree(path) }
            listed.paths = []
        }
    }
}
