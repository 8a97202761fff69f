import ShopPluginAPI

/// Where shop keeps what outlives a session (history, caches) unless `--state-dir` says:
/// `$XDG_STATE_HOME/shop`, else `$HOME/.local/state/shop`. The one rule for it.
public enum StateFolder {
    /// The folder for `environment`; a relative or empty `XDG_STATE_HOME` is ignored, as the
    /// XDG Base Directory spec asks. Nil when neither variable gives a folder.
    public static func path(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return FilePath.resolve("shop", relativeTo: state, home: nil)
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return FilePath.resolve(".local/state/shop", relativeTo: home, home: nil)
    }
}
