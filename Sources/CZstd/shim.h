// libzstd, for zstd documents and the HTTP client's streaming `zstd` content decoder.
#ifndef XMLEVENTS_CZSTD_SHIM_H
#define XMLEVENTS_CZSTD_SHIM_H

#include <zstd.h>
#include <zstd_errors.h>

#endif
