// libcurl for the sphere service client. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: these wrappers fix one argument type each.
#pragma once
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*orbit_curl_write_fn)(char *data, size_t size, size_t count, void *context);
typedef int (*orbit_curl_xferinfo_fn)(void *context, curl_off_t downloadTotal, curl_off_t downloaded,
                                      curl_off_t uploadTotal, curl_off_t uploaded);

static inline CURLcode orbit_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode orbit_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode orbit_curl_set_write(CURL *handle, orbit_curl_write_fn function) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}
static inline CURLcode orbit_curl_set_xferinfo(CURL *handle, orbit_curl_xferinfo_fn function) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}
static inline CURLcode orbit_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
