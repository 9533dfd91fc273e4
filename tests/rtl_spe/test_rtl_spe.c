/* Bounded RTL regression of spe_top (one binary per parameter set, built by
 * mk/spe_rtl.mk with the Verilated model): the bench of
 * tb/spe/rtl/spe_rtl_tb.h over fixed seeds; the memory image, PMBPTR_EL1,
 * PMBSR_EL1, PMSICR_EL1, PMBIRQ and every register at the end compared with
 * the model, and the PMU event and CTI trigger pulses counted against the
 * model's counters.  Seeds divisible by 3 give AXI error responses.  A failure
 * names the seed, which spe-rtl-bench-<set> --seed reruns. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "spe_dut.h"
#include "spe_rtl_tb.h"

#define RUN_SEEDS   24u
#define RUN_RECORDS 6000u

START_TEST(test_seeds)
{
    char err[256];
    uint64_t written = 0, bytes = 0, services = 0, aborts = 0, mgmt = 0, compared = 0;
    uint64_t full = 0, coll = 0, inflight_max = 0, ev[SPE_EV_N] = { 0 }, cti = 0, ev_checks = 0;
    unsigned inflight = 1, max_inflight = 1;
    const char *set = "?";
    for (unsigned i = 0; i < RUN_SEEDS; i++) {
        spe_tb_dut *d = spe_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        set = d->params.set;
        inflight = d->params.inflight_records;
        max_inflight = d->params.max_inflight;
        spe_rtl_opts o;
        spe_rtl_opts_default(&o);
        o.seed = 1000u + i;
        o.records = RUN_RECORDS;
        o.log = stderr;
        spe_rtl_result r;
        int rc = spe_rtl_run(d, &o, &r);
        spe_dut_free(d);
        ck_assert_msg(rc == 0, "%s", r.msg);
        ck_assert_uint_ge(r.pe_records, RUN_RECORDS);
        written += r.written;
        bytes += r.bytes;
        services += r.services;
        aborts += r.aborts;
        mgmt += r.mgmt;
        compared += r.compared;
        full += r.full;
        coll += r.collisions;
        if (r.inflight_max > inflight_max)
            inflight_max = r.inflight_max;
        for (unsigned e = 0; e < SPE_EV_N; e++)
            ev[e] += r.ev[e];
        cti += r.cti;
        ev_checks += r.ev_checks;
    }
    printf("set %s: %" PRIu64 " records (%" PRIu64 " bytes) written, %" PRIu64
           " management events (%" PRIu64 " buffer full), %" PRIu64 " collisions, %" PRIu64
           " services, %" PRIu64 " AXI aborts, %" PRIu64 " values compared\n", set, written,
           bytes, mgmt, full, coll, services, aborts, compared);
    printf("set %s: at most %" PRIu64 " samples in flight; events SAMPLE_POP %" PRIu64
           " SAMPLE_FEED %" PRIu64 " SAMPLE_FILTRATE %" PRIu64 " SAMPLE_COLLISION %" PRIu64
           ", CTI trigger 2 %" PRIu64 ", %" PRIu64 " event checkpoints\n", set, inflight_max,
           ev[SPE_EV_SAMPLE_POP], ev[SPE_EV_SAMPLE_FEED], ev[SPE_EV_SAMPLE_FILTRATE],
           ev[SPE_EV_SAMPLE_COLLISION], cti, ev_checks);
    fflush(stdout);
    ck_assert_uint_gt(written, 100);
    ck_assert_uint_gt(services, 0);
    ck_assert_uint_gt(aborts, 0);
    ck_assert_uint_gt(full, 0);
    /* every event occurs (COLLISION below), and CTI trigger 2 with every
     * record written */
    ck_assert_uint_gt(ev[SPE_EV_SAMPLE_POP], ev[SPE_EV_SAMPLE_FEED]);
    ck_assert_uint_gt(ev[SPE_EV_SAMPLE_FEED], ev[SPE_EV_SAMPLE_FILTRATE]);
    ck_assert_uint_gt(ev[SPE_EV_SAMPLE_FILTRATE], 0);
    ck_assert_uint_eq(cti, written);
    ck_assert_uint_ge(ev_checks, RUN_SEEDS);
    /* a sample completes INFLIGHT_RECORDS records after its own, so when a
     * record is considered at most INFLIGHT_RECORDS - 1 are in flight:
     * collisions need INFLIGHT_RECORDS > MAX_INFLIGHT, and the store fills
     * to min(INFLIGHT_RECORDS, MAX_INFLIGHT) */
    ck_assert_uint_eq(ev[SPE_EV_SAMPLE_COLLISION], coll);
    if (inflight > max_inflight)
        ck_assert_uint_gt(coll, 0);
    else
        ck_assert_uint_eq(coll, 0);
    ck_assert_uint_eq(inflight_max, inflight < max_inflight ? inflight : max_inflight);
}
END_TEST

static Suite *rtl_spe_suite(void)
{
    Suite *s = suite_create("rtl_spe");
    TCase *tc = tcase_create("seeds");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_seeds);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(rtl_spe_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
