import FuzzSupport
import ServicesPlugin

/// The services catalog, differentially: whatever the fast scanner reads, the general
/// decoder reads to the same catalog (or the fast scanner declines and the decoder decides).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if let disagreement = CatalogFuzzing.disagreement(readingCatalog: UnsafeBufferPointer(start: data, count: size)) {
        fail(disagreement)
    }
    return 0
}

runFuzzer()
