// liblzma, for the decompression of xz documents (concatenated streams included).
#ifndef XMLEVENTS_CLZMA_SHIM_H
#define XMLEVENTS_CLZMA_SHIM_H

#include <lzma.h>

#endif
