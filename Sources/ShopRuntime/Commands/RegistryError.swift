import ShopPluginAPI

/// Why a registry could not be built: a programming error in a plugin's declaration.
public enum RegistryError: Error, Equatable, CustomStringConvertible {
    /// Two commands claim one name.
    case duplicate(String)
    /// A command's path does not start with its plugin's name (or has more than two words).
    case misplacedCommand(String, plugin: String)
    /// A state key outside the plugin's namespace.
    case misplacedKey(String, plugin: String)
    /// A command's declaration breaks a rule of ``CommandSpec``.
    case invalidSpec(ManifestError)

    public var description: String {
        switch self {
        case .duplicate(let name): "two commands are named '\(name)'"
        case .misplacedCommand(let name, let plugin): "command '\(name)' does not belong in \(plugin)"
        case .misplacedKey(let key, let plugin): "state key '\(key)' is outside the \(plugin) namespace"
        case .invalidSpec(let error): error.description
        }
    }
}
