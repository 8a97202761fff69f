import FuzzSupport
import ShopFormats

/// The table readers, differentially: the JSON, JSON Lines and CSV table readers (which scan
/// bytes unsafely) give the plain readers' values, or refuse and leave the input to them. The
/// first byte picks the CSV options.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let flags = bytes.first ?? 0
    let rest = Array(bytes.dropFirst())
    let checks = [
        TableFuzzing.disagreement(readingJSON: rest), TableFuzzing.disagreement(readingJSONLines: rest),
        TableFuzzing.disagreement(readingCSV: rest, flags: flags),
    ]
    if let disagreement = checks.compactMap({ $0 }).first { fail(disagreement) }
    return 0
}

runFuzzer()
