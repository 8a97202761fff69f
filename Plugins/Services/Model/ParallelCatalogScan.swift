import ShopKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a large `{"services": […]}` file with ``FastCatalogScanner`` on every core at once.
///
/// The items are cut into parts at guessed item starts (``FastCatalogScanner/likelyItemStart(after:in:within:)``),
/// and each part is read from its guess in a task of its own, up to the next part's guess.
/// A guess is trusted only when the part before it stops exactly there, at an item's start:
/// then reading on from there is the same as what the part before would have read. When the
/// part before runs past a wrong guess instead, it simply reads on to the end and the parts
/// after it are dropped. So the result is always the one-pass result, or nil. A cancelled
/// task (Ctrl-C) stops every part soon and gives nil.
enum ParallelCatalogScan {
    /// Files smaller than this are read in one pass.
    static let minimumParallelBytes = 16 << 20
    /// How far past a cut point the next item start is looked for.
    static let searchLimit = 1 << 20
    /// One part per core, up to 8.
    static var defaultParts: Int { min(8, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// The catalog in `file`, or nil when it is not the simple services shape. `parts` is how
    /// many tasks read at once (one per core by default); smaller files than
    /// `minimumParallelBytes` are read in one pass.
    static func scan(
        _ file: MappedFile, source: String, parts: Int = defaultParts, minimumParallelBytes: Int = minimumParallelBytes
    ) async -> Catalog? {
        let bytes = file.bytes
        guard parts > 1, bytes.count >= minimumParallelBytes else {
            return FastCatalogScanner.scan(bytes, source: source, release: file.discard)
        }
        var header = FastCatalogScanner(bytes: bytes)
        guard header.scanHeader() else { return nil }
        var starts = [header.position]
        for part in 1..<parts {
            let target = max(header.position + (bytes.count - header.position) * part / parts, (starts.last ?? 0) + 1)
            if let start = FastCatalogScanner.likelyItemStart(after: target, in: bytes, within: searchLimit) {
                starts.append(start)
            }
        }
        var segments = await scanParts(of: file, from: starts)
        // The parts that count: up to the first that read to the end of the array, each
        // starting where the one before stopped.
        var used = 0
        for segment in segments {
            guard let end = segment?.end else { return nil }
            used += 1
            if end == .arrayEnd { break }
        }
        guard used > 0, segments[used - 1]?.end == .arrayEnd else { return nil }
        var parts = segments.prefix(used).compactMap { $0 }
        segments = []
        return catalog(joining: &parts, bytes: bytes, source: source)
    }

    /// Each part read in a task of its own, in order; a part that reached the end of the
    /// array also read the document's end.
    private static func scanParts(of file: MappedFile, from starts: [Int]) async -> [FastCatalogScanner.Segment?] {
        let finished = FinishedPart()
        return await withTaskGroup(of: (Int, FastCatalogScanner.Segment?).self) { group in
            for (index, start) in starts.enumerated() {
                let stop = index + 1 < starts.count ? starts[index + 1] : nil
                // The first part's list becomes the catalog's: it is sized for every item.
                let sizing = index == 0 ? file.bytes.count - start : nil
                group.addTask {
                    var scanner = FastCatalogScanner(bytes: file.bytes, position: start)
                    let segment = scanner.scanItems(
                        stoppingAt: stop, sizingBytes: sizing, release: file.discard,
                        shouldGiveUp: { finished.isAfter(index) || Task.isCancelled })
                    guard let segment else { return (index, nil) }
                    if segment.end == .arrayEnd {
                        guard scanner.scanFooter() else { return (index, nil) }
                        finished.record(index)
                    }
                    return (index, segment)
                }
            }
            var segments = [FastCatalogScanner.Segment?](repeating: nil, count: starts.count)
            for await (index, segment) in group {
                segments[index] = segment
            }
            return segments
        }
    }

    /// The parts joined in order into one catalog: the first part's list (sized for all of
    /// them) takes the others' items, each part's list freed as soon as it is copied. The
    /// parts must be the only holders of their lists, or the first would be copied whole.
    private static func catalog(
        joining segments: inout [FastCatalogScanner.Segment], bytes: UnsafeBufferPointer<UInt8>, source: String
    ) -> Catalog {
        var items: [Value] = []
        if !segments.isEmpty { swap(&items, &segments[0].items) }
        items.reserveCapacity(items.count + segments.dropFirst().reduce(0) { $0 + $1.items.count })
        var preselected: [String] = []
        var sorted = true
        var previousLast: Range<Int>?
        for index in segments.indices {
            if index > 0 {
                items.append(contentsOf: segments[index].items)
                segments[index].items = []
            }
            let segment = segments[index]
            preselected += segment.preselected
            sorted = sorted && segment.idsAreSortedASCII
            if let last = previousLast, let first = segment.firstID {
                sorted = sorted && FastCatalogScanner.precedes(last, first, in: bytes)
            }
            previousLast = segment.lastID ?? previousLast
        }
        return Catalog(
            items: items, preselected: preselected, info: CatalogInfo(source: source, shape: .services),
            idsAreSortedASCII: sorted)
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
