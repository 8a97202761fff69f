import ShopPluginAPI

/// Reads a catalog file: tries the fast path (``FastCatalogScanner``, on every core for a large
/// file, see ``ParallelCatalogScan``) and falls back to ``CatalogDecoder`` for everything else,
/// including every error message.
///
/// The file is read with `pread`, never mapped, so a file truncated under the load is an error
/// and not a crash; a file that changes in any way while it is read is refused as a whole
/// (``ServicesError/changedWhileReading(file:)``).
enum CatalogLoader {
    /// The catalog in the file at `path` (`name` is how the user typed it), with its index.
    /// Throws a ``ServicesError``, or `CancellationError` when the task is cancelled (Ctrl-C).
    /// Files from `minimumParallelBytes` on are read in parts on every core.
    static func load(
        path: String, name: String, minimumParallelBytes: Int = ParallelCatalogScan.minimumParallelBytes
    ) async throws -> (catalog: Catalog, index: CatalogIndex) {
        let file: FileReader
        do {
            file = try FileReader(path: path)
        } catch {
            throw ServicesError.unreadable(file: name, reason: error.reason)
        }
        return try await load(file, name: name, minimumParallelBytes: minimumParallelBytes)
    }

    /// The catalog in a file already open.
    static func load(
        _ file: FileReader, name: String, minimumParallelBytes: Int = ParallelCatalogScan.minimumParallelBytes
    ) async throws -> (catalog: Catalog, index: CatalogIndex) {
        do {
            return try await read(file, name: name, minimumParallelBytes: minimumParallelBytes)
        } catch let failure as FileReader.Failure {
            switch failure {
            case .changed: throw ServicesError.changedWhileReading(file: name)
            case .unreadable(let error): throw ServicesError.unreadable(file: name, reason: error.reason)
            }
        }
    }

    private static func read(
        _ file: FileReader, name: String, minimumParallelBytes: Int
    ) async throws -> (catalog: Catalog, index: CatalogIndex) {
        // A small file is read whole at once, and the decoder reads the same bytes if it must.
        var contents: [UInt8]?
        var scanned: Catalog?
        if file.size < minimumParallelBytes {
            let bytes = try file.readAll()
            contents = bytes
            scanned = bytes.withUnsafeBufferPointer { FastCatalogScanner.scan($0, source: name) }
        } else {
            scanned = try await ParallelCatalogScan.scan(file, source: name)
        }
        if var catalog = scanned.take() {
            try file.checkUnchanged()
            let index = CatalogIndex(items: ValueList(catalog.items), idsAreSortedASCII: catalog.idsAreSortedASCII)
            // Sorted or fingerprinted ids are proved unique without a table of them. The
            // fingerprints are sorted where they are: moved, never copied (megabytes).
            var areUnique = catalog.idsAreSortedASCII
            if !areUnique, let fingerprints = catalog.idFingerprints.take() {
                areUnique = IDFingerprints.areDistinct(consume fingerprints)
            }
            if areUnique || index.firstDuplicate() == nil { return (catalog, index) }
        }
        try Task.checkCancellation()
        let bytes = try contents ?? file.readAll()
        try file.checkUnchanged()
        guard bytes.contains(where: { !isWhitespace($0) }) else { throw ServicesError.emptyFile(file: name) }
        let catalog: Catalog
        do throws(JSONError) {
            catalog = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
                try CatalogDecoder.decode(buffer, source: name)
            }
        } catch {
            throw ServicesError.invalidCatalog(file: name, error)
        }
        return (catalog, CatalogIndex(items: ValueList(catalog.items)))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
