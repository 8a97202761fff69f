#include "CLibEdit.h"
#include <stdio.h>

EditLine *shop_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}
