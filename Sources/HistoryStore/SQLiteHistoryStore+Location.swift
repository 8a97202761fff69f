import ShopPluginAPI

extension SQLiteHistoryStore {
    /// The database's file name inside a state folder.
    public static let fileName = "history.sqlite3"

    /// The database inside a state folder (`--state-dir DIR`, else ``StateFolder``'s): `DIR/history.sqlite3`.
    public static func path(stateDirectory: String) -> String {
        FilePath.resolve(fileName, relativeTo: stateDirectory, home: nil)
    }
}
