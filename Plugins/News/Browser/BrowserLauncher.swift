import Glibc
import ShopPluginAPI

/// Opens a link in the user's browser: the first program of `$BROWSER`, else `xdg-open`.
///
/// `$BROWSER` is a `:`-separated list of commands; the first is used. Its words are split
/// on blanks, `%s` is replaced by the link (or the link is added as the last word), and the
/// program is started directly with `posix_spawn` — no shell ever sees the link — with the
/// process's environment and its standard streams on `/dev/null`. The launcher does not wait for the browser; the child
/// is reaped on a thread of its own so it never lingers as a zombie.
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
            words = words.map { $0.replacing("%s", with: url) }
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var child: pid_t = 0
        var status: Int32 = 0
        // ETXTBSY: another thread of this process had the program open for writing when it
        // forked (a script just written); that descriptor closes at the other child's exec.
        for attempt in 0..<10 {
            if attempt > 0 { usleep(20_000) }
            status = Self.withCStrings([program] + words.dropFirst()) { arguments in
                posix_spawn(&child, program, &actions, nil, arguments, environ)
            }
            if status != ETXTBSY { break }
        }
        guard status == 0 else {
            throw .browserFailed(program: name, reason: String(cString: strerror(status)).lowercased())
        }
        Self.reap(child)
        return name
    }

    /// The executable `name` stands for: itself when it has a slash, else the first match on `PATH`.
    func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 && !Self.isDirectory(name) ? name : nil }
        let path = variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0, !Self.isDirectory(candidate) { return candidate }
        }
        return nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Runs `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }

    /// Waits for `child` on a detached thread, so the finished browser leaves no zombie.
    private static func reap(_ child: pid_t) {
        _ = DetachedThread.start {
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
    }
}
