// libbrotlienc, for the test server's `br` bodies.
#ifndef XMLEVENTS_CBROTLIENCODER_SHIM_H
#define XMLEVENTS_CBROTLIENCODER_SHIM_H

#include <brotli/encode.h>

#endif
