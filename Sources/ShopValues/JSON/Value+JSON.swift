extension Value {
    /// Parses JSON bytes into a value; records keep the members' order.
    public init(json bytes: [UInt8]) throws(JSONError) {
        self = try JSONReader.withReader(over: bytes) { reader throws(JSONError) in try reader.readValue() }
    }

    /// Parses JSON text into a value.
    public init(json text: String) throws(JSONError) {
        try self.init(json: Array(text.utf8))
    }
}
