/* ete-entry-bench: the random bench of ete_entry (ete_entry_tb.h) for one
 * seed or a range of seeds against the Verilated bench top (every
 * parameter set of ete_entry_dut.h side by side).  Prints the seed first; a
 * failure names the set, the cycle, the expected and actual values and the
 * seed, which --seed reruns (--waves for an FST file). */
#include <inttypes.h>
#include <stdio.h>

#include "ete_entry_dut.h"
#include "ete_entry_tb.h"
#include "harness.h"

typedef struct bench {
    uint64_t seed, cycles, sets, gap;
    ete_entry_tb_result r;
} bench;

static void *dut_new(char *err, size_t errlen) { return ete_entry_dut_new(err, errlen); }
static void dut_free(void *d) { ete_entry_dut_free(d); }
static int dut_waves(void *d, const char *path, char *err, size_t errlen)
{
    return ete_entry_dut_waves(d, path, err, errlen);
}

static void describe(void *ctx, void *d, FILE *f)
{
    const bench *b = ctx;
    (void)d;
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++)
        if (b->sets >> s & 1u)
            fprintf(f, "set %u %s: RETIRE_WIDTH %u DEPTH %u OUT_REG %u\n", s,
                    ete_entry_sets[s].name, ete_entry_sets[s].rw, ete_entry_sets[s].depth,
                    ete_entry_sets[s].out_reg);
}

static int run(void *ctx, void *d, uint64_t seed, char *msg, size_t msglen)
{
    bench *b = ctx;
    ete_entry_tb_opts o = {seed, b->cycles, (unsigned)b->sets, b->gap, NULL};
    if (ete_entry_tb_run(d, &o, &b->r) != 0) {
        snprintf(msg, msglen, "%s", b->r.msg);
        return 1;
    }
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
        const ete_entry_tb_stats *t = &b->r.st[s];
        if (b->sets >> s & 1u)
            printf("seed %" PRIu64 " %-8s slots %" PRIu64 " accepted %" PRIu64
                   " dropped %" PRIu64 " drop-clocks %" PRIu64 " markers %" PRIu64
                   " entries %" PRIu64 " sessions %" PRIu64 " honouring %" PRIu64
                   " stall-clocks %" PRIu64 " cyc-max %" PRIu64 " saturated %" PRIu64
                   " resets %" PRIu64 "\n",
                   seed, ete_entry_sets[s].name, t->slots_presented, t->slots_accepted,
                   t->slots_dropped, t->drop_clocks, t->markers, t->entries, t->sessions,
                   t->honest_sessions, t->stall_clocks, t->cyc_max, t->cyc_saturated,
                   t->resets);
    }
    return 0;
}


int main(int argc, char **argv)
{
    static bench b = {.seed = 1, .cycles = 50000, .sets = (1u << ETE_ENTRY_SETS) - 1u};
    const harness_opt opts[] = {
        {"--cycles", HARNESS_OPT_U64, &b.cycles, "N", "clocks per seed (default 50000)", 1, 0,
         NULL},
        {"--sets", HARNESS_OPT_U64, &b.sets, "MASK",
         "parameter sets to drive, bit s = set s (default all)", 1,
         (1u << ETE_ENTRY_SETS) - 1u, NULL},
        {"--first-gap", HARNESS_OPT_U64, &b.gap, "N",
         "clocks without slots at the start of the first session (default random)", 0, 0, NULL},
    };
    const harness_bench hb = {
        .prog = "ete-entry-bench", .opts = opts, .nopts = sizeof opts / sizeof opts[0],
        .seed = &b.seed, .flags = HARNESS_BENCH_KEEP_GOING | HARNESS_BENCH_WAVES_FIRST,
        .ctx = &b, .dut_new = dut_new, .dut_waves = dut_waves, .dut_free = dut_free,
        .describe = describe, .run = run,
    };
    return harness_bench_main(argc, argv, &hb);
}
