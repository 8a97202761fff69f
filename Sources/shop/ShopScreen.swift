import Glibc
import LineEditor
import ShopPluginAPI

/// The REPL's screen: its height, a pager run as a child process, clearing, and the user's
/// editor for `edit`.
///
/// The pager is `$PAGER` run by `/bin/sh -c exec` (as git runs it), else `less -FRX` (`-FRXS` for
/// tables, so wide rows scroll sideways), reading the text from a pipe. `q` quits it; Ctrl-C
/// reaches it too, and shop then ends it (less alone would stay), so both return to the prompt.
/// A pager that cannot be started (exit 126 or 127 from the shell) leaves the text printed.
/// The text passes through ``EscapeFilter`` first, as all text shop prints does.
struct ShopScreen: PromptScreen {
    /// The process's environment variables (`PAGER`, `VISUAL`, `EDITOR`).
    let variables: [String: String]
    /// The styling of the text paged, whose escapes alone pass.
    let style: TerminalStyle
    /// Where what `edit` saved waits for the REPL.
    let editedEntries: EditedEntries

    var rows: Int {
        Terminal.size(of: STDOUT_FILENO)?.rows ?? 24
    }

    func clear() {
        Self.write(Array("\u{1B}[H\u{1B}[2J".utf8), to: STDOUT_FILENO)
    }

    func page(_ text: String, chopsLongLines: Bool) {
        let bytes = Array((EscapeFilter.filter(text, keepingStyles: style.isEnabled) + "\n").utf8)
        let command =
            variables["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? (chopsLongLines ? "less -FRXS" : "less -FRX")
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return Self.write(bytes, to: STDOUT_FILENO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        guard let child = ShellCommand.start(command, input: ends[0]) else {
            for end in ends { close(end) }
            return Self.write(bytes, to: STDOUT_FILENO)
        }
        close(ends[0])
        var pager = Pager(child: child)
        pager.feed(bytes, through: ends[1])
        close(ends[1])
        // The shell found no pager.
        if case .exited(let code) = ShellCommand.Ending(waitStatus: pager.wait()), [126, 127].contains(code) {
            Self.write(bytes, to: STDOUT_FILENO)
        }
    }

    func edit(_ text: String) throws(CommandFailure) {
        switch ExternalEditor.edit(text, environment: variables) {
        case .success(var saved):
            while saved.last == "\n" || saved.last == "\r\n" { saved.removeLast() }
            guard !saved.allSatisfy(\.isWhitespace) else { return }
            editedEntries.queue(saved)
        case .failure(let error):
            throw CommandFailure(error.description)
        }
    }

    /// A running pager, ended when Ctrl-C cancels the command that shows it.
    ///
    /// Ctrl-C reaches the pager too, but less only stops reading; the REPL turns Ctrl-C into
    /// cancellation of the running task, which this checks (synchronously) while it feeds
    /// and waits, ending the pager with SIGTERM.
    private struct Pager {
        let child: pid_t
        private var ended = false

        init(child: pid_t) {
            self.child = child
        }

        /// Writes `bytes` to the pager's pipe without blocking past a cancellation; stops
        /// when the pager stops reading (it quit).
        mutating func feed(_ bytes: [UInt8], through descriptor: Int32) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes {
                    Glibc.write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written)
                }
                if count >= 0 {
                    written += count
                    continue
                }
                guard errno == EAGAIN || errno == EINTR else { return }
                if endIfCancelled() { return }
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 50)
            }
        }

        /// Waits for the pager to quit; its wait status.
        mutating func wait() -> Int32 {
            var status: Int32 = 0
            while true {
                let result = waitpid(child, &status, WNOHANG)
                if result == child || (result < 0 && errno != EINTR) { return status }
                _ = endIfCancelled()
                usleep(20_000)
            }
        }

        private mutating func endIfCancelled() -> Bool {
            guard withUnsafeCurrentTask(body: { $0?.isCancelled ?? false }) else { return false }
            if !ended {
                kill(child, SIGTERM)
                ended = true
            }
            return true
        }
    }

    /// Writes all of `bytes`, stopping quietly when the reader has gone (the pager quit).
    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            written += count
        }
    }
}
