import Glibc
import LineEditor
import ShopPluginAPI

/// The terminal on standard output, for animations and inline pictures.
struct ShopTerminal: TerminalSurface {
    /// The keyboard, shared with the line editor so that keys read while waiting reach the prompt.
    let keyboard: TerminalInput

    var size: (columns: Int, rows: Int) {
        let size = Terminal.size(of: STDOUT_FILENO)
        return (size?.columns ?? 80, size?.rows ?? 24)
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                Glibc.write(STDOUT_FILENO, $0.baseAddress.map { $0 + written }, $0.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            written += count
        }
    }

    func waitForKey(seconds: Double) -> Bool {
        guard Terminal.isTerminal(keyboard.fileDescriptor) else {
            usleep(useconds_t(max(0, seconds) * 1_000_000))
            return false
        }
        do {
            // Ctrl-C stays a signal: it interrupts the command the animation belongs to.
            return try Terminal.withRawMode(keyboard.fileDescriptor, interruptsAsKeys: false) { _ in
                try KeyReader(input: keyboard).skipRequested(within: .milliseconds(Int(max(0, seconds) * 1000)))
            }
        } catch {
            return false
        }
    }
}
