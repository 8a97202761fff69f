import CLibEdit
import Glibc

extension LineEditor {
    /// Alt-E and Ctrl-X Ctrl-E: opens the line (all its lines, for a block) in the user's
    /// editor (``ExternalEditor``) and runs what is saved; an empty file runs nothing. When no
    /// editor runs, says why and keeps the line.
    func editLineExternally() -> UInt8 {
        let (before, after) = lineAroundCursor()
        // The line stays on the screen as it was; the editor, then the prompt again, come below.
        session.isFinished = true
        refreshScreen()
        session.isFinished = false
        write(area.finish())
        _ = shop_el_prepare_terminal(editLine, 0)
        let outcome = ExternalEditor.edit(
            Self.string(from: before + after), environment: editorEnvironment ?? Self.processEnvironment(),
            terminal: outputFileDescriptor)
        _ = shop_el_prepare_terminal(editLine, 1)
        area.startNewArea()
        switch outcome {
        case .success(var saved):
            while saved.last == "\n" || saved.last == "\r\n" { saved.removeLast() }
            replaceLine(with: Array(saved.unicodeScalars))
            if !saved.allSatisfy(\.isWhitespace) {
                var key: [wchar_t] = [Self.finishLineKey, 0]
                el_wpush(editLine, &key)
            }
        case .failure(let error):
            write(area.printAbove(["error: \(error)"]))
        }
        return UInt8(CC_REFRESH)
    }

    /// The process's environment variables.
    static func processEnvironment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
