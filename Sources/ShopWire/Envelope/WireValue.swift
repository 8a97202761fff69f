import ShopPluginAPI

/// A part of a message — a request's `params`, a notification's, a response's `result` — as a
/// Swift value, read from and written to JSON.
public protocol WireValue: Sendable {
    /// Reads it; the error names the path of the first bad field. Fields it does not know are
    /// ignored.
    init(json value: Value) throws(WireFormatError)
    /// It as JSON.
    var json: Value { get }
}

/// The parameters of a request, and the type of its answer.
public protocol WireRequest: WireValue {
    associatedtype Result: WireValue
    static var method: WireMethod { get }
}

/// The parameters of a notification.
public protocol WireNotification: WireValue {
    static var method: WireMethod { get }
}

/// The parameters of a request that takes none, or the result of one that answers nothing
/// (`null`).
public struct Nothing: WireValue, Equatable {
    public init() {}
    public init(json value: Value) {}
    public var json: Value { .null }
}
