// The libcurl headers the HTTP transport compiles against, and typed wrappers for libcurl's
// variadic functions, which Swift cannot call: C makes the variadic call, with the argument type
// curl.h documents for each kind of option.
#ifndef XMLEVENTS_CCURL_SHIM_H
#define XMLEVENTS_CCURL_SHIM_H

#include <curl/curl.h>

#if defined(__linux__)
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/// The kernel's `struct tcp_info` up to `tcpi_bytes_received`: glibc's declaration stops before
/// it, and <linux/tcp.h> cannot be imported beside glibc's. The kernel only appends to the
/// structure, so the fields after glibc's keep these offsets (`tcpi_bytes_received` at 128).
struct xmlevents_tcp_info {
    struct tcp_info glibc;
    uint64_t pacing_rate;
    uint64_t max_pacing_rate;
    uint64_t bytes_acked;
    uint64_t bytes_received;
};
#endif

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

/// `curl_easy_setopt` for `CURLOPT_PREREQFUNCTION` (libcurl 7.80), which runs once the connection
/// is ready and before the request goes out; older headers refuse it.
static inline CURLcode xmlevents_curl_setopt_prereq_function(
    CURL *handle, int (*callback)(void *, char *, char *, int, int)) {
#if LIBCURL_VERSION_NUM >= 0x075000
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
#else
    (void)handle;
    (void)callback;
    return CURLE_UNKNOWN_OPTION;
#endif
}

/// The bytes the kernel has received on TCP socket `socket` (`tcpi_bytes_received`, Linux 4.1),
/// including those libcurl holds in a header line it has not finished, or -1 if unknown.
static inline long long xmlevents_tcp_bytes_received(int socket) {
#if defined(__linux__)
    struct xmlevents_tcp_info info;
    socklen_t length = sizeof(info);
    if (getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    // A kernel older than 4.1 fills less, and says so.
    if (length < offsetof(struct xmlevents_tcp_info, bytes_received) + sizeof(info.bytes_received)) return -1;
    return (long long)info.bytes_received;
#else
    (void)socket;
    return -1;
#endif
}

/// The local port of socket `socket` (IPv4 or IPv6), or -1.
static inline int xmlevents_socket_local_port(int socket) {
#if defined(__linux__)
    struct sockaddr_storage address;
    socklen_t length = sizeof(address);
    if (getsockname(socket, (struct sockaddr *)&address, &length) != 0) return -1;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
#else
    (void)socket;
#endif
    return -1;
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
