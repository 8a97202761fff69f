import ShopPluginAPI

/// An open-addressing table from ids to positions: one 64-bit slot per entry, holding 32 bits
/// of the id's hash and the position plus one (0 marks an empty slot).
struct IDTable: Sendable {
    private var slots: [UInt64]
    private let mask: Int
    /// The first repeated id found while building, if any.
    private(set) var firstDuplicate: (id: String, first: Int, second: Int)?

    /// A table of every item's id; items beyond 4 billion or without an id are left out.
    init(items: ValueList) {
        var capacity = 16
        while capacity < items.count * 2 { capacity <<= 1 }
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
        for (position, item) in items.enumerated() where position < Int(UInt32.max) {
            guard let id = Service.id(of: item) else { continue }
            if let first = insert(id, at: position, in: items), firstDuplicate == nil {
                firstDuplicate = (id, first, position)
            }
        }
    }

    /// Adds `id`; returns the position already holding it instead, if any.
    private mutating func insert(_ id: String, at position: Int, in items: ValueList) -> Int? {
        let hash = id.hashValue
        let tag = UInt64(truncatingIfNeeded: hash) >> 32
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                slots[slot] = tag << 32 | UInt64(position + 1)
                return nil
            }
            if entry >> 32 == tag {
                let other = Int(entry & 0xFFFF_FFFF) - 1
                if Service.id(of: items[other]) == id { return other }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The position of `id` in `items`, the list the table was built from.
    func position(of id: String, in items: ValueList) -> Int? {
        let hash = id.hashValue
        let tag = UInt64(truncatingIfNeeded: hash) >> 32
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry >> 32 == tag {
                let position = Int(entry & 0xFFFF_FFFF) - 1
                if Service.id(of: items[position]) == id { return position }
            }
            slot = (slot + 1) & mask
        }
    }
}
