import CLibFuzzer
import Glibc

/// Runs libFuzzer over the harness's `LLVMFuzzerTestOneInput`, with the process's arguments
/// (`-max_total_time=60 Corpus/FuzzJSON`, …).
///
/// SwiftPM links a Linux executable with its module's `main` as the program's entry point,
/// so a harness keeps a `main.swift` that calls this instead of leaving `main` to libFuzzer.
public func runFuzzer() -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
}

/// Stops the fuzzer with a finding: libFuzzer saves the input as a crash artifact.
public func fail(_ message: String) -> Never {
    let line = Array("fuzz finding: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
