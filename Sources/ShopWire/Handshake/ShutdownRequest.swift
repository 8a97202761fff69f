import ShopPluginAPI

/// `shutdown`: finish; the host then closes stdin and waits for the exit.
public struct ShutdownRequest: WireRequest, Equatable {
    public typealias Result = Nothing
    public static let method = WireMethod.shutdown

    public init() {}
    public init(json value: Value) {}
    public var json: Value { .null }
}
