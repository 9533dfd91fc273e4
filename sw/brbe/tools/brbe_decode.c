/* brbe-decode: print the Branch records of a BRBE record dump
 * (docs/brbe-record-format.md), one line per valid record, youngest first,
 * as text or CSV.  See docs/brbe-decode.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dec.h"
#include "brbe_dump_read.h"
#include "file_read.h"

#define EXIT_BAD   1
#define EXIT_USAGE 2

static const char *prog = "brbe-decode";

static void usage(FILE *f)
{
    fprintf(f,
        "usage: brbe-decode [--csv] FILE\n"
        "  (default)  per snapshot a header line, then one line per valid record,\n"
        "             youngest first: index, source, target, type, EL, prediction,\n"
        "             cycles, transaction flags (T, LASTFAILED), VALID form\n"
        "  --csv      one CSV line per valid record, after a header line\n"
        "  FILE       a brbe-records 1 dump; - for standard input\n"
        "exit status: 0 clean, 1 bad input (reported with line and byte offset),\n"
        "             2 usage or file error\n");
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    int csv = 0, rc = 0;
    char *data = NULL;
    size_t len = 0;
    brbe_dump_reader rd;
    static brbe_snapshot snap;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--csv") == 0) {
            csv = 1;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, argv[i]);
            usage(stderr);
            return EXIT_USAGE;
        } else if (path) {
            fprintf(stderr, "%s: more than one FILE\n", prog);
            usage(stderr);
            return EXIT_USAGE;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        usage(stderr);
        return EXIT_USAGE;
    }
    {
        char err[512];
        uint8_t *raw = NULL;
        if (file_read_all(path, &raw, &len, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return EXIT_USAGE;
        }
        data = (char *)raw;
    }

    brbe_dump_init(&rd, data, len);
    if (csv)
        brbe_csv_header(stdout);
    for (;;) {
        int got = brbe_dump_next(&rd, &snap);
        if (got == 0)
            break;
        if (got < 0) {
            fflush(stdout);
            fprintf(stderr, "%s: %s: line %lu, offset %zu: %s\n", prog, path, rd.err_line,
                    rd.err_off, rd.err);
            rc = EXIT_BAD;
            break;
        }
        if (!csv)
            brbe_print_snapshot_header(stdout, &snap);
        for (unsigned i = 0; i < snap.nvalid; i++) {
            if (csv)
                brbe_csv_record(stdout, snap.seq, &snap.rec[i], snap.cc_bits);
            else
                brbe_print_record(stdout, &snap.rec[i], snap.cc_bits);
        }
    }
    free(data);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "%s: write error\n", prog);
        return EXIT_USAGE;
    }
    return rc;
}
