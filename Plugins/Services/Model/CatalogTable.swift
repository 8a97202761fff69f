import ShopPluginAPI

/// Takes a catalog from the value the general JSON reader made of a file, when the file is the
/// common case: `{"services": […]}` whose items are a table of string ids, string titles
/// (`name` or `title`), whole prices within ``Price/range``, and optional string
/// descriptions, string icons and bool `isSelected`. The items become a table of
/// `{id, title, description, price, icon}` that shares the file's columns.
///
/// Anything else — another shape, a price as text, an icon as pictures by size, a value of
/// the wrong type — gives nil, and ``CatalogDecoder`` reads the file (and words any error).
enum CatalogTable {
    /// The catalog `document` holds, or nil.
    static func catalog(from document: Value, source: String) -> Catalog? {
        guard case .record(let root) = document, root["result"] == nil,
            case .list(let items)? = root["services"], let table = items.table, table.isUniform
        else { return nil }
        let titleField = table.columnIndex(of: "name") != nil ? "name" : "title"
        guard table.columnIndex(of: "name") == nil || table.columnIndex(of: "title") == nil,
            let id = table.columnIndex(of: "id"), table.kind(ofColumn: id) == .string, !table.hasNull(inColumn: id),
            let title = table.columnIndex(of: titleField), table.kind(ofColumn: title) == .string,
            !table.hasNull(inColumn: title),
            let price = table.columnIndex(of: "price"), table.kind(ofColumn: price) == .int,
            !table.hasNull(inColumn: price),
            optional("description", of: .string, in: table), optional("icon", of: .string, in: table),
            optional("isSelected", of: .bool, in: table)
        else { return nil }
        var idsAreSortedASCII = true
        var previous = ""
        var preselected: [String] = []
        let selected = table.columnIndex(of: "isSelected")
        for row in 0..<table.count {
            guard case .string(let itemID) = table.value(column: id, row: row), !itemID.isEmpty,
                let roubles = table.value(column: price, row: row).intValue, Price.range.contains(roubles)
            else { return nil }
            if idsAreSortedASCII {
                idsAreSortedASCII =
                    itemID.utf8.allSatisfy { $0 < 0x80 }
                    && (row == 0 || previous.utf8.lexicographicallyPrecedes(itemID.utf8))
                previous = itemID
            }
            if let selected, table.value(column: selected, row: row) == .bool(true) { preselected.append(itemID) }
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
