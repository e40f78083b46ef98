// libbz2, for the decompression of bzip2 documents (multistream dumps included).
#ifndef XMLEVENTS_CBZIP2_SHIM_H
#define XMLEVENTS_CBZIP2_SHIM_H

#include <bzlib.h>

#endif
