import Foundation
import ShopTestSupport
import Testing

/// `shop test`: transcripts checked, diffed and updated by the built binary.
@Suite struct TranscriptTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-transcript")
    }

    private func shop(_ arguments: [String]) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            arguments, environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path)
    }

    @Test func passingAndFailingFilesAreReportedInOrderWithADiff() async throws {
        try folder.write("set a 1\necho \"a=$a\"\n#> a=1\nexpect $a == 1\n", to: "suite/a.shopscript")
        try folder.write(
            "echo one\n#> one\necho two\n#> three\n#> four\necho quiet\nvars | count\n#> 1\n", to: "suite/b.shopscript")
        let result = try await shop(["test", "suite"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                ok    suite/a.shopscript
                FAIL  suite/b.shopscript
                suite/b.shopscript:3: echo two
                 -    4 | three
                 -    5 | four
                 +      | two
                suite/b.shopscript:6: echo quiet
                   (expected no output)
                 +      | quiet
                suite/b.shopscript:7: vars | count
                 -    8 | 1
                 +      | 0
                1 passed, 1 failed

                """)
    }

    @Test func wildcardsRegexesAndExpectedErrors() async throws {
        try folder.write(
            """
            echo "build 2026.01 ready"
            #> build [..] ready
            echo "v12.3"
            #> v\\d+\\.\\d+ (re)
            echo first; echo middle; echo last
            #> first
            #> ...
            #> last
            nosuch
            #> error: unknown command 'nosuch'
            echo "   "
            #>

            """, to: "rules.shopscript")
        let result = try await shop(["test", "rules.shopscript"])
        #expect(result.standardOutput == "ok    rules.shopscript\n1 passed, 0 failed\n")
        #expect(result.status == 0)
    }

    @Test func updateRewritesBlocksAndKeepsWildcardsThatStillMatch() async throws {
        let path = try folder.write(
            """
            ## A test written in a hurry.
            echo "id 4711 at noon"
            #> id [..] at noon
            #> this line is stale
            echo fresh
            set x 5
            echo $x
            #> 4

            """, to: "hurry.shopscript")
        let update = try await shop(["test", "--update", "hurry.shopscript"])
        #expect(update.status == 0)
        #expect(
            update.standardOutput == "updated hurry.shopscript\nrewrote 3 blocks\n0 passed, 0 failed, 1 updated\n")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                ## A test written in a hurry.
                echo "id 4711 at noon"
                #> id [..] at noon
                echo fresh
                #> fresh
                set x 5
                echo $x
                #> 5

                """)
        #expect(try await shop(["test", "hurry.shopscript"]).status == 0)
    }

    @Test func outputThatLooksLikeAWildcardIsEscapedByUpdate() async throws {
        try folder.write("echo '...'\necho 'a [..] b'\necho 'x (re)'\n", to: "odd.shopscript")
        #expect(try await shop(["test", "--update", "odd.shopscript"]).status == 0)
        #expect(try await shop(["test", "odd.shopscript"]).status == 0)
    }

    @Test(arguments: [
        ("#> orphan\necho hi\n", "error: bad.shopscript:1:1: expected output '#>' with no command above it"),
        (
            "echo hi\n#> a(b (re)\n",
            "error: bad.shopscript: line 2: invalid regular expression 'a(b': missing closing parenthesis"
        ),
        ("echo never \\\n", "error: bad.shopscript:1:12: the script ends inside a '\\' continuation"),
    ])
    func brokenTranscriptsFailWithAClearLine(content: String, message: String) async throws {
        try folder.write(content, to: "bad.shopscript")
        let result = try await shop(["test", "bad.shopscript"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "FAIL  bad.shopscript\n\(message)\n0 passed, 1 failed\n")
    }

    @Test func aFolderWithoutScriptsIsAUsageError() async throws {
        try folder.write("not a script", to: "empty/notes.txt")
        let result = try await shop(["test", "empty"])
        #expect(result.status == 2)
        #expect(result.standardError == "shop test: no .shopscript files in 'empty'\n")
    }

    @Test func updatingAReadOnlyFileLeavesItUntouched() async throws {
        let path = try folder.write("echo hi\n#> bye\n", to: "locked.shopscript")
        chmod(path, 0o444)
        let result = try await shop(["test", "--update", "locked.shopscript"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("error: cannot update 'locked.shopscript': the file is read-only"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "echo hi\n#> bye\n")
    }

    @Test func eachFileRunsInAFreshSessionWithTheFixedEnvironment() async throws {
        try folder.write("set leak 1\n", to: "iso/a.shopscript")
        try folder.write("echo $leak\n#> error: unknown variable 'leak'\n", to: "iso/b.shopscript")
        try folder.write("echo \"${HOME}\"\n#> error: unknown variable 'HOME'\n", to: "iso/c.shopscript")
        #expect(try await shop(["test", "iso"]).standardOutput.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test func updateKeepsAnyLinesWildcardsWhereTheyStillStandForLines() async throws {
        let path = try folder.write(
            """
            echo a; echo b; echo c; echo d
            #> a
            #> ...
            #> d
            #> stale
            echo head; echo x; echo y; echo tail
            #> head
            #> ...
            #> y
            #> tail
            #> gone
            echo one; echo two
            #> nothing
            #> ...
            #> alike

            """, to: "wild.shopscript")
        #expect(try await shop(["test", "--update", "wild.shopscript"]).status == 0)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                echo a; echo b; echo c; echo d
                #> a
                #> ...
                #> d
                echo head; echo x; echo y; echo tail
                #> head
                #> ...
                #> y
                #> tail
                echo one; echo two
                #> one
                #> two

                """)
        #expect(try await shop(["test", "wild.shopscript"]).status == 0)
    }

    @Test func updateWritesErrorsInAsExpectedOutputAndSaysSo() async throws {
        let path = try folder.write("echo fine\n#> fine\nnosuch\necho after\n#> before\n", to: "err.shopscript")
        let update = try await shop(["test", "--update", "err.shopscript"])
        #expect(update.status == 0)
        #expect(
            update.standardOutput == """
                updated err.shopscript
                rewrote 2 blocks
                err.shopscript:3: nosuch
                   now expects error: unknown command 'nosuch'
                0 passed, 0 failed, 1 updated

                """)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "echo fine\n#> fine\nnosuch\n#> error: unknown command 'nosuch'\necho after\n#> after\n")
    }

    @Test func updateKeepsWindowsLineEnds() async throws {
        let path = try folder.write("echo one\r\n#> two\r\necho three\r\n", to: "crlf.shopscript")
        #expect(try await shop(["test", "--update", "crlf.shopscript"]).status == 0)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == "echo one\r\n#> one\r\necho three\r\n#> three\r\n")
        #expect(try await shop(["test", "crlf.shopscript"]).status == 0)
    }

    @Test func updateThroughASymlinkRewritesTheRealFile() async throws {
        let real = try folder.write("echo hi\n#> bye\n", to: "real/t.shopscript")
        chmod(real, 0o640)
        let link = folder.path + "/link.shopscript"
        #expect(symlink("real/t.shopscript", link) == 0)
        let update = try await shop(["test", "--update", "link.shopscript"])
        #expect(update.standardOutput.hasPrefix("updated link.shopscript\n"))
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "echo hi\n#> hi\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/t.shopscript")
        let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try await shop(["test", "link.shopscript"]).status == 0)
    }

    @Test func aFileRunningPastTheTimeoutFailsAndTheOthersRunOn() async throws {
        try folder.write("echo start\n#> start\nsleep 600\necho never\n#> never\n", to: "t/slow.shopscript")
        try folder.write("echo quick\n#> quick\n", to: "t/quick.shopscript")
        let started = Date()
        let result = try await shop(["test", "--timeout", "1", "t"])
        #expect(Date().timeIntervalSince(started) < 300)
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                ok    t/quick.shopscript
                FAIL  t/slow.shopscript (timed out after 1 s)
                t/slow.shopscript:3: sleep 600 was still running
                1 passed, 1 failed

                """)
    }

    @Test(arguments: [
        (
            ["test", "--timeout", "0", "x.shopscript"],
            "--timeout needs a number of seconds above 0, such as 60, not '0'"
        ),
        (
            ["test", "--timeout", "soon", "x.shopscript"],
            "--timeout needs a number of seconds above 0, such as 60, not 'soon'"
        ),
        (["run", "--timeout", "5", "x.shopscript"], "'--timeout' does not go with this command"),
    ])
    func badTimeoutsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await shop(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message))
    }

    @Test func aRegexLineThatBacktracksWithoutEndFailsTheFileInBoundedTime() async throws {
        try folder.write("echo aaaaaaaaaaaaaaaaaaaaaaaaaaaab\n#> (a+)+$ (re)\n", to: "re.shopscript")
        let started = Date()
        let result = try await shop(["test", "re.shopscript"])
        // Unbounded, this takes longer than the universe has existed: the bound is generous.
        #expect(Date().timeIntervalSince(started) < 300)
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                FAIL  re.shopscript
                error: re.shopscript: line 2: pattern too complex: '(a+)+$' (matching it would take too long; make it more specific)
                0 passed, 1 failed

                """)
    }
}
