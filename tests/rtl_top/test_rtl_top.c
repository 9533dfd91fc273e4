/* Bounded regression of the trace subsystem (rtl/top/trace_subsystem.v),
 * one binary per parameter set, built by mk/top.mk with the Verilated
 * model: the bench of tb/top/rtl/ts_rtl_tb.h on random programs (tb/common/progen)
 * with the ETE configurations of tb/ete's round trip, every TRBE mode, SPE
 * and BRBE on some seeds, AXI backpressure and PE idle clocks.  A run fails
 * on any difference from the models (ETE bytes, trace buffer, TRBPTR_EL1 /
 * TRBSR_EL1, Profiling Buffer and SPE registers, Branch records, the PMU
 * event bus and the SPE CTI trigger against the models' counters); each case
 * also checks that it exercised what it is for.  A failure names the seed,
 * which ts-rtl-bench-<set> --seed reruns (with --waves). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_roundtrip.h"
#include "harness.h"
#include "progen.h"
#include "trbe_regs.h"
#include "ts_dut.h"
#include "ts_rtl_tb.h"

#define RUN_RECORDS 8000u

/* Totals over a case's seeds. */
typedef struct totals {
    uint64_t records, dropped, lost, trace, flushes, wraps, spe_records, spe_events;
    uint64_t brbe_read, peeks, bursts, stopped;
    uint64_t ev[TS_EV_SPE_N], brb_filterate, spe_cti, ev_checks;
    unsigned spe_inflight_records, spe_max_inflight;
} totals;

enum { MIX_NONE = 0, MIX_SPE = 1, MIX_BRBE = 2 };

typedef struct kase {
    int fill_mode;          /* enum trbe_fm, or -1: from the seed */
    int trig_mode;          /* enum trbe_tm, or -1: from the seed */
    uint64_t buf_size;      /* 0: from the seed */
    double backpressure;    /* < 0: from the seed */
    int stall;              /* the PE honours pe_stall_o */
    int units;              /* MIX_*: always; -1: from the seed */
    unsigned records;
} kase;

static void run_seeds(uint64_t first, unsigned n, const kase *k, totals *tot)
{
    static const unsigned fms[] = {TRBE_FM_FILL, TRBE_FM_WRAP, TRBE_FM_CBUF};
    static const unsigned tms[] = {TRBE_TM_STOP, TRBE_TM_IRQ, TRBE_TM_IGNR};
    char err[512];
    memset(tot, 0, sizeof *tot);
    for (unsigned i = 0; i < n; i++) {
        uint64_t seed = first + i;
        harness_rng g;
        harness_rng_init(&g, seed, 0x54455354ull);
        pe_stream s;
        progen_cfg pc;
        progen_cfg_default(&pc, seed);
        pc.n_records = k->records;
        ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "progen: %s", err);

        ts_tb_opts o;
        ts_tb_opts_default(&o);
        o.seed = seed;
        ete_params ep;
        ete_rt_config((unsigned)(seed % ETE_RT_NUM_CONFIGS), seed, &s, &ep, &o.ete);
        unsigned fm = fms[harness_rng_below(&g, 3)], tm = tms[harness_rng_below(&g, 3)];
        o.trbe_fill_mode = k->fill_mode >= 0 ? (unsigned)k->fill_mode : fm;
        o.trbe_trig_mode = k->trig_mode >= 0 ? (unsigned)k->trig_mode : tm;
        o.buf_size = k->buf_size ? k->buf_size : 4096u * harness_rng_range(&g, 1, 8);
        double bp = k->backpressure >= 0 ? k->backpressure : 0.6 * harness_rng_unit(&g);
        o.p_awready = 1.0 - bp;
        o.p_wready = 1.0 - bp;
        o.b_lat_min = (unsigned)harness_rng_below(&g, 4);
        o.b_lat_max = o.b_lat_min + (unsigned)harness_rng_below(&g, 20);
        o.pe_idle = 0.4 * harness_rng_unit(&g);
        o.stall = k->stall;
        int units = k->units >= 0 ? k->units : (int)(seed % 4u);
        o.spe = (units & MIX_SPE) != 0;
        o.brbe = (units & MIX_BRBE) != 0;
        o.log = stderr;

        ts_tb_dut *d = ts_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        tot->spe_inflight_records = d->params.spe_inflight_records;
        tot->spe_max_inflight = d->params.spe_max_inflight;
        ts_tb_result r;
        int rc = ts_tb_run(d, &o, &s, &r);
        ts_dut_free(d);
        ck_assert_msg(rc == 0 && r.pass, "seed %" PRIu64 ": %s", seed, r.msg);
        ck_assert_uint_eq(r.records, k->records);
        ck_assert_uint_gt(r.ntrace, 0);
        ck_assert_ptr_nonnull(r.buf);
        tot->records += r.records;
        tot->dropped += r.dropped;
        tot->lost += r.spe_dropped + r.brbe_dropped;
        tot->trace += r.ntrace;
        tot->flushes += r.trbe_flushes;
        tot->wraps += r.trbe_wraps;
        tot->spe_records += r.spe_records;
        tot->spe_events += r.spe_services + r.spe_toggles;
        tot->brbe_read += r.brbe_records_read;
        tot->peeks += r.brbe_peeks;
        tot->bursts += r.axi_bursts;
        tot->stopped += (r.trbsr & TRBSR_S) != 0;
        for (unsigned e = 0; e < TS_EV_SPE_N; e++)
            tot->ev[e] += r.ev[e];
        tot->brb_filterate += r.brb_filterate;
        tot->spe_cti += r.spe_cti;
        tot->ev_checks += r.ev_checks;
        ts_tb_result_free(&r);
        pe_stream_free(&s);
    }
}

/* Everything from the seed: configurations, modes, buffers, units. */
START_TEST(test_random)
{
    kase k = {-1, -1, 0, -1.0, 1, -1, RUN_RECORDS};
    totals t;
    run_seeds(1000, 30, &k, &t);
    ck_assert_uint_eq(t.dropped + t.lost, 0);     /* an honouring PE loses nothing */
    ck_assert_uint_gt(t.spe_records, 0);
    ck_assert_uint_gt(t.brbe_read, 0);
}
END_TEST

/* Fill mode with one page: the buffer fills and collection stops. */
START_TEST(test_fill)
{
    kase k = {TRBE_FM_FILL, TRBE_TM_IGNR, 4096, 0.3, 1, MIX_NONE, 3 * RUN_RECORDS};
    totals t;
    run_seeds(2000, 3, &k, &t);
    ck_assert_uint_gt(t.stopped, 0);
}
END_TEST

/* Wrap mode with one page: the pointer wraps. */
START_TEST(test_wrap)
{
    kase k = {TRBE_FM_WRAP, TRBE_TM_IGNR, 4096, 0.3, 1, MIX_NONE, 3 * RUN_RECORDS};
    totals t;
    run_seeds(2100, 3, &k, &t);
    ck_assert_uint_gt(t.wraps, 0);
}
END_TEST

/* Stop on trigger: the Detected Trigger pin, the trace unit flush. */
START_TEST(test_stop)
{
    kase k = {TRBE_FM_CBUF, TRBE_TM_STOP, 0, -1.0, 1, -1, RUN_RECORDS};
    totals t;
    run_seeds(2200, 6, &k, &t);
    ck_assert_uint_gt(t.flushes, 0);
}
END_TEST

/* SPE and BRBE together behind the arbiter, with backpressure. */
START_TEST(test_spe_brbe)
{
    kase k = {-1, -1, 0, 0.5, 1, MIX_SPE | MIX_BRBE, RUN_RECORDS};
    totals t;
    run_seeds(2300, 8, &k, &t);
    ck_assert_uint_eq(t.dropped + t.lost, 0);
    ck_assert_uint_gt(t.spe_records, 0);
    ck_assert_uint_gt(t.spe_events, 0);           /* PMBIRQ services, buffer switched off/on */
    ck_assert_uint_gt(t.brbe_read, 0);
    ck_assert_uint_gt(t.peeks, 0);
    /* the event bus: every event seen, equal to the models at every drain */
    printf("event bus: SAMPLE_POP %" PRIu64 " SAMPLE_FEED %" PRIu64 " SAMPLE_FILTRATE %" PRIu64
           " SAMPLE_COLLISION %" PRIu64 " BRB_FILTERATE %" PRIu64 ", CTI trigger 2 %" PRIu64
           ", %" PRIu64 " checkpoints\n", t.ev[TS_EV_SAMPLE_POP], t.ev[TS_EV_SAMPLE_FEED],
           t.ev[TS_EV_SAMPLE_FILTRATE], t.ev[TS_EV_SAMPLE_COLLISION], t.brb_filterate, t.spe_cti,
           t.ev_checks);
    fflush(stdout);
    ck_assert_uint_gt(t.ev[TS_EV_SAMPLE_POP], t.ev[TS_EV_SAMPLE_FEED]);
    ck_assert_uint_ge(t.ev[TS_EV_SAMPLE_FEED], t.ev[TS_EV_SAMPLE_FILTRATE]);
    ck_assert_uint_gt(t.ev[TS_EV_SAMPLE_FILTRATE], 0);
    ck_assert_uint_gt(t.brb_filterate, 0);
    ck_assert_uint_eq(t.spe_cti, t.spe_records);
    ck_assert_uint_gt(t.ev_checks, 16);
    /* collisions only when samples complete later than MAX_INFLIGHT records */
    if (t.spe_inflight_records > t.spe_max_inflight)
        ck_assert_uint_gt(t.ev[TS_EV_SAMPLE_COLLISION], 0);
    else
        ck_assert_uint_eq(t.ev[TS_EV_SAMPLE_COLLISION], 0);
}
END_TEST

/* A PE that ignores pe_stall_o under heavy backpressure: records are
 * dropped (the ETE's overflow, the serializers' losses) and the models,
 * told where, still agree. */
START_TEST(test_no_stall)
{
    kase k = {TRBE_FM_CBUF, TRBE_TM_IGNR, 0, 0.9, 0, MIX_SPE | MIX_BRBE, RUN_RECORDS};
    totals t;
    run_seeds(2400, 4, &k, &t);
    ck_assert_uint_gt(t.dropped + t.lost, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rtl_top");
    TCase *t = tcase_create("bench");
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_random);
    tcase_add_test(t, test_fill);
    tcase_add_test(t, test_wrap);
    tcase_add_test(t, test_stop);
    tcase_add_test(t, test_spe_brbe);
    tcase_add_test(t, test_no_stall);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
