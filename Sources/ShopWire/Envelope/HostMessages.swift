import ShopPluginAPI

/// A request the host sends, as a plugin reads it.
public enum HostRequest: Sendable, Equatable {
    case initialize(InitializeRequest)
    case manifest
    case run(RunRequest)
    case complete(CompleteRequest)
    case shutdown

    /// Reads request `method`; nil for a method a plugin is never sent (answer `-32601`).
    public init?(method: String, params: Value) throws(WireFormatError) {
        switch WireMethod(rawValue: method) {
        case .initialize?: self = .initialize(try InitializeRequest(json: params))
        case .manifest?: self = .manifest
        case .run?: self = .run(try RunRequest(json: params))
        case .complete?: self = .complete(try CompleteRequest(json: params))
        case .shutdown?: self = .shutdown
        case .cancel?, .output?, .progress?, .log?, .stateGet?, nil: return nil
        }
    }
}

/// A notification the host sends, as a plugin reads it.
public enum HostNotification: Sendable, Equatable {
    case cancel(CancelNotification)

    /// Reads notification `method`; nil for one a plugin is never sent (ignored).
    public init?(method: String, params: Value) throws(WireFormatError) {
        guard WireMethod(rawValue: method) == .cancel else { return nil }
        self = .cancel(try CancelNotification(json: params))
    }
}
