import FuzzSupport
import ServicesPlugin

/// The price parser: any text parses or is refused without crashing; a price it accepts is
/// not negative, and the way shop shows it reads back to the same price.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let roubles = CatalogFuzzing.parsePrice(text) else { return 0 }
    if roubles < 0 { fail("'\(text)' parsed to \(roubles)") }
    let shown = CatalogFuzzing.formatPrice(roubles)
    if CatalogFuzzing.parsePrice(shown) != roubles { fail("'\(shown)' does not read back as \(roubles)") }
    return 0
}

runFuzzer()
