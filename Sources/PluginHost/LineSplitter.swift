/// Cuts a byte stream into lines as the bytes arrive, keeping a partial line for the next
/// read, and refuses a line longer than its limit.
///
/// ```swift
/// var splitter = LineSplitter(limit: 16 << 20)
/// splitter.append(Array("{\"a\":1}\n{\"b\"".utf8)) { piece in … }   // one .line; `{"b"` waits
/// ```
struct LineSplitter {
    /// The most bytes a line may hold, its newline aside.
    let limit: Int
    private var pending: [UInt8] = []
    /// Set once a line went over the limit: everything after is ignored.
    private(set) var isOverlong = false

    /// What comes out of the stream.
    enum Piece {
        /// A whole line, without its newline.
        case line([UInt8])
        /// A line over the limit: its first bytes.
        case overlong(prefix: [UInt8])
    }

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds bytes read from the stream; hands out each line they complete.
    mutating func append(_ bytes: UnsafeRawBufferPointer, _ emit: (Piece) -> Void) {
        guard !isOverlong else { return }
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                pending.append(contentsOf: bytes[start...])
                if pending.count > limit { failOverlong(emit) }
                return
            }
            if pending.isEmpty {
                guard newline - start <= limit else { return failOverlong(start: bytes[start..<newline], emit) }
                emit(.line(Array(bytes[start..<newline])))
            } else {
                pending.append(contentsOf: bytes[start..<newline])
                guard pending.count <= limit else { return failOverlong(emit) }
                emit(.line(pending))
                pending.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
    }

    /// Adds bytes read from the stream; hands out each line they complete.
    mutating func append(_ bytes: [UInt8], _ emit: (Piece) -> Void) {
        bytes.withUnsafeBytes { append($0, emit) }
    }

    /// The bytes of an unfinished last line, at the end of the stream.
    mutating func takeRemainder() -> [UInt8] {
        defer { pending = [] }
        return isOverlong ? [] : pending
    }

    private mutating func failOverlong(_ emit: (Piece) -> Void) {
        isOverlong = true
        emit(.overlong(prefix: Array(pending.prefix(Self.prefixLength))))
        pending = []
    }

    private mutating func failOverlong(start: Slice<UnsafeRawBufferPointer>, _ emit: (Piece) -> Void) {
        isOverlong = true
        emit(.overlong(prefix: Array(start.prefix(Self.prefixLength))))
    }

    /// How many bytes of an overlong line are kept to quote it.
    static let prefixLength = 64
}
