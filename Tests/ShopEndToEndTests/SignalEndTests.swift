import Foundation
import Glibc
import ShopTestSupport
import Testing

/// SIGTERM and SIGHUP end shop cleanly: no hidden temporary file of a write under way is left.
@Suite struct SignalEndTests {
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringAnAtomicWriteLeavesNoTemporaryFile(signal: Int32) async throws {
        let folder = try FileSystemFolder(prefix: "shop-signal")
        let result = try await ShopBinary.run(
            ["--no-history", "-c", "set big $(range 1 5000000); state save big.json --force"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
            timeout: 300
        ) { running in
            // The signal comes while the temporary file is being written.
            let deadline = ContinuousClock.now + .seconds(200)
            while ContinuousClock.now < deadline,
                !(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains {
                    $0.hasPrefix(".big.json.tmp-")
                })
            {
                try await Task.sleep(for: .milliseconds(1))
            }
            kill(running.processIdentifier, signal)
        }
        #expect(result.status == 128 + signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") } == [])
    }
}
