import ShopValues

extension Value {
    /// Parses JSON bytes into a value; records keep the members' order, and a list of objects
    /// is a table (``JSONTableReader``). An error names the path, line and column.
    public init(json bytes: [UInt8]) throws(JSONError) {
        if let value = try? JSONTableReader.value(of: bytes) {
            self = value
            return
        }
        self = try Value(plainJSON: bytes)
    }

    /// Parses JSON bytes with the plain pull reader (``JSONReader/readValue()``), which names
    /// every error; no tables.
    init(plainJSON bytes: [UInt8]) throws(JSONError) {
        self = try JSONReader.withReader(over: bytes) { reader throws(JSONError) in try reader.readValue() }
    }

    /// Parses JSON text into a value.
    public init(json text: String) throws(JSONError) {
        try self.init(json: Array(text.utf8))
    }
}
