/* common-fifo-sr-bench: the random bench of common_fifo_sr (fifo_sr_tb.h)
 * for one seed or a range of seeds against the Verilated bench top (every
 * parameter set of fifo_sr_dut.h side by side).  Prints the seed first; a
 * failure names the set, the cycle, the expected and actual values and the
 * seed, which --seed reruns (--waves for an FST file). */
#include <inttypes.h>
#include <stdio.h>

#include "fifo_sr_dut.h"
#include "fifo_sr_tb.h"
#include "harness.h"

typedef struct bench {
    uint64_t seed, cycles, sets;
    fifo_sr_tb_result r;
} bench;

static void *dut_new(char *err, size_t errlen) { return fifo_sr_dut_new(err, errlen); }
static void dut_free(void *d) { fifo_sr_dut_free(d); }
static int dut_waves(void *d, const char *path, char *err, size_t errlen)
{
    return fifo_sr_dut_waves(d, path, err, errlen);
}

static void describe(void *ctx, void *d, FILE *f)
{
    const bench *b = ctx;
    (void)d;
    for (unsigned s = 0; s < FIFO_SR_SETS; s++)
        if (b->sets >> s & 1u)
            fprintf(f, "set %u %s: WR_N %u DEPTH %u WIDTH %u OUT_REG %u\n", s,
                    fifo_sr_sets[s].name, fifo_sr_sets[s].wr_n, fifo_sr_sets[s].depth,
                    fifo_sr_sets[s].width, fifo_sr_sets[s].out_reg);
}

static int run(void *ctx, void *d, uint64_t seed, char *msg, size_t msglen)
{
    bench *b = ctx;
    fifo_sr_tb_opts o = {seed, b->cycles, (unsigned)b->sets, NULL};
    if (fifo_sr_tb_run(d, &o, &b->r) != 0) {
        snprintf(msg, msglen, "%s", b->r.msg);
        return 1;
    }
    for (unsigned s = 0; s < FIFO_SR_SETS; s++)
        if (b->sets >> s & 1u)
            printf("seed %" PRIu64 " %-7s written %" PRIu64 " read %" PRIu64
                   " full-clocks %" PRIu64 " drained-after-full %" PRIu64
                   " longest-read-run %" PRIu64 " resets %" PRIu64 "\n",
                   seed, fifo_sr_sets[s].name, b->r.st[s].written, b->r.st[s].read,
                   b->r.st[s].full, b->r.st[s].empty_after_full, b->r.st[s].max_run,
                   b->r.st[s].resets);
    return 0;
}


int main(int argc, char **argv)
{
    static bench b = {.seed = 1, .cycles = 50000, .sets = (1u << FIFO_SR_SETS) - 1u};
    const harness_opt opts[] = {
        {"--cycles", HARNESS_OPT_U64, &b.cycles, "N", "clocks per seed (default 50000)", 1, 0,
         NULL},
        {"--sets", HARNESS_OPT_U64, &b.sets, "MASK",
         "parameter sets to drive, bit s = set s (default all)", 1,
         (1u << FIFO_SR_SETS) - 1u, NULL},
    };
    const harness_bench hb = {
        .prog = "common-fifo-sr-bench", .opts = opts, .nopts = sizeof opts / sizeof opts[0],
        .seed = &b.seed, .flags = HARNESS_BENCH_KEEP_GOING | HARNESS_BENCH_WAVES_FIRST,
        .ctx = &b, .dut_new = dut_new, .dut_waves = dut_waves, .dut_free = dut_free,
        .describe = describe, .run = run,
    };
    return harness_bench_main(argc, argv, &hb);
}
