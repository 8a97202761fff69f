import Foundation
import FuzzSupport
import NewsPlugin

/// The news image header reader: any bytes give a picture size or a damaged-image error,
/// never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let header = try? ImageHeader(parsing: bytes), header.width <= 0 || header.height <= 0 {
        fail("\(header) has no pixels")
    }
    return 0
}

runFuzzer()
