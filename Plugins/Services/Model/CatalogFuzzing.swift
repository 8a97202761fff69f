import ShopFormats
import ShopPluginAPI

/// The entry points of the fuzz harnesses in `Tests/Fuzz` (which cannot use `@testable`):
/// the smallest public surface over the catalog readers and the price parser. Not for
/// plugin users.
public enum CatalogFuzzing {
    /// Reads `bytes` with the general JSON reader and ``CatalogTable`` and, when that takes
    /// them, with ``CatalogDecoder``; nil when they agree, else what differs.
    ///
    /// The general path may decline anything (nil: the decoder decides); but a catalog it
    /// reads must have unique ids and be exactly the decoder's, and its claim that the ids are
    /// sorted ASCII must hold.
    public static func disagreement(readingCatalog bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let document = try? Value(json: Array(bytes)),
            let fast = CatalogTable.catalog(from: document, source: "fuzz")
        else { return nil }
        let index = CatalogIndex(items: fast.items, idsAreSortedASCII: fast.idsAreSortedASCII)
        if fast.idsAreSortedASCII, let claim = unsortedIDs(fast.items) { return claim }
        if let repeated = index.firstDuplicate() { return "the general reader kept the repeated id '\(repeated.id)'" }
        let general: Catalog
        do {
            general = try CatalogDecoder.decode(bytes, source: "fuzz")
        } catch {
            return "the general reader read \(fast.items.count) services, the decoder refused: \(error)"
        }
        if fast.items != general.items {
            let first =
                zip(fast.items, general.items).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(fast.items.count, general.items.count)
            return
                "the items differ from item \(first) on (general: \(fast.items.count), decoder: \(general.items.count))"
        }
        if fast.preselected != general.preselected { return "the preselected ids differ" }
        if fast.info != general.info { return "the catalog info differs" }
        return nil
    }

    /// The price parser: whole roubles, or nil for a price text it refuses.
    public static func parsePrice(_ text: String) -> Int? {
        try? Price.parse(text)
    }

    /// How a price is shown (`1 500 ₽`).
    public static func formatPrice(_ roubles: Int) -> String {
        Price.format(roubles)
    }

    private static func unsortedIDs(_ items: ValueList) -> String? {
        let ids = items.map { $0.recordValue?["id"]?.plainText ?? "" }
        for (previous, next) in zip(ids, ids.dropFirst()) where !(previous.utf8.lexicographicallyPrecedes(next.utf8)) {
            return "ids claimed sorted ASCII but '\(previous)' comes before '\(next)'"
        }
        return ids.first { !$0.utf8.allSatisfy { $0 < 0x80 } }.map { "id '\($0)' claimed ASCII" }
    }
}
