/* ete-entry-bench: the random bench of ete_entry (ete_entry_tb.h) for one
 * seed or a range of seeds against the Verilated bench top (every
 * parameter set of ete_entry_dut.h side by side).  Prints the seed first; a
 * failure names the set, the cycle, the expected and actual values and the
 * seed, which --seed reruns (--waves for an FST file). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ete_entry_dut.h"
#include "ete_entry_tb.h"
#include "harness.h"

int main(int argc, char **argv)
{
    uint64_t seed = 1, seeds = 1, cycles = 50000, sets = (1u << ETE_ENTRY_SETS) - 1u, gap = 0;
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
         (1u << ETE_ENTRY_SETS) - 1u, NULL},
        {"--first-gap", HARNESS_OPT_U64, &gap, "N",
         "clocks without slots at the start of the first session (default random)", 0, 0, NULL},
        {"--waves", HARNESS_OPT_STR, &waves, "FILE", "FST waves of the first seed", 0, 0, NULL},
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char err[256];
    int rc = harness_args_parse(argc, argv, opts, nopts, err, sizeof err);
    if (rc != 0) {
        if (rc < 0)
            fprintf(stderr, "ete-entry-bench: %s\n", err);
        harness_args_usage(rc < 0 ? stderr : stdout, argv[0], "[options]", opts, nopts);
        return rc < 0 ? 2 : 0;
    }
    harness_seed_print(stdout, "ete-entry-bench", seed);
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++)
        if (sets >> s & 1u)
            printf("set %u %s: RETIRE_WIDTH %u DEPTH %u OUT_REG %u\n", s, ete_entry_sets[s].name,
                   ete_entry_sets[s].rw, ete_entry_sets[s].depth, ete_entry_sets[s].out_reg);
    int failed = 0;
    for (uint64_t i = 0; i < seeds; i++) {
        ete_entry_dut *d = ete_entry_dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "ete-entry-bench: %s\n", err);
            return 1;
        }
        if (i == 0 && waves && ete_entry_dut_waves(d, waves, err, sizeof err) != 0) {
            fprintf(stderr, "ete-entry-bench: %s\n", err);
            ete_entry_dut_free(d);
            return 1;
        }
        ete_entry_tb_opts o = {seed + i, cycles, (unsigned)sets, gap, stdout};
        static ete_entry_tb_result r;
        rc = ete_entry_tb_run(d, &o, &r);
        ete_entry_dut_free(d);
        if (rc != 0) {
            failed++;
            continue;
        }
        for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
            const ete_entry_tb_stats *t = &r.st[s];
            if (sets >> s & 1u)
                printf("seed %" PRIu64 " %-8s slots %" PRIu64 " accepted %" PRIu64
                       " dropped %" PRIu64 " drop-clocks %" PRIu64 " markers %" PRIu64
                       " entries %" PRIu64 " sessions %" PRIu64 " honouring %" PRIu64
                       " stall-clocks %" PRIu64 " cyc-max %" PRIu64 " saturated %" PRIu64
                       " resets %" PRIu64 "\n",
                       o.seed, ete_entry_sets[s].name, t->slots_presented, t->slots_accepted,
                       t->slots_dropped, t->drop_clocks, t->markers, t->entries, t->sessions,
                       t->honest_sessions, t->stall_clocks, t->cyc_max, t->cyc_saturated,
                       t->resets);
        }
    }
    printf("%" PRIu64 " seeds, %d failed\n", seeds, failed);
    return failed ? 1 : 0;
}
