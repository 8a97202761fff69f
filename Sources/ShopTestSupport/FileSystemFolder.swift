import Foundation
import Glibc
import ShopPluginAPI

/// A temporary folder removed when the value goes away.
public final class FileSystemFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    public init(prefix: String = "shop-test") throws {
        path = try FileSystem.makeTemporaryDirectory(prefix: prefix, environment: ProcessInfo.processInfo.environment)
    }

    /// Writes `text` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        if name.contains("/") { FileSystem.createDirectory(FilePath.directory(of: file)) }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ShopBinary.Failure(description: "cannot write \(file)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw ShopBinary.Failure(description: "cannot write \(file)")
        }
        return file
    }

    deinit {
        FileSystem.removeTree(path)
    }
}
