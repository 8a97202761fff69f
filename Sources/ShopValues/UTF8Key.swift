/// A name that equals and hashes by its UTF-8 bytes.
///
/// `String` compares by canonical equivalence: "é" written as U+00E9 equals "e" followed by
/// U+0301. Names in data (JSON keys, record fields) match by their bytes instead, so two
/// spellings a file tells apart stay apart, as in every JSON reader.
///
/// ```swift
/// UTF8Key("\u{E9}") == UTF8Key("e\u{301}")   // false
/// ```
package struct UTF8Key: Hashable {
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        lhs.string.hasSameUTF8(as: rhs.string)
    }

    package func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether the two strings are the same bytes (not merely canonically equivalent).
    package func hasSameUTF8(as other: String) -> Bool {
        // The same bytes are equal strings too, and `==` tells most unequal names apart at once
        // (by length, or two small strings' raw words); only equal ones are compared by bytes.
        guard self == other else { return false }
        var (left, right) = (self, other)
        return left.withUTF8 { left in right.withUTF8 { right in left.elementsEqual(right) } }
    }
}
