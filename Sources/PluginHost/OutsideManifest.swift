import ShopKit

/// The host's checks of an outside plugin's manifest beyond the codec's
/// (``PluginManifest/init(json:path:)``): names it may not take, commands declared twice.
enum OutsideManifest {
    /// Words an outside plugin may not be called: the core's commands and the names the
    /// language keeps.
    static let reservedNames: Set<String> = ["it", "env", "args", "commands", "plugin", "plugins"]

    /// The manifest decoded and checked; the error names the JSON path of the first bad field.
    static func check(_ json: Value) throws(ManifestError) -> PluginManifest {
        let manifest = try PluginManifest(json: json)
        if reservedNames.contains(manifest.name) {
            throw ManifestError(path: "manifest.name", "'\(manifest.name)' is a name shop keeps for itself")
        }
        var seen: [String: Int] = [:]
        for (index, command) in manifest.commands.enumerated() {
            for verb in [command.path.last ?? ""] + command.aliases {
                if let first = seen[verb] {
                    throw ManifestError(
                        path: "manifest.commands[\(index)].path",
                        "'\(manifest.name) \(verb)' is declared twice (also manifest.commands[\(first)])")
                }
                seen[verb] = index
            }
        }
        return manifest
    }
}
