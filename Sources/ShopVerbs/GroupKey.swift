import ShopPluginAPI

/// A value as the key of `uniq` and `group`: values equal for `where` are one key, so the
/// whole double `2.0` and the int `2` count together.
struct GroupKey: Hashable {
    let value: Value

    init(_ value: Value) {
        if case .double(let double) = value, let int = value.intValue, Double(int) == double {
            self.value = .int(int)
        } else {
            self.value = value
        }
    }
}
