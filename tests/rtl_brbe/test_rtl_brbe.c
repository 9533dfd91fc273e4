/* Bounded RTL regression of brbe_top (one binary per parameter set, built
 * by mk/brbe.mk with the Verilated model): the bench of
 * tb/brbe/rtl/brbe_rtl_tb.h over fixed seeds, every value read through the
 * port compared with the model.  Coverage: over the seeds, every BRBINF
 * TYPE the stream has an event for, and every VALID form, appears in a
 * record read through the port; the BRB_FILTERATE count on pmu_event_o
 * equals the model's captured records at every read sequence, and a clock
 * with two occurrences (a held ERET's record and the next record's) occurs.
 * A failure names the seed, which
 * brbe-rtl-bench-<set> --seed reruns (with --waves). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dut.h"
#include "brbe_rtl_tb.h"

#define RUN_SEEDS   6u
#define RUN_RECORDS 6000u

START_TEST(test_seeds)
{
    char err[256];
    uint64_t by_type[64] = { 0 }, can_type[64] = { 0 }, by_valid[4] = { 0 };
    uint64_t compared = 0, freezes = 0, iall = 0, inj = 0, filt = 0, filt2 = 0, ev_checks = 0;
    const char *set = "?";
    for (unsigned i = 0; i < RUN_SEEDS; i++) {
        brbe_tb_dut *d = brbe_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        set = d->params.set;
        brbe_rtl_opts o;
        brbe_rtl_opts_default(&o);
        o.seed = 1000u + i;
        o.records = RUN_RECORDS;
        o.log = stderr;
        brbe_rtl_result r;
        int rc = brbe_rtl_run(d, &o, &r);
        brbe_dut_free(d);
        ck_assert_msg(rc == 0, "seed %" PRIu64 ": %s", o.seed, r.msg);
        ck_assert_uint_ge(r.pe_records, RUN_RECORDS);
        ck_assert_uint_gt(r.sequences, 1);
        for (unsigned k = 0; k < 64; k++) {
            by_type[k] += r.by_type[k];
            can_type[k] += r.can_type[k];
        }
        for (unsigned k = 0; k < 4; k++)
            by_valid[k] += r.by_valid[k];
        compared += r.compared;
        freezes += r.freezes;
        iall += r.iall;
        inj += r.inj;
        filt += r.filterate;
        filt2 += r.filterate_two;
        ev_checks += r.ev_checks;
    }
    printf("set %s: %" PRIu64 " values compared, %" PRIu64 " freezes, %" PRIu64 " IALL, %" PRIu64
           " INJ\n  VALID target %" PRIu64 " source %" PRIu64 " full %" PRIu64 "\n  TYPE",
           set, compared, freezes, iall, inj, by_valid[1], by_valid[2], by_valid[3]);
    for (unsigned k = 0; k < 64; k++)
        if (can_type[k] || by_type[k])
            printf(" 0x%02x:%" PRIu64 "/%" PRIu64, k, by_type[k], can_type[k]);
    printf("  (records read / stream events)\n");
    printf("  BRB_FILTERATE %" PRIu64 " (%" PRIu64 " clocks with two), equal to the model's at %"
           PRIu64 " checkpoints\n", filt, filt2, ev_checks);
    fflush(stdout);
    ck_assert_uint_gt(filt, 0);
    ck_assert_uint_gt(filt2, 0);
    ck_assert_uint_ge(ev_checks, 2u * RUN_SEEDS);
    ck_assert_uint_gt(freezes, 0);
    for (unsigned k = 1; k < 4; k++)
        ck_assert_msg(by_valid[k] > 0, "set %s: no record read with VALID %u", set, k);
    for (unsigned k = 0; k < 64; k++)
        ck_assert_msg(can_type[k] == 0 || by_type[k] > 0,
                      "set %s: TYPE 0x%02x: %" PRIu64 " stream events, no record read", set, k,
                      can_type[k]);
}
END_TEST

/* The directed stimulus of make coverage-brbe (docs/verification.md, "Line
 * coverage"): PE Warm resets right after ERETs (R_PMRRL) and idle gaps of
 * 2^20 cycles and more (the saturated CC, R_XGSSZ), byte-exact with the model. */
START_TEST(test_directed)
{
    char err[256];
    brbe_tb_dut *d = brbe_dut_new(err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    brbe_rtl_opts o;
    brbe_rtl_opts_default(&o);
    o.seed = 3000u;
    o.records = 20000u;
    o.eret_reset = 1;
    o.long_gaps = 1;
    o.log = stderr;
    brbe_rtl_result r;
    int rc = brbe_rtl_run(d, &o, &r);
    brbe_dut_free(d);
    ck_assert_msg(rc == 0, "seed %" PRIu64 ": %s", o.seed, r.msg);
    ck_assert_uint_ge(r.pe_records, 20000u);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rtl_brbe");
    TCase *tc = tcase_create("seeds");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_seeds);
    tcase_add_test(tc, test_directed);
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
