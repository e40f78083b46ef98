#include "CLibXML2Floor.h"
#include <libxml/parser.h>
int clibxml2floor_placeholder(void) { return LIBXML_VERSION; }
