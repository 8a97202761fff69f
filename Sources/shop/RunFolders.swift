import ShopPluginAPI

/// The folders this run keeps things in: the state folder (history, caches of the built-in
/// plugins), the data folder (registered plugins, trusted scripts) and the cache folder.
///
/// With no home folder at all (``UserFolders``), nothing is kept: the run gets a folder of its
/// own under `$TMPDIR` (made by `mkdtemp`, the user's alone, removed at exit), history stays
/// in memory, and there is no plugin registry or trust list to read.
struct RunFolders: Sendable {
    /// Where history and caches go.
    let state: String
    /// Whether ``state`` outlives the run (false: the run's own folder, history in memory).
    let keepsState: Bool
    let data: String?
    let cache: String?

    /// The folders for `--state-dir` (`option`) and the process; nil, after saying why, when
    /// even the run's own folder cannot be made.
    static func make(option: String?, process: ProcessEnvironment, output: StandardStreams) -> RunFolders? {
        let folders = process.folders
        if let state = option.map({
            FilePath.resolve($0, relativeTo: process.workingDirectory, home: process.variables["HOME"])
        }) ?? folders.state {
            return RunFolders(state: state, keepsState: true, data: folders.data, cache: folders.cache)
        }
        do {
            let own = try FileSystem.makeTemporaryDirectory(prefix: "shop-state", environment: process.variables)
            TemporaryPaths.add(own)
            return RunFolders(state: own, keepsState: false, data: folders.data, cache: folders.cache)
        } catch {
            output.write("shop: no home folder and \(error)\n", to: .standardError)
            return nil
        }
    }

    /// Why history is not kept, for the REPL's one warning.
    static let noHomeWarning =
        "no home folder (HOME is unset and the password database names none): history is kept in memory for this session"
}
