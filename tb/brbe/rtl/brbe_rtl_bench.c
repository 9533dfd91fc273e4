/* brbe-rtl-bench-<set>: brbe_top (one parameter set) against the BRBE
 * model (docs/brbe-rtl.md, "Bench").
 *
 *   brbe-rtl-bench-N8 [--seed S|random] [--seeds N] [--records N] [--eret-reset]
 *                     [--long-gaps] [--waves F.fst] [-v]
 *
 * Runs seeds S .. S+N-1 (default 1, 1), each on a fresh device; prints the
 * seed of each run and stops at the first difference, which it prints with
 * the events before it.  Exit status 0 all matched, 1 a difference or bench
 * error, 2 bad options (harness_bench_main). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "brbe_dut.h"
#include "brbe_rtl_tb.h"
#include "harness.h"

typedef struct bench {
    brbe_rtl_opts o;
    brbe_rtl_result r;
    uint64_t compared, records;
} bench;

static void *dut_new(char *err, size_t errlen) { return brbe_dut_new(err, errlen); }
static void dut_free(void *d) { brbe_dut_free(d); }
static int dut_waves(void *d, const char *path, char *err, size_t errlen)
{
    return brbe_dut_waves(d, path, err, errlen);
}

static void describe(void *ctx, void *d, FILE *f)
{
    (void)ctx;
    fprintf(f, "parameter set %s\n", ((brbe_tb_dut *)d)->params.set);
}

static int run(void *ctx, void *d, uint64_t seed, char *msg, size_t msglen)
{
    bench *b = ctx;
    b->o.seed = seed;
    if (brbe_rtl_run(d, &b->o, &b->r) != 0) {
        snprintf(msg, msglen, "%s", b->r.msg);
        return 1;
    }
    b->compared += b->r.compared;
    b->records += b->r.pe_records;
    return 0;
}

static void summary(void *ctx, uint64_t first, uint64_t seeds, uint64_t failed, FILE *f)
{
    const bench *b = ctx;
    if (!failed)
        fprintf(f, "PASS %" PRIu64 " seeds from %" PRIu64 ": %" PRIu64 " PE records, %" PRIu64
                " values compared\n", seeds, first, b->records, b->compared);
}

int main(int argc, char **argv)
{
    static bench b;
    brbe_rtl_opts_default(&b.o);
    b.o.log = stdout;
    const harness_opt opts[] = {
        { "--records", HARNESS_OPT_U64, &b.o.records, "N", "PE records per seed", 1, 0, NULL },
        { "--eret-reset", HARNESS_OPT_FLAG, &b.o.eret_reset, NULL,
          "a PE Warm reset right after a quarter of the inserted ERETs", 0, 0, NULL },
        { "--long-gaps", HARNESS_OPT_FLAG, &b.o.long_gaps, NULL,
          "2^20 to 2^21 idle cycles before one record in 500", 0, 0, NULL },
        { "-v", HARNESS_OPT_FLAG, &b.o.verbose, NULL, "print the events as they happen", 0, 0,
          NULL },
    };
    const harness_bench hb = {
        .prog = "brbe-rtl-bench", .opts = opts, .nopts = sizeof opts / sizeof opts[0],
        .seed = &b.o.seed, .ctx = &b, .dut_new = dut_new, .dut_waves = dut_waves,
        .dut_free = dut_free, .describe = describe, .run = run, .summary = summary,
    };
    return harness_bench_main(argc, argv, &hb);
}
