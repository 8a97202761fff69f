import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopRuntime

/// Tab's candidates with the words shown beside them.
@Suite struct DescribedCompletionTests {
    private func candidates(_ line: String) async throws -> [CompletionCandidate] {
        let shop = try TestSession(plugins: [CounterPlugin()])
        return await shop.session.completionContext().describedCompletion(line).candidates
    }

    @Test func commandsVerbsAndOptionsComeWithTheirAbstracts() async throws {
        #expect(try await candidates("ec") == [CompletionCandidate("echo", description: EchoCommand().spec.abstract)])
        let verbs = try await candidates("counter ")
        #expect(verbs.allSatisfy { $0.description != nil })
        #expect(try await candidates("counter add 5 --q").first?.description?.isEmpty == false)
        #expect(try await candidates("coun").map(\.value) == ["count", "counter"])
        #expect(try await candidates("coun").allSatisfy { $0.description != nil })
    }

    @Test func afterASortFieldItsDirectionIsOfferedAndDCompletesDesc() async throws {
        #expect(try await candidates("vars | sort type ").map(\.value) == ["desc", "asc"])
        #expect(try await candidates("vars | sort type d").map(\.value) == ["desc"])
        #expect(try await candidates("vars | sort type desc ").map(\.value) == ["name", "type", "value"])
        #expect(try await candidates("vars | sort ").map(\.value) == ["name", "type", "value"])
    }
}
