// libxml2's SAX2 push parser with counting callbacks: the least work any libxml2-based streaming
// parser can do for a document, so the benchmarks measure XMLEvents against it.
//
// The work is kept equal to XMLEvents' own: the same parse options, the same default SAX2
// handlers for the prolog (they build the DTD that entity expansion and attribute defaults need),
// and the parser context (not a user pointer) as every callback's context, so entity
// sub-contexts behave the same.
#include "CLibXML2Floor.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>

typedef struct {
    clibxml2floor_counts counts;
    const char *item_name;
    xmlParserCtxtPtr main_context;
} floor_state;

// Entity sub-contexts copy `_private`, so every callback reaches the same state.
static floor_state *state_of(void *ctx) {
    return (floor_state *)((xmlParserCtxtPtr)ctx)->_private;
}

static void on_start_element(void *ctx, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri,
                             int namespace_count, const xmlChar **namespaces, int attribute_count,
                             int defaulted_count, const xmlChar **attributes) {
    (void)prefix, (void)uri, (void)namespace_count, (void)namespaces, (void)defaulted_count, (void)attributes;
    floor_state *state = state_of(ctx);
    state->counts.elements += 1;
    // Defaulted attributes are part of the count, as they are of XMLEvents' attribute list.
    state->counts.attributes += (uint64_t)attribute_count;
    if (strcmp((const char *)local_name, state->item_name) == 0) state->counts.items += 1;
}

static void on_end_element(void *ctx, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    (void)ctx, (void)local_name, (void)prefix, (void)uri;
}

// Also installed for CDATA sections and ignorable whitespace: all of it is text to XMLEvents.
static void on_text(void *ctx, const xmlChar *bytes, int length) {
    (void)bytes;
    floor_state *state = state_of(ctx);
    state->counts.text_bytes += (uint64_t)length;
    if (ctx != state->main_context) state->counts.entity_text_bytes += (uint64_t)length;
}

// Replace the default handlers, which would attach nodes to the DTD's document for the whole run.
static void on_comment(void *ctx, const xmlChar *text) { (void)ctx, (void)text; }
static void on_processing_instruction(void *ctx, const xmlChar *target, const xmlChar *data) {
    (void)ctx, (void)target, (void)data;
}

// Errors surface through the context's well-formedness flag; printing them would cost time.
static void on_error(void *ctx, xmlErrorPtr error) { (void)ctx, (void)error; }

static clibxml2floor_status parse_descriptor(int fd, size_t chunk_size, floor_state *state) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    xmlSAXVersion(&handler, 2);
    handler.startElementNs = on_start_element;
    handler.endElementNs = on_end_element;
    // The same function for characters and ignorable whitespace tells libxml2 not to look for
    // ignorable blanks at all, as XMLEvents' handler does.
    handler.characters = on_text;
    handler.ignorableWhitespace = on_text;
    handler.cdataBlock = on_text;
    handler.comment = on_comment;
    handler.processingInstruction = on_processing_instruction;
    handler.reference = NULL;
    handler.endDocument = NULL;
    // XMLEvents reads no external subset unless the user supplies a resolver.
    handler.externalSubset = NULL;
    handler.warning = NULL;
    handler.error = NULL;
    handler.fatalError = NULL;
    handler.serror = on_error;

    char *buffer = malloc(chunk_size);
    if (buffer == NULL) return CLIBXML2FLOOR_OUT_OF_MEMORY;
    xmlParserCtxtPtr context = xmlCreatePushParserCtxt(&handler, NULL, NULL, 0, NULL);
    if (context == NULL) {
        free(buffer);
        return CLIBXML2FLOOR_OUT_OF_MEMORY;
    }
    xmlCtxtUseOptions(context, XML_PARSE_NOENT | XML_PARSE_DTDATTR | XML_PARSE_NONET);
    context->_private = state;
    state->main_context = context;

    clibxml2floor_status status = CLIBXML2FLOOR_OK;
    for (;;) {
        ssize_t received = read(fd, buffer, chunk_size);
        if (received < 0 && errno == EINTR) continue;
        if (received < 0) {
            status = CLIBXML2FLOOR_READ_FAILED;
            break;
        }
        // The last call, with no bytes, tells libxml2 the document is complete.
        int failed = xmlParseChunk(context, buffer, (int)received, received == 0);
        if (failed != 0 || context->wellFormed == 0) {
            status = CLIBXML2FLOOR_NOT_WELL_FORMED;
            break;
        }
        if (received == 0) break;
    }

    // The default start-document handler made a document to hold the DTD; the context does not
    // free it.
    if (context->myDoc != NULL) xmlFreeDoc(context->myDoc);
    context->myDoc = NULL;
    xmlFreeParserCtxt(context);
    free(buffer);
    return status;
}

clibxml2floor_status clibxml2floor_parse_file(const char *path, size_t chunk_size, const char *item_name,
                                              clibxml2floor_counts *counts) {
    // Idempotent; done here so the floor pays for it outside the SAX loop, as XMLEvents does.
    xmlInitParser();
    floor_state state;
    memset(&state, 0, sizeof state);
    state.item_name = item_name;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return CLIBXML2FLOOR_OPEN_FAILED;
    clibxml2floor_status status = parse_descriptor(fd, chunk_size == 0 ? 65536 : chunk_size, &state);
    close(fd);
    *counts = state.counts;
    return status;
}

const char *clibxml2floor_libxml_version(void) { return LIBXML_DOTTED_VERSION; }
