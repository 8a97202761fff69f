/// How `shop demo FILE` presents: typing on its own, rehearsing, recording, or writing a handout.
struct DemoSettings: Equatable {
    /// `--typing MS`: milliseconds per character, typed without the presenter's keys.
    var typingDelay: Int?
    /// `--rehearse`: every step at once, with times, no terminal needed.
    var rehearse = false
    /// `--record FILE`: an asciinema v2 cast of what the audience saw.
    var castPath: String?
    /// `--handout FILE`: the talk as Markdown, written without a terminal.
    var handoutPath: String?
}

extension DemoSettings {
    /// The demo options on the command line, by name.
    var optionsGiven: [String] {
        [
            ("--typing", typingDelay != nil), ("--rehearse", rehearse), ("--record", castPath != nil),
            ("--handout", handoutPath != nil),
        ].filter(\.1).map(\.0)
    }

    /// Refuses options that do not go together: `--handout` and `--rehearse` present nothing,
    /// so they take no presenting options, nor each other.
    func refuseConflicts() throws(UsageError) {
        let given = optionsGiven
        for mode in ["--handout", "--rehearse"] where given.contains(mode) {
            if let other = given.first(where: { $0 != mode }) {
                throw UsageError("'\(other)' does not go with '\(mode)'")
            }
        }
    }
}
