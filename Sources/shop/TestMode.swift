import Glibc
import HTTPTransport
import PluginHost
import ShopPluginAPI
import ShopRuntime

/// `shop test PATH… [--update] [--timeout SECONDS]`: transcript tests, files in parallel,
/// results in order.
enum TestMode {
    static func run(paths: [String], update: Bool, timeout: Double, factory: SessionFactory) async -> Int32 {
        let output = StandardStreams()
        let process = factory.process
        var files: [(path: String, name: String)] = []
        for name in paths {
            let path = FilePath.resolve(name, relativeTo: process.workingDirectory, home: process.variables["HOME"])
            if FileSystem.isDirectory(path) {
                let scripts = FileSystem.contents(of: path).filter { $0.hasSuffix(".shopscript") }
                guard !scripts.isEmpty else {
                    output.write("shop test: no .shopscript files in '\(name)'\n", to: .standardError)
                    return 2
                }
                let folder = name.hasSuffix("/") ? name : name + "/"
                files += scripts.map { (path + "/" + $0, folder + $0) }
            } else if FileSystem.exists(path) {
                files.append((path, name))
            } else {
                output.write("shop test: cannot read '\(name)': no such file\n", to: .standardError)
                return 2
            }
        }
        for file in files {
            guard let text = try? ScriptSource.read(path: file.path, name: file.name),
                let interface = try? ScriptInterface(text: text, name: file.name),
                let required = interface.requiredParameters.first
            else { continue }
            output.write(
                "shop test: \(file.name) needs arguments (param \(required)); a transcript runs without any\n",
                to: .standardError)
            return 2
        }
        let refused = refusedByTrust(files, factory: factory, output: output)
        let scratch: String
        do {
            scratch = try FileSystem.makeTemporaryDirectory(prefix: "shop-test", environment: process.variables)
        } catch {
            output.write("shop test: \(error)\n", to: .standardError)
            return 2
        }
        defer { FileSystem.removeTree(scratch) }
        var settings = factory.transcriptSettings(update: update, scratchDirectory: scratch)
        settings.timeout = timeout
        let results = await runAll(files, settings: settings) { [factory] file, settings in
            if let refusal = refused[file.path] {
                return TranscriptResult(name: file.name, status: .failed, report: "error: \(refusal)")
            }
            return await run(file, settings: settings, factory: factory)
        } report: { result in
            output.write(statusLine(result) + "\n", to: .standardOutput)
            if !result.report.isEmpty { output.write(result.report + "\n", to: .standardOutput) }
        }
        let failed = results.filter { !$0.succeeded }.count
        let updated = results.filter { $0.status == .updated }.count
        var summary = "\(results.count - failed - updated) passed, \(failed) failed"
        if updated > 0 { summary += ", \(updated) updated" }
        output.write(summary + "\n", to: .standardOutput)
        output.flush()
        return failed > 0 ? 1 : 0
    }

    /// Decides, before the first file runs, whether the files' `#%plugin` programs may run: one
    /// question at a terminal for all of them. The files that may not, each with its line.
    private static func refusedByTrust(
        _ files: [(path: String, name: String)], factory: SessionFactory, output: StandardStreams
    ) -> [String: String] {
        let trust = factory.trust
        var programs: [ScriptTrust.Program] = []
        for file in files {
            guard let text = try? ScriptSource.read(path: file.path, name: file.name) else { continue }
            programs += trust.programs(ofScript: text, file: file.name, path: file.path)
        }
        guard trust.decide(programs, output: output) != nil else { return [:] }
        var refused: [String: String] = [:]
        for program in trust.untrusted(programs) where refused[program.scriptPath] == nil {
            refused[program.scriptPath] = trust.refusal(program)
        }
        return refused
    }

    /// Runs one file; a file with `#%plugin` lines gets its own settings with those plugins.
    private static func run(
        _ file: (path: String, name: String), settings: TranscriptRunner.Settings, factory: SessionFactory
    ) async -> TranscriptResult {
        let text = (try? FileSystem.read(file.path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard !PluginDirectives.paths(in: text).isEmpty else {
            return await TranscriptRunner.run(path: file.path, name: file.name, settings: settings)
        }
        let own: PluginCatalog
        do {
            own = try await factory.catalog.adding(directivesOf: text, file: file.name, path: file.path)
        } catch {
            return TranscriptResult(name: file.name, status: .failed, report: "error: \(error)")
        }
        var fileSettings = factory.transcriptSettings(
            update: settings.update, scratchDirectory: settings.scratchDirectory, catalog: own)
        fileSettings.timeout = settings.timeout
        return await TranscriptRunner.run(path: file.path, name: file.name, settings: fileSettings)
    }

    /// `ok    a.shopscript`, `FAIL  b.shopscript (timed out after 60 s)`, `updated c.shopscript`.
    private static func statusLine(_ result: TranscriptResult) -> String {
        switch result.status {
        case .passed: "ok    " + result.name
        case .failed: "FAIL  " + result.name
        case .updated: "updated " + result.name
        case .timedOut(let seconds):
            "FAIL  \(result.name) (timed out after \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s)"
        }
    }

    /// Runs the files with as many at once as there are cores, reporting each in order.
    private static func runAll(
        _ files: [(path: String, name: String)], settings: TranscriptRunner.Settings,
        run: @escaping @Sendable ((path: String, name: String), TranscriptRunner.Settings) async -> TranscriptResult,
        report: (TranscriptResult) -> Void
    ) async -> [TranscriptResult] {
        let width = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return await withTaskGroup(of: (Int, TranscriptResult).self) { group in
            var results = [TranscriptResult?](repeating: nil, count: files.count)
            var nextToStart = 0
            var nextToReport = 0
            func start() {
                let index = nextToStart
                let file = files[index]
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    (index, await run(file, settings))
                }
                nextToStart += 1
            }
            while nextToStart < min(width, files.count) { start() }
            while let (index, result) = await group.next() {
                results[index] = result
                if nextToStart < files.count { start() }
                while nextToReport < files.count, let ready = results[nextToReport] {
                    report(ready)
                    nextToReport += 1
                }
            }
            return results.compactMap { $0 }
        }
    }
}
