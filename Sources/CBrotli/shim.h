// libbrotlidec, for the HTTP client's streaming `br` content decoder.
#ifndef XMLEVENTS_CBROTLI_SHIM_H
#define XMLEVENTS_CBROTLI_SHIM_H

#include <brotli/decode.h>

#endif
