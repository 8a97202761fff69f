import Glibc
import PluginHost
import ShopPluginAPI

/// Whether the `#%plugin` programs of a script may run, as direnv's `allow` works: each must be
/// on the user's trust list (``TrustList``) at its current SHA-256. A program not on it (or
/// changed since) runs only when the user says so: a yes/no question at a terminal, `shop
/// trust SCRIPT` beforehand, or `--trust` for one run (CI); otherwise the script stops with one
/// line saying how to trust it. Asking for a script's usage (`FILE --help`) asks nothing and
/// runs nothing.
struct ScriptTrust: Sendable {
    /// What happens to a program that is not trusted.
    enum Policy: Sendable {
        /// `--trust`: it runs, for this run only.
        case trustForThisRun
        /// At a terminal: the user is asked.
        case ask
        /// The script stops with one line.
        case refuse
    }

    /// One `#%plugin` program of a script, with its digest now.
    struct Program: Sendable {
        /// The script as named, its absolute path, and the directive's line.
        let script: String
        let scriptPath: String
        let line: Int
        /// The program as the line names it, and its absolute path.
        let word: String
        let path: String
        let sha256: String
        /// Whether the list has it at another digest.
        let changed: Bool
    }

    /// `trusted.json`, nil without a data folder (nothing is kept).
    let listPath: String?
    let policy: Policy
    let loader: OutsidePluginLoader

    /// The list as it is now, with a warning when it is damaged.
    private func list() -> (list: TrustList?, warning: String?) {
        guard let listPath else { return (nil, nil) }
        let (list, warning) = TrustList.load(from: listPath)
        return (list, warning)
    }

    /// Every `#%plugin` program of the script `text` (at `path`, named `file`); one that cannot
    /// be found or read is left out, for loading it to report.
    func programs(ofScript text: String, file: String, path: String) -> [Program] {
        let list = list().list
        return PluginDirectives.paths(in: text).compactMap { directive in
            guard
                let executable = try? loader.locate(directive.path, workingDirectory: FilePath.directory(of: path)),
                let digest = try? TrustList.digest(ofFile: executable.path)
            else { return nil }
            return Program(
                script: file, scriptPath: path, line: directive.line, word: directive.path, path: executable.path,
                sha256: digest, changed: list?.entry(for: executable.path).map { $0.sha256 != digest } ?? false)
        }
    }

    /// Those of `programs` that are not trusted at their digest now.
    func untrusted(_ programs: [Program]) -> [Program] {
        let list = list().list
        return programs.filter { !(list?.trusts($0.path, sha256: $0.sha256) ?? false) }
    }

    /// Decides for the untrusted `programs` (of one script or several): nil when they may run
    /// — none is untrusted, `--trust`, or the user said yes at the terminal (they are then
    /// kept on the list) — else the one line to print for the first.
    func decide(_ programs: [Program], output: StandardStreams) -> String? {
        let untrusted = untrusted(programs)
        guard let first = untrusted.first else { return nil }
        switch policy {
        case .trustForThisRun:
            return nil
        case .refuse:
            return refusal(first)
        case .ask:
            guard ask(about: untrusted, output: output) else { return refusal(first) }
            keep(untrusted, output: output)
            return nil
        }
    }

    /// Adds `programs` to the list at their digests now (`shop trust`, or a yes); false (after
    /// saying why) when there is no list or it cannot be written.
    @discardableResult
    func keep(_ programs: [Program], output: StandardStreams) -> Bool {
        let (found, warning) = list()
        if let warning { output.write("warning: \(warning)\n", to: .standardError) }
        guard var list = found else {
            output.write(
                "shop: no home folder to keep trusted programs in; they run for this time only\n", to: .standardError)
            return false
        }
        for program in programs {
            list.trust(TrustList.Program(path: program.path, sha256: program.sha256, script: program.scriptPath))
        }
        do {
            try list.save()
            return true
        } catch {
            output.write("shop: \(error)\n", to: .standardError)
            return false
        }
    }

    /// `talk.shopscript:2: #%plugin ./p is not trusted to run; trust it with 'shop trust talk.shopscript' (or --trust for one run)`.
    func refusal(_ program: Program) -> String {
        let what = program.changed ? "has changed since it was trusted" : "is not trusted to run"
        return "\(program.script):\(program.line): #%plugin \(program.word) \(what); "
            + "trust it with 'shop trust \(program.script)' (or --trust for one run)"
    }

    /// Asks at the terminal whether to trust `programs`; true for yes.
    private func ask(about programs: [Program], output: StandardStreams) -> Bool {
        var lines = ["shop: these programs would run and are not trusted:"]
        for program in programs {
            let state = program.changed ? "changed since it was trusted" : "new"
            lines.append(
                "  \(program.script):\(program.line): \(Sanitizer.inert(program.word)) "
                    + "(sha256 \(program.sha256.prefix(16))…, \(state))")
        }
        lines.append("Trust them and run? [y/N] ")
        output.write(lines.joined(separator: "\n"), to: .standardError)
        output.flush()
        let answer = readLine(strippingNewline: true)?.lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}
