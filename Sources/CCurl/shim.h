// The libcurl headers the HTTP transport compiles against.
#ifndef XMLEVENTS_CCURL_SHIM_H
#define XMLEVENTS_CCURL_SHIM_H

#include <curl/curl.h>

#endif
