import Synchronization

/// A place in a script: file, 1-based line and 1-based column (in characters).
///
/// The file name is kept as a number into a table of the names seen, so that copying a
/// location (every word has one) copies no string.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The file's number in ``SourceFiles``; 0 for a line typed at the prompt.
    let fileID: UInt32
    public var line: Int
    public var column: Int

    public init(file: String?, line: Int, column: Int) {
        self.init(fileID: SourceFiles.id(of: file), line: line, column: column)
    }

    init(fileID: UInt32, line: Int, column: Int) {
        self.fileID = fileID
        self.line = line
        self.column = column
    }

    /// The script's name as the user gave it, or nil for a line typed at the prompt.
    public var file: String? { SourceFiles.name(of: fileID) }

    /// `FILE:LINE:COLUMN`, or `LINE:COLUMN` without a file.
    public var description: String {
        file.map { "\($0):\(line):\(column)" } ?? "\(line):\(column)"
    }
}

/// The names of the scripts locations point into, numbered from 1 (0 is the prompt).
enum SourceFiles {
    private static let table = Mutex<(names: [String], ids: [String: UInt32])>(([], [:]))

    /// The number of `name` (registered on first use); 0 for nil.
    static func id(of name: String?) -> UInt32 {
        guard let name else { return 0 }
        return table.withLock { table in
            if let id = table.ids[name] { return id }
            table.names.append(name)
            let id = UInt32(table.names.count)
            table.ids[name] = id
            return id
        }
    }

    /// The name numbered `id`, or nil for 0.
    static func name(of id: UInt32) -> String? {
        guard id > 0 else { return nil }
        return table.withLock { table in Int(id) <= table.names.count ? table.names[Int(id) - 1] : nil }
    }
}
