import ShopPluginAPI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a large `{"services": […]}` file with ``FastCatalogScanner`` on every core at once,
/// each part through a ``ScanWindow`` of its own.
///
/// The items are cut into parts at guessed item starts (``FastCatalogScanner/likelyItemStart(after:in:within:)``),
/// and each part is read from its guess in a task of its own, up to the next part's guess.
/// A guess is trusted only when the part before it stops exactly there, at an item's start:
/// then reading on from there is the same as what the part before would have read. When the
/// part before runs past a wrong guess instead, it simply reads on to the end and the parts
/// after it are dropped. So the result is always the one-pass result, or nil. A cancelled
/// task (Ctrl-C) stops every part soon and gives nil.
enum ParallelCatalogScan {
    /// Files smaller than this are read into memory whole and scanned in one pass.
    static let minimumParallelBytes = 16 << 20
    /// How far past a cut point the next item start is looked for.
    static let searchLimit = 1 << 20
    /// One part per core, up to 8.
    static var defaultParts: Int { min(8, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// The catalog in `file`, or nil when it is not the simple services shape; `parts` is how
    /// many tasks read at once (one per core by default). Throws when the file cannot be read
    /// or changes while it is read.
    static func scan(
        _ file: FileReader, source: String, parts: Int = defaultParts, windowCapacity: Int = ScanWindow.defaultCapacity
    ) async throws(FileReader.Failure) -> Catalog? {
        guard let body = try itemsStart(in: file, windowCapacity: windowCapacity) else { return nil }
        var starts = [body]
        for part in 1..<max(1, parts) {
            let target = max(body + (file.size - body) * part / parts, (starts.last ?? 0) + 1)
            if let start = try likelyItemStart(after: target, in: file) { starts.append(start) }
        }
        var segments = try await scanParts(of: file, from: starts, windowCapacity: windowCapacity)
        // The parts that count: up to the first that read to the end of the array, each
        // starting where the one before stopped.
        var used = 0
        for segment in segments {
            guard let end = segment?.end else { return nil }
            used += 1
            if end == .arrayEnd { break }
        }
        guard used > 0, segments[used - 1]?.end == .arrayEnd else { return nil }
        let parts = segments.prefix(used).compactMap { $0 }
        segments = []
        return catalog(joining: parts, source: source)
    }

    /// Where the items start, after `{"services": [`; nil when the file does not start so.
    private static func itemsStart(in file: FileReader, windowCapacity: Int) throws(FileReader.Failure) -> Int? {
        var header = FastCatalogScanner(window: try ScanWindow(file: file, offset: 0, capacity: windowCapacity))
        return header.scanHeader() ? header.position : nil
    }

    /// The likely item start after `target`, looked for in the `searchLimit` bytes from there.
    private static func likelyItemStart(after target: Int, in file: FileReader) throws(FileReader.Failure) -> Int? {
        guard target < file.size else { return nil }
        let window = try ScanWindow(file: file, offset: target, capacity: searchLimit)
        return FastCatalogScanner.likelyItemStart(after: 0, in: window.bytes, within: searchLimit).map { target + $0 }
    }

    /// Each part read in a task of its own, in order; a part that reached the end of the
    /// array also read the document's end.
    private static func scanParts(
        of file: FileReader, from starts: [Int], windowCapacity: Int
    ) async throws(FileReader.Failure) -> [FastCatalogScanner.Segment?] {
        let finished = FinishedPart()
        let outcomes = await withTaskGroup(of: (Int, Result<FastCatalogScanner.Segment?, FileReader.Failure>).self) {
            group in
            for (index, start) in starts.enumerated() {
                let stop = index + 1 < starts.count ? starts[index + 1] : nil
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    let outcome = Result { () throws(FileReader.Failure) -> FastCatalogScanner.Segment? in
                        let window = try ScanWindow(file: file, offset: start, capacity: windowCapacity)
                        var scanner = FastCatalogScanner(window: window)
                        let segment = try scanner.scanItems(
                            stoppingAt: stop, shouldGiveUp: { finished.isAfter(index) || Task.isCancelled })
                        guard let segment else { return nil }
                        if segment.end == .arrayEnd {
                            guard try scanner.scanFooter() else { return nil }
                            finished.record(index)
                        }
                        return segment
                    }
                    return (index, outcome)
                }
            }
            var outcomes = [Result<FastCatalogScanner.Segment?, FileReader.Failure>](
                repeating: .success(nil), count: starts.count)
            for await (index, outcome) in group {
                outcomes[index] = outcome
            }
            return outcomes
        }
        var segments: [FastCatalogScanner.Segment?] = []
        segments.reserveCapacity(outcomes.count)
        for outcome in outcomes {
            segments.append(try outcome.get())
        }
        return segments
    }

    /// The parts joined in order into one catalog, each part's chunks freed as they are moved.
    private static func catalog(joining segments: [FastCatalogScanner.Segment], source: String) -> Catalog {
        var segments = segments
        var preselected: [String] = []
        var sorted = true
        var previousLast: [UInt8]?
        for segment in segments {
            preselected += segment.preselected
            sorted = sorted && segment.idsAreSortedASCII
            if let last = previousLast, let first = segment.firstID {
                sorted = sorted && FastCatalogScanner.precedes(last, first)
            }
            previousLast = segment.lastID ?? previousLast
        }
        // Parts whose own ids were in order have no fingerprints yet.
        let isFingerprinted = !sorted && segments.allSatisfy(\.idsAreASCII)
        if isFingerprinted {
            for index in segments.indices where segments[index].idsAreSortedASCII { segments[index].fingerprintIDs() }
        }
        let fingerprints = isFingerprinted ? ChunkedList.joined(segments.map(\.idFingerprints)) : nil
        let items = ChunkedList.joined(segments.map(\.items))
        return Catalog(
            items: items, preselected: preselected, info: CatalogInfo(source: source, shape: .services),
            idsAreSortedASCII: sorted, idFingerprints: fingerprints)
    }

    /// The earliest part that read to the end of the array: parts after it can stop.
    private final class FinishedPart: Sendable {
        private let earliest = Atomic<Int>(Int.max)

        /// Notes that part `index` read to the end.
        func record(_ index: Int) {
            _ = earliest.min(index, ordering: .relaxed)
        }

        /// Whether an earlier part already read to the end, making part `index` useless.
        func isAfter(_ index: Int) -> Bool {
            index > earliest.load(ordering: .relaxed)
        }
    }
}
