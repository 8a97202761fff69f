#ifndef SHOP_CLIBEDIT_H
#define SHOP_CLIBEDIT_H

// Fixed-argument wrappers over <histedit.h>.
//
// `el_set`, `el_get` and `history` are C variadics, which Swift cannot call, and Swift 6
// rejects touching the `stdin`/`stdout`/`stderr` globals. Each function here wraps exactly
// one such call and contains no logic of its own.

#include <histedit.h>
#include <sys/types.h>
#include <stdio.h>
#include <wchar.h>

/// A user-defined editor command bound to keys: returns one of the `CC_*` codes.
typedef unsigned char (*shop_el_command_fn)(EditLine *, int);
/// The character reader: stores one wide character, returns 1, 0 on end of file, -1 on error.
typedef int (*shop_el_getc_fn)(EditLine *, wchar_t *);

/// `el_init` on the process's stdin, stdout and stderr.
EditLine *shop_el_init_std(const char *program);

/// `el_set(el, EL_CLIENTDATA, data)`.
int shop_el_set_clientdata(EditLine *el, void *data);
/// `el_get(el, EL_CLIENTDATA, &data)`; NULL when unset.
void *shop_el_get_clientdata(EditLine *el);
/// `el_set(el, EL_HIST, history, h)`.
int shop_el_set_history(EditLine *el, History *h);
/// `el_set(el, EL_GETCFN, fn)`.
int shop_el_set_getcfn(EditLine *el, shop_el_getc_fn fn);
/// `el_set(el, EL_ADDFN, name, help, fn)`.
int shop_el_add_function(EditLine *el, const char *name, const char *help, shop_el_command_fn fn);
/// `el_set(el, EL_TERMINAL, type)`.
int shop_el_set_terminal(EditLine *el, const char *type);
/// `el_set(el, EL_SIGNAL, on)`.
int shop_el_set_signal(EditLine *el, int on);
/// `el_get(el, EL_EDITOR, &name)`: "emacs" or "vi"; NULL on failure.
const char *shop_el_get_editor(EditLine *el);
/// `el_get(el, EL_GETFP, 1, &fp)`: the output stream.
FILE *shop_el_get_output_file(EditLine *el);
/// `el_set(el, EL_SETFP, 1, fp)`: the stream libedit draws on.
int shop_el_set_output_file(EditLine *el, FILE *fp);
/// `el_set(el, EL_PREP_TERM, on)`: the terminal in libedit's editing mode (1) or back in its own (0).
int shop_el_prepare_terminal(EditLine *el, int on);

/// Receives the bytes written to a stream made by `shop_open_writer`; returns how many it took.
typedef ssize_t (*shop_write_fn)(void *cookie, const char *bytes, size_t count);
/// `fopencookie` for writing only: every write to the stream calls `write` with `cookie`.
FILE *shop_open_writer(void *cookie, shop_write_fn write);

/// `history(h, &ev, H_SETSIZE, size)`.
int shop_history_set_size(History *h, int size);
/// `history(h, &ev, H_SETUNIQUE, unique)`.
int shop_history_set_unique(History *h, int unique);
/// `history(h, &ev, H_ENTER, line)`.
int shop_history_enter(History *h, const char *line);
/// `history(h, &ev, H_CLEAR)`.
int shop_history_clear(History *h);


/// `wcwidth(c)`: the terminal columns of one character as libedit measures it (-1 when unprintable).
/// Wrapped because glibc declares it only for X/Open builds, which Swift's Glibc module is not.
int shop_wcwidth(wchar_t c);

#endif
