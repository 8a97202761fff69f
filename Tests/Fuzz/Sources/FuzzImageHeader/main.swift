import FuzzSupport
import NewsPlugin

/// The news image header reader: any bytes give a picture size or a damaged-image error,
/// never a crash, and a size is one a format can state (1 to 2³¹ − 1 pixels a side).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let header = try? ImageHeader(parsing: bytes) {
        let sides = 1...Int(Int32.max)
        if !sides.contains(header.width) || !sides.contains(header.height) { fail("\(header) is not a picture size") }
    }
    return 0
}

runFuzzer()
