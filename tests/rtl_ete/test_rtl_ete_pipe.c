/* The bounded regression of ete_pipe alone (tb/ete/rtl/pipe): every
 * configuration of the round-trip mix and the three with comparators inside
 * runs (tests/ete/test_ete_model_block.c), a few seeds, run caps
 * max_insns 0 and 4, random valid gaps, pkt_ready backpressure and overflow
 * markers; every byte equals the model's block path with sync_lag ETE_SYNC_LAG.  One
 * binary per parameter set (mk/ete_pipe.mk). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ete_roundtrip.h"
#include "pipe_dut.h"
#include "pipe_tb.h"

#define NSEEDS   4
#define NRECORDS 8000

static uint64_t tot_entries, tot_bytes, tot_markers, tot_runs;

static void run(const pipe_tb_opts *o)
{
    pipe_tb_result res;
    int rc = pipe_tb_run(o, &res, stdout);
    ck_assert_msg(rc == 0, "%s", res.msg);
    ck_assert_uint_gt(res.bytes, 0);
    tot_entries += res.entries;
    tot_bytes += res.bytes;
    tot_markers += res.markers;
    tot_runs++;
}

/* _i = config * NSEEDS * 2 + seed * 2 + cap */
START_TEST(test_config)
{
    unsigned cfg = (unsigned)_i / (NSEEDS * 2), k = (unsigned)_i % (NSEEDS * 2);
    if (!pipe_tb_config_supported(cfg))
        return;
    pipe_tb_opts o;
    pipe_tb_opts_default(&o);
    o.config = (int)cfg;
    o.seed = 1 + k / 2;
    o.max_insns = (k & 1) ? 4 : 0;
    o.records = NRECORDS;
    o.markers = 0.004;
    o.prog = "build/bin/pipe-bench-<set>";
    run(&o);
}
END_TEST

/* No gaps, no backpressure, no markers: still byte-exact, and the rates.
 * _i 0: a generated program, merged runs (almost every entry a P0
 * element); _i 1: a branch-only program (every entry one P0 element): one
 * P0 element per clock sustained. */
START_TEST(test_throughput)
{
    pipe_dut_params dp;
    pipe_dut_params_get(&dp);
    pipe_tb_opts o;
    pipe_tb_opts_default(&o);
    o.config = ETE_RT_PLAIN;
    o.seed = 7;
    o.records = NRECORDS;
    o.throughput = 1;
    o.branches = _i;
    pipe_tb_result res;
    int rc = pipe_tb_run(&o, &res, stdout);
    ck_assert_msg(rc == 0, "%s", res.msg);
    printf("test_rtl_ete_pipe %s throughput (plain, %s): %.3f entries/clk, %.3f P0/clk\n", dp.set,
           _i ? "branch-only program" : "generated program, merged runs", res.ent_per_clk,
           res.p0_per_clk);
    ck_assert_msg(res.ent_per_clk > 0.95, "%.3f entries per clock", res.ent_per_clk);
    if (_i)
        ck_assert_msg(res.p0_per_clk > 0.95, "%.3f P0 elements per clock", res.p0_per_clk);
}
END_TEST

static void report(void)
{
    pipe_dut_params dp;
    pipe_dut_params_get(&dp);
    printf("test_rtl_ete_pipe %s: %" PRIu64 " runs, %" PRIu64 " entries, %" PRIu64
           " markers, %" PRIu64 " bytes compared\n", dp.set, tot_runs, tot_entries, tot_markers,
           tot_bytes);
}

int main(void)
{
    Suite *s = suite_create("rtl_ete_pipe");
    TCase *tc = tcase_create("pipe");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_config, 0, PIPE_TB_NUM_CONFIGS * NSEEDS * 2);
    tcase_add_loop_test(tc, test_throughput, 0, 2);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    report();
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
