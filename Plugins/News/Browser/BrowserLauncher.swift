import Foundation

/// Opens a link in the user's browser: the first program of `$BROWSER`, else `xdg-open`.
///
/// `$BROWSER` is a `:`-separated list of commands; the first is used. Its words are split
/// on blanks, `%s` is replaced by the link (or the link is added as the last word), and the
/// program is started directly — no shell ever sees the link. The launcher does not wait
/// for the browser.
///
/// ```swift
/// let launcher = BrowserLauncher(variables: ["BROWSER": "firefox --new-tab %s", "PATH": "/usr/bin"])
/// try launcher.open("https://news.shop.example/1")   // runs /usr/bin/firefox --new-tab https://…
/// ```
struct BrowserLauncher {
    /// The environment variables: `BROWSER` and `PATH`.
    let variables: [String: String]

    /// The program and arguments that would open `url`; the program not yet looked up.
    func command(for url: String) -> [String] {
        let chosen = (variables["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
        var words = chosen.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return ["xdg-open", url] }
        if words.contains(where: { $0.contains("%s") }) {
            words = words.map { $0.replacingOccurrences(of: "%s", with: url) }
        } else {
            words.append(url)
        }
        return words
    }

    /// Starts the browser on `url` (an `http` or `https` link already made safe); returns
    /// the program's name.
    @discardableResult
    func open(_ url: String) throws(NewsCommandError) -> String {
        let words = command(for: url)
        guard let name = words.first, let program = find(name) else { throw .noBrowser(url: url) }
        let process = Process()
        process.executableURL = URL(filePath: program)
        process.arguments = Array(words.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .browserFailed(program: name, reason: "\(error.localizedDescription)".lowercased())
        }
        return name
    }

    /// The executable `name` stands for: itself when it has a slash, else the first match on `PATH`.
    func find(_ name: String) -> String? {
        let files = FileManager()
        if name.contains("/") { return files.isExecutableFile(atPath: name) ? name : nil }
        let path = variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
