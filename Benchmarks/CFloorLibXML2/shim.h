// libxml2, for the C floor: the root package's CLibXML2 under a name of its own, since the
// XMLEvents product brings CLibXML2 into this package's graph (target names are unique there).
#ifndef XMLEVENTS_CFLOORLIBXML2_SHIM_H
#define XMLEVENTS_CFLOORLIBXML2_SHIM_H

#include <libxml/parser.h>

#endif
