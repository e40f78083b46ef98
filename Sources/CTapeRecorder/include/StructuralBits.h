// The record splitter's bitmaps: for 64 bytes, one bit per byte that is `<`, `>`, `"` or `'`,
// byte 0 the lowest bit. With SSE2 (every x86-64) sixteen bytes are compared at once and their
// comparison's sign bits gathered with one instruction, which Swift's SIMD types cannot express;
// elsewhere a portable loop that the compiler may vectorize (untested on ARM here: no machine).
#ifndef XMLEVENTS_STRUCTURAL_BITS_H
#define XMLEVENTS_STRUCTURAL_BITS_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma clang assume_nonnull begin

/// One bitmap per byte the record splitter looks for.
typedef struct {
    uint64_t less_than;
    uint64_t greater_than;
    uint64_t double_quote;
    uint64_t single_quote;
} xmlevents_structural_bits;

/// The bitmaps of the 64 bytes at `bytes` (which must all be readable; any alignment).
static inline xmlevents_structural_bits xmlevents_structural_bits_of(const uint8_t *bytes) {
    xmlevents_structural_bits bits = {0, 0, 0, 0};
#if defined(__SSE2__)
    const __m128i less_than = _mm_set1_epi8('<');
    const __m128i greater_than = _mm_set1_epi8('>');
    const __m128i double_quote = _mm_set1_epi8('"');
    const __m128i single_quote = _mm_set1_epi8('\'');
    for (int lane = 0; lane < 4; lane++) {
        const __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * lane));
        const int shift = 16 * lane;
        bits.less_than |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(block, less_than)) << shift;
        bits.greater_than |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(block, greater_than)) << shift;
        bits.double_quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(block, double_quote)) << shift;
        bits.single_quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(block, single_quote)) << shift;
    }
#else
    for (int index = 0; index < 64; index++) {
        const uint8_t byte = bytes[index];
        bits.less_than |= (uint64_t)(byte == '<') << index;
        bits.greater_than |= (uint64_t)(byte == '>') << index;
        bits.double_quote |= (uint64_t)(byte == '"') << index;
        bits.single_quote |= (uint64_t)(byte == '\'') << index;
    }
#endif
    return bits;
}

/// How many line feeds the `count` bytes at `bytes` hold: sixteen bytes at a time with SSE2,
/// else a loop the compiler may vectorize. In C because the splitter counts every byte of the
/// document on the reader's thread, and Swift's SIMD types, fast when optimized, take
/// milliseconds per 64 KiB in a debug build, long enough to keep the thread from other tasks.
static inline size_t xmlevents_count_line_feeds(const uint8_t *bytes, size_t count) {
    size_t total = 0;
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i line_feed = _mm_set1_epi8('\n');
    for (; index + 16 <= count; index += 16) {
        const __m128i block = _mm_loadu_si128((const __m128i *)(const void *)(bytes + index));
        total += (size_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, line_feed)));
    }
#endif
    for (; index < count; index++) total += bytes[index] == '\n';
    return total;
}

#pragma clang assume_nonnull end

#endif
