import Glibc

/// Opens text in the user's editor, as fish's Alt-E, bash's Ctrl-X Ctrl-E and IPython's
/// `%edit` do: `$VISUAL`, else `$EDITOR`, else `editor`, else `vi` (the first found on `PATH`),
/// on a private temporary file, waiting for it to quit.
///
/// ```swift
/// switch ExternalEditor.edit("for i in [1, 2]\n  echo $i\nend", environment: variables) {
/// case .success(let saved): run(saved)
/// case .failure(let error): print("error: \(error)")
/// }
/// ```
public enum ExternalEditor {
    /// Edits `text` on the terminal `terminal` (the process's own streams when nil), with the
    /// variables of `environment`; returns the text saved. Put the terminal in its normal mode
    /// first.
    public static func edit(
        _ text: String, environment: [String: String], terminal: Int32? = nil
    ) -> Result<String, ExternalEditorError> {
        guard let editor = editorCommand(in: environment) else { return .failure(.noEditor) }
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/shop-edit-XXXXXX").utf8CString)
        // mkstemp creates the file for this user only (mode 0600).
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { return .failure(.temporaryFile(folder: folder, errno: errno)) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = Array((text + "\n").utf8)
        let complete = written.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == written.count
        close(descriptor)
        guard complete else { return .failure(.temporaryFile(folder: folder, errno: errno)) }

        guard let child = ShellCommand.start(editor, arguments: [path], terminal: terminal) else {
            return .failure(.couldNotStart(editor: editor))
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        switch ShellCommand.Ending(waitStatus: status) {
        case .exited(0): break
        case .exited(127): return .failure(.couldNotStart(editor: editor))
        case .exited(let code): return .failure(.failed(editor: editor, status: code))
        case .signaled(let signal): return .failure(.stopped(editor: editor, signal: signal))
        }
        guard let saved = readFile(path) else { return .failure(.notText) }
        return .success(saved)
    }

    /// The editor to run: `VISUAL`, `EDITOR`, or the first of `editor` and `vi` on `PATH`.
    static func editorCommand(in environment: [String: String]) -> String? {
        for name in ["VISUAL", "EDITOR"] {
            if let command = environment[name], !command.allSatisfy(\.isWhitespace) { return command }
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for program in ["editor", "vi"] where folders.contains(where: { access("\($0)/\(program)", X_OK) == 0 }) {
            return program
        }
        return nil
    }

    /// The file's text, when it is UTF-8.
    private static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// Why the editor gave nothing to run; each message is one lowercase line.
public enum ExternalEditorError: Error, Equatable, CustomStringConvertible {
    case noEditor
    case couldNotStart(editor: String)
    case failed(editor: String, status: Int32)
    case stopped(editor: String, signal: Int32)
    case temporaryFile(folder: String, errno: Int32)
    case notText

    public var description: String {
        switch self {
        case .noEditor:
            "no editor to open: set VISUAL or EDITOR (neither 'editor' nor 'vi' is on PATH)"
        case .couldNotStart(let editor):
            "could not start the editor '\(editor)'"
        case .failed(let editor, let status):
            "the editor '\(editor)' exited with status \(status); nothing was run"
        case .stopped(let editor, let signal):
            "the editor '\(editor)' was stopped by signal \(signal); nothing was run"
        case .temporaryFile(let folder, let code):
            "could not write a file to edit in \(folder): \(String(cString: strerror(code)))"
        case .notText:
            "the edited file is not UTF-8 text; nothing was run"
        }
    }
}
