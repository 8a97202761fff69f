import ShopPluginAPI

/// The variables of one call or script run, by name: its parameters and what `set` made
/// there.
///
/// A call has a few, so they are kept in one array searched in order: making one, and
/// reading a name from it, costs no hashing and, for a call without parameters, no
/// allocation, where a dictionary per call paid both on every call.
struct Locals {
    /// A struct, not a tuple: an array of tuples is copied and destroyed through the
    /// runtime's generic tuple witness.
    private struct Entry {
        let name: String
        var value: Value
    }

    private var entries: [Entry] = []

    /// No locals, with room for `capacity` of them.
    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    /// Whether there are none.
    var isEmpty: Bool { entries.isEmpty }

    /// The value of `name`; setting one it lacks adds it.
    subscript(name: String) -> Value? {
        get {
            guard let index = index(of: name) else { return nil }
            return entries[index].value
        }
        set {
            guard let index = index(of: name) else {
                if let newValue { entries.append(Entry(name: name, value: newValue)) }
                return
            }
            if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
        }
    }

    /// Whether `name` is one of them.
    func contains(_ name: String) -> Bool {
        index(of: name) != nil
    }

    /// Every local, as a dictionary.
    var dictionary: [String: Value] {
        Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    private func index(of name: String) -> Int? {
        var index = 0
        while index < entries.count {
            if entries[index].name == name { return index }
            index += 1
        }
        return nil
    }
}
