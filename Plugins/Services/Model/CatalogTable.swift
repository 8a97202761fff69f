import ShopPluginAPI

/// Takes a catalog from the value the general JSON reader made of a file, when the file is the
/// common case: `{"services": […]}` whose items are a table of string ids, string titles
/// (`name` or `title`), whole prices within ``Price/range``, and optional string
/// descriptions, string icons and bool `isSelected`. The items become a table of
/// `{id, title, description, price, icon}` that shares the file's columns.
///
/// Anything else — another shape, a price as text, an icon as pictures by size, a value of
/// the wrong type, an id that repeats — gives nil, and ``CatalogDecoder`` reads the file (and
/// words any error). Every check reads whole columns, never a record per row.
enum CatalogTable {
    /// The catalog `document` holds, or nil.
    static func catalog(from document: Value, source: String) -> Catalog? {
        guard case .record(let root) = document, root["result"] == nil,
            case .list(let items)? = root["services"], let table = items.table, table.isUniform
        else { return nil }
        let titleField = table.columnIndex(of: "name") != nil ? "name" : "title"
        guard table.columnIndex(of: "name") == nil || table.columnIndex(of: "title") == nil,
            let id = table.columnIndex(of: "id"), let ids = table.stringFacts(ofColumn: id), !ids.hasEmpty,
            let title = table.columnIndex(of: titleField), table.kind(ofColumn: title) == .string,
            !table.hasNull(inColumn: title),
            let price = table.columnIndex(of: "price"), let prices = table.intRange(ofColumn: price),
            Price.range.contains(prices.lowerBound), Price.range.contains(prices.upperBound),
            optional("description", of: .string, in: table), optional("icon", of: .string, in: table),
            optional("isSelected", of: .bool, in: table)
        else { return nil }
        let idsAreSortedASCII = ids.isASCII && ids.isStrictlyIncreasing
        if !idsAreSortedASCII, table.firstRepeatedString(inColumn: id) != nil { return nil }
        var preselected: [String] = []
        if let selected = table.columnIndex(of: "isSelected") {
            for row in 0..<table.count where table.value(column: selected, row: row) == .bool(true) {
                preselected.append(table.value(column: id, row: row).plainText)
            }
        }
        let services = table.reshaped(["id", titleField, "description", "price", "icon"], as: Service.fieldNames)
        return Catalog(
            items: ValueList(services), preselected: preselected, info: CatalogInfo(source: source, shape: .services),
            idsAreSortedASCII: idsAreSortedASCII)
    }

    /// Whether `field` is absent, or a column of `kind` (nulls allowed) or of nulls only.
    private static func optional(_ field: String, of kind: ColumnKind, in table: RecordTable) -> Bool {
        guard let column = table.columnIndex(of: field) else { return true }
        return table.kind(ofColumn: column) == kind || table.isAllNull(column: column)
    }
}
