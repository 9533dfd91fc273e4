/* spe-decode: decode Statistical Profiling Extension profile data (SPE
 * supplement chapter 5): packets in the words of Linux perf's SPE dump,
 * records as CSV, or a profile summary.  See docs/spe-decode.md. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_dec.h"
#include "spe_dump.h"
#include "spe_pkt.h"
#include "spe_stats.h"
#include "file_read.h"

#define EXIT_BAD   1
#define EXIT_USAGE 2

static const char *prog = "spe-decode";

static void usage(FILE *f)
{
    fprintf(f,
        "usage: spe-decode [--records | --stats [--top N]] FILE\n"
        "  (default)   one line per packet, as perf report -D prints SPE data:\n"
        "              offset, raw bytes, packet (PC 0x.. el0 ns=1, LAT 12 TOT, ...)\n"
        "  --records   one CSV line per sample record, after a header line\n"
        "  --stats     profile summary: records, operation types, events,\n"
        "              latencies, most sampled PCs\n"
        "  --top N     PCs listed by --stats (default 10)\n"
        "  FILE        raw SPE profile data (Profiling Buffer contents); - for stdin\n"
        "exit status: 0 clean, 1 bad packets or incomplete records, 2 usage or file error\n");
}

/* ---- main ------------------------------------------------------------------- */

enum mode { MODE_DUMP, MODE_RECORDS, MODE_STATS };

int main(int argc, char **argv)
{
    enum mode mode = MODE_DUMP;
    const char *path = NULL;
    unsigned long top = 10;
    int top_set = 0, mode_set = 0, rc = 0, r;
    uint8_t *data = NULL;
    size_t len = 0;
    spe_dec d;
    spe_record rec;
    spe_stats st;
    spe_dumper dp;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--records") == 0 || strcmp(a, "--stats") == 0) {
            enum mode m = a[2] == 'r' ? MODE_RECORDS : MODE_STATS;
            if (mode_set && mode != m) {
                fprintf(stderr, "%s: --records and --stats exclude each other\n", prog);
                return EXIT_USAGE;
            }
            mode = m;
            mode_set = 1;
        } else if (strcmp(a, "--top") == 0) {
            char *end;
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: --top needs a number\n", prog);
                return EXIT_USAGE;
            }
            errno = 0;
            top = strtoul(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || argv[i][0] == '-' || top > 1000000) {
                fprintf(stderr, "%s: --top: '%s' is not a number from 0 to 1000000\n", prog,
                        argv[i]);
                return EXIT_USAGE;
            }
            top_set = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, a);
            usage(stderr);
            return EXIT_USAGE;
        } else if (path) {
            fprintf(stderr, "%s: one FILE only ('%s' and '%s')\n", prog, path, a);
            return EXIT_USAGE;
        } else {
            path = a;
        }
    }
    if (!path) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (top_set && mode != MODE_STATS) {
        fprintf(stderr, "%s: --top goes with --stats\n", prog);
        return EXIT_USAGE;
    }
    {
        char err[512];
        if (file_read_all(path, &data, &len, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return EXIT_USAGE;
        }
    }

    spe_dec_init(&d, data, len, 0);
    spe_stats_init(&st);
    spe_dumper_init(&dp, stdout);
    if (mode == MODE_DUMP) {
        spe_dec_set_hook(&d, spe_dumper_hook, &dp);
        /* perf report -D: ".", then the size line of each AUX buffer */
        printf(".\n. ... ARM SPE data: size %zu bytes\n", len);
    } else if (mode == MODE_RECORDS) {
        spe_csv_header(stdout);
    }

    while ((r = spe_dec_next(&d, &rec)) != SPE_DEC_EOF) {
        if (r == SPE_DEC_ERROR) {
            spe_dumper_flush(&dp);
            fflush(stdout);
            fprintf(stderr, "%s: %s: offset %" PRIu64 " (0x%" PRIx64 "): %s\n", prog, path,
                    d.err_off, d.err_off, d.err);
            rc = EXIT_BAD;
            continue;
        }
        if (mode == MODE_RECORDS)
            spe_csv_record(stdout, &rec);
        else if (mode == MODE_STATS && spe_stats_add(&st, &rec) != 0) {
            fprintf(stderr, "%s: out of memory for the PC table\n", prog);
            spe_stats_free(&st);
            free(data);
            return EXIT_USAGE;
        }
    }
    spe_dumper_flush(&dp);
    if (mode == MODE_STATS)
        spe_stats_print(&st, &d, stdout, (unsigned)top);
    spe_stats_free(&st);
    free(data);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: error writing the output\n", prog);
        return EXIT_USAGE;
    }
    return rc;
}
