// PCRE2 with 8-bit code units: Swift sees the `_8` functions (pcre2_compile_8, …).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
