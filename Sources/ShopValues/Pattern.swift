import CPCRE2
import Synchronization

/// A regular expression in PCRE2's dialect: the one pattern type behind every pattern shop
/// matches (`expect … matches`, `where … matches`, transcript ` (re)` lines, `find`).
///
/// Patterns are compiled in UTF-8 mode with Unicode properties (`\w` and `\d` know Cyrillic
/// and other scripts, `.` is one character), and compiled patterns are cached. Every match is
/// bounded: past ``matchLimit`` steps, ``depthLimit`` nested backtracking points or
/// ``heapLimitKibibytes`` of memory it fails with ``PatternError/tooComplex(pattern:)`` instead
/// of running for ever, and cancelling the task that matches stops it
/// (``PatternError/interrupted``).
///
/// ```swift
/// let pattern = try Pattern("^Wash")
/// try pattern.matches(in: "Wash and iron")   // true: a match anywhere counts
/// try pattern.matchesWhole("Wash and iron")  // false: it must match all of the text
/// ```
public struct Pattern: Sendable {
    /// How many steps one match may take (PCRE2's match limit; a tenth of its default, so a
    /// pattern that backtracks without end fails in a fraction of a second).
    public static let matchLimit: UInt32 = 1_000_000
    /// How deep backtracking may nest (PCRE2's depth limit).
    public static let depthLimit: UInt32 = 1_000_000
    /// How much memory one match may use for backtracking, in KiB (PCRE2's heap limit).
    public static let heapLimitKibibytes: UInt32 = 64 * 1024

    /// The dialect in a few sentences, for the help of commands that take patterns.
    public static let dialect =
        "A pattern after 'matches' is a regular expression in PCRE2's syntax (as in Perl or grep -P), matched in UTF-8 with Unicode classes (\\w, \\d and . know every script); it may match anywhere in the text unless anchored with ^ and $. A pattern that would backtrack without end fails with 'pattern too complex'; Ctrl-C stops any match."

    /// The pattern as written (for a literal, the text).
    public let source: String
    private let compiled: CompiledPattern

    /// Compiles a regular expression; a malformed one is ``PatternError/invalid(pattern:reason:)``.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        compiled = try CompiledPattern.cached(source, options: 0)
    }

    /// A pattern that matches `text` literally, optionally in any case (Unicode case folding).
    public init(literal text: String, ignoringCase: Bool = false) throws(PatternError) {
        source = text
        compiled = try CompiledPattern.cached(
            text, options: UInt32(PCRE2_LITERAL) | (ignoringCase ? UInt32(PCRE2_CASELESS) : 0))
    }

    /// Whether the pattern matches somewhere in `text`.
    public func matches(in text: String) throws(PatternError) -> Bool {
        try compiled.match(text, options: 0, source: source)
    }

    /// Whether the pattern matches all of `text`, from its first character to its last.
    public func matchesWhole(_ text: String) throws(PatternError) -> Bool {
        try compiled.match(text, options: UInt32(PCRE2_ANCHORED) | UInt32(PCRE2_ENDANCHORED), source: source)
    }

    /// `text` with every match replaced by `replacement`, under the same limits as a match:
    /// `$1` and `${name}` in it are the groups' text, `$$` is a `$`.
    public func replacingMatches(in text: String, with replacement: String) throws(PatternError) -> String {
        try compiled.substitute(text, replacement: replacement, source: source)
    }
}

/// A compiled PCRE2 pattern, freed with the last reference.
///
/// `@unchecked Sendable`: the code is never changed after compiling, and PCRE2 allows one
/// compiled pattern to be matched from many threads at once.
private final class CompiledPattern: @unchecked Sendable {
    private let code: OpaquePointer

    /// Compiled patterns by source and options. Bounded: when it is full it starts again empty.
    private static let cache = Mutex<[CacheKey: CompiledPattern]>([:])
    private static let cacheCapacity = 256

    private struct CacheKey: Hashable {
        let source: String
        let options: UInt32
    }

    /// The compiled pattern for `source`, compiled now or taken from the cache.
    static func cached(_ source: String, options: UInt32) throws(PatternError) -> CompiledPattern {
        let key = CacheKey(source: source, options: options)
        if let known = cache.withLock({ $0[key] }) { return known }
        let compiled = try CompiledPattern(source, options: options)
        cache.withLock { cache in
            if cache.count >= cacheCapacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = compiled
        }
        return compiled
    }

    private init(_ source: String, options: UInt32) throws(PatternError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        // PCRE2 refuses Unicode properties for literals; their case folding needs only UTF mode.
        let properties = options & UInt32(PCRE2_LITERAL) == 0 ? UInt32(PCRE2_UCP) : 0
        let flags = options | properties | UInt32(PCRE2_UTF) | UInt32(PCRE2_AUTO_CALLOUT)
        let code = Self.withBytes(of: source) { bytes, count in
            pcre2_compile_8(bytes, count, flags, &errorCode, &errorOffset, nil)
        }
        guard let code else {
            throw .invalid(pattern: source, reason: Self.message(for: errorCode))
        }
        self.code = code
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Runs one match of `text` under the limits.
    func match(_ text: String, options: UInt32, source: String) throws(PatternError) -> Bool {
        guard let matchData = pcre2_match_data_create_8(1, nil) else { throw .tooComplex(pattern: source) }
        defer { pcre2_match_data_free_8(matchData) }
        let result = Self.withBytes(of: text) { bytes, count in
            pcre2_match_8(
                code, bytes, count, 0, options | UInt32(PCRE2_NO_UTF_CHECK), matchData, MatchContext.shared.context)
        }
        switch result {
        case 0...: return true
        case PCRE2_ERROR_NOMATCH: return false
        case PCRE2_ERROR_CALLOUT: throw .interrupted
        default: throw .tooComplex(pattern: source)
        }
    }

    /// `text` with every match replaced (PCRE2's substitution, global), under the limits; its
    /// output is measured first when the first guess at its size is too small.
    func substitute(_ text: String, replacement: String, source: String) throws(PatternError) -> String {
        let options = UInt32(PCRE2_SUBSTITUTE_GLOBAL) | UInt32(PCRE2_SUBSTITUTE_OVERFLOW_LENGTH)
        var capacity = text.utf8.count * 2 + 64
        for _ in 0..<2 {
            var length = capacity
            var output = [UInt8](repeating: 0, count: capacity)
            let result = Self.withBytes(of: text) { subject, subjectCount in
                Self.withBytes(of: replacement) { replacementBytes, replacementCount in
                    output.withUnsafeMutableBufferPointer { buffer in
                        pcre2_substitute_8(
                            code, subject, subjectCount, 0, options, nil, MatchContext.shared.context,
                            replacementBytes, replacementCount, buffer.baseAddress, &length)
                    }
                }
            }
            switch result {
            case 0...: return String(decoding: output[0..<length], as: UTF8.self)
            case PCRE2_ERROR_NOMEMORY: capacity = length + 1
            case PCRE2_ERROR_CALLOUT: throw .interrupted
            case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
                throw .tooComplex(pattern: source)
            default: throw .invalidReplacement(replacement, reason: Self.message(for: result))
            }
        }
        throw .tooComplex(pattern: source)
    }

    /// Runs `body` over the UTF-8 bytes of `text`, with a valid address even when it is empty
    /// (PCRE2 wants one).
    private static func withBytes<Result>(
        of text: String, _ body: (UnsafePointer<UInt8>, Int) -> Result
    ) -> Result {
        var text = text
        return text.withUTF8 { bytes in
            if let base = bytes.baseAddress { return body(base, bytes.count) }
            let empty: UInt8 = 0
            return withUnsafePointer(to: empty) { body($0, 0) }
        }
    }

    private static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(errorCode, $0.baseAddress, 256) }
        guard length > 0 else { return "error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

/// The one PCRE2 match context every match uses: the limits, and a callout that stops the
/// match when the task is cancelled.
///
/// `@unchecked Sendable`: the context is set up once in `init` and only read afterwards, which
/// PCRE2 allows from any number of threads.
private final class MatchContext: @unchecked Sendable {
    static let shared = MatchContext()

    let context: OpaquePointer?

    private init() {
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, Pattern.matchLimit)
        pcre2_set_depth_limit_8(context, Pattern.depthLimit)
        pcre2_set_heap_limit_8(context, Pattern.heapLimitKibibytes)
        // Patterns are compiled with auto callouts, so this runs before every item of the pattern.
        pcre2_set_callout_8(context, { _, _ in Task.isCancelled ? PCRE2_ERROR_CALLOUT : 0 }, nil)
    }
}
