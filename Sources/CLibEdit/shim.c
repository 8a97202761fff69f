#define _GNU_SOURCE
#include "CLibEdit.h"

EditLine *shop_el_init_std(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

int shop_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

void *shop_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0)
        return NULL;
    return data;
}

int shop_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

int shop_el_set_getcfn(EditLine *el, shop_el_getc_fn fn) {
    return el_set(el, EL_GETCFN, fn);
}

int shop_el_add_function(EditLine *el, const char *name, const char *help, shop_el_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

int shop_el_set_terminal(EditLine *el, const char *type) {
    return el_set(el, EL_TERMINAL, type);
}

int shop_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

const char *shop_el_get_editor(EditLine *el) {
    const char *name = NULL;
    if (el_get(el, EL_EDITOR, &name) != 0)
        return NULL;
    return name;
}

FILE *shop_el_get_output_file(EditLine *el) {
    FILE *fp = NULL;
    if (el_get(el, EL_GETFP, 1, &fp) != 0)
        return NULL;
    return fp;
}

int shop_el_set_output_file(EditLine *el, FILE *fp) {
    return el_set(el, EL_SETFP, 1, fp);
}

int shop_el_prepare_terminal(EditLine *el, int on) {
    return el_set(el, EL_PREP_TERM, on);
}

FILE *shop_open_writer(void *cookie, shop_write_fn write) {
    cookie_io_functions_t functions = {.read = NULL, .write = write, .seek = NULL, .close = NULL};
    return fopencookie(cookie, "w", functions);
}

int shop_history_set_size(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

int shop_history_set_unique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

int shop_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

int shop_history_clear(History *h) {
    HistEvent ev;
    return history(h, &ev, H_CLEAR);
}


int shop_wcwidth(wchar_t c) {
    return wcwidth(c);
}
