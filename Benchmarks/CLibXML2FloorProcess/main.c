// The C floor as a process of its own, for comparing with the `xmlevents` command line tool with
// process start included: `clibxml2-floor ITEM_NAME FILE` parses FILE with the floor's counting
// callbacks (64 KiB reads and steps) and prints what it counted, a `name value` pair per line;
// `clibxml2-floor --summary ITEM_NAME FILE` does the work of `xmlevents --format summary` in C and
// prints its counts and most frequent element names.
#include "CLibXML2Floor.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "--summary") == 0) {
        clibxml2floor_status status = clibxml2floor_print_summary(argv[3], argv[2]);
        if (status != CLIBXML2FLOOR_OK) {
            fprintf(stderr, "clibxml2-floor: status %d for %s\n", (int)status, argv[3]);
            return 1;
        }
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: clibxml2-floor [--summary] ITEM_NAME FILE\n");
        return 2;
    }
    clibxml2floor_counts counts = {0};
    clibxml2floor_status status = clibxml2floor_parse_file(argv[2], 65536, 65536, argv[1], CLIBXML2FLOOR_COUNTS, &counts);
    if (status != CLIBXML2FLOOR_OK) {
        fprintf(stderr, "clibxml2-floor: status %d for %s\n", (int)status, argv[2]);
        return 1;
    }
    printf("elements %" PRIu64 "\nattributes %" PRIu64 "\nitems %" PRIu64 "\ntext_bytes %" PRIu64
           "\nentity_text_bytes %" PRIu64 "\n",
           counts.elements, counts.attributes, counts.items, counts.text_bytes, counts.entity_text_bytes);
    return 0;
}
