// The floor the benchmarks compare XMLEvents against: libxml2's own SAX2 push parser with callbacks
// that only count, so that any gap above it is the cost of the Swift layer.
#ifndef CLIBXML2FLOOR_H
#define CLIBXML2FLOOR_H

#include <stddef.h>
#include <stdint.h>

/// What one parse counted. Text is character data after reference replacement, CDATA sections
/// and whitespace included, in UTF-8 bytes: what XMLEvents reports as `.text`.
typedef struct {
    uint64_t elements;
    uint64_t attributes;
    uint64_t items;
    uint64_t text_bytes;
    /// The part of `text_bytes` that came from expanding user-defined entities (libxml2 parses
    /// their replacement text in a sub-context), for checking parsers that lose some of it.
    uint64_t entity_text_bytes;
    /// Only with `CLIBXML2FLOOR_DIGESTS`: the UTF-8 bytes of every start element's local name.
    uint64_t local_name_bytes;
    /// Only with `CLIBXML2FLOOR_DIGESTS`: every `CLIBXML2FLOOR_TEXT_SAMPLE_STRIDE`th byte of the
    /// document's text (all text joined in document order, from its first byte on), hashed in
    /// order as `hash = hash * 31 + byte`, wrapping, from 0. It does not depend on how the text is
    /// split into runs, so a parser that coalesces runs gets the same value.
    uint64_t text_sample_hash;
    /// Only with `CLIBXML2FLOOR_DIGESTS`: the UTF-8 bytes of every string the events carry, as
    /// XMLEvents' materialize workload reads them: element names (qualified name and namespace
    /// URI) at start and end, attribute names (the same) and values, namespace declarations
    /// (prefix and URI), text, comments, and processing instructions (target and data).
    uint64_t materialized_bytes;
    /// Only with `CLIBXML2FLOOR_SUMMARY`: what `xmlevents --format summary` counts besides the
    /// scan's counts: namespace declarations, text runs (pieces libxml2 reports one after the
    /// other are one run), CDATA sections, comments, processing instructions, the deepest
    /// nesting, and how many distinct element names there are.
    uint64_t namespace_declarations;
    uint64_t text_runs;
    uint64_t cdata_sections;
    uint64_t comments;
    uint64_t processing_instructions;
    uint64_t maximum_depth;
    uint64_t distinct_names;
} clibxml2floor_counts;

/// Every how many bytes of text `text_sample_hash` reads one.
#define CLIBXML2FLOOR_TEXT_SAMPLE_STRIDE 64

/// What a parse computes besides the counts of the scan workload.
typedef enum {
    /// The counts only: elements, attributes, items, text and entity text bytes.
    CLIBXML2FLOOR_COUNTS = 0,
    /// The counts and the digests (`local_name_bytes`, `text_sample_hash`, `materialized_bytes`),
    /// which cost more: the reference other parsers are checked against, not a timed floor.
    CLIBXML2FLOOR_DIGESTS = 1,
    /// The counts, `local_name_bytes` and `text_sample_hash`: exactly the work of the benchmark's
    /// visitor contender, done in C, so that the visitor's ratio can be read against C doing the
    /// same work as well as against the floor.
    CLIBXML2FLOOR_VISITOR_WORK = 2,
    /// The counts and what `xmlevents --format summary` counts (the fields marked so above, and
    /// every element name's count in a table keyed by libxml2's interned names): the CLI
    /// summary's work done in C. `clibxml2floor_print_summary` prints it.
    CLIBXML2FLOOR_SUMMARY = 3,
} clibxml2floor_work;

/// Why a parse failed, if it did.
typedef enum {
    CLIBXML2FLOOR_OK = 0,
    CLIBXML2FLOOR_OPEN_FAILED = 1,
    CLIBXML2FLOOR_READ_FAILED = 2,
    CLIBXML2FLOOR_OUT_OF_MEMORY = 3,
    CLIBXML2FLOOR_NOT_WELL_FORMED = 4,
} clibxml2floor_status;

/// Parses the file at `path`, read `read_size` bytes at a time and pushed into libxml2 `step_size`
/// bytes per call (a read size of 0 means 64 KiB; a step of 0, or larger than a read, is the whole
/// read), with the options XMLEvents uses (XML_PARSE_NOENT | XML_PARSE_DTDATTR | XML_PARSE_NONET).
/// Start elements whose local name is `item_name` are counted as items too.
clibxml2floor_status clibxml2floor_parse_file(const char *path, size_t read_size, size_t step_size,
                                              const char *item_name, clibxml2floor_work work,
                                              clibxml2floor_counts *counts);

/// Parses the file at `path` as `clibxml2floor_parse_file` does with `CLIBXML2FLOOR_SUMMARY`,
/// and prints the summary to standard output as `name value` lines (the counts, then the ten
/// most frequent element names as `element QNAME COUNT`), as `xmlevents --format summary` prints
/// its own: the work of the CLI's summary, in C.
clibxml2floor_status clibxml2floor_print_summary(const char *path, const char *item_name);

/// The version of the libxml2 headers the floor was compiled against, for the report.
const char *clibxml2floor_libxml_version(void);

#endif
