#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
} curl;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded = 0;
static char loaded_name[256] = "";
static char load_error[512] = "";

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return 0;
    }
    return 1;
}

int ccurl_load(const char *library) {
    pthread_mutex_lock(&load_lock);
    if (loaded && strncmp(library, loaded_name, sizeof loaded_name) == 0) {
        pthread_mutex_unlock(&load_lock);
        return 1;
    }
    if (loaded) {
        // Already usable: only say whether `library` exists at all.
        void *probe = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
        if (probe == NULL) snprintf(load_error, sizeof load_error, "%s", dlerror());
        else dlclose(probe);
        pthread_mutex_unlock(&load_lock);
        return probe != NULL;
    }
    // Lazy binding, as for a library linked at load time: only the functions used are looked up.
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    int ok = handle != NULL;
    if (!ok) snprintf(load_error, sizeof load_error, "%s", dlerror());
#define RESOLVE(field, name) ok = ok && resolve(handle, (void **)&curl.field, name)
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_reset, "curl_easy_reset");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_wakeup, "curl_multi_wakeup");
    RESOLVE(multi_info_read, "curl_multi_info_read");
#undef RESOLVE
    if (ok && curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
        ok = 0;
    }
    if (!ok && handle != NULL) dlclose(handle);
    if (ok) snprintf(loaded_name, sizeof loaded_name, "%s", library);
    loaded = ok;
    pthread_mutex_unlock(&load_lock);
    return ok;
}

const char *ccurl_load_error(void) { return load_error; }

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }
void ccurl_easy_reset(CURL *easy) { curl.easy_reset(easy); }
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl.easy_setopt(easy, option, value);
}
CURLcode ccurl_easy_setopt_offset(CURL *easy, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(easy, option, value);
}
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl.easy_setopt(easy, option, value);
}
CURLcode ccurl_easy_setopt_data_function(CURL *easy, CURLoption option, ccurl_data_fn function) {
    return curl.easy_setopt(easy, option, function);
}
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl.easy_getinfo(easy, info, value);
}
CURLcode ccurl_easy_getinfo_offset(CURL *easy, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(easy, info, value);
}
CURLcode ccurl_easy_getinfo_string(CURL *easy, CURLINFO info, char **value) {
    return curl.easy_getinfo(easy, info, value);
}
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    return curl.slist_append(list, text);
}
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl.multi_setopt(multi, option, value);
}
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy) { return curl.multi_add_handle(multi, easy); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy) { return curl.multi_remove_handle(multi, easy); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms, int *ready) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, ready);
}
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return curl.multi_wakeup(multi); }
int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = curl.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
