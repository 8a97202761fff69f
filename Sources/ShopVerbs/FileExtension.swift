import ShopPluginAPI

/// The extension of a file's name, which `open` and `save` read their format from.
enum FileExtension {
    /// The lowercased text after the last dot of the path's last component (`csv` for
    /// `data/Orders.CSV`); nil when it has none.
    static func of(_ path: String) -> String? {
        let name = FilePath.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }
}
