import ShopTestSupport
import Testing

/// What `shop` needs from the system: no Foundation, ICU or libcurl at load time, and a clear
/// line when libcurl cannot be opened.
@Suite struct SystemLibraryTests {
    @Test func theBinaryLinksNeitherFoundationNorICUNorLibcurl() async throws {
        let folder = try FileSystemFolder(prefix: "shop-ldd")
        let ldd = try await ShopBinary.run(
            [ShopBinary.path], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path, launchPath: "/usr/bin/ldd")
        #expect(ldd.status == 0)
        let libraries = ldd.standardOutput.split(separator: "\n").compactMap {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        }
        #expect(libraries.contains { $0.hasPrefix("libedit") })
        for unwanted in ["libFoundation", "libicu", "libcurl", "lib_FoundationICU"] {
            #expect(!libraries.contains { $0.hasPrefix(unwanted) }, "\(unwanted) is not linked")
        }
    }

    @Test func aLibcurlThatCannotBeOpenedIsOneLineNamingThePackage() async throws {
        let folder = try FileSystemFolder(prefix: "shop-no-curl")
        // The loader finds this (empty, so unloadable) libcurl.so.4 before the system's.
        _ = try folder.write("", to: "libcurl.so.4")
        let run = try await ShopBinary.run(
            ["--no-history", "-c", "news source http://127.0.0.1:9; news list"],
            environment: ShopBinary.environment(stateDirectory: folder.path, ["LD_LIBRARY_PATH": folder.path]),
            workingDirectory: folder.path)
        #expect(run.status == 1)
        #expect(run.standardError == "error: news needs libcurl4: apt-get install libcurl4\n")
        #expect(
            run.standardOutput == "news source: http://127.0.0.1:9 (15 per page, timeout 15 s); nothing loaded yet\n")
    }
}
