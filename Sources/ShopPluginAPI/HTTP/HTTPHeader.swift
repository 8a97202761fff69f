/// One header line of a request or response: `Content-Type: application/json`.
public struct HTTPHeader: Sendable, Hashable {
    /// The name as sent (compare with ``matches(_:)``, which ignores case).
    public var name: String
    /// The value, without the blanks around it.
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Whether the header is called `name`, ignoring ASCII case.
    public func matches(_ name: String) -> Bool {
        self.name.utf8.count == name.utf8.count
            && zip(self.name.utf8, name.utf8).allSatisfy { Self.lowercased($0) == Self.lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension [HTTPHeader] {
    /// The value of the first header called `name` (any case), or nil.
    public func value(of name: String) -> String? {
        first { $0.matches(name) }?.value
    }
}
