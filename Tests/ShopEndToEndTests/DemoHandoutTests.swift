import Foundation
import ShopTestSupport
import Testing

/// `shop demo FILE --handout handout.md`: the talk as Markdown, written without a terminal.
@Suite struct DemoHandoutTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-handout")
        try folder.write(
            """
            ## # A short talk
            ##
            ## First we set a counter;
            ## it prints nothing.
            set counter 1
            # (a comment for the presenter)
            ## Then we *show* it:
            echo "counter is $counter"
            #> counter is [..]
            nosuch
            #> error: unknown command 'nosuch'
            echo "a ``` fence"
            feed | get title | take 2
            ## Almost done.

            ## ## The end
            ## Bye.

            """, to: "talk.shopscript")
    }

    private func handout(_ arguments: [String]) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            ["demo", "talk.shopscript", "--handout"] + arguments,
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path)
    }

    @Test func narrationBecomesParagraphsAndEachStepAFencedBlockWithItsOutput() async throws {
        let result = try await handout(["handout.md"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "wrote 'handout.md': 5 steps\n")
        let text = try String(contentsOfFile: folder.path + "/handout.md", encoding: .utf8)
        #expect(
            text == """
                <!-- the handout of talk.shopscript, written by 'shop demo talk.shopscript --handout' -->

                # A short talk

                First we set a counter;
                it prints nothing.

                ```shopscript
                set counter 1
                ```

                Then we *show* it:

                ```shopscript
                echo "counter is $counter"
                ```

                ```text
                counter is 1
                ```

                ```shopscript
                nosuch
                ```

                ```text
                error: unknown command 'nosuch'
                ```

                ````shopscript
                echo "a ``` fence"
                ````

                ````text
                a ``` fence
                ````

                ```shopscript
                feed | get title | take 2
                ```

                ```text
                Pixel Art for Beginners
                Grow a Kitchen Garden
                ```

                Almost done.

                ## The end

                Bye.

                """)
    }

    @Test func theSameScriptWithAFixedClockGivesTheSameHandoutByteForByte() async throws {
        let first = try await handout(["first.md", "--now", "2026-01-15T10:00:00Z"])
        let second = try await handout(["second.md", "--now", "2026-01-15T10:00:00Z"])
        #expect(first.status == 0 && second.status == 0)
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/first.md"))
        let two = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/second.md"))
        #expect(one == two)
    }

    @Test func theHandoutUsesTheRealClockAsTheLiveDemoDoesUnlessOneIsFixed() async throws {
        try folder.write("feed\n", to: "clock.shopscript")
        func header(_ environment: [String: String]) async throws -> String {
            let result = try await ShopBinary.run(
                ["demo", "clock.shopscript", "--handout", "clock.md"],
                environment: ShopBinary.environment(stateDirectory: folder.path, environment),
                workingDirectory: folder.path)
            #expect(result.status == 0, "\(result.standardError)")
            let text = try String(contentsOfFile: folder.path + "/clock.md", encoding: .utf8)
            return text.split(separator: "\n").first { $0.hasSuffix("DAY") || $0.contains("DAY, ") }.map(String.init)
                ?? text
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEEE, d MMMM"
        let today = formatter.string(from: Date()).uppercased()
        #expect(try await header(["TZ": "UTC"]).contains(today))
        #expect(try await header(["TZ": "UTC", "SHOP_NOW": "2026-03-02T10:00:00Z"]).contains("MONDAY, 2 MARCH"))
    }

    @Test(arguments: [
        ("/dev/null", "shop: cannot write '/dev/null': not a regular file (a character device)\n"),
        ("missing/handout.md", "shop: cannot write 'missing/handout.md': no such folder\n"),
    ])
    func anUnusableHandoutPathIsRefused(path: String, message: String) async throws {
        let result = try await handout([path])
        #expect(result.status != 0)
        #expect(result.standardError == message)
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: [
        (["h.md", "--record", "talk.cast"], "shop: '--record' does not go with '--handout'"),
        (["h.md", "--rehearse"], "shop: '--rehearse' does not go with '--handout'"),
    ])
    func presentingOptionsDoNotGoWithAHandout(arguments: [String], message: String) async throws {
        let result = try await handout(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix(message))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/h.md"))
    }
}
