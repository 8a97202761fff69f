import Foundation
import ShopTestSupport
import Testing

/// The completion scripts `shop completions` writes, loaded into real bash, zsh and fish,
/// and the manual page rendered by `man`.
@Suite struct CompletionScriptTests {
    /// A folder with a script, a text file and a subfolder, and the script for `shell` in it.
    private func workspace(_ shell: String) async throws -> FileSystemFolder {
        let folder = try FileSystemFolder(prefix: "shop-completions")
        _ = try folder.write("echo hi\n", to: "tour.shopscript")
        _ = try folder.write("notes\n", to: "notes.txt")
        try FileManager.default.createDirectory(atPath: folder.path + "/flows", withIntermediateDirectories: true)
        let script = try await run(ShopBinary.path, ["completions", shell], in: folder)
        #expect(script.status == 0)
        _ = try folder.write(script.standardOutput, to: "shop.\(shell)")
        return folder
    }

    private func run(_ program: String, _ arguments: [String], in folder: FileSystemFolder) async throws
        -> ShopBinary.Result
    {
        try await ShopBinary.run(
            arguments, environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
            launchPath: program)
    }

    /// What bash offers for the command line `line` (completing its last word).
    private func bash(_ line: String, in folder: FileSystemFolder) async throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(
            separator: " ")
        let program = """
            source ./shop.bash
            complete -p shop
            COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _shop
            printf '%s\\n' "${COMPREPLY[@]}" | sort -u
            """
        let result = try await run("/bin/bash", ["-c", program], in: folder)
        #expect(result.standardError == "")
        var lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "complete -o filenames -F _shop shop")
        lines.removeFirst()
        return lines
    }

    @Test(arguments: [
        ("shop ", ["completions", "demo", "help", "run", "test", "trust"]),
        ("shop r", ["run"]),
        ("shop --fo", ["--format"]),
        ("shop --format ", ["json", "plain", "table"]),
        ("shop --color a", ["always", "auto"]),
        ("shop --format json run ", ["flows", "tour.shopscript"]),
        ("shop run --k", ["--keep-going"]),
        ("shop test ", ["flows", "tour.shopscript"]),
        ("shop demo --re", ["--record", "--rehearse"]),
        ("shop completions ", ["bash", "fish", "zsh"]),
        ("shop help --m", ["--man"]),
    ])
    func bashCompletesSubcommandsOptionsAndScripts(line: String, expected: [String]) async throws {
        let folder = try await workspace("bash")
        #expect(try await bash(line, in: folder) == expected)
    }

    @Test(arguments: [
        ("shop run my", ["my talk.shopscript"]),
        ("shop demo --record ", ["flows", "my talk.shopscript", "notes.txt", "shop.bash", "tour.shopscript"]),
        ("shop demo talk.shopscript --handout n", ["notes.txt"]),
        ("shop --plugin ", ["flows", "my talk.shopscript", "notes.txt", "shop.bash", "tour.shopscript"]),
    ])
    func bashKeepsFileNamesWithBlanksWholeAndCompletesFilesForFileOptions(line: String, expected: [String])
        async throws
    {
        let folder = try await workspace("bash")
        _ = try folder.write("echo spaced\n", to: "my talk.shopscript")
        #expect(try await bash(line, in: folder) == expected)
    }

    @Test(arguments: [
        ("shop run my", ["my talk.shopscript"]),
        ("shop demo --record ", ["flows/", "my talk.shopscript", "notes.txt", "shop.fish", "tour.shopscript"]),
        ("shop demo t.shopscript --handout n", ["notes.txt"]),
        ("shop --plugin ", ["flows/", "my talk.shopscript", "notes.txt", "shop.fish", "tour.shopscript"]),
    ])
    func fishCompletesFilesForFileOptions(line: String, expected: [String]) async throws {
        let folder = try await workspace("fish")
        _ = try folder.write("echo spaced\n", to: "my talk.shopscript")
        #expect(try await fish(line, in: folder) == Set(expected))
    }

    @Test func zshCompletesFilesForFileOptions() async throws {
        let folder = try await workspace("zsh")
        let script = try String(contentsOfFile: folder.path + "/shop.zsh", encoding: .utf8)
        for (option, value) in [("--record", "CAST"), ("--handout", "MD"), ("--plugin", "PATH")] {
            let line = script.split(separator: "\n").first { $0.contains("'\(option)[") }
            #expect(line?.contains("\(option)[") == true && script.contains(":\(value):_files'"), "\(option)")
        }
    }

    @Test(arguments: [
        ("shop ", ["completions", "demo", "help", "run", "test", "trust"]),
        ("shop --format ", ["json", "plain", "table"]),
        ("shop run ", ["flows/", "tour.shopscript"]),
        ("shop --color never demo ", ["flows/", "tour.shopscript"]),
        (
            "shop run --",
            [
                "--color", "--echo", "--format", "--help", "--keep-going", "--no-animation", "--no-history",
                "--now", "--plugin", "--state-dir", "--trust", "--version",
            ]
        ),
        ("shop completions ", ["bash", "fish", "zsh"]),
    ])
    func fishCompletesSubcommandsOptionsAndScripts(line: String, expected: [String]) async throws {
        #expect(try await fish(line, in: try await workspace("fish")) == Set(expected))
    }

    /// What fish offers for the command line `line`.
    private func fish(_ line: String, in folder: FileSystemFolder) async throws -> Set<String> {
        let result = try await run(
            "/usr/bin/fish", ["--no-config", "-c", "source ./shop.fish; complete -C '\(line)'"], in: folder)
        #expect(result.standardError == "")
        return Set(result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
    }

    @Test func zshLoadsTheCompletionAndRegistersItForShop() async throws {
        let folder = try await workspace("zsh")
        let program = "autoload -U compinit && compinit -u -D && source ./shop.zsh && print -r -- $_comps[shop]"
        let result = try await run("/usr/bin/zsh", ["-f", "-c", program], in: folder)
        #expect(result.standardError == "")
        #expect(result.standardOutput == "_shop\n")
        let syntax = try await run("/usr/bin/zsh", ["-n", "shop.zsh"], in: folder)
        #expect(syntax.status == 0 && syntax.standardError == "")
    }

    @Test func theManualPageRendersWithEveryCommand() async throws {
        let folder = try FileSystemFolder(prefix: "shop-man")
        let page = try await run(ShopBinary.path, ["help", "--man"], in: folder)
        _ = try folder.write(page.standardOutput, to: "shop.1")
        let result = try await ShopBinary.run(
            ["-l", "shop.1"], environment: ShopBinary.environment(stateDirectory: folder.path, ["MANWIDTH": "100"]),
            workingDirectory: folder.path, launchPath: "/usr/bin/man")
        #expect(result.status == 0)
        let text = result.standardOutput.replacing(/.\u{08}/, with: "")
        #expect(text.contains("SHOP(1)"))
        for heading in ["SYNOPSIS", "OPTIONS", "SUBCOMMANDS", "COMMANDS", "EXIT STATUS"] {
            #expect(text.contains(heading))
        }
        for command in ["services select ID", "news source", "state save FILE", "where CONDITION…", "--no-history"] {
            #expect(text.contains(command), "\(command) is on the page")
        }
        let warnings = try await ShopBinary.run(
            ["-man", "-Tutf8", "-ww", "-z", "shop.1"], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path, launchPath: "/usr/bin/groff")
        #expect(warnings.standardError == "", "groff finds nothing to warn about")
        // mandoc, where installed (Scripts/install-deps installs it), finds nothing to warn about either.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") else { return }
        let lint = try await ShopBinary.run(
            ["-T", "lint", "-W", "warning", "shop.1"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
            launchPath: "/usr/bin/mandoc")
        #expect(lint.standardOutput + lint.standardError == "", "mandoc -T lint")
    }
}
