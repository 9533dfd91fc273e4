/* etmv1-rtl-bench: etmv1_baddr against the ETMv1 model (docs/etmv1.md,
 * "RTL bench").
 *
 *   etmv1-rtl-bench [--seed S|random] [--seeds N] [--branches N]
 *                   [--valid P] [--ready P] [--waves F.fst] [-v]
 *
 * Runs seeds S .. S+N-1 (default 1, 1), each on a fresh device; prints the
 * seed of each run first and stops at the first difference, which it prints
 * with the events before it.  Exit status 0 all matched, 1 a difference or
 * bench error, 2 bad options (harness_bench_main). */
#include <inttypes.h>
#include <stdio.h>

#include "etmv1_dut.h"
#include "etmv1_rtl_tb.h"
#include "harness.h"

typedef struct bench {
    etmv1_rtl_opts o;
    etmv1_rtl_result r;
    uint64_t packets, branches;
} bench;

static void *dut_new(char *err, size_t errlen) { return etmv1_dut_new(err, errlen); }
static void dut_free(void *d) { etmv1_dut_free(d); }
static int dut_waves(void *d, const char *path, char *err, size_t errlen)
{
    return etmv1_dut_waves(d, path, err, errlen);
}

static int run(void *ctx, void *d, uint64_t seed, char *msg, size_t msglen)
{
    bench *b = ctx;
    b->o.seed = seed;
    if (etmv1_rtl_run(d, &b->o, &b->r) != 0) {
        snprintf(msg, msglen, "%s", b->r.msg);
        return 1;
    }
    b->packets += b->r.packets;
    b->branches += b->r.branches;
    return 0;
}

static void summary(void *ctx, uint64_t first, uint64_t seeds, uint64_t failed, FILE *f)
{
    const bench *b = ctx;
    if (!failed)
        fprintf(f, "PASS %" PRIu64 " seeds from %" PRIu64 ": %" PRIu64 " branches, %" PRIu64
                " packets compared\n", seeds, first, b->branches, b->packets);
}

int main(int argc, char **argv)
{
    static bench b;
    etmv1_rtl_opts_default(&b.o);
    b.o.log = stdout;
    const harness_opt opts[] = {
        { "--branches", HARNESS_OPT_U64, &b.o.branches, "N", "branches per seed", 1, 0, NULL },
        { "--valid", HARNESS_OPT_PROB, &b.o.p_valid, "P", "starting chance of in_valid_i", 0, 0,
          NULL },
        { "--ready", HARNESS_OPT_PROB, &b.o.p_ready, "P", "starting chance of out_ready_i", 0, 0,
          NULL },
        { "-v", HARNESS_OPT_FLAG, &b.o.verbose, NULL, "print the events as they happen", 0, 0,
          NULL },
    };
    const harness_bench hb = {
        .prog = "etmv1-rtl-bench", .opts = opts, .nopts = sizeof opts / sizeof opts[0],
        .seed = &b.o.seed, .ctx = &b, .dut_new = dut_new, .dut_waves = dut_waves,
        .dut_free = dut_free, .run = run, .summary = summary,
    };
    return harness_bench_main(argc, argv, &hb);
}
