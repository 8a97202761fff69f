// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ShopScript",
    products: [
        .executable(name: "shop", targets: ["shop"]),
        // Serves a Swift `Plugin` out of process with one call (docs/PLUGINS.md).
        .library(name: "ShopPluginKit", targets: ["ShopPluginKit"]),
        // For the fuzz harnesses in Tests/Fuzz, a package of their own that depends on this one.
        .library(name: "ShopKit", targets: ["ShopKit"]),
        .library(name: "ServicesPlugin", targets: ["ServicesPlugin"]),
        .library(name: "NewsPlugin", targets: ["NewsPlugin"]),
    ],
    targets: [
        // C shims over Debian's libraries. No pkg-config: its `-L/usr/lib/x86_64-linux-gnu` came
        // before the release link's own folder of archives (below), which then took the shared
        // libraries; the headers and libraries are where the compiler looks anyway.
        .systemLibrary(name: "CSQLite"),
        .systemLibrary(name: "CPCRE2"),
        .target(
            name: "CLibEdit",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        .target(name: "CPluginSpawn"),
        // libcurl's headers only: the library is opened with dlopen on the first request.
        .target(name: "CCurl"),

        // Thin Swift wrappers.
        .target(name: "LineEditor", dependencies: ["CLibEdit"]),
        .target(name: "HistoryStore", dependencies: ["ShopKit", "CSQLite"]),
        // Outside plugins: processes, pipes and the protocol (docs/PLUGINS.md).
        .target(name: "PluginHost", dependencies: ["ShopKit", "CPluginSpawn"]),
        .target(name: "ShopPluginKit", dependencies: ["ShopKit"]),
        .target(name: "HTTPTransport", dependencies: ["ShopKit", "CCurl"]),

        // The host: language, values, state, commands, sessions. No terminal, no network; C only
        // for pure computation (PCRE2).
        .target(name: "ShopKit", dependencies: ["CPCRE2"]),

        // Domain plugins: each depends on ShopKit only.
        .target(name: "ServicesPlugin", dependencies: ["ShopKit"], path: "Plugins/Services"),
        .target(name: "FeedPlugin", dependencies: ["ShopKit"], path: "Plugins/Feed"),
        .target(name: "NewsPlugin", dependencies: ["ShopKit"], path: "Plugins/News"),

        // Test doubles shared by every test target.
        .target(name: "ShopTestSupport", dependencies: ["ShopKit", "HTTPTransport"]),
        // The feed plugin served out of process by the kit: the proof that the kit is complete.
        .executableTarget(
            name: "shop-plugin-feed", dependencies: ["ShopPluginKit", "FeedPlugin"], path: "Sources/shop-plugin-feed"),
        // The misbehaving plugin process the host's fault tests start.
        .executableTarget(name: "shop-fake-plugin", dependencies: ["ShopTestSupport"], path: "Sources/ShopFakePlugin"),

        .executableTarget(
            name: "shop",
            dependencies: [
                "ShopKit", "LineEditor", "HistoryStore", "HTTPTransport", "PluginHost",
                "ServicesPlugin", "FeedPlugin", "NewsPlugin",
            ],
            exclude: ["startup-order.txt"],
            // Release links for a fast start (`shop -c exit`, issue 15):
            // - a fixed-address executable (`-no-pie`), so the linker resolves the 36,000
            //   pointers in Swift's metadata and the loader relocates none: relocating them wrote
            //   to 94 pages at every start, 0.4–0.5 ms of `shop -c exit`. The price is that
            //   shop's own code is not placed at a random address (its libraries still are);
            // - libstdc++ (which the Swift runtime needs) and libgcc linked in, not loaded: the
            //   loader resolved libstdc++'s 4,300 symbol relocations at every start, a fifth of
            //   its instructions. `-static-stdlib` names `-lstdc++` itself, so Scripts/build-release
            //   puts a link to libstdc++.a in a folder searched before the compiler's;
            // - so are Debian's libedit, SQLite and PCRE2, from the archives their -dev packages
            //   ship, found in that folder the same way (with libedit's own tinfo, bsd and md):
            //   loading the seven shared libraries cost 0.6 ms and 0.5 MB at every start, and
            //   only an interactive session uses libedit and SQLite;
            // - no symbols exported: nothing looks shop's up, and every library's lookups
            //   searched its 4,600 first;
            // - the functions that run at start-up laid out together (startup-order.txt, made by
            //   Scripts/generate-startup-order): `shop -c exit` paged in 6 MB of code for them
            //   and peaked at 11 MB; 9 MB now.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xclang-linker", "-no-pie",
                        "-L", Context.packageDirectory + "/.build/static-libraries",
                        "-Xclang-linker", "-static-libgcc", "-Xlinker", "--no-export-dynamic",
                        "-Xlinker",
                        "--symbol-ordering-file=" + Context.packageDirectory + "/Sources/shop/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                        "-ltinfo", "-lbsd", "-lmd",
                    ],
                    .when(configuration: .release))
            ]
        ),

        .testTarget(name: "ShopKitTests", dependencies: ["ShopKit", "ShopTestSupport"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "ShopTestSupport"]),
        .testTarget(name: "HistoryStoreTests", dependencies: ["HistoryStore", "ShopTestSupport"]),
        .testTarget(
            name: "PluginHostTests",
            dependencies: ["PluginHost", "ShopPluginKit", "ShopTestSupport", "ServicesPlugin", "shop-fake-plugin"]),
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "ShopTestSupport"]),
        .testTarget(name: "ServicesPluginTests", dependencies: ["ServicesPlugin", "ShopTestSupport"]),
        .testTarget(name: "FeedPluginTests", dependencies: ["FeedPlugin", "ShopTestSupport"]),
        .testTarget(name: "NewsPluginTests", dependencies: ["NewsPlugin", "HTTPTransport", "ShopTestSupport"]),
        .testTarget(
            name: "ShopEndToEndTests",
            dependencies: [
                "shop", "ShopTestSupport", "HistoryStore", "ServicesPlugin", "FeedPlugin", "NewsPlugin",
                "shop-fake-plugin",
                "shop-plugin-feed",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// One set of settings for every Swift target: Swift 6 strictness, upcoming features, warnings as errors.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .treatAllWarnings(as: .error),
    // Release: the metadata of a concrete generic type (`Argument<Int>`, `[Example]`) comes from
    // its accessor, not from its mangled name at run time, which demangled the name and scanned
    // every protocol conformance for each generic requirement: a third of `shop -c exit`.
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
    // Release: large structs stay in registers. The pass that kept them in memory made their
    // copies and destroys fetch type metadata and call value witnesses (replay: 22.47k -> 22.11k
    // instructions a line; the binary 72 KB larger).
    .unsafeFlags(["-Xfrontend", "-disable-large-loadable-types-reg2mem"], .when(configuration: .release)),
    // Release: exclusive access to a class's properties (and globals) is checked when compiling
    // only, not again at run time, where each access cost 70-90 instructions (callgrind, 10,000
    // replayed lines: twelve a line, 0.9k of 25.4k instructions). Debug builds, which every test
    // runs, still check each access at run time.
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

for target in package.targets
where target.type != .system && !["CLibEdit", "CCurl", "CPluginSpawn"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
