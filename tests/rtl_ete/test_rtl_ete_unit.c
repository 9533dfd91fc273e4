/* The bounded regression of the ETE unit ete_unit on the block port, one
 * parameter set (mk/ete_rtl.mk builds one binary per RTL_SETS set): the
 * ETE RTL bench in its block mode (ete_rtl_tb.h).  The records of each
 * seed become slots (pe_blk_from_recs, RETIRE_WIDTH instructions per run
 * at most on even seeds, the port's 64 on odd seeds and at full rate),
 * presented up to RETIRE_WIDTH per clock with ts_i from the
 * bench's counter; every byte equals the model fed the accepted slots
 * with their clock and timestamp (ete_pipe's sync_lag), the trace decodes and
 * satisfies the oracle.  Every configuration ete_pipe supports, output
 * backpressure with overflows, a PE honouring pe_stall_o, the rate modes
 * and bursts, full rate without a drop, programs of long straight-line
 * runs, the P0 rate on branch-only programs, and every packet type
 * the configuration mix can produce. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ete_dut.h"
#include "ete_model.h"
#include "ete_roundtrip.h"
#include "ete_rtl_tb.h"
#include "progen.h"

#define NSEEDS   40      /* seeds; each runs the next supported configuration */
#define NRECORDS 6000
#define SEARCH   3000    /* seeds searched for a rare packet type */

static uint64_t slots_fed, bytes, overflows, stalled;
static uint64_t pkt_total[ETE_PKT_TYPE_COUNT];

static void run(ete_rtl_opts *o, ete_rtl_result *res)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    char prog[64];
    snprintf(prog, sizeof prog, "build/bin/ete-rtl-bench-%s", dp.set);
    o->prog = prog;
    int rc = ete_rtl_run(o, res, stdout);
    ck_assert_msg(rc == 0, "seed %" PRIu64 ": %s", o->seed, res->msg);
    /* a filter may trace nothing of a short run (filter-el excluding EL0
     * before the first exception, a start address never reached) */
    ck_assert_msg(res->insns > 0 || res->traced == 0,
                  "seed %" PRIu64 ": nothing decoded of %" PRIu64 " traced instructions",
                  o->seed, res->traced);
    ck_assert_uint_le(res->slots_fed, res->slots);
    for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++)
        pkt_total[t] += res->pkt[t];
    slots_fed += res->slots_fed;
    bytes += res->bytes;
    overflows += res->overflows;
    stalled += res->stall_cycles;
}

/* Records for a run that must fill the entry FIFO (overflow, stall): base
 * plus 5 per entry, about what a random program needs to present one slot
 * (0.23 slots per record), so that deep FIFOs (2048 entries at
 * RETIRE_WIDTH 4) fill as the 256-entry ones do. */
static uint64_t fill_records(uint64_t base)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    return base + 5u * (uint64_t)dp.in_fifo_depth;
}

/* seed i: the (i mod n)-th supported configuration */
static int config_of(unsigned i)
{
    unsigned n = 0, sup[ETE_RT_NUM_CONFIGS];
    for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
        if (ete_rtl_config_supported(c))
            sup[n++] = c;
    return (int)sup[i % n];
}

START_TEST(test_seed)
{
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = (uint64_t)_i + 1;
    o.config = config_of((unsigned)_i);
    o.records = NRECORDS;
    ete_rtl_result res;
    run(&o, &res);
}
END_TEST

/* The stimulus matrix: every configuration crossed with stall off/on and
 * output backpressure none / light / heavy (0, 0.3, 0.99 of clocks not
 * ready), with PE idle 0, 0.2 or 0.5 of clocks in turn; heavy backpressure
 * without stall overflows, with stall the PE waits (both counted, and
 * test_totals wants some of each).  Shorter runs than the seeds
 * (MATRIX_RECORDS). */
#define MATRIX_RECORDS 1000
#define MATRIX_HEAVY_RECORDS 4000
static unsigned matrix_overflow_runs, matrix_stall_runs;
#define MATRIX_RUNS    (ETE_RT_NUM_CONFIGS * 6)
START_TEST(test_matrix)
{
    static const double bp[] = {0.0, 0.3, 0.99};
    static const double idle[] = {0.0, 0.2, 0.5};
    unsigned cfg = (unsigned)_i / 6;
    if (!ete_rtl_config_supported(cfg))
        return;
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    /* seed % 4 == 3: the bench's heavy profile, long runs of not-ready
     * clocks (50..1050 on average) instead of short ones */
    o.seed = 4 * (2000 + (uint64_t)_i) + (_i % 3 == 2 ? 3 : 0);
    o.config = (int)cfg;
    /* the heavy cells run long enough to fill the unit's FIFOs */
    o.records = _i % 3 == 2 ? fill_records(MATRIX_HEAVY_RECORDS) : MATRIX_RECORDS;
    o.stall = (_i / 3) % 2;
    o.backpressure = bp[_i % 3];
    o.idle = idle[((unsigned)_i + cfg) % 3];
    ete_rtl_result res;
    run(&o, &res);
    if (o.stall)
        ck_assert_msg(res.dropped == 0, "seed %" PRIu64 " (%s, stall, backpressure %.1f): %"
                      PRIu64 " records dropped although the PE honours pe_stall_o", o.seed,
                      ete_rt_config_name(cfg), o.backpressure, res.dropped);
    ck_assert_int_eq(res.dropped > 0, res.overflows > 0);
    matrix_overflow_runs += res.overflows > 0;
    matrix_stall_runs += res.stall_cycles > 0;
}
END_TEST

/* Long output stalls: the entry FIFO fills, slots are dropped, one
 * Overflow per run of dropping clocks, and the bytes still match. */
START_TEST(test_overflow)
{
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = 500;
    o.config = ETE_RT_OVERFLOW;
    o.records = fill_records(NRECORDS);
    o.backpressure = 0.99;
    o.idle = 0.0;
    o.stall = 0;
    ete_rtl_result res;
    run(&o, &res);
    ck_assert_uint_gt(res.overflows, 0);
    ck_assert_uint_gt(res.dropped, 0);
    ck_assert_uint_lt(res.slots_fed, res.slots);
}
END_TEST

/* The same pressure with ISTALL set and the PE honouring pe_stall_o: no
 * slot is dropped (the bench fails on a drop), the PE is held.  The
 * configurations with the most trace per instruction (all, overflow), so
 * that the output fills even with 16-byte beats. */
START_TEST(test_stall)
{
    static const int cfgs[] = {ETE_RT_ALL, ETE_RT_OVERFLOW, ETE_RT_ALL};
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = 603 + 4 * (uint64_t)_i; /* seed % 4 == 3: the sink's stalls
                                        last 50..1050 clocks, longer than
                                        the output FIFO's bundles take */
    o.config = cfgs[_i];
    o.records = fill_records(NRECORDS);
    o.backpressure = 0.99;
    o.idle = 0.0;
    o.stall = 1;
    ete_rtl_result res;
    run(&o, &res);
    ck_assert_uint_gt(res.stall_cycles, 0);
    ck_assert_uint_eq(res.dropped, 0);
    ck_assert_uint_eq(res.slots_fed, res.slots);
}
END_TEST

/* The rate modes, with and without bursts.  The core takes one entry per
 * clock: at RETIRE_WIDTH 1 nothing is dropped; wider, the slots of
 * RETIRE_WIDTH records per clock can overrun it, and the drops must come
 * with their overflows. */
START_TEST(test_modes)
{
    static const int modes[] = {ETE_RTL_MODE_THROUGHPUT, ETE_RTL_MODE_FULL_RATE,
                                ETE_RTL_MODE_FULL_RATE};
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = 700 + (uint64_t)_i;
    o.config = config_of((unsigned)_i);
    o.records = NRECORDS;
    o.mode = modes[_i % 3];
    o.burst = _i % 3 == 2 ? 16u : 0u;
    ete_rtl_result res;
    run(&o, &res);
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    if (dp.retire_width == 1)
        ck_assert_uint_eq(res.slots_fed, res.slots);
    ck_assert_int_eq(res.dropped > 0, res.overflows > 0);
    ck_assert_int_eq(res.dropped > 0, res.slots_fed < res.slots);
}
END_TEST

/* Full rate (RETIRE_WIDTH records every clock, each run presented in the
 * clock its last instruction retires, up to the port's 64 instructions):
 * a stream that needs at most one slot per clock (slots presented over
 * the clocks records were presented in) loses nothing, in the plain and
 * the address-filtered configurations (S3 splits runs at comparator
 * edges); the core takes one entry per clock, so a branch-dense program
 * that needs more (seed 805: 1.49 slots per clock) may drop, with its
 * overflows. */
static unsigned full_rate_checked;
START_TEST(test_full_rate)
{
    static const int cfgs[] = {ETE_RT_PLAIN, ETE_RT_FILTER_RANGE, ETE_RT_FILTER_STARTSTOP};
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = 800 + (uint64_t)_i;
    o.config = cfgs[_i % 3];
    o.records = NRECORDS;
    o.mode = ETE_RTL_MODE_FULL_RATE;
    ete_rtl_result res;
    run(&o, &res);
    ck_assert_uint_gt(res.rec_cycles, 0);
    if (res.slots <= res.rec_cycles) {
        ck_assert_msg(res.dropped == 0 && res.overflows == 0,
                      "seed %" PRIu64 " (%s): %" PRIu64 " records dropped at full rate, %"
                      PRIu64 " slots in %" PRIu64 " clocks", o.seed,
                      ete_rt_config_name((unsigned)o.config), res.dropped, res.slots,
                      res.rec_cycles);
        ck_assert_uint_eq(res.slots_fed, res.slots);
        full_rate_checked++;
    } else {
        ck_assert_int_eq(res.dropped > 0, res.overflows > 0);
    }
}
END_TEST

/* Random programs at full rate whose streams offer more than one block per
 * clock over windows of thousands of clocks (bench-ete-rtl seeds 2 and 5,
 * 20 000 records: 1.035 and 1.06 blocks per clock over 5 000 clocks).  The
 * core takes one entry per clock; the entry FIFO's default depth (512 per
 * bank) absorbs those windows, so nothing is dropped.  A set with a
 * smaller FIFO only checks that drops come with overflows. */
START_TEST(test_full_rate_window)
{
    static const uint64_t seeds[] = {2, 5};
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = seeds[_i];
    o.config = ETE_RT_PLAIN;
    o.records = 20000;
    o.mode = ETE_RTL_MODE_FULL_RATE;
    ete_rtl_result res;
    run(&o, &res);
    if (dp.in_fifo_depth >= 512u * dp.retire_width) {
        ck_assert_msg(res.dropped == 0 && res.overflows == 0,
                      "seed %" PRIu64 ": %" PRIu64 " records dropped in %" PRIu64
                      " overflows at full rate, entry FIFO %u", o.seed, res.dropped,
                      res.overflows, dp.in_fifo_depth);
        ck_assert_uint_eq(res.slots_fed, res.slots);
    } else {
        ck_assert_int_eq(res.dropped > 0, res.overflows > 0);
    }
}
END_TEST

/* Programs of long straight-line runs (progen_long_runs): slots of up to
 * 64 instructions (odd seeds in normal mode, and full rate), comparator
 * edges anywhere inside them. */
START_TEST(test_long_runs)
{
    static const int cfgs[] = {ETE_RT_FILTER_RANGE, ETE_RT_FILTER_STARTSTOP, ETE_RT_ALL,
                               ETE_RT_BB};
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = 901 + 2u * (uint64_t)(_i / 2);          /* odd: runs up to 64 */
    o.config = cfgs[(_i / 2) % 4];
    o.records = NRECORDS;
    o.long_runs = 1;
    o.mode = _i % 2 ? ETE_RTL_MODE_FULL_RATE : ETE_RTL_MODE_NORMAL;
    ete_rtl_result res;
    run(&o, &res);
    if (o.mode == ETE_RTL_MODE_FULL_RATE)
        ck_assert_uint_eq(res.dropped, 0);
}
END_TEST

/* Stop presenting slots part-way: the bytes up to the disable match. */
START_TEST(test_cycles_limit)
{
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = 1000;
    o.config = config_of(3);
    o.records = NRECORDS;
    o.max_cycles = 2000;
    ete_rtl_result res;
    run(&o, &res);
}
END_TEST

/* The P0 rate itself: branch-only programs (progen_branches, every record
 * a P0 instruction) in throughput mode present one P0 slot every clock;
 * every set takes every one (no drop, no overflow).  Then bursts of
 * RETIRE_WIDTH P0 slots per clock (full rate, 16 clocks of them, then
 * 16 x RETIRE_WIDTH clocks without) are absorbed whole by the entry FIFO.
 * Configurations rs, bb, ts and all (seeds 1, 2, 4, 10). */
static const uint64_t p0_seeds[] = {1, 2, 4, 10};

static void run_branches(uint64_t seed, int mode, unsigned burst, ete_rtl_result *res)
{
    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    o.seed = seed;
    o.records = NRECORDS;
    o.mode = mode;
    o.burst = burst;
    o.branches = 1;
    run(&o, res);
    ck_assert_uint_eq(res->records, NRECORDS);
}

START_TEST(test_p0_rate)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    ete_rtl_result res;
    uint64_t seed = p0_seeds[_i];
    run_branches(seed, ETE_RTL_MODE_THROUGHPUT, 0, &res);
    ck_assert_msg(res.dropped == 0 && res.overflows == 0 && res.p0 == NRECORDS,
                  "seed %" PRIu64 " (%s): %" PRIu64 " of %u P0 records dropped at one P0 "
                  "element per clock", seed, ete_rtl_config_name(res.config), res.dropped,
                  NRECORDS);
    if (dp.retire_width > 1) {
        run_branches(seed, ETE_RTL_MODE_FULL_RATE, 16, &res);
        ck_assert_msg(res.dropped == 0 && res.overflows == 0 && res.p0 == NRECORDS,
                      "seed %" PRIu64 " (%s): %" PRIu64 " records dropped in bursts of 16 "
                      "clocks of %u P0 elements", seed, ete_rtl_config_name(res.config),
                      res.dropped, dp.retire_width);
    }
}
END_TEST

/* Does the model, for this set's parameters, emit packet type t for
 * seed (configuration seed % count) without overflows? */
static int model_emits(uint64_t seed, unsigned t, const ete_dut_params *dp)
{
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    pc.n_records = NRECORDS;
    pe_stream ps;
    pe_stream_init(&ps);
    char err[300];
    if (progen_generate(&pc, &ps, err, sizeof err)) {
        pe_stream_free(&ps);
        return 0;
    }
    ete_params p;
    ete_progregs r;
    ete_rt_config((unsigned)(seed % ETE_RT_NUM_CONFIGS), seed, &ps, &p, &r);
    ete_rtl_fit_config(dp, &p, &r);
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    int hit = 0;
    if (m) {
        ete_model_run(m, ps.rec, ps.nrec);
        ete_model_finish(m);
        hit = ete_model_pkt_counts(m)[t] != 0;
        ete_model_free(m);
    }
    pe_stream_free(&ps);
    return hit;
}

/* Can the configuration mix make this set's unit emit packet type t?  The
 * Event packet needs an event resource, and the mix's only ones are the
 * external inputs (ete_rt_config): none without NUMEXTIN. */
static int reachable(unsigned t, const ete_dut_params *dp)
{
    if (t == ETE_PKT_EVENT && dp->num_extin == 0)
        return 0;
    return ete_rt_pkt_reachable(t, dp->commopt);
}

/* After the seeds (CK_NOFORK: same process): the packet mix.  A type the
 * seeds did not produce is looked for with the model (seeds from 5000 on)
 * and that seed is run on the RTL without backpressure, at a rate the unit
 * keeps up with. */
START_TEST(test_packet_coverage)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++) {
        if (!reachable(t, &dp) || pkt_total[t])
            continue;
        for (uint64_t seed = 5000; seed < 5000 + SEARCH; seed++) {
            if (!model_emits(seed, t, &dp))
                continue;
            printf("  %s: directed seed %" PRIu64 "\n", ete_pkt_name(t), seed);
            ete_rtl_opts o;
            ete_rtl_opts_default(&o);
            o.seed = seed;
            o.records = NRECORDS;
            o.backpressure = 0.0;
            o.stall = 0;
            o.idle = dp.retire_width == 1 ? 0.5 : 0.8;
            o.end_in_txn = 0;          /* the whole stream, as model_emits ran it */
            ete_rtl_result res;
            run(&o, &res);
            ck_assert_msg(res.pkt[t] > 0, "directed seed %" PRIu64 ": the model emits %s, "
                          "the RTL did not (%" PRIu64 " records dropped)", seed,
                          ete_pkt_name(t), res.dropped);
            break;
        }
    }
    unsigned missing = 0;
    for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++) {
        int reach = reachable(t, &dp);
        if (!reach && !pkt_total[t])
            continue;
        printf("  %-18s %10" PRIu64 "%s\n", ete_pkt_name(t), pkt_total[t],
               !reach ? "  (not reachable)" : !pkt_total[t] ? "  NEVER EMITTED" : "");
        if (reach && !pkt_total[t])
            missing++;
    }
    ck_assert_msg(missing == 0, "%u packet types the configuration mix can produce were never "
                  "emitted by the RTL", missing);
}
END_TEST

START_TEST(test_totals)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    printf("ete_unit %s: %" PRIu64 " slots accepted, %" PRIu64 " trace bytes compared, %" PRIu64
           " overflows, %" PRIu64 " stalled clocks\n",
           dp.set, slots_fed, bytes, overflows, stalled);
    ck_assert_uint_gt(slots_fed, (uint64_t)NSEEDS * NRECORDS / 4u);
    ck_assert_uint_ge(full_rate_checked, 3);   /* test_full_rate: not vacuous */
    /* test_matrix: its heavy cells overflow without stall and stall with it */
    printf("ete_unit %s: matrix: %u runs overflowed, %u stalled the PE\n", dp.set,
           matrix_overflow_runs, matrix_stall_runs);
    ck_assert_uint_gt(matrix_overflow_runs, 0);
    ck_assert_uint_gt(matrix_stall_runs, 0);
    ck_assert_uint_gt(bytes, 0);
}
END_TEST

int main(void)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    char name[64];
    snprintf(name, sizeof name, "rtl_unit_%s", dp.set);
    Suite *s = suite_create(name);
    TCase *tc = tcase_create("seeds");
    tcase_set_timeout(tc, 1200);
    tcase_add_loop_test(tc, test_seed, 0, NSEEDS);
    tcase_add_test(tc, test_overflow);
    tcase_add_loop_test(tc, test_stall, 0, 3);
    tcase_add_loop_test(tc, test_matrix, 0, MATRIX_RUNS);
    tcase_add_loop_test(tc, test_modes, 0, 6);
    tcase_add_test(tc, test_cycles_limit);
    tcase_add_loop_test(tc, test_full_rate, 0, 6);
    tcase_add_loop_test(tc, test_full_rate_window, 0, 2);
    tcase_add_loop_test(tc, test_long_runs, 0, 8);
    tcase_add_loop_test(tc, test_p0_rate, 0, (int)(sizeof p0_seeds / sizeof p0_seeds[0]));
    tcase_add_test(tc, test_packet_coverage);
    tcase_add_test(tc, test_totals);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
