import Foundation
import Glibc
import Synchronization

/// Truncates a file at a random moment while a process reads it: once the reader has the file
/// open or mapped, it waits a random part of `within`, then cuts the file to a random length.
///
/// It watches from a thread of its own, so that busy test tasks cannot hold it back, and it
/// never cuts after ``finish()``: when the reading is over first, the file stays whole.
///
/// ```swift
/// let cutter = FileCutter(path: path, within: .milliseconds(300))
/// let output = await shop.run("services load big.json")
/// let didCut = await cutter.finish()
/// ```
public final class FileCutter: Sendable {
    private struct Progress {
        var isFinished = false
        var didCut = false
        var hasStopped = false
    }

    private let progress = Mutex(Progress())

    /// Starts watching `path` for process `reader` (this process by default).
    public init(path: String, reader: Int32 = getpid(), within: Duration) {
        let wait = Double(within.components.seconds) + Double(within.components.attoseconds) / 1e18
        let thread = Thread { [self] in
            defer { progress.withLock { $0.hasStopped = true } }
            while !progress.withLock({ $0.isFinished }), !Self.reads(path, process: reader) { usleep(100) }
            let cutAt = ContinuousClock.now + .milliseconds(Int(wait * Double.random(in: 0..<1) * 1000))
            while ContinuousClock.now < cutAt, !progress.withLock({ $0.isFinished }) { usleep(500) }
            progress.withLock { progress in
                var status = stat()
                guard !progress.isFinished, stat(path, &status) == 0 else { return }
                progress.didCut = truncate(path, off_t(Int.random(in: 0..<max(1, Int(status.st_size))))) == 0
            }
        }
        thread.start()
    }

    /// Stops watching, once the watching thread is done; whether the file was cut.
    public func finish() async -> Bool {
        progress.withLock { $0.isFinished = true }
        while !progress.withLock({ $0.hasStopped }) { try? await Task.sleep(for: .milliseconds(1)) }
        return progress.withLock { $0.didCut }
    }

    /// Whether `process` has `path` open, or mapped into its memory.
    private static func reads(_ path: String, process: Int32) -> Bool {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd")) ?? []
        if descriptors.contains(where: {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/fd/" + $0)) == path
        }) {
            return true
        }
        return (try? String(contentsOfFile: "/proc/\(process)/maps", encoding: .utf8))?.contains(path) == true
    }
}
