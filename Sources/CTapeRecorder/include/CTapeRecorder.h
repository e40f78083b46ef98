// The tape recorder's hot path in C: libxml2's start-tag, end-tag and character callbacks,
// writing straight into the event tape's columns. Everything rare (names seen for the first
// time, limits broken, CDATA, comments, the prolog) goes back to the Swift recorder, which owns
// the tape and shares this state with the C callbacks.
//
// The row types mirror the Swift types they are read as (`EventTape.Entry`, `.Attribute`,
// `.Namespace`, `.Location`, `TapeColumn`): the same fields of the same sizes in the same order.
// Swift lays out a struct's stored properties in declaration order, and the Swift side checks
// that every offset and stride matches before the first parser is made.
#ifndef CTAPERECORDER_H
#define CTAPERECORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// A growable array of fixed-size rows in `malloc` memory: `TapeColumn`'s layout.
typedef struct {
    void *_Nullable base;
    intptr_t count;
    intptr_t capacity;
} xmlevents_column;

/// The tape's columns, in `EventTape.Columns`' order.
typedef struct {
    xmlevents_column entries;
    xmlevents_column attributes;
    xmlevents_column namespaces;
    xmlevents_column locations;
    xmlevents_column bytes;
    xmlevents_column event_locations;
    xmlevents_column tag_starts;
} xmlevents_columns;

/// `EventTape.Entry`.
typedef struct {
    uintptr_t name;
    intptr_t start;
    intptr_t count;
    uint32_t extra;
    uint8_t kind;
} xmlevents_entry;

/// `EventTape.Attribute`.
typedef struct {
    uintptr_t name;
    intptr_t value_start;
    intptr_t value_count;
} xmlevents_attribute;

/// `EventTape.Namespace`.
typedef struct {
    intptr_t prefix_start;
    intptr_t prefix_count;
    intptr_t uri_start;
    intptr_t uri_count;
} xmlevents_namespace;

/// `EventTape.Location`.
typedef struct {
    intptr_t line;
    intptr_t column;
    intptr_t byte_offset;
} xmlevents_location;

/// `EventTape.Kind`'s raw values, for the kinds the C callbacks record.
enum {
    XMLEVENTS_ENTRY_START_ELEMENT = 2,
    XMLEVENTS_ENTRY_END_ELEMENT = 3,
    XMLEVENTS_ENTRY_TEXT = 4,
    XMLEVENTS_ENTRY_CDATA = 5,
};

/// The run of character data being gathered.
enum {
    XMLEVENTS_PENDING_NONE = 0,
    XMLEVENTS_PENDING_TEXT = 1,
    XMLEVENTS_PENDING_CDATA = 2,
};

/// The limits the C callbacks find broken; `value` in the report says by how much.
typedef enum {
    XMLEVENTS_VIOLATION_DEPTH = 1,
    XMLEVENTS_VIOLATION_ATTRIBUTE_COUNT = 2,
    XMLEVENTS_VIOLATION_ATTRIBUTE_VALUE_LENGTH = 3,
    XMLEVENTS_VIOLATION_TEXT_LENGTH = 4,
    XMLEVENTS_VIOLATION_CDATA_LENGTH = 5,
    /// Attribute defaults took the amplification allowance beyond the document's bound (`value`).
    XMLEVENTS_VIOLATION_ATTRIBUTE_DEFAULTS = 6,
    /// ... beyond the bound of the current step (`value`).
    XMLEVENTS_VIOLATION_ATTRIBUTE_DEFAULTS_IN_STEP = 7,
} xmlevents_violation;

/// Which bound of the amplification allowance a charge would break.
typedef enum {
    XMLEVENTS_AMPLIFICATION_WITHIN = 0,
    XMLEVENTS_AMPLIFICATION_DOCUMENT = 1,
    XMLEVENTS_AMPLIFICATION_STEP = 2,
} xmlevents_amplification;

/// A name the C cache has seen: libxml2's dictionary addresses, and the tape name they stand for.
typedef struct {
    uintptr_t local_name;
    uintptr_t prefix;
    uintptr_t namespace_uri;
    uintptr_t name;
} xmlevents_name_slot;

#define XMLEVENTS_NAME_SLOTS 256

/// What `ctxt->_private` points to: the state the C callbacks and the Swift recorder share.
typedef struct xmlevents_recorder {
    // What every callback reads comes first, in one cache line.

    /// Whether the document failed: a mirror of the Swift `ParseStatus`, the one record of it,
    /// which alone writes it. The callbacks then do nothing.
    bool failed;
    bool has_started_root;
    bool has_ended_root;
    bool drops_whitespace_only_text;
    /// Whether every entry gets a row in `event_locations`, not only start tags in `locations`.
    bool locates_every_event;
    /// Whether every start tag also gets a row in `tag_starts`: where its `<` is.
    bool locates_tag_starts;
    /// Whether the document's own encoding writes ASCII characters in single bytes, as its first
    /// bytes show (8-bit code units): then a converted tag of ASCII has as many bytes as libxml2's
    /// UTF-8 of it.
    bool ascii_in_single_bytes;
    uint8_t pending_kind;
    /// Where the pending run's bytes start in the byte column (they run to its end).
    intptr_t pending_start;
    intptr_t depth;
    /// The tape's columns (owned by the Swift tape).
    xmlevents_columns *_Nullable columns;
    /// The document's own parser context (entity sub-contexts share this state).
    void *_Nullable main_context;
    intptr_t max_node_length;
    intptr_t max_depth;
    intptr_t max_attributes_per_element;
    /// The tape names of the open elements, innermost last.
    xmlevents_column open_names;

    // The amplification allowance: what the document adds by reference (an entity's replacement
    // text, the attribute values and namespace declarations its DTD defaults) may not exceed
    // `amplification_allowance` plus `amplification_ratio` times the document bytes parsed, for
    // the document as a whole and, beyond the step's first charge, for each step (parse call)
    // and the bytes parsed in it. Charged bytes are counted whole, with a row's size for each
    // defaulted attribute or declaration: they are what the tape holds.

    intptr_t amplification_allowance;
    intptr_t amplification_ratio;
    intptr_t amplified_bytes;
    intptr_t step_amplified_bytes;
    /// Where libxml2 was in the document, in decoded bytes, when the current step began.
    intptr_t step_start_offset;

    /// Where the next piece of an unfinished CDATA section would start in the document, or -1.
    intptr_t cdata_continuation_offset;
    /// Where the pending run's first piece was reported, when every event is located.
    xmlevents_location pending_location;
    /// The Swift session, handed to every hook.
    void *_Nullable session;
    /// The tape name for these dictionary strings, or 0 when a limit was broken (the hook has
    /// then failed the parse). `cacheable` says whether the C cache may keep the answer.
    uintptr_t (*_Nullable resolve_name)(void *_Nullable session, const unsigned char *local_name,
                                        const unsigned char *_Nullable prefix,
                                        const unsigned char *_Nullable namespace_uri, bool *cacheable);
    /// Fails the parse for a broken limit.
    void (*_Nullable report_violation)(void *_Nullable session, xmlevents_violation violation, intptr_t value);
    /// An element whose name is owned (not interned) was opened or closed: the Swift recorder
    /// keeps such names alive while the tape refers to them.
    void (*_Nullable owned_name_opened)(void *_Nullable session, uintptr_t name);
    void (*_Nullable owned_name_closed)(void *_Nullable session);

    xmlevents_name_slot names[XMLEVENTS_NAME_SLOTS];

    /// For a document libxml2 converts into UTF-8: the last position asked for, as a decoded
    /// offset and the document's byte offset there, when `raw_mark_is_set`.
    bool raw_mark_is_set;
    intptr_t raw_mark_decoded;
    intptr_t raw_mark_offset;
} xmlevents_recorder;

/// Sets the start-tag, end-tag, character and ignorable-whitespace callbacks of an
/// `xmlSAXHandler` to the C recorder's.
void xmlevents_recorder_install_callbacks(void *sax_handler);

/// Where a libxml2 parser context (an `xmlParserCtxtPtr`) is in its document: line, column, and
/// byte offset in the input as given. Inside a parameter entity, the document's own input counts.
void xmlevents_document_position(void *context, xmlevents_location *location);

/// How far into its document, in decoded (UTF-8) bytes, a libxml2 parser context has read: inside
/// a parameter entity, the document's own input counts.
intptr_t xmlevents_document_decoded_offset(void *context);

/// Charges `count` bytes that the document adds by reference to the amplification allowance:
/// counts them and returns `XMLEVENTS_AMPLIFICATION_WITHIN`, or returns the bound they would
/// break, and that bound in `allowed`, without counting them.
xmlevents_amplification xmlevents_recorder_charge_amplification(xmlevents_recorder *recorder, intptr_t count,
                                                                intptr_t *allowed);

/// Starts the amplification count of a new step, from where libxml2 is now.
void xmlevents_recorder_begin_step(xmlevents_recorder *recorder);

/// Adds the row of the entry just recorded to `event_locations`: where the main context is now.
/// Only when `locates_every_event` is set.
void xmlevents_recorder_locate_entry(xmlevents_recorder *recorder);

/// Notes where the run being gathered starts (its first piece was just reported), for its row in
/// `event_locations`. Only when `locates_every_event` is set.
void xmlevents_recorder_locate_run(xmlevents_recorder *recorder);

/// Records the run being gathered as one entry (or drops it: empty, or whitespace only when
/// asked to).
void xmlevents_recorder_flush(xmlevents_recorder *recorder);

/// A recorder with nothing open and nothing pending, its name cache empty; the caller sets the
/// columns, contexts, hooks and limits. Out of memory ends the process.
xmlevents_recorder *xmlevents_recorder_create(void);

/// Frees a recorder and its open-element stack.
void xmlevents_recorder_free(xmlevents_recorder *_Nullable recorder);

/// `malloc`, `realloc` and `free` for the tape's columns, which the C callbacks grow too; out of
/// memory ends the process, as Swift's allocation does.
void *xmlevents_column_allocate(size_t bytes);
void *xmlevents_column_reallocate(void *_Nullable base, size_t bytes);
void xmlevents_column_free(void *_Nullable base);

#pragma clang assume_nonnull end

#endif
