import PluginHost
import ShopPluginAPI
import ShopRuntime

/// `shop trust SCRIPT…`: puts each script's `#%plugin` programs on the trust list at their
/// SHA-256 now, so that `run`, `test` and `demo` start them without asking.
enum TrustMode {
    static func run(paths: [String], factory: SessionFactory) -> Int32 {
        let output = StandardStreams()
        let process = factory.process
        let trust = factory.trust
        var programs: [ScriptTrust.Program] = []
        for name in paths {
            let path = FilePath.resolve(name, relativeTo: process.workingDirectory, home: process.variables["HOME"])
            let text: String
            do {
                text = try ScriptSource.read(path: path, name: name)
            } catch {
                output.write("shop trust: \(error)\n", to: .standardError)
                return 2
            }
            let found = trust.programs(ofScript: text, file: name, path: path)
            let directives = PluginDirectives.paths(in: text)
            if let missing = directives.first(where: { directive in !found.contains { $0.line == directive.line } }) {
                output.write(
                    "shop trust: \(name):\(missing.line): #%plugin \(missing.path): no such program, or it cannot be read\n",
                    to: .standardError)
                return 1
            }
            guard !directives.isEmpty else {
                output.write("shop trust: \(name) has no #%plugin lines: it starts no programs\n", to: .standardError)
                return 1
            }
            programs += found
        }
        guard trust.listPath != nil else {
            output.write("shop trust: no home folder to keep trusted programs in\n", to: .standardError)
            return 1
        }
        guard trust.keep(programs, output: output) else { return 1 }
        for program in programs {
            output.write(
                "trusted \(program.script):\(program.line): \(program.word) (sha256 \(program.sha256))\n",
                to: .standardOutput)
        }
        output.flush()
        return 0
    }
}
