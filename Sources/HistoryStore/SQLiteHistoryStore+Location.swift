import ShopKit

extension SQLiteHistoryStore {
    /// The database's file name inside a state folder.
    public static let fileName = "history.sqlite3"

    /// Where history lives by default: `$XDG_STATE_HOME/shop/history.sqlite3`, else
    /// `$HOME/.local/state/shop/history.sqlite3`.
    ///
    /// A relative or empty `XDG_STATE_HOME` is ignored, as the XDG Base Directory spec asks.
    ///
    /// - Throws: ``HistoryError/unavailable(path:reason:)`` when neither variable gives a folder.
    public static func defaultPath(environment: [String: String]) throws(HistoryError) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return joined(joined(state, "shop"), fileName)
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw .unavailable(
                path: "~/.local/state/shop/\(fileName)", reason: "neither XDG_STATE_HOME nor HOME is set")
        }
        return joined(joined(home, ".local/state/shop"), fileName)
    }

    /// The database inside the folder given by `--state-dir DIR`: `DIR/history.sqlite3`.
    public static func path(stateDirectory: String) -> String {
        joined(stateDirectory, fileName)
    }

    /// `folder/name` with exactly one slash between them.
    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
