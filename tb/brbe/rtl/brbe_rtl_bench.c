/* brbe-rtl-bench-<set>: brbe_top (one parameter set) against the BRBE
 * model (docs/brbe-rtl.md, "Bench").
 *
 *   brbe-rtl-bench-N8 [--seed S|random] [--seeds N] [--records N] [--eret-reset]
 *                     [--long-gaps] [--waves F.fst] [-v]
 *
 * Runs seeds S .. S+N-1 (default 1, 1), each on a fresh device; prints the
 * seed of each run and stops at the first difference, which it prints with
 * the events before it.  Exit status 0 all matched, 1 a difference or bench
 * error, 2 bad options. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dut.h"
#include "brbe_rtl_tb.h"
#include "harness.h"

int main(int argc, char **argv)
{
    brbe_rtl_opts o;
    brbe_rtl_opts_default(&o);
    uint64_t seeds = 1;
    const char *waves = NULL;
    const harness_opt opts[] = {
        { "--seed", HARNESS_OPT_SEED, &o.seed, "S", "first seed (decimal, 0x hex or 'random')",
          0, 0, NULL },
        { "--seeds", HARNESS_OPT_U64, &seeds, "N", "number of seeds", 1, 0, NULL },
        { "--records", HARNESS_OPT_U64, &o.records, "N", "PE records per seed", 1, 0, NULL },
        { "--eret-reset", HARNESS_OPT_FLAG, &o.eret_reset, NULL,
          "a PE Warm reset right after a quarter of the inserted ERETs", 0, 0, NULL },
        { "--long-gaps", HARNESS_OPT_FLAG, &o.long_gaps, NULL,
          "2^20 to 2^21 idle cycles before one record in 500", 0, 0, NULL },
        { "--waves", HARNESS_OPT_STR, &waves, "F.fst", "write an FST wave file", 0, 0, NULL },
        { "-v", HARNESS_OPT_FLAG, &o.verbose, NULL, "print the events as they happen", 0, 0,
          NULL },
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char perr[256];
    int pr = harness_args_parse(argc, argv, opts, nopts, perr, sizeof perr);
    if (pr != 0) {
        if (pr < 0)
            fprintf(stderr, "brbe-rtl-bench: %s\n", perr);
        harness_args_usage(pr < 0 ? stderr : stdout, "brbe-rtl-bench", "[options]", opts,
                           nopts);
        return pr < 0 ? 2 : 0;
    }
    o.log = stdout;
    uint64_t first = o.seed, compared = 0, records = 0;
    for (uint64_t s = 0; s < seeds; s++) {
        char err[256];
        brbe_tb_dut *d = brbe_dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "brbe-rtl-bench: %s\n", err);
            return 1;
        }
        if (waves && brbe_dut_waves(d, waves, err, sizeof err) != 0) {
            fprintf(stderr, "brbe-rtl-bench: %s\n", err);
            brbe_dut_free(d);
            return 1;
        }
        o.seed = first + s;
        printf("seed %" PRIu64 " (set %s)\n", o.seed, d->params.set);
        fflush(stdout);
        brbe_rtl_result r;
        int rc = brbe_rtl_run(d, &o, &r);
        brbe_dut_free(d);
        if (rc != 0) {
            printf("FAIL seed %" PRIu64 ": %s\n", o.seed, r.msg);
            return 1;
        }
        compared += r.compared;
        records += r.pe_records;
    }
    printf("PASS %" PRIu64 " seeds from %" PRIu64 ": %" PRIu64 " PE records, %" PRIu64
           " values compared\n", seeds, first, records, compared);
    return 0;
}
