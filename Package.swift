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
        // C shims over Debian's libraries.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
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
            // Relative relocations packed (DT_RELR, glibc 2.36): the loader no longer reads
            // 700 KB of them at every start, about 0.6 MB less memory.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(configuration: .release))
            ]
        ),

        .testTarget(name: "ShopKitTests", dependencies: ["ShopKit", "ShopTestSupport"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "ShopTestSupport"]),
        .testTarget(name: "HistoryStoreTests", dependencies: ["HistoryStore", "ShopTestSupport"]),
        .testTarget(
            name: "PluginHostTests",
            dependencies: ["PluginHost", "ShopTestSupport", "ServicesPlugin", "shop-fake-plugin"]),
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
]

for target in package.targets
where target.type != .system && !["CLibEdit", "CCurl", "CPluginSpawn"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
