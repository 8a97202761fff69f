import Foundation
import Glibc
import ShopTestSupport
import Testing

/// SIGTERM and SIGHUP end shop cleanly: no hidden temporary file of a write under way is left.
@Suite(.serialized) struct SignalEndTests {
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringAnAtomicWriteLeavesNoTemporaryFile(signal: Int32) async throws {
        let folder = try FileSystemFolder(prefix: "shop-signal")
        let result = try await ShopBinary.run(
            ["--no-history", "-c", "set big $(range 1 3000000); state save big.json --force"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
            timeout: 300
        ) { running in
            await Self.signal(running.processIdentifier, signal, whenCreated: ".big.json.tmp-", in: folder.path)
        }
        #expect(result.status == 128 + signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") } == [])
    }

    /// Sends `signal` to `pid` the moment a file whose name starts with `prefix` is created in
    /// `folder` (told by inotify on a thread of its own, so a busy machine does not delay it:
    /// the signal comes while the file is being written), or gives up after 200 s.
    private static func signal(_ pid: pid_t, _ signal: Int32, whenCreated prefix: String, in folder: String) async {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0, inotify_add_watch(watch, folder, UInt32(IN_CREATE)) >= 0 else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                defer {
                    close(watch)
                    continuation.resume()
                }
                var buffer = [UInt8](repeating: 0, count: 4096)
                var ready = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
                while poll(&ready, 1, 200_000) > 0 {
                    let count = read(watch, &buffer, buffer.count)
                    guard count > 0 else { return }
                    // Each event: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
                    var offset = 0
                    while offset + 16 <= count {
                        let length = buffer[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
                        let name = String(
                            decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                        if name.hasPrefix(prefix) {
                            kill(pid, signal)
                            return
                        }
                        offset += 16 + length
                    }
                }
            }
        }
    }
}
