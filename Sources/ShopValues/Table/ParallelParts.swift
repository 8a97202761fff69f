#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work split in parts, one task per part on the global executor (so on every core whatever
/// executor the caller prefers), results in the parts' order.
package enum ParallelParts {
    /// How many parts big work is cut into: one per core, at most 8.
    package static let count = min(8, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))

    /// How many rows a part handles between two looks for cancellation.
    package static let rowsBetweenChecks = 16_384

    /// Throws `CancellationError` when the task is cancelled, looking at every row whose
    /// number is a multiple of ``rowsBetweenChecks``.
    @inline(__always) static func checkCancellation(atRow row: Int) throws {
        if isCancelled(atRow: row) { throw CancellationError() }
    }

    /// Whether the task is cancelled, looking only at every row whose number is a multiple of
    /// ``rowsBetweenChecks`` (false at the others).
    @inline(__always) package static func isCancelled(atRow row: Int) -> Bool {
        row & (rowsBetweenChecks - 1) == 0 && Task.isCancelled
    }

    /// `body(part)` for each part in `0..<parts`, run at once; throws the first part's error
    /// (in order), or `CancellationError` when the task is cancelled.
    package static func map<Result: Sendable>(
        _ parts: Int, _ body: @escaping @Sendable (Int) throws -> Result
    ) async throws -> [Result] {
        if parts == 1 {
            try Task.checkCancellation()
            let result = try body(0)
            try Task.checkCancellation()
            return [result]
        }
        let outcomes = await withTaskGroup(of: (Int, Swift.Result<Result, any Error>).self) { group in
            for part in 0..<parts {
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    (part, Swift.Result { try body(part) })
                }
            }
            var outcomes = [Swift.Result<Result, any Error>?](repeating: nil, count: parts)
            for await (part, outcome) in group { outcomes[part] = outcome }
            return outcomes
        }
        try Task.checkCancellation()
        return try outcomes.map { try $0.unsafelyUnwrapped.get() }
    }
}

/// Byte offsets, 32 bits each while they fit (every file under 4 GB), else 64.
package struct ByteOffsets: Sendable {
    private enum Storage {
        case narrow([UInt32])
        case wide([Int])
    }

    private var storage: Storage

    /// An empty list for offsets below `limit`.
    package init(below limit: Int) {
        storage = limit <= Int(UInt32.max) ? .narrow([]) : .wide([])
    }

    package var count: Int {
        switch storage {
        case .narrow(let offsets): offsets.count
        case .wide(let offsets): offsets.count
        }
    }

    @inline(__always) package subscript(index: Int) -> Int {
        switch storage {
        case .narrow(let offsets): Int(offsets[index])
        case .wide(let offsets): offsets[index]
        }
    }

    package mutating func append(_ offset: Int) {
        switch storage {
        case .narrow(var offsets):
            storage = .wide([])
            offsets.append(UInt32(truncatingIfNeeded: offset))
            storage = .narrow(offsets)
        case .wide(var offsets):
            storage = .narrow([])
            offsets.append(offset)
            storage = .wide(offsets)
        }
    }

    package mutating func reserveCapacity(_ count: Int) {
        switch storage {
        case .narrow(var offsets):
            storage = .wide([])
            offsets.reserveCapacity(count)
            storage = .narrow(offsets)
        case .wide(var offsets):
            storage = .narrow([])
            offsets.reserveCapacity(count)
            storage = .wide(offsets)
        }
    }

    /// Lists one after the other.
    package static func joined(_ parts: [ByteOffsets], below limit: Int) -> ByteOffsets {
        if parts.count == 1 { return parts[0] }
        var joined = ByteOffsets(below: limit)
        joined.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts {
            for index in 0..<part.count { joined.append(part[index]) }
        }
        return joined
    }
}
