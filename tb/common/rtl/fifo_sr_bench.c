/* common-fifo-sr-bench: the random bench of common_fifo_sr (fifo_sr_tb.h)
 * for one seed or a range of seeds against the Verilated bench top (every
 * parameter set of fifo_sr_dut.h side by side).  Prints the seed first; a
 * failure names the set, the cycle, the expected and actual values and the
 * seed, which --seed reruns (--waves for an FST file). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "fifo_sr_dut.h"
#include "fifo_sr_tb.h"
#include "harness.h"

int main(int argc, char **argv)
{
    uint64_t seed = 1, seeds = 1, cycles = 50000, sets = (1u << FIFO_SR_SETS) - 1u;
    const char *waves = NULL;
    harness_opt opts[] = {
        {"--seed", HARNESS_OPT_SEED, &seed, "S", "first seed (a number or 'random'; default 1)",
         0, 0, NULL},
        {"--seeds", HARNESS_OPT_U64, &seeds, "N", "seeds to run, from S up (default 1)", 1, 0,
         NULL},
        {"--cycles", HARNESS_OPT_U64, &cycles, "N", "clocks per seed (default 50000)", 1, 0,
         NULL},
        {"--sets", HARNESS_OPT_U64, &sets, "MASK",
         "parameter sets to drive, bit s = set s (default all)", 1,
         (1u << FIFO_SR_SETS) - 1u, NULL},
        {"--waves", HARNESS_OPT_STR, &waves, "FILE", "FST waves of the first seed", 0, 0, NULL},
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char err[256];
    int rc = harness_args_parse(argc, argv, opts, nopts, err, sizeof err);
    if (rc != 0) {
        if (rc < 0)
            fprintf(stderr, "common-fifo-sr-bench: %s\n", err);
        harness_args_usage(rc < 0 ? stderr : stdout, argv[0], "[options]", opts, nopts);
        return rc < 0 ? 2 : 0;
    }
    harness_seed_print(stdout, "common-fifo-sr-bench", seed);
    for (unsigned s = 0; s < FIFO_SR_SETS; s++)
        if (sets >> s & 1u)
            printf("set %u %s: WR_N %u DEPTH %u WIDTH %u OUT_REG %u\n", s, fifo_sr_sets[s].name,
                   fifo_sr_sets[s].wr_n, fifo_sr_sets[s].depth, fifo_sr_sets[s].width,
                   fifo_sr_sets[s].out_reg);
    int failed = 0;
    for (uint64_t i = 0; i < seeds; i++) {
        fifo_sr_dut *d = fifo_sr_dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "common-fifo-sr-bench: %s\n", err);
            return 1;
        }
        if (i == 0 && waves && fifo_sr_dut_waves(d, waves, err, sizeof err) != 0) {
            fprintf(stderr, "common-fifo-sr-bench: %s\n", err);
            fifo_sr_dut_free(d);
            return 1;
        }
        fifo_sr_tb_opts o = {seed + i, cycles, (unsigned)sets, stdout};
        static fifo_sr_tb_result r;
        rc = fifo_sr_tb_run(d, &o, &r);
        fifo_sr_dut_free(d);
        if (rc != 0) {
            failed++;
            continue;
        }
        for (unsigned s = 0; s < FIFO_SR_SETS; s++)
            if (sets >> s & 1u)
                printf("seed %" PRIu64 " %-7s written %" PRIu64 " read %" PRIu64
                       " full-clocks %" PRIu64 " drained-after-full %" PRIu64
                       " longest-read-run %" PRIu64 " resets %" PRIu64 "\n",
                       o.seed, fifo_sr_sets[s].name, r.st[s].written, r.st[s].read,
                       r.st[s].full, r.st[s].empty_after_full, r.st[s].max_run,
                       r.st[s].resets);
    }
    printf("%" PRIu64 " seeds, %d failed\n", seeds, failed);
    return failed ? 1 : 0;
}
