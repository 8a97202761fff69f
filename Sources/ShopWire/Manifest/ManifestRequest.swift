import ShopPluginAPI

/// `manifest`: the plugin's declarations (it takes no parameters).
public struct ManifestRequest: WireRequest, Equatable {
    public typealias Result = ManifestAnswer
    public static let method = WireMethod.manifest

    public init() {}
    public init(json value: Value) {}
    public var json: Value { .null }
}

/// The answer to `manifest`: `{"manifest": MANIFEST}`. The manifest stays JSON here: the host
/// caches it as it came, and checks it with ``PluginManifest/init(json:path:)``, whose errors
/// name the path inside it.
public struct ManifestAnswer: WireValue, Equatable {
    public var manifest: Value

    public init(manifest: Value) {
        self.manifest = manifest
    }

    public init(_ manifest: PluginManifest) {
        self.manifest = manifest.json
    }

    public init(json value: Value) throws(WireFormatError) {
        manifest = try ObjectFields<WireFormatError>(value, path: "result").object("manifest").json
    }

    public var json: Value {
        .record(Record(pairs: [("manifest", manifest)]))
    }
}
