import FuzzSupport
import ShopLanguage
import ShopValues

/// The lexer and parser: any text parses without crashing or hanging, and reading it line by
/// line (as `shop run` does) finds the same steps as reading it whole (as `shop test` does).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Text.firstInvalidOffset(in: bytes) == nil else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    let script = Parser.parse(text, file: "fuzz.shopscript")
    var parser = Parser(text: text, file: "fuzz.shopscript")
    var steps: [Step] = []
    while let item = parser.next() {
        if case .step(var step) = item {
            step.expectations = []
            steps.append(step)
        }
    }
    let whole = script.steps.map { step in
        var step = step
        step.expectations = []
        return step
    }
    if steps != whole { fail("line by line: \(steps.count) steps, whole: \(whole.count)") }
    return 0
}

runFuzzer()
