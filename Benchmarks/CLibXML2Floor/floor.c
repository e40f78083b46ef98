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

// The digest handlers: the counts above, and what the reference pass reads on top of them.

static uint64_t length_of(const xmlChar *text) { return text == NULL ? 0 : (uint64_t)strlen((const char *)text); }

// The qualified name as written (`prefix:local`) and the namespace URI, as XMLName has them.
static uint64_t name_bytes(const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    uint64_t qualified = length_of(local_name) + (prefix == NULL ? 0 : length_of(prefix) + 1);
    return qualified + length_of(uri);
}

static void on_start_element_digest(void *ctx, const xmlChar *local_name, const xmlChar *prefix,
                                    const xmlChar *uri, int namespace_count, const xmlChar **namespaces,
                                    int attribute_count, int defaulted_count, const xmlChar **attributes) {
    on_start_element(ctx, local_name, prefix, uri, namespace_count, namespaces, attribute_count, defaulted_count,
                     attributes);
    floor_state *state = state_of(ctx);
    state->counts.local_name_bytes += length_of(local_name);
    uint64_t bytes = name_bytes(local_name, prefix, uri);
    // Five pointers per attribute: local name, prefix, URI, value start, value end.
    for (int index = 0; index < attribute_count; index++) {
        const xmlChar **attribute = attributes + 5 * index;
        bytes += name_bytes(attribute[0], attribute[1], attribute[2]) + (uint64_t)(attribute[4] - attribute[3]);
    }
    // Two per declaration: prefix (NULL for the default namespace) and URI.
    for (int index = 0; index < namespace_count; index++) {
        bytes += length_of(namespaces[2 * index]) + length_of(namespaces[2 * index + 1]);
    }
    state->counts.materialized_bytes += bytes;
}

static void on_end_element_digest(void *ctx, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    state_of(ctx)->counts.materialized_bytes += name_bytes(local_name, prefix, uri);
}

static void on_text_digest(void *ctx, const xmlChar *bytes, int length) {
    floor_state *state = state_of(ctx);
    // The offset of this piece in the document's text, before it is counted.
    uint64_t offset = state->counts.text_bytes;
    on_text(ctx, bytes, length);
    uint64_t stride = CLIBXML2FLOOR_TEXT_SAMPLE_STRIDE;
    for (uint64_t index = (stride - offset % stride) % stride; index < (uint64_t)length; index += stride) {
        state->counts.text_sample_hash = state->counts.text_sample_hash * 31 + bytes[index];
    }
    state->counts.materialized_bytes += (uint64_t)length;
}

static void on_comment_digest(void *ctx, const xmlChar *text) {
    state_of(ctx)->counts.materialized_bytes += length_of(text);
}

static void on_processing_instruction_digest(void *ctx, const xmlChar *target, const xmlChar *data) {
    state_of(ctx)->counts.materialized_bytes += length_of(target) + length_of(data);
}

// Errors surface through the context's well-formedness flag; printing them would cost time.
static void on_error(void *ctx, xmlErrorPtr error) { (void)ctx, (void)error; }

static clibxml2floor_status parse_descriptor(int fd, size_t read_size, size_t step_size, clibxml2floor_work work,
                                             floor_state *state) {
    int digests = work == CLIBXML2FLOOR_DIGESTS;
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    xmlSAXVersion(&handler, 2);
    handler.startElementNs = digests ? on_start_element_digest : on_start_element;
    handler.endElementNs = digests ? on_end_element_digest : on_end_element;
    // The same function for characters and ignorable whitespace tells libxml2 not to look for
    // ignorable blanks at all, as XMLEvents' handler does.
    handler.characters = digests ? on_text_digest : on_text;
    handler.ignorableWhitespace = handler.characters;
    handler.cdataBlock = handler.characters;
    handler.comment = digests ? on_comment_digest : on_comment;
    handler.processingInstruction = digests ? on_processing_instruction_digest : on_processing_instruction;
    handler.reference = NULL;
    handler.endDocument = NULL;
    // XMLEvents reads no external subset unless the user supplies a resolver.
    handler.externalSubset = NULL;
    handler.warning = NULL;
    handler.error = NULL;
    handler.fatalError = NULL;
    handler.serror = on_error;

    char *buffer = malloc(read_size);
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
        ssize_t received = read(fd, buffer, read_size);
        if (received < 0 && errno == EINTR) continue;
        if (received < 0) {
            status = CLIBXML2FLOOR_READ_FAILED;
            break;
        }
        // A read of no bytes ends the document: the last call, with no bytes, tells libxml2 so.
        size_t offset = 0;
        do {
            size_t step = (size_t)received - offset < step_size ? (size_t)received - offset : step_size;
            int failed = xmlParseChunk(context, buffer + offset, (int)step, received == 0);
            if (failed != 0 || context->wellFormed == 0) {
                status = CLIBXML2FLOOR_NOT_WELL_FORMED;
                break;
            }
            offset += step;
        } while (offset < (size_t)received);
        if (status != CLIBXML2FLOOR_OK || received == 0) break;
    }

    // The default start-document handler made a document to hold the DTD; the context does not
    // free it.
    if (context->myDoc != NULL) xmlFreeDoc(context->myDoc);
    context->myDoc = NULL;
    xmlFreeParserCtxt(context);
    free(buffer);
    return status;
}

clibxml2floor_status clibxml2floor_parse_file(const char *path, size_t read_size, size_t step_size,
                                              const char *item_name, clibxml2floor_work work,
                                              clibxml2floor_counts *counts) {
    // Idempotent; done here so the floor pays for it outside the SAX loop, as XMLEvents does.
    xmlInitParser();
    floor_state state;
    memset(&state, 0, sizeof state);
    state.item_name = item_name;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return CLIBXML2FLOOR_OPEN_FAILED;
    size_t reads = read_size == 0 ? 65536 : read_size;
    size_t steps = step_size == 0 || step_size > reads ? reads : step_size;
    clibxml2floor_status status = parse_descriptor(fd, reads, steps, work, &state);
    close(fd);
    *counts = state.counts;
    return status;
}

const char *clibxml2floor_libxml_version(void) { return LIBXML_DOTTED_VERSION; }
