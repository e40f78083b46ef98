// libxml2's SAX2 push parser with counting callbacks: the least work any libxml2-based streaming
// parser can do for a document, so the benchmarks measure XMLEvents against it.
//
// The work is kept equal to XMLEvents' own: the same parse options, the same default SAX2
// handlers for the prolog (they build the DTD that entity expansion and attribute defaults need),
// and the parser context (not a user pointer) as every callback's context, so entity
// sub-contexts behave the same.
#include "CLibXML2Floor.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>

/// One element name of the summary's table: libxml2's interned local name and prefix.
typedef struct {
    const xmlChar *local_name;
    const xmlChar *prefix;
    uint64_t count;
} name_count;

typedef struct {
    clibxml2floor_counts counts;
    const char *item_name;
    xmlParserCtxtPtr main_context;
    // The summary's work: depth, whether the last event was text (a run goes on), the names.
    uint64_t depth;
    int in_text;
    name_count *names;
    size_t name_capacity;
    /// The parser's dictionary, kept past the parse by the summary: the names' strings are its.
    xmlDictPtr dict;
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

// The visitor contender's work, which the digests build on: the scan's counts, the local names'
// bytes, the text sample hash.

static void on_start_element_visitor(void *ctx, const xmlChar *local_name, const xmlChar *prefix,
                                     const xmlChar *uri, int namespace_count, const xmlChar **namespaces,
                                     int attribute_count, int defaulted_count, const xmlChar **attributes) {
    on_start_element(ctx, local_name, prefix, uri, namespace_count, namespaces, attribute_count, defaulted_count,
                     attributes);
    state_of(ctx)->counts.local_name_bytes += length_of(local_name);
}

static void on_text_visitor(void *ctx, const xmlChar *bytes, int length) {
    floor_state *state = state_of(ctx);
    // The offset of this piece in the document's text, before it is counted.
    uint64_t offset = state->counts.text_bytes;
    on_text(ctx, bytes, length);
    uint64_t stride = CLIBXML2FLOOR_TEXT_SAMPLE_STRIDE;
    for (uint64_t index = (stride - offset % stride) % stride; index < (uint64_t)length; index += stride) {
        state->counts.text_sample_hash = state->counts.text_sample_hash * 31 + bytes[index];
    }
}

static void on_start_element_digest(void *ctx, const xmlChar *local_name, const xmlChar *prefix,
                                    const xmlChar *uri, int namespace_count, const xmlChar **namespaces,
                                    int attribute_count, int defaulted_count, const xmlChar **attributes) {
    on_start_element_visitor(ctx, local_name, prefix, uri, namespace_count, namespaces, attribute_count,
                             defaulted_count, attributes);
    floor_state *state = state_of(ctx);
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
    on_text_visitor(ctx, bytes, length);
    state_of(ctx)->counts.materialized_bytes += (uint64_t)length;
}

static void on_comment_digest(void *ctx, const xmlChar *text) {
    state_of(ctx)->counts.materialized_bytes += length_of(text);
}

static void on_processing_instruction_digest(void *ctx, const xmlChar *target, const xmlChar *data) {
    state_of(ctx)->counts.materialized_bytes += length_of(target) + length_of(data);
}

// The CLI summary's work: counts by kind, the deepest nesting, and a count per element name in an
// open-addressing table keyed by libxml2's interned strings (equal names are the same pointers).

static size_t name_slot(const xmlChar *local_name, const xmlChar *prefix, size_t capacity) {
    uint64_t mixed = ((uint64_t)(uintptr_t)local_name ^ ((uint64_t)(uintptr_t)prefix << 17)) *
                     UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(mixed >> 40) & (capacity - 1);
}

static void count_name(floor_state *state, const xmlChar *local_name, const xmlChar *prefix) {
    if (state->counts.distinct_names * 2 >= state->name_capacity) {
        size_t capacity = state->name_capacity == 0 ? 64 : state->name_capacity * 2;
        name_count *names = calloc(capacity, sizeof(name_count));
        if (names == NULL) abort();
        for (size_t index = 0; index < state->name_capacity; index++) {
            name_count old = state->names[index];
            if (old.local_name == NULL) continue;
            size_t slot = name_slot(old.local_name, old.prefix, capacity);
            while (names[slot].local_name != NULL) slot = (slot + 1) & (capacity - 1);
            names[slot] = old;
        }
        free(state->names);
        state->names = names;
        state->name_capacity = capacity;
    }
    size_t slot = name_slot(local_name, prefix, state->name_capacity);
    for (;;) {
        name_count *entry = &state->names[slot];
        if (entry->local_name == NULL) {
            entry->local_name = local_name;
            entry->prefix = prefix;
            entry->count = 1;
            state->counts.distinct_names += 1;
            return;
        }
        if (entry->local_name == local_name && entry->prefix == prefix) {
            entry->count += 1;
            return;
        }
        slot = (slot + 1) & (state->name_capacity - 1);
    }
}

static void on_start_element_summary(void *ctx, const xmlChar *local_name, const xmlChar *prefix,
                                     const xmlChar *uri, int namespace_count, const xmlChar **namespaces,
                                     int attribute_count, int defaulted_count, const xmlChar **attributes) {
    on_start_element(ctx, local_name, prefix, uri, namespace_count, namespaces, attribute_count, defaulted_count,
                     attributes);
    floor_state *state = state_of(ctx);
    state->in_text = 0;
    state->counts.namespace_declarations += (uint64_t)namespace_count;
    state->depth += 1;
    if (state->depth > state->counts.maximum_depth) state->counts.maximum_depth = state->depth;
    count_name(state, local_name, prefix);
}

static void on_end_element_summary(void *ctx, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    (void)local_name, (void)prefix, (void)uri;
    floor_state *state = state_of(ctx);
    state->in_text = 0;
    state->depth -= 1;
}

static void on_text_summary(void *ctx, const xmlChar *bytes, int length) {
    floor_state *state = state_of(ctx);
    on_text(ctx, bytes, length);
    if (!state->in_text) state->counts.text_runs += 1;
    state->in_text = 1;
}

static void on_cdata_summary(void *ctx, const xmlChar *bytes, int length) {
    floor_state *state = state_of(ctx);
    on_text(ctx, bytes, length);
    state->in_text = 0;
    state->counts.cdata_sections += 1;
}

static void on_comment_summary(void *ctx, const xmlChar *text) {
    (void)text;
    floor_state *state = state_of(ctx);
    state->in_text = 0;
    state->counts.comments += 1;
}

static void on_processing_instruction_summary(void *ctx, const xmlChar *target, const xmlChar *data) {
    (void)target, (void)data;
    floor_state *state = state_of(ctx);
    state->in_text = 0;
    state->counts.processing_instructions += 1;
}

// Errors surface through the context's well-formedness flag; printing them would cost time.
static void on_error(void *ctx, xmlErrorPtr error) { (void)ctx, (void)error; }

static clibxml2floor_status parse_descriptor(int fd, size_t read_size, size_t step_size, clibxml2floor_work work,
                                             floor_state *state) {
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    xmlSAXVersion(&handler, 2);
    handler.startElementNs = on_start_element;
    handler.endElementNs = on_end_element;
    handler.characters = on_text;
    handler.comment = on_comment;
    handler.processingInstruction = on_processing_instruction;
    switch (work) {
    case CLIBXML2FLOOR_COUNTS:
        break;
    case CLIBXML2FLOOR_DIGESTS:
        handler.startElementNs = on_start_element_digest;
        handler.endElementNs = on_end_element_digest;
        handler.characters = on_text_digest;
        handler.comment = on_comment_digest;
        handler.processingInstruction = on_processing_instruction_digest;
        break;
    case CLIBXML2FLOOR_VISITOR_WORK:
        handler.startElementNs = on_start_element_visitor;
        handler.characters = on_text_visitor;
        break;
    case CLIBXML2FLOOR_SUMMARY:
        handler.startElementNs = on_start_element_summary;
        handler.endElementNs = on_end_element_summary;
        handler.characters = on_text_summary;
        handler.comment = on_comment_summary;
        handler.processingInstruction = on_processing_instruction_summary;
        break;
    }
    // The same function for characters and ignorable whitespace tells libxml2 not to look for
    // ignorable blanks at all, as XMLEvents' handler does.
    handler.ignorableWhitespace = handler.characters;
    handler.cdataBlock = work == CLIBXML2FLOOR_SUMMARY ? on_cdata_summary : handler.characters;
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
    if (work == CLIBXML2FLOOR_SUMMARY && context->dict != NULL && xmlDictReference(context->dict) == 0) {
        state->dict = context->dict;
    }

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

static clibxml2floor_status parse_file(const char *path, size_t read_size, size_t step_size, clibxml2floor_work work,
                                       floor_state *state) {
    // Idempotent; done here so the floor pays for it outside the SAX loop, as XMLEvents does.
    xmlInitParser();
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return CLIBXML2FLOOR_OPEN_FAILED;
    size_t reads = read_size == 0 ? 65536 : read_size;
    size_t steps = step_size == 0 || step_size > reads ? reads : step_size;
    clibxml2floor_status status = parse_descriptor(fd, reads, steps, work, state);
    close(fd);
    return status;
}

clibxml2floor_status clibxml2floor_parse_file(const char *path, size_t read_size, size_t step_size,
                                              const char *item_name, clibxml2floor_work work,
                                              clibxml2floor_counts *counts) {
    floor_state state;
    memset(&state, 0, sizeof state);
    state.item_name = item_name;
    clibxml2floor_status status = parse_file(path, read_size, step_size, work, &state);
    free(state.names);
    if (state.dict != NULL) xmlDictFree(state.dict);
    *counts = state.counts;
    return status;
}

static int by_count_descending(const void *lhs, const void *rhs) {
    const name_count *left = lhs, *right = rhs;
    return left->count < right->count ? 1 : left->count > right->count ? -1 : 0;
}

clibxml2floor_status clibxml2floor_print_summary(const char *path, const char *item_name) {
    floor_state state;
    memset(&state, 0, sizeof state);
    state.item_name = item_name;
    // The names' strings belong to the parser's dictionary, which the parse kept a reference to.
    clibxml2floor_status status = parse_file(path, 65536, 65536, CLIBXML2FLOOR_SUMMARY, &state);
    if (status == CLIBXML2FLOOR_OK) {
        clibxml2floor_counts counts = state.counts;
        printf("elements %" PRIu64 "\nattributes %" PRIu64 "\nitems %" PRIu64 "\ntext_bytes %" PRIu64
               "\nentity_text_bytes %" PRIu64 "\nnamespace_declarations %" PRIu64 "\ntext_runs %" PRIu64
               "\ncdata_sections %" PRIu64 "\ncomments %" PRIu64 "\nprocessing_instructions %" PRIu64
               "\nmaximum_depth %" PRIu64 "\ndistinct_names %" PRIu64 "\n",
               counts.elements, counts.attributes, counts.items, counts.text_bytes, counts.entity_text_bytes,
               counts.namespace_declarations, counts.text_runs, counts.cdata_sections, counts.comments,
               counts.processing_instructions, counts.maximum_depth, counts.distinct_names);
        size_t used = 0;
        for (size_t index = 0; index < state.name_capacity; index++) {
            if (state.names[index].local_name != NULL) state.names[used++] = state.names[index];
        }
        qsort(state.names, used, sizeof(name_count), by_count_descending);
        for (size_t index = 0; index < used && index < 10; index++) {
            name_count name = state.names[index];
            if (name.prefix != NULL) {
                printf("element %s:%s %" PRIu64 "\n", name.prefix, name.local_name, name.count);
            } else {
                printf("element %s %" PRIu64 "\n", name.local_name, name.count);
            }
        }
    }
    free(state.names);
    if (state.dict != NULL) xmlDictFree(state.dict);
    return status;
}

const char *clibxml2floor_libxml_version(void) { return LIBXML_DOTTED_VERSION; }
