/* The ETE model's block path against its record path: for random programs
 * (progen, progen_branches, progen_long_runs: runs up to the slot's 64
 * instructions), every configuration of the round-trip mix,
 * configurations that put address range edges and start/stop addresses
 * inside instruction runs, run caps (max_insns) 0, 1, 2, 4 and overflows
 * at slot boundaries, the record view (ete_model_run over pe_rec) and the
 * block view (pe_blk_from_recs + ete_model_blocks) give the same bytes
 * (docs/pe-blocks.md). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "ete_model.h"
#include "ete_roundtrip.h"
#include "harness.h"
#include "pe_block.h"
#include "progen.h"

#define NSEEDS    16
#define NRECORDS  20000
#define NBRSEEDS  4
#define NLRSEEDS  4
#define WL_PREFIX 30000

static const unsigned caps[] = {0, 1, 2, 4};
#define NCAPS (sizeof caps / sizeof caps[0])

enum { CFG_RANGE_MID = ETE_RT_NUM_CONFIGS, CFG_SS_MID, CFG_MID_ALL, NCFG };

static const char *cfg_name(unsigned c)
{
    switch (c) {
    case CFG_RANGE_MID: return "range-mid";
    case CFG_SS_MID: return "startstop-mid";
    case CFG_MID_ALL: return "mid-all";
    default: return ete_rt_config_name(c);
    }
}

/* Totals over the whole run: the test cannot pass vacuously. */
static struct {
    uint64_t compares, slots, records, bytes;
    uint64_t runs_multi, runs_split, subruns;
    uint64_t runs_long, runs_full;   /* INSN runs of more than 8 instructions, of 64 */
    uint64_t ctx, exc, tfail, reset, overflows;
} tot;

static pe_blk *derive(const pe_stream *s, unsigned cap, size_t *nb)
{
    pe_blk *b = malloc(pe_blk_max_slots(s->nrec) * sizeof *b);
    ck_assert_ptr_nonnull(b);
    size_t bad = 0;
    char err[200];
    long k = pe_blk_from_recs(s->rec, s->nrec, cap, b, &bad, err, sizeof err);
    ck_assert_msg(k >= 0, "derivation: %s", err);
    *nb = (size_t)k;
    return b;
}

/* An address strictly inside a run of at least 3 instructions (not its
 * first, not its last), so that an edge placed there splits the run. */
static uint64_t pick_mid(const pe_blk *b, size_t nb, harness_rng *rng, int el)
{
    for (int tries = 0; tries < 4000 && nb; tries++) {
        const pe_blk *x = &b[harness_rng_below(rng, nb)];
        if (x->kind != PE_BLK_INSN || x->last < 8 || (el >= 0 && x->el != (unsigned)el))
            continue;
        unsigned n = x->last / 4u + 1u;
        return x->addr + 4u * (1u + (unsigned)harness_rng_below(rng, n - 2u));
    }
    return 0;
}

/* Configurations with comparators inside runs, chosen from the program's
 * own runs (derived without a cap). */
static void mid_config(unsigned c, uint64_t seed, const pe_stream *s, ete_params *p,
                       ete_progregs *r)
{
    size_t nb;
    pe_blk *b = derive(s, 0, &nb);
    harness_rng rng;
    harness_rng_init(&rng, seed, c);
    ete_rt_config(c == CFG_MID_ALL ? ETE_RT_ALL : ETE_RT_PLAIN, seed, s, p, r);
    if (c == CFG_RANGE_MID || c == CFG_MID_ALL) {
        uint64_t lo = pick_mid(b, nb, &rng, -1), hi = pick_mid(b, nb, &rng, -1);
        if (lo > hi) {
            uint64_t t = lo;
            lo = hi;
            hi = t;
        }
        /* ARC2: from one run's middle to another's; the bounds are not
         * always instruction addresses (the edge is at the first
         * instruction >= lo and the first > hi) */
        r->trcacvr[4] = lo - (seed % 4u);
        r->trcacvr[5] = hi + (seed / 4u % 4u);
        uint64_t x = pick_mid(b, nb, &rng, 0);
        r->trcacvr[6] = x - (seed & 1u);   /* ARC3: both edges inside one run */
        r->trcacvr[7] = x + (seed & 2u);
        /* ARC3 matches at EL0 only: TRCACATR EXLEVEL excludes the others */
        uint64_t at = TRCACATR_EXLEVEL_NS(1) | TRCACATR_EXLEVEL_NS(2) | TRCACATR_EXLEVEL_S(3);
        r->trcacatr[6] = r->trcacatr[7] = at;
        r->trcviiectlr = (seed & 2) ? TRCVIIECTLR_INCLUDE(2) | TRCVIIECTLR_EXCLUDE(3)
                                    : TRCVIIECTLR_EXCLUDE(2) | TRCVIIECTLR_EXCLUDE(3);
    }
    if (c == CFG_SS_MID || c == CFG_MID_ALL) {
        uint64_t a[4];
        for (int i = 0; i < 4; i++)
            a[i] = pick_mid(b, nb, &rng, -1);
        /* SACs 0..3 (the ARCs above use comparators 4..7); in mid-all they
         * also serve as the branch broadcasting range ARC0 */
        for (int i = 0; i < 4; i++)
            r->trcacvr[i] = a[i];
        r->trcvictlr &= ~TRCVICTLR_SSSTATUS;
        r->trcvissctlr = TRCVISSCTLR_START(0) | TRCVISSCTLR_START(2) | TRCVISSCTLR_STOP(1) |
                         TRCVISSCTLR_STOP(3);
        if (c == CFG_MID_ALL) {
            r->trcacatr[3] = TRCACATR_EXLEVEL_NS(0);   /* STOP 3 not at EL0 */
            r->trcvictlr |= TRCVICTLR_EXLEVEL_NS(2);   /* and no EL2 at all */
        }
    }
    free(b);
}

static void config(unsigned c, uint64_t seed, const pe_stream *s, ete_params *p,
                   ete_progregs *r)
{
    if (c < ETE_RT_NUM_CONFIGS)
        ete_rt_config(c, seed, s, p, r);
    else
        mid_config(c, seed, s, p, r);
    if ((r->trcconfigr & TRCCONFIGR_RS) && !p->rs_depth)
        r->trcconfigr &= ~TRCCONFIGR_RS;
}

static void report_mismatch(const char *what, const uint8_t *a, size_t na, const uint8_t *b,
                            size_t nb)
{
    size_t n = na < nb ? na : nb, off = 0;
    while (off < n && a[off] == b[off])
        off++;
    char ctx[2][200];
    for (int v = 0; v < 2; v++) {
        const uint8_t *x = v ? b : a;
        size_t nx = v ? nb : na, k = 0;
        ctx[v][0] = 0;
        for (size_t i = off > 8 ? off - 8 : 0; i < nx && i < off + 8; i++)
            k += (size_t)snprintf(ctx[v] + k, sizeof ctx[v] - k, i == off ? "[%02x]" : "%02x ",
                                  x[i]);
    }
    ck_abort_msg("%s: traces differ at byte %zu (records %zu bytes, blocks %zu bytes)\n"
                 "  records: %s\n  blocks:  %s", what, off, na, nb, ctx[0], ctx[1]);
}

/* One comparison: s under (p, r), runs capped at cap, overflows (when
 * ovf_seed != 0) at slot boundaries every 300..2300 records. */
static void compare(const pe_stream *s, const ete_params *p, const ete_progregs *r,
                    unsigned cap, uint64_t ovf_seed, const char *what)
{
    size_t nb;
    pe_blk *b = derive(s, cap, &nb);
    pe_blk_stats bs;
    memset(&bs, 0, sizeof bs);
    pe_blk_stats_add(&bs, b, nb);
    ck_assert_msg(bs.records == s->nrec, "%s: slots stand for %" PRIu64 " of %zu records",
                  what, bs.records, s->nrec);

    /* overflow points: record indices at which a slot starts */
    size_t *ovf = calloc(nb + 1, sizeof *ovf), novf = 0;
    ck_assert_ptr_nonnull(ovf);
    if (ovf_seed) {
        harness_rng rng;
        harness_rng_init(&rng, ovf_seed, 0);
        size_t at = 0, next = 300 + (size_t)harness_rng_below(&rng, 2000);
        for (size_t i = 0; i < nb; i++) {
            if (at >= next && at < s->nrec && (!novf || ovf[novf - 1] != at)) {
                ovf[novf++] = at;
                next = at + 300 + (size_t)harness_rng_below(&rng, 2000);
            }
            at += pe_blk_nrecs(&b[i]);
        }
    }

    char err[256];
    ete_model *mr = ete_model_new(p, r, err, sizeof err);
    ck_assert_msg(mr != NULL, "%s: %s", what, err);
    ete_model *mb = ete_model_new(p, r, err, sizeof err);
    ck_assert_ptr_nonnull(mb);
    ck_assert_msg(ete_model_block_max_insns(mb) == 0, "%s: per-instruction events", what);

    size_t prev = 0;
    for (size_t k = 0; k < novf; k++) {
        ete_model_run(mr, s->rec + prev, ovf[k] - prev);
        ete_model_overflow(mr);
        prev = ovf[k];
    }
    ete_model_run(mr, s->rec + prev, s->nrec - prev);
    ete_model_finish(mr);

    size_t at = 0, k = 0;
    for (size_t i = 0; i < nb; i++) {
        if (k < novf && at == ovf[k]) {
            ete_model_overflow(mb);        /* before the first slot starting there */
            k++;
        }
        ete_model_block(mb, &b[i]);
        at += pe_blk_nrecs(&b[i]);
    }
    ete_model_finish(mb);
    ck_assert_uint_eq(k, novf);

    ck_assert_msg(ete_model_error(mr) == NULL, "%s: records: %s", what, ete_model_error(mr));
    ck_assert_msg(ete_model_error(mb) == NULL, "%s: blocks: %s", what, ete_model_error(mb));
    ck_assert_msg(ete_model_records(mr) == ete_model_records(mb),
                  "%s: records %" PRIu64 " vs %" PRIu64, what, ete_model_records(mr),
                  ete_model_records(mb));
    size_t na, nbb;
    const uint8_t *ta = ete_model_bytes(mr, &na), *tb = ete_model_bytes(mb, &nbb);
    if (na != nbb || memcmp(ta, tb, na))
        report_mismatch(what, ta, na, tb, nbb);

    ete_block_stats st;
    ete_model_block_stats(mb, &st);
    ck_assert_uint_eq(st.slots, nb);
    for (size_t i = 0; i < nb; i++) {
        if (b[i].kind != PE_BLK_INSN || b[i].isa == PE_ISA_T32)
            continue;
        unsigned ni = b[i].last / 4u + 1u;
        ck_assert_uint_le(ni, PE_BLK_PORT_MAX_INSNS);   /* what the port carries */
        tot.runs_long += ni > 8u;
        tot.runs_full += ni == PE_BLK_PORT_MAX_INSNS;
    }
    tot.compares++;
    tot.slots += nb;
    tot.records += s->nrec;
    tot.bytes += na;
    tot.runs_multi += st.runs_multi;
    tot.runs_split += st.runs_split;
    tot.subruns += st.subruns;
    tot.ctx += bs.kind[PE_BLK_CTX];
    tot.exc += bs.kind[PE_BLK_EXC];
    tot.tfail += bs.kind[PE_BLK_TFAIL];
    tot.reset += bs.kind[PE_BLK_RESET];
    tot.overflows += novf;
    ete_model_free(mr);
    ete_model_free(mb);
    free(ovf);
    free(b);
}

static void compare_all(const pe_stream *s, uint64_t seed, const char *prog)
{
    for (unsigned c = 0; c < NCFG; c++) {
        ete_params p;
        ete_progregs r;
        config(c, seed, s, &p, &r);
        for (unsigned i = 0; i < NCAPS; i++) {
            /* overflows in the overflow configuration, and at random in a
             * third of the others */
            uint64_t ovf = (c == ETE_RT_OVERFLOW || (seed + c + i) % 3 == 0)
                               ? seed * 31u + c * 7u + i + 1u : 0;
            char what[160];
            snprintf(what, sizeof what, "%s seed %" PRIu64 " config %s max_insns %u%s", prog,
                     seed, cfg_name(c), caps[i], ovf ? " with overflows" : "");
            compare(s, &p, &r, caps[i], ovf, what);
        }
    }
}

START_TEST(test_progen)
{
    uint64_t seed = 1000u + (uint64_t)_i;
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    pc.n_records = NRECORDS;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
    compare_all(&s, seed, "progen");
    pe_stream_free(&s);
}
END_TEST

START_TEST(test_branches)
{
    uint64_t seed = 2000u + (uint64_t)_i;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_branches(seed, NRECORDS, &s, err, sizeof err) == 0, "%s", err);
    compare_all(&s, seed, "branches");
    pe_stream_free(&s);
}
END_TEST

START_TEST(test_long_runs)
{
    uint64_t seed = 3000u + (uint64_t)_i;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_long_runs(seed, NRECORDS, &s, err, sizeof err) == 0, "%s", err);
    compare_all(&s, seed, "long-runs");
    pe_stream_free(&s);
}
END_TEST

START_TEST(test_workloads)
{
    unsigned found = 0;
    for (unsigned w = 0; w < CU_WL_COUNT; w++) {
        pe_stream s;
        if (!cu_wl_load("test_ete_model_block", cu_wl_names[w], &s))
            continue;
        found++;
        if (s.nrec > WL_PREFIX)
            s.nrec = WL_PREFIX;            /* a bounded prefix */
        char prog[64];
        snprintf(prog, sizeof prog, "workload %s", cu_wl_names[w]);
        for (unsigned c = 0; c < NCFG; c++) {
            ete_params p;
            ete_progregs r;
            config(c, w + 1u, &s, &p, &r);
            char what[160];
            snprintf(what, sizeof what, "%s config %s max_insns %u", prog, cfg_name(c),
                     caps[c % NCAPS]);
            compare(&s, &p, &r, caps[c % NCAPS], c == ETE_RT_OVERFLOW ? w + 7u : 0, what);
        }
        pe_stream_free(&s);
    }
    if (!found)
        printf("test_ete_model_block: no captured workload: workload comparison skipped\n");
}
END_TEST

/* An event selector that is true with every EXTIN low fires on every
 * instruction: the block path reports runs longer than one instruction,
 * and asks for max_insns 1, with which it is exact. */
START_TEST(test_event_every_insn)
{
    progen_cfg pc;
    progen_cfg_default(&pc, 77);
    pc.n_records = 3000;
    pe_stream s;
    char err[256];
    ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
    ete_params p;
    ete_progregs r;
    ete_rt_config(ETE_RT_TS, 77, &s, &p, &r);
    r.trceventctl0r = ETE_RESOURCE_TRUE;   /* event 0 <- TRUE */
    r.trceventctl1r = TRCEVENTCTL1R_INSTEN(0);
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    ck_assert_ptr_nonnull(m);
    ck_assert_uint_eq(ete_model_block_max_insns(m), 1);
    size_t nb;
    pe_blk *b = derive(&s, 0, &nb);
    ete_model_blocks(m, b, nb);
    ck_assert_msg(ete_model_error(m) != NULL, "a run with per-instruction events passed");
    ck_assert_msg(strstr(ete_model_error(m), "max_insns 1") != NULL, "%s", ete_model_error(m));
    ete_model_free(m);
    free(b);
    /* with max_insns 1 the views agree (compare() itself asserts max 0, so
     * run it here by hand) */
    ete_model *ma = ete_model_new(&p, &r, err, sizeof err);
    ete_model *mb = ete_model_new(&p, &r, err, sizeof err);
    ck_assert_ptr_nonnull(ma);
    ck_assert_ptr_nonnull(mb);
    b = derive(&s, 1, &nb);
    ete_model_run(ma, s.rec, s.nrec);
    ete_model_blocks(mb, b, nb);
    ete_model_finish(ma);
    ete_model_finish(mb);
    size_t na, nbb;
    const uint8_t *ta = ete_model_bytes(ma, &na), *tb = ete_model_bytes(mb, &nbb);
    ck_assert_msg(ete_model_error(mb) == NULL, "%s", ete_model_error(mb));
    ck_assert_uint_gt(ete_model_pkt_counts(mb)[ETE_ENC_EVENT], 0);
    if (na != nbb || memcmp(ta, tb, na))
        report_mismatch("event on every instruction, max_insns 1", ta, na, tb, nbb);
    ete_model_free(ma);
    ete_model_free(mb);
    free(b);
    pe_stream_free(&s);
}
END_TEST

START_TEST(test_totals)
{
    printf("test_ete_model_block: %" PRIu64 " comparisons, %" PRIu64 " slots, %" PRIu64
           " records, %" PRIu64 " trace bytes compared; %" PRIu64 " multi-instruction runs, %"
           PRIu64 " runs split by comparators (%" PRIu64 " sub-runs); %" PRIu64 " CTX, %" PRIu64
           " EXC, %" PRIu64 " TFAIL, %" PRIu64 " RESET slots; %" PRIu64 " overflows; %" PRIu64
           " runs of more than 8 instructions, %" PRIu64 " of 64\n",
           tot.compares, tot.slots, tot.records, tot.bytes, tot.runs_multi, tot.runs_split,
           tot.subruns, tot.ctx, tot.exc, tot.tfail, tot.reset, tot.overflows, tot.runs_long,
           tot.runs_full);
    ck_assert_uint_gt(tot.compares, 0);
    ck_assert_uint_gt(tot.bytes, 0);
    ck_assert_uint_gt(tot.runs_multi, 0);
    ck_assert_uint_gt(tot.runs_split, 0);
    ck_assert_uint_gt(tot.ctx, 0);
    ck_assert_uint_gt(tot.exc, 0);
    ck_assert_uint_gt(tot.tfail, 0);
    ck_assert_uint_gt(tot.reset, 0);
    ck_assert_uint_gt(tot.overflows, 0);
    ck_assert_uint_gt(tot.runs_long, 0);
    ck_assert_uint_gt(tot.runs_full, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_model_block");
    TCase *tc = tcase_create("views");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_progen, 0, NSEEDS);
    tcase_add_loop_test(tc, test_branches, 0, NBRSEEDS);
    tcase_add_loop_test(tc, test_long_runs, 0, NLRSEEDS);
    tcase_add_test(tc, test_workloads);
    tcase_add_test(tc, test_event_every_insn);
    tcase_add_test(tc, test_totals);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
