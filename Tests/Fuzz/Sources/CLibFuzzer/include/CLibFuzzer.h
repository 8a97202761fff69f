// libFuzzer's entry points, linked in by -sanitize=fuzzer.
#include <stddef.h>
#include <stdint.h>

/// Implemented by each harness (with @_cdecl): runs one input.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// libFuzzer's driver, for a program that has a main of its own.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
