#ifndef SHOP_CLIBEDIT_H
#define SHOP_CLIBEDIT_H

#include <histedit.h>

/// Creates an editor bound to the process's stdin, stdout and stderr (Swift 6 cannot touch those globals).
EditLine *shop_el_init(const char *program);

#endif
