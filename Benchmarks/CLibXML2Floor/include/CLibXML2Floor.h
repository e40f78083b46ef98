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
} clibxml2floor_counts;

/// Why a parse failed, if it did.
typedef enum {
    CLIBXML2FLOOR_OK = 0,
    CLIBXML2FLOOR_OPEN_FAILED = 1,
    CLIBXML2FLOOR_READ_FAILED = 2,
    CLIBXML2FLOOR_OUT_OF_MEMORY = 3,
    CLIBXML2FLOOR_NOT_WELL_FORMED = 4,
} clibxml2floor_status;

/// Parses the file at `path`, read `chunk_size` bytes at a time and pushed into libxml2 a chunk per
/// call, with the options XMLEvents uses (XML_PARSE_NOENT | XML_PARSE_DTDATTR | XML_PARSE_NONET).
/// Start elements whose local name is `item_name` are counted as items too.
clibxml2floor_status clibxml2floor_parse_file(
    const char *path, size_t chunk_size, const char *item_name, clibxml2floor_counts *counts);

/// The version of the libxml2 headers the floor was compiled against, for the report.
const char *clibxml2floor_libxml_version(void);

#endif
