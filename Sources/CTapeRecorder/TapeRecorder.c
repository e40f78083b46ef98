// The C half of the tape recorder (see CTapeRecorder.h). It does what the Swift recorder did for
// the three callbacks that run millions of times per document, and nothing else: any decision
// that is rare or needs a string goes to a hook.
#include "CTapeRecorder.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/SAX2.h>
#include <libxml/hash.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

void *xmlevents_column_allocate(size_t bytes) {
    void *base = malloc(bytes > 0 ? bytes : 1);
    if (base == NULL) abort();
    return base;
}

void *xmlevents_column_reallocate(void *base, size_t bytes) {
    void *grown = realloc(base, bytes > 0 ? bytes : 1);
    if (grown == NULL) abort();
    return grown;
}

void xmlevents_column_free(void *base) { free(base); }

static void column_grow(xmlevents_column *column, intptr_t needed, size_t row_size) {
    intptr_t capacity = column->capacity > INTPTR_MAX / 2 ? INTPTR_MAX : column->capacity * 2;
    if (capacity < needed) capacity = needed;
    // Past this the byte count would not fit in a size_t; no document's tape comes close.
    if ((size_t)capacity > SIZE_MAX / row_size) abort();
    column->base = xmlevents_column_reallocate(column->base, (size_t)capacity * row_size);
    column->capacity = capacity;
}

/// Room for one more row; returns it.
static inline void *column_push(xmlevents_column *column, size_t row_size) {
    if (column->count == column->capacity) column_grow(column, column->count + 1, row_size);
    void *row = (char *)column->base + (size_t)column->count * row_size;
    column->count += 1;
    return row;
}

static inline void column_append_bytes(xmlevents_column *column, const unsigned char *bytes, intptr_t count) {
    if (count <= 0) return;
    if (column->count + count > column->capacity) column_grow(column, column->count + count, 1);
    memcpy((char *)column->base + column->count, bytes, (size_t)count);
    column->count += count;
}

/// Appends a NUL-terminated string's bytes; returns how many.
static inline intptr_t column_append_string(xmlevents_column *column, const unsigned char *string) {
    intptr_t count = (intptr_t)strlen((const char *)string);
    column_append_bytes(column, string, count);
    return count;
}

static inline void append_entry(xmlevents_recorder *recorder, uint8_t kind, uintptr_t name, intptr_t start,
                                intptr_t count, uint32_t extra) {
    xmlevents_entry *entry = column_push(&recorder->columns->entries, sizeof(xmlevents_entry));
    entry->name = name;
    entry->start = start;
    entry->count = count;
    entry->extra = extra;
    entry->kind = kind;
}

/// The row of an entry in `event_locations`, which holds one per entry when every event is located.
static inline void push_event_location(xmlevents_recorder *recorder, const xmlevents_location *location) {
    *(xmlevents_location *)column_push(&recorder->columns->event_locations, sizeof *location) = *location;
}

static void locate(xmlevents_recorder *recorder, xmlevents_location *location) {
    if (recorder->main_context != NULL) {
        xmlevents_document_position(recorder->main_context, location);
    } else {
        location->line = 0;
        location->column = 0;
        location->byte_offset = 0;
    }
}

void xmlevents_recorder_locate_entry(xmlevents_recorder *recorder) {
    xmlevents_location location;
    locate(recorder, &location);
    push_event_location(recorder, &location);
}

void xmlevents_recorder_locate_run(xmlevents_recorder *recorder) { locate(recorder, &recorder->pending_location); }

static bool is_whitespace(const unsigned char *bytes, intptr_t count) {
    for (intptr_t index = 0; index < count; index++) {
        unsigned char byte = bytes[index];
        if (byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D) return false;
    }
    return true;
}

void xmlevents_recorder_flush(xmlevents_recorder *recorder) {
    xmlevents_column *bytes = &recorder->columns->bytes;
    intptr_t start = recorder->pending_start;
    intptr_t count = bytes->count - start;
    switch (recorder->pending_kind) {
    case XMLEVENTS_PENDING_TEXT:
        if (count > 0 && !(recorder->drops_whitespace_only_text &&
                           is_whitespace((const unsigned char *)bytes->base + start, count))) {
            append_entry(recorder, XMLEVENTS_ENTRY_TEXT, 0, start, count, 0);
            if (recorder->locates_every_event) push_event_location(recorder, &recorder->pending_location);
        } else {
            bytes->count = start;
        }
        break;
    case XMLEVENTS_PENDING_CDATA:
        append_entry(recorder, XMLEVENTS_ENTRY_CDATA, 0, start, count, 0);
        if (recorder->locates_every_event) push_event_location(recorder, &recorder->pending_location);
        recorder->cdata_continuation_offset = -1;
        break;
    default:
        return;
    }
    recorder->pending_kind = XMLEVENTS_PENDING_NONE;
}

static inline void flush_pending(xmlevents_recorder *recorder) {
    if (recorder->pending_kind != XMLEVENTS_PENDING_NONE) xmlevents_recorder_flush(recorder);
}

/// Fails the run being gathered, and drops its bytes, once it is longer than the node limit.
static void check_run_length(xmlevents_recorder *recorder) {
    if (recorder->pending_kind == XMLEVENTS_PENDING_NONE ||
        recorder->columns->bytes.count - recorder->pending_start <= recorder->max_node_length)
        return;
    xmlevents_violation violation = recorder->pending_kind == XMLEVENTS_PENDING_CDATA
                                        ? XMLEVENTS_VIOLATION_CDATA_LENGTH
                                        : XMLEVENTS_VIOLATION_TEXT_LENGTH;
    // Its bytes will never be delivered.
    recorder->columns->bytes.count = recorder->pending_start;
    recorder->pending_kind = XMLEVENTS_PENDING_NONE;
    recorder->report_violation(recorder->session, violation, recorder->max_node_length);
}

xmlevents_recorder *xmlevents_recorder_create(void) {
    xmlevents_recorder *recorder = calloc(1, sizeof(xmlevents_recorder));
    if (recorder == NULL) abort();
    recorder->cdata_continuation_offset = -1;
    recorder->open_names.capacity = 64;
    recorder->open_names.base = xmlevents_column_allocate(64 * sizeof(uintptr_t));
    return recorder;
}

void xmlevents_recorder_free(xmlevents_recorder *recorder) {
    if (recorder == NULL) return;
    free(recorder->open_names.base);
    free(recorder);
}

/// The recorder behind a callback's (sub-)context, unless parsing already failed.
static inline xmlevents_recorder *recorder_of(void *ctx) {
    if (ctx == NULL) return NULL;
    xmlevents_recorder *recorder = ((xmlParserCtxtPtr)ctx)->_private;
    return recorder != NULL && !recorder->failed ? recorder : NULL;
}

/// The document's own input: the first on the stack while a parameter entity is being read.
static xmlParserInputPtr document_input(xmlParserCtxtPtr context) {
    return context->inputNr > 1 ? (context->inputTab ? context->inputTab[0] : NULL) : context->input;
}

intptr_t xmlevents_document_decoded_offset(void *parser_context) {
    xmlParserInputPtr input = document_input(parser_context);
    if (input == NULL) return 0;
    intptr_t offset = (intptr_t)input->consumed;
    if (input->cur != NULL && input->base != NULL) offset += input->cur - input->base;
    return offset;
}

/// The document's byte offset at the parser's cursor, in a document libxml2 converts into UTF-8.
/// libxml2's `xmlByteConsumed` converts every byte it holds unparsed back into the document's
/// encoding to count them, which made each located event cost as much as the rest of its step
/// (a document in ISO-8859-1 parsed ten times slower than in UTF-8); this converts back only the
/// bytes between the position asked for last and this one, while libxml2 still holds them.
static long converted_byte_offset(xmlParserCtxtPtr context, xmlParserInputPtr input) {
    xmlevents_recorder *recorder = context->_private;
    intptr_t decoded = xmlevents_document_decoded_offset(context);
    if (recorder != NULL && recorder->raw_mark_is_set && recorder->raw_mark_decoded <= decoded &&
        recorder->raw_mark_decoded >= (intptr_t)input->consumed && input->cur != NULL && input->base != NULL) {
        // `xmlByteConsumed` counts back from the end of what the input holds: it is shown the
        // bytes from the mark to the cursor as all that is held, and gives the offset at the mark
        // as seen from the converted end, so the bytes in between are what it took off.
        const xmlChar *cursor = input->cur, *end = input->end;
        input->cur = input->base + (recorder->raw_mark_decoded - (intptr_t)input->consumed);
        input->end = cursor;
        long before_them = xmlByteConsumed(context);
        input->cur = cursor;
        input->end = end;
        if (before_them >= 0) {
            long offset = recorder->raw_mark_offset + ((long)input->buf->rawconsumed - before_them);
            recorder->raw_mark_decoded = decoded;
            recorder->raw_mark_offset = offset;
            return offset;
        }
    }
    long offset = xmlByteConsumed(context);
    if (recorder != NULL && offset >= 0) {
        recorder->raw_mark_is_set = true;
        recorder->raw_mark_decoded = decoded;
        recorder->raw_mark_offset = offset;
    }
    return offset;
}

void xmlevents_document_position(void *parser_context, xmlevents_location *location) {
    xmlParserCtxtPtr context = parser_context;
    xmlParserInputPtr input = document_input(context);
    if (input == NULL) {
        location->line = 0;
        location->column = 0;
        location->byte_offset = 0;
        return;
    }
    location->line = input->line;
    location->column = input->col;
    location->byte_offset = xmlevents_document_decoded_offset(context);
    // With an encoder, libxml2 converts the position back into the document's encoding.
    if (context->inputNr == 1 && input->buf != NULL && input->buf->encoder != NULL) {
        long consumed = converted_byte_offset(context, input);
        if (consumed >= 0) location->byte_offset = consumed;
    }
}

/// `allowance + ratio * bytes`, saturating rather than wrapping (a ratio of `INTPTR_MAX` means
/// no bound).
static intptr_t amplification_bound(intptr_t allowance, intptr_t ratio, intptr_t bytes) {
    intptr_t product, sum;
    if (bytes < 0) bytes = 0;
    if (__builtin_mul_overflow(ratio, bytes, &product) || __builtin_add_overflow(allowance, product, &sum)) {
        return INTPTR_MAX;
    }
    return sum;
}

static intptr_t saturating_add(intptr_t lhs, intptr_t rhs) {
    intptr_t sum;
    return __builtin_add_overflow(lhs, rhs, &sum) ? INTPTR_MAX : sum;
}

xmlevents_amplification xmlevents_recorder_charge_amplification(xmlevents_recorder *recorder, intptr_t count,
                                                                intptr_t *allowed) {
    intptr_t parsed = recorder->main_context ? xmlevents_document_decoded_offset(recorder->main_context) : 0;
    intptr_t document_bound =
        amplification_bound(recorder->amplification_allowance, recorder->amplification_ratio, parsed);
    if (saturating_add(recorder->amplified_bytes, count) > document_bound) {
        *allowed = document_bound;
        return XMLEVENTS_AMPLIFICATION_DOCUMENT;
    }
    // A step's first charge is bounded by the document's bound alone: one entity or one element's
    // defaults, which the document declared, may be larger than a step's allowance.
    intptr_t step_bound = amplification_bound(recorder->amplification_allowance, recorder->amplification_ratio,
                                              parsed - recorder->step_start_offset);
    if (recorder->step_amplified_bytes > 0 && saturating_add(recorder->step_amplified_bytes, count) > step_bound) {
        *allowed = step_bound;
        return XMLEVENTS_AMPLIFICATION_STEP;
    }
    recorder->amplified_bytes = saturating_add(recorder->amplified_bytes, count);
    recorder->step_amplified_bytes = saturating_add(recorder->step_amplified_bytes, count);
    return XMLEVENTS_AMPLIFICATION_WITHIN;
}

void xmlevents_recorder_begin_step(xmlevents_recorder *recorder) {
    recorder->step_amplified_bytes = 0;
    recorder->step_start_offset =
        recorder->main_context ? xmlevents_document_decoded_offset(recorder->main_context) : 0;
}

/// What an element's defaults add to the tape: each attribute the DTD defaulted (the last
/// `defaulted` of them, as libxml2 passes them) with its row; and, when the DTD gives the element
/// any default, each of its namespace declarations with its row, since libxml2 does not say which
/// of them it defaulted (a declaration written in the tag is charged too: it is in the document,
/// once).
static intptr_t defaulted_bytes(xmlParserCtxtPtr context, const xmlChar *local_name, const xmlChar *prefix,
                                int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                                const xmlChar **attributes) {
    intptr_t bytes = 0;
    if (defaulted > 0 && defaulted <= attribute_count && attributes != NULL) {
        for (int index = attribute_count - defaulted; index < attribute_count; index++) {
            const xmlChar **attribute = attributes + 5 * index;
            intptr_t value = attribute[3] != NULL && attribute[4] != NULL ? attribute[4] - attribute[3] : 0;
            bytes = saturating_add(bytes, (intptr_t)sizeof(xmlevents_attribute) + value);
        }
    }
    if (namespace_count > 0 && namespaces != NULL && context->attsDefault != NULL &&
        xmlHashLookup2(context->attsDefault, local_name, prefix) != NULL) {
        for (int index = 0; index < namespace_count; index++) {
            const xmlChar *namespace_prefix = namespaces[2 * index];
            const xmlChar *namespace_uri = namespaces[2 * index + 1];
            intptr_t strings = (namespace_prefix ? (intptr_t)strlen((const char *)namespace_prefix) : 0) +
                               (namespace_uri ? (intptr_t)strlen((const char *)namespace_uri) : 0);
            bytes = saturating_add(bytes, (intptr_t)sizeof(xmlevents_namespace) + strings);
        }
    }
    return bytes;
}

static inline size_t name_slot(uintptr_t local_name, uintptr_t prefix, uintptr_t namespace_uri) {
    // Fibonacci hashing of the mixed addresses: dictionary strings sit close together in a few
    // pools, and the product's top bits spread them.
    uint64_t mixed = ((uint64_t)local_name ^ ((uint64_t)prefix << 17) ^ ((uint64_t)namespace_uri << 31)) *
                     UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(mixed >> 56);
}

/// The tape name for libxml2's strings, or 0 when a limit was broken (the parse has failed).
static inline uintptr_t intern(xmlevents_recorder *recorder, const xmlChar *local_name, const xmlChar *prefix,
                               const xmlChar *namespace_uri) {
    uintptr_t local = (uintptr_t)local_name, pre = (uintptr_t)prefix, uri = (uintptr_t)namespace_uri;
    xmlevents_name_slot *slot = &recorder->names[name_slot(local, pre, uri)];
    if (slot->local_name == local && slot->prefix == pre && slot->namespace_uri == uri && slot->name != 0) {
        return slot->name;
    }
    bool cacheable = false;
    uintptr_t name = recorder->resolve_name(recorder->session, local_name, prefix, namespace_uri, &cacheable);
    // Owned names are never cached here: each use must reach the Swift recorder, which keeps
    // them alive.
    if (name != 0 && cacheable && (name & 1) == 0) {
        slot->local_name = local;
        slot->prefix = pre;
        slot->namespace_uri = uri;
        slot->name = name;
    }
    return name;
}

/// What lies between a start tag's `<` and where libxml2 reports it.
typedef struct {
    /// The `<`, or NULL when the buffer does not hold it.
    const xmlChar *_Nullable open;
    intptr_t line_feeds;
    /// Bytes that continue a UTF-8 sequence: the tag's characters are its bytes less these.
    intptr_t continuation_bytes;
    /// Whether any byte is not ASCII.
    bool has_non_ascii;
} tag_span;

#define BYTES_01 UINT64_C(0x0101010101010101)
#define BYTES_7F UINT64_C(0x7F7F7F7F7F7F7F7F)
#define BYTES_80 UINT64_C(0x8080808080808080)

/// The high bit of each byte of `word` that equals `byte`, and no other bit.
static inline uint64_t bytes_equal(uint64_t word, uint8_t byte) {
    uint64_t x = word ^ (BYTES_01 * byte);
    return ~(((x & BYTES_7F) + BYTES_7F) | x | BYTES_7F);
}

/// Walks back from `cursor` to the last `<` at or after `base`, counting as it goes. Eight bytes
/// at a time where it can (a start tag is read on every start element when tag starts are
/// located): the bytes that are `<` or a line feed, and the continuation bytes (`10xxxxxx`), are
/// found with word arithmetic, each as the high bit of its byte.
static tag_span scan_tag(const xmlChar *base, const xmlChar *cursor) {
    tag_span span = {NULL, 0, 0, false};
    const xmlChar *end = cursor;
    uint64_t non_ascii = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (end - base >= 8) {
        uint64_t word;
        memcpy(&word, end - 8, 8);
        uint64_t keep = ~UINT64_C(0);
        uint64_t opens = bytes_equal(word, '<');
        if (opens != 0) {
            // The last `<` of the word: the bytes after it belong to the tag.
            int index = (63 - __builtin_clzll(opens)) >> 3;
            keep = index == 7 ? 0 : ~UINT64_C(0) << (8 * (index + 1));
            span.open = end - 8 + index;
        }
        span.line_feeds += __builtin_popcountll(bytes_equal(word, '\n') & keep);
        span.continuation_bytes += __builtin_popcountll(word & ~(word << 1) & BYTES_80 & keep);
        non_ascii |= word & BYTES_80 & keep;
        if (span.open != NULL) {
            span.has_non_ascii = non_ascii != 0;
            return span;
        }
        end -= 8;
    }
#endif
    while (end > base) {
        xmlChar byte = *--end;
        if (byte == '<') {
            span.open = end;
            break;
        }
        span.line_feeds += byte == '\n';
        span.continuation_bytes += (byte & 0xC0) == 0x80;
        non_ascii |= byte & 0x80;
    }
    span.has_non_ascii = non_ascii != 0;
    return span;
}

/// How far before a tag's `<` the start of its line is looked for. libxml2 keeps at least 80
/// bytes before the place it parses from when it drops what it has read (`LINE_LEN`), so these
/// are in its buffer whatever the chunks were and whichever parser (the document's, or a chunk
/// of records' inside its frame) reads the tag.
#define TAG_LINE_LOOKBACK 79

/// Moves `location`, where libxml2 reports a start tag (at its closing `>`, or the `/>` of an
/// empty-element tag), back to the tag's `<`: the last `<` before it in libxml2's input buffer,
/// which holds the whole tag while libxml2 reports it (it reads a start tag whole, and a `<`
/// cannot stand unescaped in an attribute value). Lines and columns are counted as libxml2
/// counts them: a line feed starts a line, and a column is a character (a byte that does not
/// continue a UTF-8 sequence). Byte offsets count the document's own bytes: for an input libxml2
/// converts to UTF-8, the tag's bytes are the buffer's only when they are ASCII and the document's
/// encoding writes ASCII in single bytes.
///
/// A tag that spans lines needs the column of its `<` from the start of that line: it is counted
/// when the tag is the first markup on its line, and the line starts (a line feed, or the
/// document) at most `TAG_LINE_LOOKBACK` bytes before the `<`. Those bytes are the same in every
/// parser of the document, which a longer look back, into bytes libxml2 may or may not have
/// dropped, and past a `>` (a chunk of records starts after one, where its parser's frame puts
/// the root start tag's), would not be.
///
/// `location` stays as it is for a tag libxml2 reads from an entity's text, for a converted tag
/// whose own bytes cannot be told, and for a tag that spans lines whose line start is not
/// counted.
static void locate_tag_start(xmlevents_recorder *recorder, xmlParserCtxtPtr context, xmlevents_location *location) {
    if (context->inputNr != 1 || context->input == NULL) return;
    xmlParserInputPtr input = context->input;
    bool converted = input->buf != NULL && input->buf->encoder != NULL;
    if (converted && !recorder->ascii_in_single_bytes) return;
    const xmlChar *base = input->base, *cursor = input->cur;
    if (base == NULL || cursor == NULL || cursor <= base) return;
    tag_span span = scan_tag(base, cursor);
    if (span.open == NULL || (converted && span.has_non_ascii)) return;
    const xmlChar *open = span.open;
    intptr_t column = location->column - ((cursor - open) - span.continuation_bytes);
    if (span.line_feeds > 0) {
        const xmlChar *limit = open - base > TAG_LINE_LOOKBACK ? open - TAG_LINE_LOOKBACK : base;
        const xmlChar *line_start = open;
        while (line_start > limit && line_start[-1] != '\n' && line_start[-1] != '>') line_start--;
        if (line_start > limit ? line_start[-1] == '>' : !(limit == base && input->consumed == 0)) return;
        column = 1;
        for (const xmlChar *byte = line_start; byte < open; byte++) column += (*byte & 0xC0) != 0x80;
    }
    location->line -= span.line_feeds;
    location->column = column;
    location->byte_offset -= cursor - open;
}

static void start_element(void *ctx, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri,
                          int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                          const xmlChar **attributes) {
    xmlevents_recorder *recorder = recorder_of(ctx);
    if (recorder == NULL || local_name == NULL) return;
    xmlevents_location location;
    xmlevents_document_position(recorder->main_context, &location);
    xmlevents_location tag_start = location;
    if (recorder->locates_tag_starts && ctx == recorder->main_context) locate_tag_start(recorder, ctx, &tag_start);
    flush_pending(recorder);
    recorder->depth += 1;
    recorder->has_started_root = true;
    if (recorder->depth > recorder->max_depth) {
        recorder->report_violation(recorder->session, XMLEVENTS_VIOLATION_DEPTH, recorder->max_depth);
        return;
    }
    if ((intptr_t)attribute_count + namespace_count > recorder->max_attributes_per_element) {
        recorder->report_violation(recorder->session, XMLEVENTS_VIOLATION_ATTRIBUTE_COUNT,
                                   (intptr_t)attribute_count + namespace_count);
        return;
    }
    // Nothing is copied of defaults the allowance does not cover.
    intptr_t defaults = defaulted_bytes(ctx, local_name, prefix, namespace_count, namespaces, attribute_count,
                                        defaulted, attributes);
    if (defaults > 0) {
        intptr_t allowed = 0;
        switch (xmlevents_recorder_charge_amplification(recorder, defaults, &allowed)) {
        case XMLEVENTS_AMPLIFICATION_WITHIN:
            break;
        case XMLEVENTS_AMPLIFICATION_DOCUMENT:
            recorder->report_violation(recorder->session, XMLEVENTS_VIOLATION_ATTRIBUTE_DEFAULTS, allowed);
            return;
        case XMLEVENTS_AMPLIFICATION_STEP:
            recorder->report_violation(recorder->session, XMLEVENTS_VIOLATION_ATTRIBUTE_DEFAULTS_IN_STEP, allowed);
            return;
        }
    }
    uintptr_t name = intern(recorder, local_name, prefix, uri);
    if (name == 0) return;

    xmlevents_columns *columns = recorder->columns;
    intptr_t first_namespace = columns->namespaces.count;
    intptr_t first_attribute = columns->attributes.count;
    if (namespace_count > 0 && namespaces != NULL) {
        for (int index = 0; index < namespace_count; index++) {
            const xmlChar *namespace_prefix = namespaces[2 * index];
            const xmlChar *namespace_uri = namespaces[2 * index + 1];
            xmlevents_namespace row;
            row.prefix_start = columns->bytes.count;
            row.prefix_count = namespace_prefix ? column_append_string(&columns->bytes, namespace_prefix) : -1;
            row.uri_start = columns->bytes.count;
            row.uri_count = namespace_uri ? column_append_string(&columns->bytes, namespace_uri) : 0;
            *(xmlevents_namespace *)column_push(&columns->namespaces, sizeof row) = row;
        }
    }
    if (attribute_count > 0 && attributes != NULL) {
        for (int index = 0; index < attribute_count; index++) {
            const xmlChar **attribute = attributes + 5 * index;
            uintptr_t attribute_name = attribute[0] ? intern(recorder, attribute[0], attribute[1], attribute[2]) : 0;
            xmlevents_attribute row;
            row.name = attribute_name;
            row.value_start = columns->bytes.count;
            row.value_count = 0;
            if (attribute_name != 0 && attribute[3] != NULL && attribute[4] != NULL) {
                row.value_count = attribute[4] - attribute[3];
                if (row.value_count > recorder->max_node_length) {
                    recorder->report_violation(recorder->session, XMLEVENTS_VIOLATION_ATTRIBUTE_VALUE_LENGTH,
                                               row.value_count);
                    attribute_name = 0;
                } else {
                    column_append_bytes(&columns->bytes, attribute[3], row.value_count);
                }
            }
            if (attribute_name == 0) {
                // Take back what this start tag recorded, so that entries and tables stay in step.
                columns->attributes.count = first_attribute;
                columns->namespaces.count = first_namespace;
                return;
            }
            *(xmlevents_attribute *)column_push(&columns->attributes, sizeof row) = row;
        }
    }
    *(xmlevents_location *)column_push(&columns->locations, sizeof location) = location;
    if (recorder->locates_tag_starts) {
        *(xmlevents_location *)column_push(&columns->tag_starts, sizeof tag_start) = tag_start;
    }
    append_entry(recorder, XMLEVENTS_ENTRY_START_ELEMENT, name, 0, attribute_count,
                 (uint32_t)(columns->namespaces.count - first_namespace));
    if (recorder->locates_every_event) push_event_location(recorder, &location);
    *(uintptr_t *)column_push(&recorder->open_names, sizeof(uintptr_t)) = name;
    if (name & 1) recorder->owned_name_opened(recorder->session, name);
}

static void end_element(void *ctx, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    xmlevents_recorder *recorder = recorder_of(ctx);
    if (recorder == NULL || local_name == NULL) return;
    flush_pending(recorder);
    // libxml2 reports an end tag with its start tag's names, and only once they matched.
    if (recorder->open_names.count == 0) {
        uintptr_t name = intern(recorder, local_name, prefix, uri);
        if (name == 0) return;
        append_entry(recorder, XMLEVENTS_ENTRY_END_ELEMENT, name, 0, 0, 0);
        if (recorder->locates_every_event) xmlevents_recorder_locate_entry(recorder);
        return;
    }
    recorder->open_names.count -= 1;
    uintptr_t name = ((uintptr_t *)recorder->open_names.base)[recorder->open_names.count];
    if (name & 1) recorder->owned_name_closed(recorder->session);
    recorder->depth -= 1;
    if (recorder->depth == 0) recorder->has_ended_root = true;
    append_entry(recorder, XMLEVENTS_ENTRY_END_ELEMENT, name, 0, 0, 0);
    if (recorder->locates_every_event) xmlevents_recorder_locate_entry(recorder);
}

/// Notes where a text run starts: just after its first piece, `bytes`. libxml2 reports the text
/// it reads in one go (up to the next markup or reference) before it moves past it, with the
/// line and column already counted to its end; the byte offset is taken there too, by moving
/// past the piece for the query (its encoder, if any, converts the offset back).
static void locate_text_run(xmlevents_recorder *recorder, const xmlChar *bytes, int length) {
    xmlParserInputPtr input = recorder->main_context ? document_input(recorder->main_context) : NULL;
    if (input == NULL || input->cur != bytes || input->end == NULL || input->end - bytes < length) {
        xmlevents_recorder_locate_run(recorder);
        return;
    }
    input->cur = bytes + length;
    xmlevents_recorder_locate_run(recorder);
    input->cur = bytes;
}

static void characters(void *ctx, const xmlChar *bytes, int length) {
    xmlevents_recorder *recorder = recorder_of(ctx);
    if (recorder == NULL || bytes == NULL || length <= 0) return;
    if (recorder->pending_kind == XMLEVENTS_PENDING_CDATA) xmlevents_recorder_flush(recorder);
    if (recorder->pending_kind == XMLEVENTS_PENDING_NONE) {
        recorder->pending_kind = XMLEVENTS_PENDING_TEXT;
        recorder->pending_start = recorder->columns->bytes.count;
        if (recorder->locates_every_event) locate_text_run(recorder, bytes, length);
    }
    column_append_bytes(&recorder->columns->bytes, bytes, length);
    if (recorder->columns->bytes.count - recorder->pending_start > recorder->max_node_length) {
        check_run_length(recorder);
    }
}

void xmlevents_recorder_install_callbacks(void *sax_handler) {
    xmlSAXHandler *handler = sax_handler;
    handler->startElementNs = start_element;
    handler->endElementNs = end_element;
    handler->characters = characters;
    handler->ignorableWhitespace = characters;
}
