import Glibc

/// Where a ``LineEditor`` reads libedit settings (`bind -v`, `bind ^W ed-delete-prev-word`, …).
public enum EditrcLocation: Equatable, Sendable {
    /// `$EDITRC` when set, otherwise `$HOME/.editrc`, as libedit documents in editrc(5).
    case standard
    /// This file.
    case file(String)
    /// No settings file.
    case none

    /// The file this location names, given the environment; nil when it names none.
    public func path(environment: [String: String]) -> String? {
        switch self {
        case .none:
            return nil
        case .file(let path):
            return path
        case .standard:
            if let editrc = environment["EDITRC"], !editrc.isEmpty { return editrc }
            guard let home = environment["HOME"], !home.isEmpty else { return nil }
            return home.hasSuffix("/") ? home + ".editrc" : home + "/.editrc"
        }
    }

    /// The file this location names in the process environment; nil when it names none.
    public func path() -> String? {
        var environment: [String: String] = [:]
        for name in ["EDITRC", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return path(environment: environment)
    }
}
