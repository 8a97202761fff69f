/// The names of a record shape as JSON writes them, `"name":` each, one after the other in
/// one buffer: made once per ``FieldNames`` (``FieldNames/jsonKeys``) and used for every
/// record of that shape written after, where quoting them for each document written cost a
/// tenth of writing a page of news.
///
/// `@unchecked Sendable`: the buffers are written only by the initializer and never after.
final class JSONKeys: @unchecked Sendable {
    /// The keys, one after the other.
    let bytes: UnsafePointer<UInt8>
    /// Where each key ends in ``bytes``, one per name.
    let ends: UnsafePointer<Int>

    init(_ names: [String]) {
        var keys: [UInt8] = []
        let ends = names.map { name in
            JSONWriter.appendQuoted(name, to: &keys)
            keys.append(UInt8(ascii: ":"))
            return keys.count
        }
        bytes = UnsafePointer(Self.copy(keys))
        self.ends = UnsafePointer(Self.copy(ends))
    }

    deinit {
        bytes.deallocate()
        ends.deallocate()
    }

    private static func copy<Element>(_ elements: [Element]) -> UnsafeMutablePointer<Element> {
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: max(1, elements.count))
        copy.initialize(from: elements, count: elements.count)
        return copy
    }
}
