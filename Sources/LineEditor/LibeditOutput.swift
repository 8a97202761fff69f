import CLibEdit
import Glibc

/// The stream libedit draws on: while a line is edited the editor draws it, so libedit's
/// drawing is dropped and only its bells are kept, to pass on; between lines (`bind` listings)
/// everything goes to the terminal.
final class LibeditOutput {
    /// The stream to give libedit (`EL_SETFP`); closed on deinit.
    private(set) var stream: UnsafeMutablePointer<FILE>?
    /// Whether what libedit writes goes to the terminal as it is.
    var passesThrough = true
    private let terminal: Int32
    private var bells = 0

    init(terminal: Int32) {
        self.terminal = terminal
        stream = shop_open_writer(Unmanaged.passUnretained(self).toOpaque()) { cookie, bytes, count in
            guard let cookie, let bytes else { return 0 }
            Unmanaged<LibeditOutput>.fromOpaque(cookie).takeUnretainedValue().receive(bytes, count: count)
            return count
        }
        // Unbuffered: a `bind` listing reaches the terminal as libedit prints it.
        if let stream { setvbuf(stream, nil, _IONBF, 0) }
    }

    deinit {
        if let stream { fclose(stream) }
    }

    /// The bells libedit rang since the last call, as bytes to write.
    func takeBells() -> [UInt8] {
        defer { bells = 0 }
        return [UInt8](repeating: 0x07, count: min(bells, 1))
    }

    private func receive(_ bytes: UnsafePointer<CChar>, count: Int) {
        let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
        if passesThrough {
            PlainLineReader.writeAll(Array(buffer), to: terminal)
        } else {
            bells += buffer.count(where: { $0 == 0x07 })
        }
    }
}
