/* spe-rtl-bench-<set>: spe_top (one parameter set) against the SPE model
 * (docs/spe-rtl.md, "Bench").
 *
 *   spe-rtl-bench-A [--seed S] [--seeds N] [--records N] [-v]
 *
 * Runs seeds S .. S+N-1 (default 1, 1), each on a fresh device; prints the
 * seed of each run and stops at the first difference, which it prints with
 * its context.  Exit status 0 all matched, 1 a difference or bench error,
 * 2 bad options. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_dut.h"
#include "spe_rtl_tb.h"

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s)
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end)
        return -1;
    *v = (uint64_t)x;
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: spe-rtl-bench [--seed S] [--seeds N] [--records N] [-v]\n");
}

int main(int argc, char **argv)
{
    spe_rtl_opts o;
    spe_rtl_opts_default(&o);
    uint64_t seeds = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--seed") && !parse_u64(v, &o.seed)) {
            i++;
        } else if (!strcmp(a, "--seeds") && !parse_u64(v, &seeds)) {
            i++;
        } else if (!strcmp(a, "--records") && !parse_u64(v, &o.records)) {
            i++;
        } else if (!strcmp(a, "-v")) {
            o.verbose = 1;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "spe-rtl-bench: bad option or value: %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    o.log = stdout;
    uint64_t first = o.seed, compared = 0, records = 0, bytes = 0, written = 0, aborts = 0;
    uint64_t services = 0, mgmt = 0, full = 0, coll = 0, cycles = 0;
    for (uint64_t s = 0; s < seeds; s++) {
        char err[256];
        spe_tb_dut *d = spe_dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "spe-rtl-bench: %s\n", err);
            return 1;
        }
        o.seed = first + s;
        printf("seed %" PRIu64 " (set %s)\n", o.seed, d->params.set);
        fflush(stdout);
        spe_rtl_result r;
        int rc = spe_rtl_run(d, &o, &r);
        spe_dut_free(d);
        if (rc != 0) {
            printf("FAIL seed %" PRIu64 ": %s\n", o.seed, r.msg);
            return 1;
        }
        compared += r.compared;
        records += r.pe_records;
        bytes += r.bytes;
        written += r.written;
        aborts += r.aborts;
        services += r.services;
        mgmt += r.mgmt;
        full += r.full;
        coll += r.collisions;
        cycles += r.cycles;
    }
    printf("PASS %" PRIu64 " seeds from %" PRIu64 ": %" PRIu64 " PE records, %" PRIu64
           " records (%" PRIu64 " bytes) written, %" PRIu64 " management events (%" PRIu64
           " buffer full), %" PRIu64 " collisions, %" PRIu64 " services, %" PRIu64
           " AXI aborts, %" PRIu64 " values compared, %" PRIu64 " clocks\n",
           seeds, first, records, written, bytes, mgmt, full, coll, services, aborts, compared,
           cycles);
    return 0;
}
