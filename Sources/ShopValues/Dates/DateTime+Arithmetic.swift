extension DateTime {
    /// This date moved by `duration`, in the same offset; an error past the years a date holds.
    public func adding(_ duration: Duration) throws(DateError) -> DateTime {
        let (seconds, attoseconds) = duration.components
        let moved = self.seconds.addingReportingOverflow(Int(seconds))
        return try DateTime(
            seconds: moved.overflow ? (seconds < 0 ? Int.min : Int.max) : moved.partialValue,
            nanoseconds: nanoseconds + Int(attoseconds / 1_000_000_000), offsetMinutes: offsetMinutes,
            text: "\(text) + \(duration.shownText)")
    }

    /// The time from `earlier` to this date (negative when `earlier` is later).
    public func duration(since earlier: DateTime) -> Duration {
        .seconds(seconds - earlier.seconds) + .nanoseconds(nanoseconds - earlier.nanoseconds)
    }
}
