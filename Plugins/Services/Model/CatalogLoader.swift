import ShopFormats
import ShopPluginAPI

/// Reads a catalog file: with the general JSON reader (on every core for a large file) when
/// it is the common shape (``CatalogTable``), and with ``CatalogDecoder`` for everything
/// else, including every error message.
///
/// The file is read with `pread`, never mapped, so a file truncated under the load is an error
/// and not a crash; a file that changes in any way while it is read is refused as a whole
/// (``ServicesError/changedWhileReading(file:)``).
enum CatalogLoader {
    /// The catalog in the file at `path` (`name` is how the user typed it), with its index.
    /// Throws a ``ServicesError``, or `CancellationError` when the task is cancelled (Ctrl-C).
    static func load(path: String, name: String) async throws -> (catalog: Catalog, index: CatalogIndex) {
        let file: FileReader
        do {
            file = try FileReader(path: path)
        } catch {
            throw ServicesError.unreadable(file: name, reason: error.reason)
        }
        return try await load(file, name: name)
    }

    /// The catalog in a file already open.
    static func load(_ file: FileReader, name: String) async throws -> (catalog: Catalog, index: CatalogIndex) {
        do {
            return try await read(file, name: name)
        } catch let failure as FileReader.Failure {
            switch failure {
            case .changed: throw ServicesError.changedWhileReading(file: name)
            case .unreadable(let error): throw ServicesError.unreadable(file: name, reason: error.reason)
            }
        }
    }

    private static func read(_ file: FileReader, name: String) async throws -> (catalog: Catalog, index: CatalogIndex) {
        let bytes = try file.readAll()
        try file.checkUnchanged()
        if let document = try? await JSONDocument.read(bytes),
            let catalog = CatalogTable.catalog(from: document, source: name)
        {
            return (catalog, CatalogIndex(items: catalog.items, idsAreSortedASCII: catalog.idsAreSortedASCII))
        }
        try Task.checkCancellation()
        guard bytes.contains(where: { !isWhitespace($0) }) else { throw ServicesError.emptyFile(file: name) }
        let catalog: Catalog
        do throws(JSONError) {
            catalog = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
                try CatalogDecoder.decode(buffer, source: name)
            }
        } catch {
            throw ServicesError.invalidCatalog(file: name, error)
        }
        return (catalog, CatalogIndex(items: catalog.items))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
