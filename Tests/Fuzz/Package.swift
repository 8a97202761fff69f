// swift-tools-version: 6.2
import PackageDescription

/// libFuzzer harnesses for shop's readers, built by `Scripts/fuzz` with `-sanitize=fuzzer`
/// (see README.md here). A package of its own, so the fuzzing flags never reach the normal
/// build; it depends on the root package by path, and a path dependency is known by the name
/// of its folder, whatever the checkout is called.
let root = String(#filePath.split(separator: "/").dropLast(3).last ?? "ShopScript")

let harnesses: [(name: String, products: [String])] = [
    ("FuzzParser", ["ShopValues", "ShopLanguage"]),
    ("FuzzCondition", ["ShopValues", "ShopLanguage"]),
    ("FuzzMath", ["ShopValues", "ShopLanguage"]),
    ("FuzzJSON", ["ShopValues", "ShopFormats"]),
    ("FuzzTables", ["ShopFormats"]),
    ("FuzzCatalog", ["ServicesPlugin", "ShopValues"]),
    ("FuzzPrice", ["ServicesPlugin"]),
    ("FuzzTranscript", ["ShopRuntime", "ShopLanguage"]),
    ("FuzzImageHeader", ["NewsPlugin"]),
]

let package = Package(
    name: "ShopFuzz",
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
    ]
        + harnesses.map { harness in
            .executableTarget(
                name: harness.name,
                dependencies: ["FuzzSupport"] + harness.products.map { .product(name: $0, package: root) })
        },
    swiftLanguageModes: [.v6]
)
