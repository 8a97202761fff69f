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

    /// The format the extension of `path` names, as `--as` spells it: `json`, `jsonl` (also
    /// `.ndjson`), `csv`, `tsv` (also `.tab`) or `md`; nil for any other.
    static func formatName(of path: String) -> String? {
        switch of(path) {
        case "json": "json"
        case "jsonl", "ndjson": "jsonl"
        case "csv": "csv"
        case "tsv", "tab": "tsv"
        case "md": "md"
        default: nil
        }
    }
}
