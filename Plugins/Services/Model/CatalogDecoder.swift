import ShopFormats
import ShopPluginAPI

/// Reads a catalog file of either shape with ``JSONReader``, checking everything and naming
/// the JSON path, line and column of the first problem.
///
/// The two shapes:
///
/// ```json
/// {"services": [{"id": "windows", "name": "Window cleaning", "price": 1500, "icon": "🪟"}]}
/// {"status": "ok", "result": {"title": "Услуги", "actionTitle": "Выбрать", "selectedActionTitle": "Выбрано",
///   "list": [{"id": 7, "title": "Химчистка", "description": "…", "icon": {"52x52": "https://…"},
///             "price": "1 500 ₽", "isSelected": true}]}}
/// ```
///
/// Both item shapes take `name` or `title`, a price as a whole number or as text, an icon as
/// text or as pictures by size, and `isSelected`; unknown members are skipped.
/// The general JSON reader takes the common case of the first shape (``CatalogTable``) and
/// hands everything else, including every error, to this decoder.
enum CatalogDecoder {
    /// The catalog in `bytes`; `source` is the file name as typed.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(JSONError) -> Catalog {
        try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
            try readDocument(&reader, bytes: bytes, source: source)
        }
    }

    /// The top level: `{"services": …}` or `{"status": …, "result": …}`.
    private static func readDocument(
        _ reader: inout JSONReader, bytes: UnsafeBufferPointer<UInt8>, source: String
    ) throws(JSONError) -> Catalog {
        let kind = try reader.peekKind()
        let start = reader.offset
        guard kind == .object else {
            throw reader.error(
                .invalidValue(
                    "not a services catalog: expected an object with a \"services\" list or a \"result\" object, "
                        + "found \(kind.described)"), at: start)
        }
        var services: [ItemFields]?
        var result: ListResult?
        var status: String?
        var members: [String] = []
        try reader.readObject { key, reader throws(JSONError) in
            members.append(key)
            switch key {
            case "services":
                services = try readItems(&reader, bytes: bytes, titleKey: "name")
            case "result":
                result = try readResult(&reader, bytes: bytes)
            case "status":
                if try reader.peekKind() == .string { status = try reader.readString() } else { try reader.skipValue() }
            default:
                try reader.skipValue()
            }
        }
        switch (services, result) {
        case (let services?, nil):
            return try catalog(from: services, shape: .services, path: [.key("services")], source: source, reader)
        case (nil, let result?):
            var catalog = try catalog(
                from: result.items, shape: .list, path: [.key("result"), .key("list")], source: source, reader)
            catalog.info = CatalogInfo(
                source: source, shape: .list, title: result.title, actionTitle: result.actionTitle,
                selectedActionTitle: result.selectedActionTitle)
            return catalog
        case (.some, .some):
            throw reader.error(
                .invalidValue(
                    "not a services catalog: it has both a \"services\" list and a \"result\" object; expected one of them"
                ), at: start)
        case (nil, nil):
            let found =
                members.isEmpty ? "an empty object" : members.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            let statusNote = status.map { " (status '\($0)')" } ?? ""
            throw reader.error(
                .invalidValue(
                    "not a services catalog: expected a \"services\" list or a \"result\" object, found \(found)"
                        + statusNote), at: start)
        }
    }

    /// The `result` object of the list shape.
    private struct ListResult {
        var title: String?
        var actionTitle: String?
        var selectedActionTitle: String?
        var items: [ItemFields] = []
    }

    private static func readResult(
        _ reader: inout JSONReader, bytes: UnsafeBufferPointer<UInt8>
    ) throws(JSONError) -> ListResult {
        var result = ListResult()
        var hasList = false
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "title": result.title = try readOptionalText(&reader)
            case "actionTitle": result.actionTitle = try readOptionalText(&reader)
            case "selectedActionTitle": result.selectedActionTitle = try readOptionalText(&reader)
            case "list":
                result.items = try readItems(&reader, bytes: bytes, titleKey: "title")
                hasList = true
            default: try reader.skipValue()
            }
        }
        guard hasList else { throw reader.error(.missingMember("list")) }
        return result
    }

    /// One item as read, with the place of its id for duplicate messages.
    private struct ItemFields {
        var service: Service
        var isSelected: Bool
        /// The offset of the id's value, where a repeated id is reported.
        var idOffset: Int
    }

    private static func readItems(
        _ reader: inout JSONReader, bytes: UnsafeBufferPointer<UInt8>, titleKey: String
    ) throws(JSONError) -> [ItemFields] {
        var items: [ItemFields] = []
        try reader.readArray { _, reader throws(JSONError) in
            items.append(try readItem(&reader, bytes: bytes, titleKey: titleKey))
        }
        return items
    }

    private static func readItem(
        _ reader: inout JSONReader, bytes: UnsafeBufferPointer<UInt8>, titleKey: String
    ) throws(JSONError) -> ItemFields {
        var id: (text: String, offset: Int)?
        var name: String?
        var title: String?
        var description: String?
        var price: Int?
        var icon: String?
        var isSelected = false
        let kind = try reader.peekKind()
        guard kind == .object else {
            throw reader.error(.typeMismatch(expected: "a service (an object)", found: kind.described))
        }
        try reader.readObject { key, reader throws(JSONError) in
            switch key {
            case "id":
                _ = try reader.peekKind()
                let offset = reader.offset
                id = (try readID(&reader), offset)
            case "name": name = try reader.readString()
            case "title": title = try reader.readString()
            case "description": description = try readOptionalText(&reader)
            case "price": price = try readPrice(&reader, bytes: bytes)
            case "icon": icon = try readIcon(&reader)
            case "isSelected": isSelected = try readOptionalBool(&reader)
            default: try reader.skipValue()
            }
        }
        guard let id else { throw reader.error(.missingMember("id")) }
        guard let shownTitle = titleKey == "name" ? name ?? title : title ?? name else {
            throw reader.error(.missingMember(titleKey))
        }
        guard let price else { throw reader.error(.missingMember("price")) }
        return ItemFields(
            service: Service(id: id.text, title: shownTitle, description: description, price: price, icon: icon),
            isSelected: isSelected, idOffset: id.offset)
    }

    /// The items as records, refusing a repeated id.
    private static func catalog(
        from fields: [ItemFields], shape: CatalogShape, path: [JSONPathComponent], source: String,
        _ reader: borrowing JSONReader
    ) throws(JSONError) -> Catalog {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(fields.count)
        var items: [Value] = []
        items.reserveCapacity(fields.count)
        var preselected: [String] = []
        for (index, item) in fields.enumerated() {
            if let first = positions.updateValue(index, forKey: item.service.id) {
                let firstPath = JSONError(problem: .unexpectedEnd, path: path + [.index(first)], line: 0, column: 0)
                var error = reader.error(
                    .invalidValue("duplicate id '\(item.service.id)' (the same as \(firstPath.pathDescription))"),
                    at: item.idOffset)
                error.path = path + [.index(index), .key("id")]
                throw error
            }
            items.append(item.service.value)
            if item.isSelected { preselected.append(item.service.id) }
        }
        return Catalog(
            items: ValueList(items), preselected: preselected, info: CatalogInfo(source: source, shape: shape),
            idsAreSortedASCII: false)
    }

    // MARK: Members

    /// An id: text, or a whole number kept as its digits.
    private static func readID(_ reader: inout JSONReader) throws(JSONError) -> String {
        switch try reader.peekKind() {
        case .string:
            let id = try reader.readString()
            guard !id.isEmpty else { throw reader.error(.invalidValue("an id cannot be empty")) }
            return id
        case .number:
            return String(try reader.readInt())
        case let kind:
            throw reader.error(.typeMismatch(expected: "an id (a string or a whole number)", found: kind.described))
        }
    }

    /// A price: a whole number of roubles written as an integer, or text such as `"1 500 ₽"`;
    /// either within ``Price/range``.
    private static func readPrice(_ reader: inout JSONReader, bytes: UnsafeBufferPointer<UInt8>) throws(JSONError)
        -> Int
    {
        switch try reader.peekKind() {
        case .number:
            let offset = reader.offset
            // The number as written decides, before the reader turns it into a value.
            if let literal = NumberLiteral(at: offset, in: bytes) {
                guard literal.isInteger else {
                    throw reader.error(.invalidValue("price \(literal.text) \(notWholeRoubles)"), at: offset)
                }
                guard !literal.isNegative else {
                    throw reader.error(.invalidValue("price \(literal.text) is negative"), at: offset)
                }
                guard let price = literal.integer, Price.range.contains(price) else {
                    throw reader.error(.invalidValue("price \(literal.text) \(aboveTheLargestPrice)"), at: offset)
                }
                _ = try reader.readInt()
                return price
            }
            _ = try reader.readNumber()
            throw reader.error(.invalidNumber, at: offset)
        case .string:
            let offset = reader.offset
            let text = try reader.readString()
            do {
                return try Price.parse(text)
            } catch {
                throw reader.error(.invalidValue(message(for: error, in: text)), at: offset)
            }
        case let kind:
            throw reader.error(
                .typeMismatch(
                    expected: "a price (a whole number, or a string such as \"356 ₽\")", found: kind.described))
        }
    }

    private static let notWholeRoubles = "is not written as whole roubles: expected digits only, such as 1500"
    private static let aboveTheLargestPrice = "is more than \(Price.format(Price.range.upperBound))"

    /// The message for a price text that cannot be read.
    static func message(for problem: Price.Problem, in text: String) -> String {
        switch problem {
        case .noDigits: "price '\(text)' has no digits"
        case .tooLarge: "price '\(text)' \(aboveTheLargestPrice)"
        case .negative: "price '\(text)' is negative"
        case .notAPrice:
            "price '\(text)' is not a price in whole roubles: expected digits in groups of three, then ₽, руб. or р. "
                + "(such as \"1 500 ₽\")"
        }
    }

    /// An icon: an emoji or an address, or pictures by size (`{"52x52": URL}`, the largest is kept).
    private static func readIcon(_ reader: inout JSONReader) throws(JSONError) -> String? {
        switch try reader.peekKind() {
        case .null:
            _ = try reader.readNullIfPresent()
            return nil
        case .string:
            return try reader.readString()
        case .object:
            var best: (area: Int, url: String)?
            try reader.readObject { size, reader throws(JSONError) in
                guard try reader.peekKind() == .string else {
                    try reader.skipValue()
                    return
                }
                let url = try reader.readString()
                let area = pixelArea(size)
                if best == nil || area > best?.area ?? 0 { best = (area, url) }
            }
            return best?.url
        case let kind:
            throw reader.error(
                .typeMismatch(expected: "an icon (a string, or picture addresses by size)", found: kind.described))
        }
    }

    /// `52x52` → 2704; 0 for a key that is not a size.
    private static func pixelArea(_ size: String) -> Int {
        let sides = size.lowercased().split(separator: "x")
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else { return 0 }
        let (area, overflowed) = width.multipliedReportingOverflow(by: height)
        return overflowed ? Int.max : area
    }

    private static func readOptionalText(_ reader: inout JSONReader) throws(JSONError) -> String? {
        if try reader.readNullIfPresent() { return nil }
        return try reader.readString()
    }

    private static func readOptionalBool(_ reader: inout JSONReader) throws(JSONError) -> Bool {
        if try reader.readNullIfPresent() { return false }
        return try reader.readBool()
    }
}
