// libzstd, for the test server's `zstd` bodies.
#ifndef XMLEVENTS_CZSTDENCODER_SHIM_H
#define XMLEVENTS_CZSTDENCODER_SHIM_H

#include <zstd.h>

#endif
