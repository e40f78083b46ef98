// zlib, for gzip documents and the HTTP client's gzip and deflate content decoder.
#ifndef XMLEVENTS_CZLIB_SHIM_H
#define XMLEVENTS_CZLIB_SHIM_H

#include <zlib.h>

#endif
