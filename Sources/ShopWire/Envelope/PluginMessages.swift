import ShopPluginAPI

/// A request a plugin sends, as the host reads it.
public enum PluginRequest: Sendable, Equatable {
    case stateGet(StateGetRequest)

    /// Reads request `method`; nil for a method the host does not serve (answer `-32601`).
    public init?(method: String, params: Value) throws(WireFormatError) {
        guard WireMethod(rawValue: method) == .stateGet else { return nil }
        self = .stateGet(try StateGetRequest(json: params))
    }
}

/// A notification a plugin sends, as the host reads it.
public enum PluginNotification: Sendable, Equatable {
    case output(OutputNotification)
    case progress(ProgressNotification)
    case log(LogNotification)

    /// Reads notification `method`; nil for one the host does not know (ignored).
    public init?(method: String, params: Value) throws(WireFormatError) {
        switch WireMethod(rawValue: method) {
        case .output?: self = .output(try OutputNotification(json: params))
        case .progress?: self = .progress(try ProgressNotification(json: params))
        case .log?: self = .log(try LogNotification(json: params))
        default: return nil
        }
    }
}
