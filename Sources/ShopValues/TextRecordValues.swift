/// A record's values read from JSON text, in one allocation that keeps the text: a string
/// that is printable ASCII in it (no escape, no byte ``JSONWriter`` escapes) stays a range of
/// the text until something reads it, and is written back as JSON by copying those bytes.
///
/// 100 news pages hold 9,000 such strings, each of which would otherwise be made a `String`
/// (an allocation, a check and a copy) and written out again, checked byte by byte. A
/// `String` is made each time a value is read instead; what is read often should not be kept
/// so. The text lives as long as any record made from it.
///
/// The rules the buffer keeps: its first `count` slots are initialized (``make(count:text:)``
/// sets them all, `deinit` ends them); a `.text` range lies inside the text (checked when it
/// is set) and holds printable ASCII, which the JSON writer copies without escaping (the
/// reader that sets it vouches for that); slots are written only through the builder while it
/// alone holds the buffer.
@usableFromInline final class TextRecordValues: ManagedBuffer<TextRecordValues.Header, TextRecordSlot> {
    /// The text, and how many slots there are (asking malloc for the capacity it gave cost more
    /// than keeping the count).
    @usableFromInline struct Header {
        let text: [UInt8]
        let count: Int
    }

    deinit {
        _ = withUnsafeMutablePointers { header, slots in slots.deinitialize(count: header.pointee.count) }
    }

    /// A buffer over `text` of `count` slots, all null.
    static func make(count: Int, text: [UInt8]) -> TextRecordValues {
        let buffer = unsafeDowncast(
            create(minimumCapacity: count) { _ in Header(text: text, count: count) }, to: TextRecordValues.self)
        buffer.withUnsafeMutablePointerToElements { $0.initialize(repeating: .value(.null), count: count) }
        return buffer
    }

    /// The bytes of the text in `range`, as a `String`.
    func string(in range: Range<Int>) -> String {
        withUnsafeMutablePointerToHeader { header in
            header.pointee.text.withUnsafeBufferPointer {
                precondition(range.upperBound <= $0.count, "a range outside the text")
                return String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
            }
        }
    }

    /// The value at `position`; a range of the text becomes a `String` now.
    @usableFromInline func value(at position: Int) -> Value {
        let slot = withUnsafeMutablePointerToElements { $0[position] }
        switch slot {
        case .value(let value): return value
        case .text(let range): return .string(string(in: range))
        }
    }

    /// Calls `body` with the text and the slots, where they are.
    func withSlots<Result>(
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<TextRecordSlot>) -> Result
    ) -> Result {
        withUnsafeMutablePointers { header, slots in
            header.pointee.text.withUnsafeBufferPointer {
                body($0, UnsafeBufferPointer(start: slots, count: header.pointee.count))
            }
        }
    }
}

/// A value of a ``TextRecordValues``: made, or a printable ASCII string kept as the range of
/// its bytes in the text (quotes not included).
@usableFromInline enum TextRecordSlot {
    case value(Value)
    case text(Range<Int>)
}

extension Record {
    /// Makes a record from values read out of JSON `text` by a ``JSONReader`` (over the same
    /// bytes), set in any order; a field never set is null. A string set from the reader's
    /// ``JSONReader/ScannedString`` is kept as a range of the text when it is printable ASCII
    /// (see ``TextRecordValues``).
    ///
    ///     var fields = Record.TextBuilder(names: names, text: body)
    ///     fields.set(1, toString: try reader.scanString())
    ///     let record = fields.record
    public struct TextBuilder {
        let names: FieldNames
        var buffer: TextRecordValues

        /// A builder of a record with these names over `text`, every field null.
        public init(names: FieldNames, text: [UInt8]) {
            self.names = names
            buffer = TextRecordValues.make(count: names.count, text: text)
        }

        /// Sets the field at `position` of the names.
        public mutating func set(_ position: Int, to value: Value) {
            setSlot(position, to: .value(value))
        }

        /// Sets the field at `position` to the bytes of the text in `range`, which the caller
        /// knows are printable ASCII (no byte ``JSONWriter`` escapes): kept as the range.
        package mutating func set(_ position: Int, toPrintableASCIIIn range: Range<Int>) {
            precondition(
                range.upperBound <= buffer.withUnsafeMutablePointerToHeader { $0.pointee.text.count },
                "a range outside the text")
            setSlot(position, to: .text(range))
        }

        /// Sets the field at `position` to the bytes of the text in `range`, made a `String` now.
        package mutating func set(_ position: Int, toStringIn range: Range<Int>) {
            set(position, to: .string(buffer.string(in: range)))
        }

        private mutating func setSlot(_ position: Int, to slot: TextRecordSlot) {
            precondition(position >= 0 && position < names.count, "a record's value index out of range")
            // Only the builder holds the buffer until a record is taken, which then shares it.
            precondition(isKnownUniquelyReferenced(&buffer), "a field set after the record was taken")
            buffer.withUnsafeMutablePointerToElements { $0[position] = slot }
        }

        /// The record, once every field is set: it shares the builder's buffer, so no field
        /// may be set while it lives.
        public var record: Record {
            Record(names: names, storage: .text(buffer))
        }
    }
}
