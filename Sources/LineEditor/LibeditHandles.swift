import CLibEdit
import Glibc

/// The libedit objects behind one ``LineEditor``, created together and released together if
/// creation fails part-way.
struct LibeditHandles {
    let editLine: OpaquePointer
    let history: OpaquePointer
    /// Streams on duplicated descriptors, owned by the editor (empty for stdin and stdout).
    let streams: [UnsafeMutablePointer<FILE>]
    let inputFileDescriptor: Int32
    let outputFileDescriptor: Int32

    /// Opens libedit on `input` and `output`: on the process's own streams for stdin and stdout,
    /// otherwise on duplicates of the descriptors (errors go to the output too).
    init(programName: String, input: Int32, output: Int32) throws(LineEditorError) {
        var streams: [UnsafeMutablePointer<FILE>] = []
        let editLine: OpaquePointer
        if input == STDIN_FILENO && output == STDOUT_FILENO {
            guard let opened = shop_el_init_std(programName) else { throw .libeditInitializationFailed }
            editLine = opened
            inputFileDescriptor = input
            outputFileDescriptor = output
        } else {
            do {
                for (descriptor, mode) in [(input, "r"), (output, "w"), (output, "w")] {
                    streams.append(try Self.openStream(duplicating: descriptor, mode: mode))
                }
            } catch {
                for stream in streams { fclose(stream) }
                throw error
            }
            let descriptors = streams.map { fileno($0) }
            guard
                let opened = el_init_fd(
                    programName, streams[0], streams[1], streams[2],
                    descriptors[0], descriptors[1], descriptors[2])
            else {
                for stream in streams { fclose(stream) }
                throw .libeditInitializationFailed
            }
            editLine = opened
            inputFileDescriptor = descriptors[0]
            outputFileDescriptor = descriptors[1]
        }
        guard let history = history_init() else {
            el_end(editLine)
            for stream in streams { fclose(stream) }
            throw .libeditInitializationFailed
        }
        self.editLine = editLine
        self.history = history
        self.streams = streams
    }

    private static func openStream(duplicating descriptor: Int32, mode: String) throws(LineEditorError)
        -> UnsafeMutablePointer<FILE>
    {
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw .systemCallFailed(name: "dup", errno: errno) }
        guard let stream = fdopen(duplicate, mode) else {
            let code = errno
            close(duplicate)
            throw .systemCallFailed(name: "fdopen", errno: code)
        }
        return stream
    }
}
