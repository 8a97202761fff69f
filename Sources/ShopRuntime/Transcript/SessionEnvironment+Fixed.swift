import ShopPluginAPI

extension SessionEnvironment {
    /// The fixed environment transcripts run in (`shop test`), and test sessions and handouts
    /// with them: the clock stopped at `now`, `width` columns, no terminal or animation, and
    /// `HOME` and `TMPDIR` inside the state folder, so nothing of the user's leaks in.
    public static func fixed(
        now: Double = TranscriptRunner.defaultNow, width: Int = 80, style: TerminalStyle = .plain,
        stateDirectory: String, workingDirectory: String, http: any HTTPTransport = NoHTTPTransport()
    ) -> SessionEnvironment {
        SessionEnvironment(
            clock: .fixed(at: now), width: { width }, style: style, isInteractive: false, animations: false,
            stateDirectory: stateDirectory, workingDirectory: workingDirectory,
            variables: ["HOME": stateDirectory, "TMPDIR": stateDirectory], http: http)
    }
}
