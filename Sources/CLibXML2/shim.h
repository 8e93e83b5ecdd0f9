#ifndef MIXTAPE_CLIBXML2_SHIM_H
#define MIXTAPE_CLIBXML2_SHIM_H
/* Debian's libxml2 headers pull in the system ICU, which clashes with the ICU that Foundation
   carries ("'UErrorCode' has different definitions in different modules") on a clean build.
   Mixtape never uses libxml2's ICU API, so hide it before any other libxml2 header is read. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
