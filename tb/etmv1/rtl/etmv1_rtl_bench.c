/* etmv1-rtl-bench: etmv1_baddr against the ETMv1 model (docs/etmv1.md,
 * "RTL bench").
 *
 *   etmv1-rtl-bench [--seed S|random] [--seeds N] [--branches N]
 *                   [--valid P] [--ready P] [--waves F.fst] [-v]
 *
 * Runs seeds S .. S+N-1 (default 1, 1), each on a fresh device; prints the
 * seed of each run first and stops at the first difference, which it prints
 * with the events before it.  Exit status 0 all matched, 1 a difference or
 * bench error, 2 bad options. */
#include <inttypes.h>
#include <stdio.h>

#include "etmv1_dut.h"
#include "etmv1_rtl_tb.h"
#include "harness.h"

int main(int argc, char **argv)
{
    etmv1_rtl_opts o;
    etmv1_rtl_opts_default(&o);
    uint64_t seeds = 1;
    const char *waves = NULL;
    const harness_opt opts[] = {
        { "--seed", HARNESS_OPT_SEED, &o.seed, "S", "first seed (decimal, 0x hex or 'random')",
          0, 0, NULL },
        { "--seeds", HARNESS_OPT_U64, &seeds, "N", "number of seeds", 1, 0, NULL },
        { "--branches", HARNESS_OPT_U64, &o.branches, "N", "branches per seed", 1, 0, NULL },
        { "--valid", HARNESS_OPT_PROB, &o.p_valid, "P", "starting chance of in_valid_i", 0, 0,
          NULL },
        { "--ready", HARNESS_OPT_PROB, &o.p_ready, "P", "starting chance of out_ready_i", 0, 0,
          NULL },
        { "--waves", HARNESS_OPT_STR, &waves, "F.fst", "write an FST wave file", 0, 0, NULL },
        { "-v", HARNESS_OPT_FLAG, &o.verbose, NULL, "print the events as they happen", 0, 0,
          NULL },
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char perr[256];
    int pr = harness_args_parse(argc, argv, opts, nopts, perr, sizeof perr);
    if (pr != 0) {
        if (pr < 0)
            fprintf(stderr, "etmv1-rtl-bench: %s\n", perr);
        harness_args_usage(pr < 0 ? stderr : stdout, "etmv1-rtl-bench", "[options]", opts,
                           nopts);
        return pr < 0 ? 2 : 0;
    }
    o.log = stdout;
    uint64_t first = o.seed, packets = 0, branches = 0;
    for (uint64_t s = 0; s < seeds; s++) {
        char err[256];
        etmv1_tb_dut *d = etmv1_dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "etmv1-rtl-bench: %s\n", err);
            return 1;
        }
        if (waves && etmv1_dut_waves(d, waves, err, sizeof err) != 0) {
            fprintf(stderr, "etmv1-rtl-bench: %s\n", err);
            etmv1_dut_free(d);
            return 1;
        }
        o.seed = first + s;
        harness_seed_print(stdout, "etmv1-rtl-bench", o.seed);
        etmv1_rtl_result r;
        int rc = etmv1_rtl_run(d, &o, &r);
        etmv1_dut_free(d);
        if (rc != 0) {
            printf("FAIL %s\n", r.msg);
            return 1;
        }
        packets += r.packets;
        branches += r.branches;
    }
    printf("PASS %" PRIu64 " seeds from %" PRIu64 ": %" PRIu64 " branches, %" PRIu64
           " packets compared\n", seeds, first, branches, packets);
    return 0;
}
