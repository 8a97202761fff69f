import Foundation

/// Runs `body` with the calling thread's file-system identity set to `nobody` when the tests run
/// as root, so that permission bits apply to it; runs `body` unchanged otherwise.
///
/// Root ignores read-only permission bits, which would make the read-only cases untestable in a
/// root container. Linux's `setfsuid` changes only the calling thread's file-system user id (and
/// drops its file capabilities until restored), so tests running in parallel on other threads
/// are unaffected. `body` must be synchronous, so that it runs on this thread throughout.
@discardableResult
func withUnprivilegedFileAccess<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard geteuid() == 0, let symbol = dlsym(nil, "setfsuid") else { return try body() }
    typealias SetFileSystemUserID = @convention(c) (UInt32) -> Int32
    let setfsuid = unsafeBitCast(symbol, to: SetFileSystemUserID.self)
    _ = setfsuid(65534)
    defer { _ = setfsuid(0) }
    return try body()
}
