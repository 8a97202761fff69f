import Foundation

/// A fresh folder under the system's temporary folder, removed (with everything in it) by
/// ``remove()``; use through ``withTemporaryFolder(_:)``.
struct TemporaryFolder {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("HistoryStoreTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }

    /// `path/name`.
    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        // Permissions a test took away must not stop the clean-up.
        if let walker = FileManager.default.enumerator(atPath: path) {
            for case let name as String in walker {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file(name))
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` with a new temporary folder and removes the folder afterwards.
func withTemporaryFolder<Result>(_ body: (TemporaryFolder) throws -> Result) throws -> Result {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    return try body(folder)
}

/// The bytes of the file at `path`.
func bytes(of path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// Writes `data` to a new or replaced file at `path`.
func write(_ data: Data, to path: String) throws {
    try data.write(to: URL(fileURLWithPath: path))
}

/// `count` pseudo-random bytes, the same for the same `seed` (SplitMix64).
func pseudoRandomBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    var result: [UInt8] = []
    result.reserveCapacity(count)
    while result.count < count {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        withUnsafeBytes(of: z) { result.append(contentsOf: $0.prefix(count - result.count)) }
    }
    return result
}
