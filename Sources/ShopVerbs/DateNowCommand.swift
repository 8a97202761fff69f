import ShopPluginAPI

/// `date now`: the session's clock as a date, in the local UTC offset (UTC in transcripts).
struct DateNowCommand: Command {
    let spec = CommandSpec(
        path: ["date", "now"], abstract: "The date and time now",
        discussion: "In the local UTC offset; transcripts (shop test) run at a fixed time in UTC.",
        examples: [Example("date now"), Example("math $(date now) - $(date now | date trunc day)")])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let clock = invocation.environment.clock
        let now = clock.now
        let whole = now.rounded(.down)
        // To the microsecond: a double of seconds since 1970 holds no finer digits.
        let microseconds = Int(((now - whole) * 1e6).rounded())
        let date = try DateTime(
            seconds: Int(whole), nanoseconds: microseconds * 1000, offsetMinutes: clock.utcOffset / 60)
        return .value(.date(date))
    }
}
