import ShopLanguage
import Synchronization

/// The items of a script as a run takes them, one after the other. A script file longer than
/// a few chunks is parsed ahead, on another core, while the steps before run; any other is
/// parsed as each item is asked for. Both give the same items in the same order: the parser
/// depends on nothing a step does (its call syntax was fixed when the reader was made).
struct ScriptSteps: ~Copyable {
    /// Files at least this long are parsed ahead; for shorter ones, handing steps between two
    /// threads would cost about what it saves.
    static let parsedAheadFrom = 4 * ScriptFile.chunkSize

    private var reader: ScriptReader?
    private let ahead: ParsedAhead?
    /// The batch being taken, and where in it.
    private var batch: [Parser.Item] = []
    private var index = 0

    init(_ reader: ScriptReader) {
        if let size = reader.fileSize, size >= Self.parsedAheadFrom {
            ahead = ParsedAhead(reader)
            self.reader = nil
        } else {
            ahead = nil
            self.reader = reader
        }
    }

    /// The next item, or nil at the end. An item parsed ahead is a copy: the batch keeps
    /// the original until it goes back to be freed by the task that made it.
    mutating func next() async -> Parser.Item? {
        guard let ahead else { return reader?.next() }
        if index == batch.count {
            let spent = batch
            batch = []
            batch = await ahead.nextBatch(returning: spent) ?? []
            index = 0
            guard !batch.isEmpty else { return nil }
        }
        index += 1
        return batch[index - 1]
    }

    deinit {
        ahead?.stop()
    }
}

/// A parser running ahead of a script's run, in a task of its own: it hands over items in
/// batches and waits while ``batchesAhead`` of them are not yet taken, so memory holds a few
/// hundred parsed steps at most. The batches come back once run, and are freed where they
/// were made: memory allocated on one thread and freed on another takes the allocator's
/// slow paths on both. ``stop()`` ends it when the run ends first.
private final class ParsedAhead: Sendable {
    /// Items per batch: each hand-over costs a task switch, each item held costs memory.
    static let batchSize = 32
    /// Batches parsed and not yet taken, at most.
    static let batchesAhead = 4
    /// Batches left when the waiting parser is woken: it then parses several at once, so the
    /// two threads seldom hand over a turn.
    static let batchesLeftToWake = 1

    /// What the two sides share, under ``shared``'s lock; a side that must wait leaves its
    /// continuation here for the other to resume.
    private struct Shared {
        /// Batches ready, oldest first.
        var batches: [[Parser.Item]] = []
        /// Batches run, to be freed by the parsing task.
        var spent: [[Parser.Item]] = []
        var isAtEnd = false
        var isStopped = false
        var waitingTaker: CheckedContinuation<Void, Never>?
        var waitingParser: CheckedContinuation<Void, Never>?

        /// Adds a parsed batch; returns the taker to wake, if one waits.
        mutating func add(_ batch: [Parser.Item], isLast: Bool) -> CheckedContinuation<Void, Never>? {
            batches.append(batch)
            isAtEnd = isLast
            defer { waitingTaker = nil }
            return waitingTaker
        }

        /// What the taker finds: the oldest batch ready (and the parser to wake when few are
        /// left), the end, or nothing yet — decided at once, so that a last batch added with
        /// the end is never missed.
        mutating func take() -> Taken {
            guard !batches.isEmpty else { return isAtEnd ? .end : .notYet }
            let batch = batches.removeFirst()
            guard batches.count <= ParsedAhead.batchesLeftToWake else { return .batch(batch, parserToWake: nil) }
            defer { waitingParser = nil }
            return .batch(batch, parserToWake: waitingParser)
        }

        /// Whether the parser has parsed enough for now.
        var parserWaits: Bool { !isStopped && batches.count >= ParsedAhead.batchesAhead }

        /// Whether the taker has nothing to take yet.
        var takerWaits: Bool { batches.isEmpty && !isAtEnd }
    }

    private let shared = Mutex(Shared())

    /// What ``Shared/take()`` finds.
    private enum Taken {
        case batch([Parser.Item], parserToWake: CheckedContinuation<Void, Never>?)
        case end
        case notYet
    }

    init(_ reader: ScriptReader) {
        Task.detached { [self, reader] in
            var reader = reader
            await parse(&reader)
        }
    }

    private func parse(_ reader: inout ScriptReader) async {
        while true {
            let spent = shared.withLock { shared in
                defer { shared.spent = [] }
                return shared.spent
            }
            _ = consume spent
            var batch: [Parser.Item] = []
            batch.reserveCapacity(Self.batchSize)
            var isLast = false
            while batch.count < Self.batchSize {
                guard let item = reader.next() else {
                    isLast = true
                    break
                }
                batch.append(item)
            }
            shared.withLock { $0.add(batch, isLast: isLast) }?.resume()
            if isLast { return }
            await withCheckedContinuation { continuation in
                let waits = shared.withLock { shared in
                    if shared.parserWaits { shared.waitingParser = continuation }
                    return shared.parserWaits
                }
                if !waits { continuation.resume() }
            }
            if shared.withLock({ $0.isStopped }) { return }
        }
    }

    /// The next batch, waiting for it when it is not parsed yet; nil at the end. `spent`, the
    /// batch run before, goes back to be freed.
    func nextBatch(returning spent: sending [Parser.Item]) async -> [Parser.Item]? {
        if !spent.isEmpty { shared.withLock { $0.spent.append(spent) } }
        while true {
            switch shared.withLock({ $0.take() }) {
            case .batch(let batch, let parser):
                parser?.resume()
                return batch
            case .end:
                return nil
            case .notYet:
                break
            }
            await withCheckedContinuation { continuation in
                let waits = shared.withLock { shared in
                    if shared.takerWaits { shared.waitingTaker = continuation }
                    return shared.takerWaits
                }
                if !waits { continuation.resume() }
            }
        }
    }

    /// Ends the parsing: nothing more is taken.
    func stop() {
        let parser = shared.withLock { shared in
            shared.isStopped = true
            shared.batches.removeAll()
            defer { shared.waitingParser = nil }
            return shared.waitingParser
        }
        parser?.resume()
    }
}
