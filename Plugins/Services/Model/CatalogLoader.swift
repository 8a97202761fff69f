import ShopKit

/// Reads a catalog file: maps it, tries ``ParallelCatalogScan`` (the fast path), and falls
/// back to ``CatalogDecoder`` for everything else, including every error message.
enum CatalogLoader {
    /// The catalog in the file at `path` (`name` is how the user typed it), with its index.
    /// Throws a ``ServicesError``, or `CancellationError` when the task is cancelled (Ctrl-C).
    static func load(path: String, name: String) async throws -> (catalog: Catalog, index: CatalogIndex) {
        let file: MappedFile
        do {
            file = try MappedFile(path: path)
        } catch {
            throw ServicesError.unreadable(file: name, reason: error.reason)
        }
        // The bytes are valid only while `file` lives.
        defer { withExtendedLifetime(file) {} }
        let bytes = file.bytes
        guard bytes.contains(where: { !isWhitespace($0) }) else { throw ServicesError.emptyFile(file: name) }
        if let catalog = await ParallelCatalogScan.scan(file, source: name) {
            let index = CatalogIndex(items: catalog.items, idsAreSortedASCII: catalog.idsAreSortedASCII)
            if index.firstDuplicate() == nil { return (catalog, index) }
        }
        try Task.checkCancellation()
        let catalog: Catalog
        do throws(JSONError) {
            catalog = try CatalogDecoder.decode(bytes, source: name)
        } catch {
            throw ServicesError.invalidCatalog(file: name, error)
        }
        return (catalog, CatalogIndex(items: catalog.items))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
