import ShopFormats
import ShopPluginAPI

/// The plugin programs the user trusts, each at the SHA-256 of its bytes when it was trusted:
/// `trusted.json` in shop's data folder, a private file written atomically. A `#%plugin`
/// program runs only when it is on the list at its current digest, so a program changed
/// since is asked about again.
///
/// ```json
/// {"trustVersion": 1, "programs": [
///   {"path": "/home/ann/talk/shop-plugin-promo", "sha256": "9f86d0…", "script": "/home/ann/talk/talk.shopscript"}
/// ]}
/// ```
public struct TrustList: Sendable {
    /// A trusted program: its absolute path, its digest then, and the script it was trusted with.
    public struct Program: Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var script: String

        public init(path: String, sha256: String, script: String) {
            self.path = path
            self.sha256 = sha256
            self.script = script
        }
    }

    /// The format this shop writes.
    static let version = 1

    /// Where the list is kept.
    public let path: String
    public private(set) var programs: [Program] = []

    /// `trusted.json` in shop's data folder (``UserFolders/data``); nil without one.
    public static func path(in dataFolder: String?) -> String? {
        dataFolder.map { $0 + "/trusted.json" }
    }

    /// The list at `path`: empty when there is none, and empty with a warning (without
    /// `warning: `) when it cannot be read; nothing in a damaged list is trusted.
    public static func load(from path: String) -> (list: TrustList, warning: String?) {
        var list = TrustList(path: path)
        guard FileSystem.exists(path) else { return (list, nil) }
        let damaged = "the trust list '\(path)' is damaged; nothing in it is trusted"
        let value: Value
        do {
            value = try Value(json: try FileSystem.read(path))
        } catch let error as FileError {
            return (list, "\(error); nothing in it is trusted")
        } catch {
            return (list, damaged)
        }
        guard let record = value.recordValue, record["trustVersion"]?.intValue == version,
            let entries = record["programs"]?.listValue
        else { return (list, damaged) }
        for entry in entries {
            guard let fields = entry.recordValue, let program = fields["path"]?.stringValue,
                let digest = fields["sha256"]?.stringValue, let script = fields["script"]?.stringValue
            else { return (TrustList(path: path), damaged) }
            list.programs.append(Program(path: program, sha256: digest, script: script))
        }
        return (list, nil)
    }

    /// The entry of the program at `path`, whatever its digest.
    public func entry(for path: String) -> Program? {
        programs.first { $0.path == path }
    }

    /// Whether the program at `path` is trusted at `sha256`.
    public func trusts(_ path: String, sha256: String) -> Bool {
        entry(for: path)?.sha256 == sha256
    }

    /// Trusts `program`, replacing an earlier entry for its path.
    public mutating func trust(_ program: Program) {
        programs.removeAll { $0.path == program.path }
        programs.append(program)
    }

    /// Writes the list atomically, the user's alone, creating its folder.
    public func save() throws(FileError) {
        let entries: [Value] = programs.map { program in
            .record(
                Record(pairs: [
                    ("path", .string(program.path)), ("sha256", .string(program.sha256)),
                    ("script", .string(program.script)),
                ]))
        }
        let value: Value = .record(Record(pairs: [("trustVersion", .int(Self.version)), ("programs", .list(entries))]))
        FileSystem.createDirectory(FilePath.directory(of: path))
        try FileSystem.writeAtomically(Array((JSONWriter.pretty(value) + "\n").utf8), to: path, privately: true)
    }

    /// The SHA-256 of the file at `path`, in hex.
    public static func digest(ofFile path: String) throws(FileError) -> String {
        SHA256.hex(of: try FileSystem.read(path))
    }
}
