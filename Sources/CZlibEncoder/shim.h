// zlib, for the test server's gzip and deflate bodies.
#ifndef XMLEVENTS_CZLIBENCODER_SHIM_H
#define XMLEVENTS_CZLIBENCODER_SHIM_H

#include <zlib.h>

#endif
