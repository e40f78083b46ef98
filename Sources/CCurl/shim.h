// The libcurl headers the HTTP transport compiles against, and typed wrappers for libcurl's
// variadic functions, which Swift cannot call: C makes the variadic call, with the argument type
// curl.h documents for each kind of option.
#ifndef XMLEVENTS_CCURL_SHIM_H
#define XMLEVENTS_CCURL_SHIM_H

#include <curl/curl.h>

/// `curl_easy_setopt` for options that take a `long`.
static inline CURLcode xmlevents_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for options that take a `curl_off_t`.
static inline CURLcode xmlevents_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for options that take an object or string pointer.
static inline CURLcode xmlevents_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
static inline CURLcode xmlevents_curl_setopt_write_function(
    CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// `curl_easy_setopt` for `CURLOPT_SOCKOPTFUNCTION`.
static inline CURLcode xmlevents_curl_setopt_socket_option_function(CURL *handle, curl_sockopt_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, callback);
}

/// `curl_easy_getinfo` for information returned as a `long`.
static inline CURLcode xmlevents_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// `curl_easy_getinfo` for information returned as a `curl_off_t`.
static inline CURLcode xmlevents_curl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// `curl_easy_getinfo` for information returned as a pointer (strings, `CURLINFO_PRIVATE`).
static inline CURLcode xmlevents_curl_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
