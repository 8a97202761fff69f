import ShopPluginAPI

/// A value as the key of `uniq` and `group`: values equal for `where` are one key, so the
/// whole double `2.0` and the int `2` count together.
struct GroupKey: Hashable {
    let value: Value

    init(_ value: Value) {
        // An exact number is equal to its plain value already (`4.10` to `4.1`), and stays the
        // key as it was first written.
        if case .double(let double)? = value.number, let int = value.intValue, Double(int) == double {
            self.value = .int(int)
        } else {
            self.value = value
        }
    }
}
