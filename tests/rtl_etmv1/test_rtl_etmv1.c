/* RTL regression of etmv1_baddr (built by mk/etmv1.mk with the Verilated
 * device): the bench of tb/etmv1/rtl/etmv1_rtl_tb.h over fixed seeds, every
 * packet compared byte for byte with model/etmv1, random input valid gaps
 * and output backpressure.  Coverage over the seeds: every packet length,
 * E bits, Thumb, forced full addresses, resets with packets in flight,
 * output holds and input stalls.  A failure names the seed, which
 * etmv1-rtl-bench --seed reruns (with --waves).  ETMV1_RTL_SEED=S (decimal,
 * 0x hex or 'random') moves the first seed; the seeds are printed first. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etmv1_dut.h"
#include "harness.h"
#include "etmv1_rtl_tb.h"

#define RUN_SEEDS    8u
#define RUN_BRANCHES 25000u

START_TEST(test_seeds)
{
    char err[256];
    etmv1_rtl_result sum, r;
    memset(&sum, 0, sizeof sum);
    uint64_t first = 500;
    const char *env = getenv("ETMV1_RTL_SEED");
    if (env)
        ck_assert_msg(harness_seed_parse(env, &first, err, sizeof err) == 0, "ETMV1_RTL_SEED: %s",
                      err);
    printf("rtl_etmv1: seeds %" PRIu64 "..%" PRIu64 "\n", first, first + RUN_SEEDS - 1u);
    fflush(stdout);
    for (unsigned i = 0; i < RUN_SEEDS; i++) {
        etmv1_tb_dut *d = etmv1_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        etmv1_rtl_opts o;
        etmv1_rtl_opts_default(&o);
        o.seed = first + i;
        o.branches = RUN_BRANCHES;
        o.log = stderr;
        int rc = etmv1_rtl_run(d, &o, &r);
        etmv1_dut_free(d);
        ck_assert_msg(rc == 0, "%s", r.msg);
        ck_assert_uint_eq(r.branches, RUN_BRANCHES);
        sum.packets += r.packets;
        sum.bytes += r.bytes;
        for (unsigned k = 1; k <= 5; k++)
            sum.by_len[k] += r.by_len[k];
        sum.e_bits += r.e_bits;
        sum.thumb += r.thumb;
        sum.forced += r.forced;
        sum.resets += r.resets;
        sum.dropped += r.dropped;
        sum.holds += r.holds;
        sum.in_stalls += r.in_stalls;
        sum.cycles += r.cycles;
    }
    printf("rtl_etmv1: %" PRIu64 " packets (%" PRIu64 " bytes) compared in %" PRIu64
           " clocks; lengths 1..5: %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
           "; E %" PRIu64 ", Thumb %" PRIu64 ", forced %" PRIu64 ", resets %" PRIu64
           " (%" PRIu64 " packets dropped), holds %" PRIu64 ", input stalls %" PRIu64 "\n",
           sum.packets, sum.bytes, sum.cycles, sum.by_len[1],
           sum.by_len[2], sum.by_len[3], sum.by_len[4], sum.by_len[5], sum.e_bits, sum.thumb,
           sum.forced, sum.resets, sum.dropped, sum.holds, sum.in_stalls);
    fflush(stdout);
    for (unsigned k = 1; k <= 5; k++)
        ck_assert_msg(sum.by_len[k] > 1000, "only %" PRIu64 " packets of %u bytes",
                      sum.by_len[k], k);
    ck_assert_uint_gt(sum.e_bits, 100);
    ck_assert_uint_gt(sum.thumb, 1000);
    ck_assert_uint_gt(sum.forced, 100);
    ck_assert_uint_gt(sum.resets, 10);
    ck_assert_uint_gt(sum.dropped, 0);
    ck_assert_uint_gt(sum.holds, 1000);
    ck_assert_uint_gt(sum.in_stalls, 1000);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rtl_etmv1");
    TCase *tc = tcase_create("seeds");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_seeds);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
