import FuzzSupport
import ShopFormats
import ShopValues

/// `JSONReader`: any bytes read without crashing; skipping a value accepts exactly what
/// reading it accepts; what it reads, `JSONWriter` writes back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let skips =
        (try? JSONReader.withReader(over: bytes) { reader throws(JSONError) in try reader.skipValue() }) != nil
    let value: Value
    do {
        value = try Value(json: bytes)
    } catch {
        if skips { fail("skipValue accepts what readValue refuses: \(error)") }
        return 0
    }
    if !skips { fail("readValue accepts what skipValue refuses") }
    for written in [JSONWriter.compact(value), JSONWriter.pretty(value)] {
        guard let again = try? Value(json: written) else { fail("written JSON does not read back: \(written)") }
        if again != value { fail("round trip changed the value: \(written)") }
    }
    return 0
}

runFuzzer()
