// The only C the package compiles against libxml2: the headers it needs, and two helpers for
// what Swift cannot express (variadic callback fields, thread-local error handler slots).
#ifndef XMLEVENTS_CLIBXML2_SHIM_H
#define XMLEVENTS_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// libxml2's encoding.h pulls in ICU's headers when libxml2 was built with ICU; they clash with
// the copy Foundation carries. The package never touches the ICU members (only pointers to the
// structs that hold them), so the headers are read without them.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#include <libxml/globals.h>
// The writer checks namespace URIs with the parser's own URI syntax.
#include <libxml/uri.h>

/// Clears the legacy, variadic error callbacks, which Swift cannot express, so that every report
/// goes through the structured `serror` callback instead of being printed.
static inline void xmlevents_clear_variadic_error_handlers(xmlSAXHandler *handler) {
    handler->warning = NULL;
    handler->error = NULL;
    handler->fatalError = NULL;
}

/// The thread's libxml2 error handlers, saved while a chunk is parsed.
typedef struct {
    xmlGenericErrorFunc generic;
    void *genericContext;
    xmlStructuredErrorFunc structured;
    void *structuredContext;
} xmlevents_error_handlers;

static inline void xmlevents_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Routes the calling thread's libxml2 reports that have no parser context (encoding failures)
/// to `structured` and silences the free-text ones libxml2 would otherwise print to stderr.
/// The handlers are thread-local in libxml2; the previous ones are returned for restoring.
static inline xmlevents_error_handlers xmlevents_install_error_handlers(
    xmlStructuredErrorFunc structured, void *context) {
    xmlevents_error_handlers saved;
    saved.generic = xmlGenericError;
    saved.genericContext = xmlGenericErrorContext;
    saved.structured = xmlStructuredError;
    saved.structuredContext = xmlStructuredErrorContext;
    xmlSetGenericErrorFunc(NULL, xmlevents_ignore_generic_error);
    xmlSetStructuredErrorFunc(context, structured);
    return saved;
}

/// Puts back the handlers `xmlevents_install_error_handlers` returned.
static inline void xmlevents_restore_error_handlers(xmlevents_error_handlers saved) {
    xmlSetGenericErrorFunc(saved.genericContext, saved.generic);
    xmlSetStructuredErrorFunc(saved.structuredContext, saved.structured);
}

#endif
