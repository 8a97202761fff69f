// swift-tools-version: 6.2
import PackageDescription

/// The built-in plugins, named once: each is a target under `Plugins/<folder>` depending on
/// `ShopPluginAPI` (and on `uses`), with a test target `Tests/<name>Tests` (also depending on
/// `testsUse`); `BuiltInPlugins` links them all, and `BuiltInPlugins.all` lists them in Swift.
let builtInPlugins: [(name: String, folder: String, uses: [Target.Dependency], testsUse: [Target.Dependency])] = [
    ("ServicesPlugin", "Services", ["ShopFormats"], ["ShopFormats"]),
    ("FeedPlugin", "Feed", ["ShopFormats"], ["ShopFormats"]),
    ("NewsPlugin", "News", ["HTTPArchive", "ShopFormats"], ["HTTPTransport", "ShopFormats"]),
]

let package = Package(
    name: "ShopScript",
    products: [
        .executable(name: "shop", targets: ["shop"]),
        // What a plugin is written against, and the kit that serves one out of process with one
        // call (docs/PLUGINS.md).
        .library(name: "ShopPluginAPI", targets: ["ShopPluginAPI"]),
        .library(name: "ShopPluginKit", targets: ["ShopPluginKit"]),
        // For the fuzz harnesses in Tests/Fuzz, a package of their own that depends on this one.
        .library(name: "ShopValues", targets: ["ShopValues"]),
        .library(name: "ShopFormats", targets: ["ShopFormats"]),
        .library(name: "ShopLanguage", targets: ["ShopLanguage"]),
        .library(name: "ShopRuntime", targets: ["ShopRuntime"]),
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

        // Values and their text (compact JSON): pure computation, C only for patterns (PCRE2).
        .target(name: "ShopValues", dependencies: ["CPCRE2"]),
        // JSON and CSV readers, the CSV writer, the tables they read.
        .target(name: "ShopFormats", dependencies: ["ShopValues"]),
        // Display width, styles, tables and the generic renderer.
        .target(name: "ShopRendering", dependencies: ["ShopValues"]),
        // The lexer, the parser and the syntax tree.
        .target(name: "ShopLanguage", dependencies: ["ShopValues"]),
        // The system calls on files that take pointers, each behind a signature that takes none.
        .target(name: "SystemFiles"),
        // What a plugin is written against, and nothing else.
        .target(name: "ShopPluginAPI", dependencies: ["ShopValues", "ShopRendering", "SystemFiles"]),
        // The state store and undo: the one state backend, in process and out.
        .target(name: "ShopState", dependencies: ["ShopPluginAPI", "ShopFormats"]),
        // HTTP archives and the recording and replaying transports.
        .target(name: "HTTPArchive", dependencies: ["ShopPluginAPI", "ShopFormats", "SystemFiles"]),
        // SQLite connections and statements, and shop's values in and out of SQLite tables.
        .target(name: "ShopSQLite", dependencies: ["CSQLite", "ShopValues", "ShopFormats"]),
        // The data verbs, written against the plugin API (SQL through SQLite, HTTP archives).
        .target(name: "ShopVerbs", dependencies: ["ShopPluginAPI", "ShopFormats", "ShopSQLite", "HTTPArchive"]),
        // Sessions: the interpreter, the registry, the core commands, transcript tests. No
        // terminal, no network.
        .target(name: "ShopRuntime", dependencies: ["ShopPluginAPI", "ShopLanguage", "ShopState", "ShopVerbs"]),

        // Thin Swift wrappers.
        .target(name: "LineEditor", dependencies: ["CLibEdit"]),
        .target(name: "HistoryStore", dependencies: ["ShopRuntime", "ShopSQLite", "CSQLite"]),
        // The plugin protocol as Swift types, and the manifest codec (docs/PLUGIN-PROTOCOL.md).
        .target(name: "ShopWire", dependencies: ["ShopPluginAPI", "ShopFormats"]),
        // Outside plugins: processes, pipes and the protocol (docs/PLUGINS.md).
        .target(name: "PluginHost", dependencies: ["ShopPluginAPI", "ShopFormats", "ShopWire", "CPluginSpawn"]),
        .target(name: "ShopPluginKit", dependencies: ["ShopPluginAPI", "ShopWire", "ShopState", "SystemFiles"]),
        .target(name: "HTTPTransport", dependencies: ["ShopPluginAPI", "CCurl"]),

        // The one list of built-in plugins.
        .target(name: "BuiltInPlugins", dependencies: builtInPlugins.map { .target(name: $0.name) }),

        // Test doubles shared by every test target.
        .target(name: "ShopTestSupport", dependencies: ["ShopRuntime", "ShopFormats", "HTTPTransport", "ShopWire"]),
        // The feed plugin served out of process by the kit: the proof that the kit is complete.
        .executableTarget(
            name: "shop-plugin-feed", dependencies: ["ShopPluginKit", "FeedPlugin"], path: "Sources/shop-plugin-feed"),
        // The misbehaving plugin process the host's fault tests start.
        .executableTarget(name: "shop-fake-plugin", dependencies: ["ShopTestSupport"], path: "Sources/ShopFakePlugin"),

        .executableTarget(
            name: "shop",
            dependencies: [
                "ShopRuntime", "LineEditor", "HistoryStore", "HTTPTransport", "PluginHost",
                "BuiltInPlugins",
            ],
            // Release links for a fast start (`shop -c exit`; docs/BENCHMARKS.md, "Release build"):
            // a fixed-address executable, so the loader relocates none of Swift's metadata
            // pointers; libstdc++, libgcc, libedit, SQLite and PCRE2 linked in from the archives
            // Scripts/build-release gathers, so the loader resolves no symbols of theirs; no
            // symbols exported, since nothing looks shop's up; and the functions that run at
            // start-up laid out together, as Scripts/lay-out-startup-code lists them after each
            // release build (Scripts/build-release makes the list, empty at first: a release
            // build without that script needs the file to exist).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld", "-Xclang-linker", "-no-pie",
                        "-L", Context.packageDirectory + "/.build/static-libraries",
                        "-Xclang-linker", "-static-libgcc", "-Xlinker", "--no-export-dynamic",
                        "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/.build/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                        "-ltinfo", "-lbsd", "-lmd",
                    ],
                    .when(configuration: .release))
            ]
        ),

        .testTarget(name: "ShopValuesTests", dependencies: ["ShopValues", "ShopFormats", "ShopTestSupport"]),
        .testTarget(name: "ShopFormatsTests", dependencies: ["ShopFormats", "ShopTestSupport"]),
        .testTarget(name: "ShopRenderingTests", dependencies: ["ShopRendering"]),
        .testTarget(name: "ShopLanguageTests", dependencies: ["ShopLanguage", "ShopTestSupport"]),
        .testTarget(name: "SystemFilesTests", dependencies: ["SystemFiles"]),
        .testTarget(name: "ShopPluginAPITests", dependencies: ["ShopPluginAPI", "ShopTestSupport"]),
        .testTarget(name: "ShopStateTests", dependencies: ["ShopState", "ShopTestSupport"]),
        .testTarget(name: "HTTPArchiveTests", dependencies: ["HTTPArchive", "ShopTestSupport"]),
        .testTarget(name: "ShopSQLiteTests", dependencies: ["ShopSQLite", "ShopFormats"]),
        .testTarget(name: "ShopVerbsTests", dependencies: ["ShopVerbs", "ShopSQLite", "ShopTestSupport"]),
        .testTarget(name: "ShopRuntimeTests", dependencies: ["ShopRuntime", "ShopTestSupport", "ShopWire"]),
        .testTarget(name: "ShopWireTests", dependencies: ["ShopWire", "ShopFormats", "ShopTestSupport"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "ShopTestSupport"]),
        .testTarget(name: "HistoryStoreTests", dependencies: ["HistoryStore", "ShopTestSupport"]),
        .testTarget(
            name: "PluginHostTests",
            dependencies: [
                "PluginHost", "ShopPluginKit", "ShopFormats", "ShopTestSupport", "ServicesPlugin", "shop-fake-plugin",
            ]),
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "ShopTestSupport"]),
        .testTarget(
            name: "ShopEndToEndTests",
            dependencies: [
                "shop", "ShopTestSupport", "HistoryStore", "BuiltInPlugins", "ShopWire", "ShopFormats",
                "shop-fake-plugin", "shop-plugin-feed",
            ]
        ),
    ]
        + builtInPlugins.flatMap { plugin -> [Target] in
            [
                .target(
                    name: plugin.name, dependencies: ["ShopPluginAPI"] + plugin.uses, path: "Plugins/" + plugin.folder),
                .testTarget(
                    name: plugin.name + "Tests",
                    dependencies: [.target(name: plugin.name), "ShopTestSupport"] + plugin.testsUse),
            ]
        },
    swiftLanguageModes: [.v6]
)

/// One set of settings for every Swift target: Swift 6 strictness, upcoming features, warnings as errors.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .treatAllWarnings(as: .error),
    // Release: the metadata of a concrete generic type comes from its accessor, not from its
    // mangled name, which at run time is demangled and checked against every protocol
    // conformance (docs/BENCHMARKS.md, "Release build").
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
    // Release: large structs stay in registers rather than being copied through memory with
    // their value witnesses (docs/BENCHMARKS.md, "Release build").
    .unsafeFlags(["-Xfrontend", "-disable-large-loadable-types-reg2mem"], .when(configuration: .release)),
]

for target in package.targets
where target.type != .system && !["CLibEdit", "CCurl", "CPluginSpawn"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
