/// The outcome of one transcript file.
public struct TranscriptResult: Sendable, Equatable {
    /// How a file came out.
    public enum Status: Sendable, Equatable {
        /// Every step printed what was expected.
        case passed
        /// A step printed something else, or the file could not be checked.
        case failed
        /// `--update` rewrote some of its blocks.
        case updated
        /// It ran past the timeout (in seconds) and was stopped.
        case timedOut(Double)
    }

    /// The file as named on the command line.
    public var name: String
    /// How it came out.
    public var status: Status
    /// The diff of every mismatch, an error, or what `--update` did.
    public var report: String

    public init(name: String, status: Status, report: String) {
        self.name = name
        self.status = status
        self.report = report
    }

    /// Whether the file is fine as it now stands: it passed, or `--update` made it pass.
    public var succeeded: Bool {
        status == .passed || status == .updated
    }
}
