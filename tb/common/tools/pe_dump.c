/* pe-dump: text dump of a PE retirement stream file (docs/pe-interface.md).
 *
 *   pe-dump [--image] [--no-records] [--from I] [--count N] FILE.pe
 *
 * Prints a header comment line, with --image one line per program image
 * segment, then one pe_rec_print line per record.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe_stream.h"

static void usage(FILE *f)
{
    fputs("usage: pe-dump [--image] [--no-records] [--from I] [--count N] FILE.pe\n"
          "  --image       list the program image segments\n"
          "  --no-records  do not print the records\n"
          "  --from I      first record to print (default 0)\n"
          "  --count N     print at most N records\n", f);
}

static int parse_u64(const char *opt, const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') {
        fprintf(stderr, "pe-dump: %s needs a non-negative number\n", opt);
        return -1;
    }
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end) {
        fprintf(stderr, "pe-dump: %s: '%s' is not a number\n", opt, s);
        return -1;
    }
    *v = x;
    return 0;
}

int main(int argc, char **argv)
{
    int image = 0, records = 1;
    uint64_t from = 0, count = UINT64_MAX;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--image")) {
            image = 1;
        } else if (!strcmp(a, "--no-records")) {
            records = 0;
        } else if (!strcmp(a, "--from")) {
            if (parse_u64(a, v, &from))
                return 2;
            i++;
        } else if (!strcmp(a, "--count")) {
            if (parse_u64(a, v, &count))
                return 2;
            i++;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "pe-dump: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (path) {
            fprintf(stderr, "pe-dump: more than one file given ('%s', '%s')\n", path, a);
            return 2;
        } else {
            path = a;
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    pe_stream s;
    char err[512];
    if (pe_stream_read(&s, path, err, sizeof err)) {
        fprintf(stderr, "pe-dump: %s\n", err);
        return 1;
    }
    printf("# %s: seed %" PRIu64 " records %zu segments %zu\n", path, s.seed, s.nrec,
           s.image.nseg);
    if (image)
        for (size_t i = 0; i < s.image.nseg; i++) {
            const pe_segment *g = &s.image.seg[i];
            printf("# segment %zu: 0x%016" PRIx64 "..0x%016" PRIx64 " (%" PRIu64
                   " bytes)\n", i, g->base, g->base + g->len, g->len);
        }
    if (records)
        for (uint64_t i = from; i < s.nrec && i - from < count; i++)
            pe_rec_print(stdout, &s.rec[i]);
    pe_stream_free(&s);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "pe-dump: write error on standard output\n");
        return 1;
    }
    return 0;
}
