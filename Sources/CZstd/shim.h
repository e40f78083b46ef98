// libzstd, for the HTTP client's streaming `zstd` content decoder and the test server's encoder.
#ifndef XMLEVENTS_CZSTD_SHIM_H
#define XMLEVENTS_CZSTD_SHIM_H

#include <zstd.h>

#endif
