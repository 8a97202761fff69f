#ifndef SHOP_CCURL_H
#define SHOP_CCURL_H

// libcurl, loaded with dlopen on first use, behind fixed-argument wrappers.
//
// Linked at load time, libcurl and its dependencies cost every start of `shop` about 4 ms
// and 6 MB, though only HTTP needs them. So nothing here links against libcurl: the types
// and constants come from Debian's <curl/curl.h>, and `ccurl_load` resolves the few
// functions used with dlsym. `curl_easy_setopt`, `curl_easy_getinfo` and
// `curl_multi_setopt` are C variadics, which Swift cannot call; each wrapper below calls
// exactly one libcurl function with one argument type and contains no logic of its own.
// Call nothing but `ccurl_load` before it succeeded.

#include <curl/curl.h>

/// Loads `library` (e.g. "libcurl.so.4") and runs curl_global_init, once per process.
/// Returns 1 when libcurl is usable, 0 when not; `ccurl_load_error` then says why.
/// After a success, a call naming another library only checks that it can be opened.
int ccurl_load(const char *library);
/// Why the last `ccurl_load` failed (dlerror's text), or "".
const char *ccurl_load_error(void);

typedef size_t (*ccurl_data_fn)(char *data, size_t size, size_t count, void *context);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *easy);
void ccurl_easy_reset(CURL *easy);
CURLcode ccurl_easy_setopt_long(CURL *easy, CURLoption option, long value);
CURLcode ccurl_easy_setopt_offset(CURL *easy, CURLoption option, curl_off_t value);
/// Strings (copied by libcurl), buffers and lists.
CURLcode ccurl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value);
/// `CURLOPT_WRITEFUNCTION` or `CURLOPT_HEADERFUNCTION`.
CURLcode ccurl_easy_setopt_data_function(CURL *easy, CURLoption option, ccurl_data_fn function);
CURLcode ccurl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_offset(CURL *easy, CURLINFO info, curl_off_t *value);
/// The string stays owned by libcurl, valid until the handle changes.
CURLcode ccurl_easy_getinfo_string(CURL *easy, CURLINFO info, char **value);
const char *ccurl_easy_strerror(CURLcode code);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms, int *ready);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/// The next finished transfer: its handle and result; 0 when none is left.
int ccurl_multi_next_done(CURLM *multi, CURL **easy, CURLcode *result);

#endif
