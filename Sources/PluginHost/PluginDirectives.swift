/// The `#%plugin PATH` lines at the top of a script, transcript or demo: outside plugins the
/// file loads itself, with paths relative to the file.
///
/// ```
/// #!/usr/bin/env -S shop run
/// #%plugin ../Plugins/Promo/shop-plugin-promo
/// ## A narrated tour…
/// ```
public enum PluginDirectives {
    /// The directive's prefix.
    static let prefix = "#%plugin "

    /// The paths named by the directives before the file's first command, with their
    /// 1-based line numbers.
    public static func paths(in text: String) -> [(path: String, line: Int)] {
        var paths: [(path: String, line: Int)] = []
        var number = 0
        var rest = text[...]
        // Line by line up to the first command, never splitting the rest (a long script).
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
            number += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(prefix) {
                let path = trimmed.dropFirst(prefix.count).trimmingSuffix(while: {
                    $0 == " " || $0 == "\t" || $0 == "\r"
                })
                if !path.isEmpty { paths.append((String(path), number)) }
            } else if !(trimmed.isEmpty || trimmed.hasPrefix("#")) {
                break
            }
        }
        return paths
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while isTrimmed: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, isTrimmed(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
