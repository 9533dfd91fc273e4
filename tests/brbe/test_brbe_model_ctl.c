/* BRBE model: pausing, freeze events and BRBTS_EL1 (F1.1.10), BRB IALL
 * (F1.1.12), BRB INJ (F1.1.13.1), the invalidate-all rule R_PMRRL, and the
 * held ERET. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_model.h"

#define CR1_ALL (BRBCR_EL1_E0BRE | BRBCR_EL1_E1BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_ERTN | \
                 BRBCR_EXCEPTION)
#define CR2_ALL (BRBCR_EL2_E2BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_ERTN | BRBCR_EXCEPTION)

static brbe_model *mk(const brbe_model_cfg *pp)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    if (pp)
        p = *pp;
    char err[128];
    brbe_model *m = brbe_model_new(&p, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    unsigned el = brbe_model_top_el(m);
    ck_assert_int_eq(brbe_model_write(m, BRBCR_EL1_ENC, el, 1, CR1_ALL), 0);
    if (p.has_el2)
        ck_assert_int_eq(brbe_model_write(m, BRBCR_EL2_ENC, el, 1, CR2_ALL), 0);
    ck_assert_int_eq(brbe_model_write(m, BRBFCR_EL1_ENC, el, 1, BRBFCR_EnI), 0);
    return m;
}

static void wr(brbe_model *m, unsigned enc, uint64_t v)
{
    ck_assert_int_eq(brbe_model_write(m, enc, brbe_model_top_el(m), 1, v), BRBE_MODEL_ACCESS_OK);
}

static uint64_t rd(brbe_model *m, unsigned enc)
{
    uint64_t v = 0;
    ck_assert_int_eq(brbe_model_read(m, enc, brbe_model_top_el(m), 1, &v), BRBE_MODEL_ACCESS_OK);
    return v;
}

static pe_rec insn(uint64_t pc, unsigned ic, uint64_t tgt, uint64_t cyc, unsigned el)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_INSN;
    r.pc = pc;
    r.iclass = (uint8_t)ic;
    r.target = tgt;
    r.cycle = cyc;
    r.timestamp = 1000u + cyc;
    r.el = (uint8_t)el;
    r.flags = PE_F_NS | (ic != PE_IC_OTHER ? PE_F_TAKEN : 0);
    return r;
}

static void step(brbe_model *m, pe_rec r)
{
    char err[160];
    ck_assert_msg(brbe_model_step(m, &r, err, sizeof err) == 0, "%s", err);
}

static void branch(brbe_model *m, uint64_t pc, uint64_t cyc)
{
    step(m, insn(pc, PE_IC_B, pc + 0x100, cyc, 0));
}

static uint64_t src_at(brbe_model *m, unsigned idx)
{
    uint64_t s;
    brbe_model_peek(m, idx, &s, NULL, NULL);
    return s;
}

/* ---- pausing ---------------------------------------------------------- */
START_TEST(t_pause)
{
    brbe_model *m = mk(NULL);
    branch(m, 0x1000, 10);
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI | BRBFCR_PAUSED);           /* R_PYBRZ */
    for (unsigned k = 0; k < 5; k++)
        branch(m, 0x2000 + 4 * k, 20 + k);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);              /* R_YDZNK */
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.paused, 5);
    /* LASTFAILED is kept while paused (no record consumes it) */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI | BRBFCR_PAUSED | BRBFCR_LASTFAILED);
    branch(m, 0x3000, 30);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI | BRBFCR_PAUSED | BRBFCR_LASTFAILED);
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI | BRBFCR_LASTFAILED);
    branch(m, 0x4000, 40);
    uint64_t i;
    brbe_model_peek(m, 0, NULL, NULL, &i);
    /* CCU (PAUSED 1 -> 0), LASTFAILED, B, FULL */
    ck_assert_uint_eq(i, UINT64_C(0x0000400000020003));
    ck_assert_uint_eq(src_at(m, 1), 0x1000);
    brbe_model_free(m);
}
END_TEST

/* ---- freeze events ---------------------------------------------------- */
START_TEST(t_freeze)
{
    brbe_model *m = mk(NULL);
    brbe_model_env e;
    brbe_model_env_default(&e);
    e.pmcr_n = 6;
    e.mdcr_el2_hpmn = 4;                         /* counters 0-3 EL1, 4-5 EL2 */
    brbe_model_set_env(m, &e);
    /* no record yet: no PE state, no freeze */
    wr(m, BRBCR_EL1_ENC, CR1_ALL | BRBCR_FZP);
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1), 0);
    branch(m, 0x1000, 100);                      /* timestamp 1100, EL0 */
    /* counter 4 belongs to EL2: BRBCR_EL2.FZP is 0 (R_GXGWY) */
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 4), 0);
    /* the cycle counter flag (bit 31) is in neither range */
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 31), 0);
    /* counter 5 >= PMCR_EL0.N: not a counter */
    e.pmcr_n = 5;
    brbe_model_set_env(m, &e);
    wr(m, BRBCR_EL2_ENC, CR2_ALL | BRBCR_FZP);
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 5), 0);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC) & BRBFCR_PAUSED, 0);
    /* counter 2 with BRBCR_EL1.FZP: freeze (R_NWCWF, R_BHYTD); TS = 00 in
       both: BRBCR_EL1.TS 0b00 is taken as virtual = the stream timestamp */
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 2), 1);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI | BRBFCR_PAUSED);
    ck_assert_uint_eq(rd(m, BRBTS_EL1_ENC), 1100);
    /* paused: no second freeze, no records */
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 2), 0);
    branch(m, 0x2000, 110);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    /* resume; counter 4 with BRBCR_EL2.FZP */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI);
    branch(m, 0x3000, 120);
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 4), 1);
    ck_assert_uint_eq(rd(m, BRBTS_EL1_ENC), 1120);
    /* in a prohibited region: no freeze */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI);
    wr(m, BRBCR_EL1_ENC, (CR1_ALL | BRBCR_FZP) & ~BRBCR_EL1_E0BRE);
    branch(m, 0x4000, 130);
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 0xF), 0);
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.freezes, 2);
    brbe_model_free(m);

    /* without EL2: counters [N-1:0] with BRBCR_EL1.FZP (R_PKTXQ) */
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.has_el2 = 0;
    m = mk(&p);
    wr(m, BRBCR_EL1_ENC, CR1_ALL | BRBCR_FZP | ((uint64_t)BRBCR_TS_PHYSICAL << BRBCR_TS_SHIFT));
    e.pmcr_n = 6;
    e.mdcr_el2_hpmn = 2;
    e.cntvoff_el2 = 5000;                        /* no EL2: no offset */
    brbe_model_set_env(m, &e);
    branch(m, 0x1000, 100);
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1u << 5), 1);
    ck_assert_uint_eq(rd(m, BRBTS_EL1_ENC), 1100);
    brbe_model_free(m);
}
END_TEST

/* Table F1.11: the captured timestamp. */
START_TEST(t_timestamp_source)
{
    /* {EL2.TS, EL1.TS, ECV, captured} with CNTVCT = 1100, CNTVOFF = 500:
       PhysicalCountInt = 1600; virtual 1100; offset physical = 1600 - 500
       when CNTHCTL_EL2.ECV = 1, else 1600. */
    static const struct { unsigned ts2, ts1, ecv; uint64_t want; } c[] = {
        { 0, 1, 0, 1100 }, { 0, 2, 0, 1600 }, { 0, 2, 1, 1100 }, { 0, 3, 0, 1600 },
        { 0, 0, 0, 1100 }, { 1, 3, 0, 1100 }, { 2, 1, 1, 1100 }, { 2, 1, 0, 1600 },
        { 3, 1, 1, 1600 },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        brbe_model *m = mk(NULL);
        brbe_model_env e;
        brbe_model_env_default(&e);
        e.cntvoff_el2 = 500;
        e.cnthctl_el2_ecv = c[k].ecv;
        brbe_model_set_env(m, &e);
        wr(m, BRBCR_EL1_ENC, CR1_ALL | BRBCR_FZP | ((uint64_t)c[k].ts1 << BRBCR_TS_SHIFT));
        wr(m, BRBCR_EL2_ENC, CR2_ALL | ((uint64_t)c[k].ts2 << BRBCR_TS_SHIFT));
        branch(m, 0x1000, 100);
        ck_assert_int_eq(brbe_model_pmu_overflow(m, 1), 1);
        ck_assert_msg(rd(m, BRBTS_EL1_ENC) == c[k].want, "case %zu: %llu", k,
                      (unsigned long long)rd(m, BRBTS_EL1_ENC));
        brbe_model_free(m);
    }
    /* EL3 with SCR_EL3.ECVEn = 0: the physical offset is zero */
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.has_el3 = 1;
    brbe_model *m = mk(&p);
    brbe_model_env e;
    brbe_model_env_default(&e);
    e.cntvoff_el2 = 500;
    e.cnthctl_el2_ecv = 1;
    brbe_model_set_env(m, &e);
    wr(m, BRBCR_EL1_ENC, CR1_ALL | BRBCR_FZP);
    wr(m, BRBCR_EL2_ENC, CR2_ALL | ((uint64_t)BRBCR_TS_OFFSET_PHYS << BRBCR_TS_SHIFT));
    branch(m, 0x1000, 100);
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1), 1);
    ck_assert_uint_eq(rd(m, BRBTS_EL1_ENC), 1600);
    brbe_model_free(m);
}
END_TEST

/* ---- BRB IALL ----------------------------------------------------------- */
START_TEST(t_iall)
{
    brbe_model *m = mk(NULL);
    for (unsigned k = 0; k < 10; k++)
        branch(m, 0x1000 + 4 * k, 10 + k);
    ck_assert_uint_eq(brbe_model_valid_count(m), 10);
    ck_assert_int_eq(brbe_model_iall(m, 1, 1), BRBE_MODEL_ACCESS_OK);   /* R_LLHYN */
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    for (unsigned n = 0; n < 32; n++)
        ck_assert_uint_eq(rd(m, BRBINF_EL1_ENC(n)) | rd(m, BRBSRC_EL1_ENC(n)) |
                          rd(m, BRBTGT_EL1_ENC(n)), 0);
    /* R_JSCWK: valid again when a new record is created */
    branch(m, 0x5000, 30);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(0)), 0x5000);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(1)), 0);
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.invalidations, 1);
    brbe_model_free(m);
}
END_TEST

/* ---- BRB INJ ------------------------------------------------------------ */
START_TEST(t_inj)
{
    brbe_model *m = mk(NULL);
    branch(m, 0x1000, 10);
    branch(m, 0x1100, 20);
    /* inject a Full record: CC 0x123, LASTFAILED, T, TYPE BL, EL1, MPRED */
    uint64_t inf = (UINT64_C(0x123) << 32) | BRBINF_LASTFAILED | BRBINF_T | (0x02u << 8) |
                   (1u << 6) | BRBINF_MPRED | 3u;
    wr(m, BRBINFINJ_EL1_ENC, inf | (UINT64_C(1) << 60) | (1u << 3));   /* RES0 bits dropped */
    wr(m, BRBSRCINJ_EL1_ENC, 0xAAAA0000u);
    wr(m, BRBTGTINJ_EL1_ENC, 0xBBBB0000u);
    ck_assert_int_eq(brbe_model_inj(m, 2, 1), BRBE_MODEL_ACCESS_OK);
    /* youngest (I_FJHMP) */
    ck_assert_uint_eq(rd(m, BRBINF_EL1_ENC(0)), inf);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(0)), 0xAAAA0000u);
    ck_assert_uint_eq(rd(m, BRBTGT_EL1_ENC(0)), 0xBBBB0000u);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(1)), 0x1100);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(2)), 0x1000);
    /* R_LKDTJ: the injection registers are UNKNOWN afterwards (zero) */
    ck_assert_uint_eq(rd(m, BRBINFINJ_EL1_ENC) | rd(m, BRBSRCINJ_EL1_ENC) |
                      rd(m, BRBTGTINJ_EL1_ENC), 0);
    /* Half-target injected: source, MPRED and T not kept; CCU clears CC */
    wr(m, BRBINFINJ_EL1_ENC, BRBINF_CCU | (UINT64_C(0x55) << 32) | BRBINF_T | BRBINF_MPRED |
                                 (0x22u << 8) | (2u << 6) | 1u);
    wr(m, BRBSRCINJ_EL1_ENC, 0x1234);
    wr(m, BRBTGTINJ_EL1_ENC, 0x40000400u);
    ck_assert_int_eq(brbe_model_inj(m, 2, 1), BRBE_MODEL_ACCESS_OK);
    ck_assert_uint_eq(rd(m, BRBINF_EL1_ENC(0)), BRBINF_CCU | (0x22u << 8) | (2u << 6) | 1u);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(0)), 0);
    ck_assert_uint_eq(rd(m, BRBTGT_EL1_ENC(0)), 0x40000400u);
    /* VALID 0b00: nothing is injected */
    wr(m, BRBSRCINJ_EL1_ENC, 0x9999);
    ck_assert_int_eq(brbe_model_inj(m, 2, 1), BRBE_MODEL_ACCESS_OK);
    ck_assert_uint_eq(brbe_model_valid_count(m), 4);
    /* injection in a prohibited region (R_XVDNN) after IALL: a restore */
    wr(m, BRBCR_EL1_ENC, 0);
    ck_assert_int_eq(brbe_model_iall(m, 1, 1), BRBE_MODEL_ACCESS_OK);
    for (unsigned k = 0; k < 40; k++) {
        wr(m, BRBINFINJ_EL1_ENC, BRBINF_CCU | 3u);
        wr(m, BRBSRCINJ_EL1_ENC, 0x8000u + k);
        wr(m, BRBTGTINJ_EL1_ENC, 0x9000u + k);
        ck_assert_int_eq(brbe_model_inj(m, 1, 1), BRBE_MODEL_ACCESS_OK);
    }
    ck_assert_uint_eq(brbe_model_valid_count(m), 32);             /* NUMREC 32 */
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(0)), 0x8000u + 39);
    ck_assert_uint_eq(rd(m, BRBSRC_EL1_ENC(31)), 0x8000u + 8);
    /* an injected record does not take BRBFCR_EL1.LASTFAILED (R_KBSZM) */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI | BRBFCR_LASTFAILED);
    wr(m, BRBINFINJ_EL1_ENC, 3u);
    ck_assert_int_eq(brbe_model_inj(m, 1, 1), BRBE_MODEL_ACCESS_OK);
    ck_assert_uint_eq(rd(m, BRBINF_EL1_ENC(0)), 3u);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI | BRBFCR_LASTFAILED);
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.injections, 43);
    brbe_model_free(m);
}
END_TEST

/* ---- R_PMRRL: a record that cannot be captured ------------------------- */
START_TEST(t_capture_limit)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.cap_per_cycle = 1;
    brbe_model *m = mk(&p);
    branch(m, 0x1000, 10);
    branch(m, 0x1100, 11);
    branch(m, 0x1200, 12);
    ck_assert_uint_eq(brbe_model_valid_count(m), 3);
    branch(m, 0x1300, 12);                       /* second record in cycle 12 */
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    branch(m, 0x1400, 12);                       /* still cycle 12: lost again */
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    branch(m, 0x1500, 13);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    uint64_t i;
    brbe_model_peek(m, 0, NULL, NULL, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000400000000003));           /* CCU after the loss */
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.lost, 2);
    ck_assert_uint_eq(st.invalidations, 2);
    /* a filtered branch in the same cycle does not use the port */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_DIRECT);
    step(m, insn(0x1600, PE_IC_BL, 0x1700, 14, 0));
    branch(m, 0x1800, 14);
    ck_assert_uint_eq(brbe_model_valid_count(m), 2);
    brbe_model_free(m);

    /* two per cycle */
    p.cap_per_cycle = 2;
    m = mk(&p);
    branch(m, 0x1000, 10);
    branch(m, 0x1100, 10);
    ck_assert_uint_eq(brbe_model_valid_count(m), 2);
    branch(m, 0x1200, 10);
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    brbe_model_free(m);
}
END_TEST

/* ---- the held ERET ------------------------------------------------------ */
START_TEST(t_eret_hold)
{
    brbe_model *m = mk(NULL);
    branch(m, 0x1000, 10);
    step(m, insn(0xffff800010000400u, PE_IC_ERET, 0x2000, 20, 1));
    ck_assert(brbe_model_eret_pending(m));
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);              /* not visible yet */
    /* an injection made now comes before the ERET's record */
    wr(m, BRBINFINJ_EL1_ENC, BRBINF_CCU | 3u);
    wr(m, BRBSRCINJ_EL1_ENC, 0x7777);
    ck_assert_int_eq(brbe_model_inj(m, 1, 1), BRBE_MODEL_ACCESS_OK);
    /* the successor is an IRQ taken at once: the ERET returned to EL0 */
    pe_rec x;
    memset(&x, 0, sizeof x);
    x.kind = PE_KIND_EXC;
    x.pc = 0x2000;
    x.target = 0xffff800010000480u;
    x.cycle = 25;
    x.el = 1;
    x.from_el = 0;
    x.exc_type = PE_EXC_IRQ;
    x.flags = PE_F_NS;
    step(m, x);
    ck_assert(!brbe_model_eret_pending(m));
    uint64_t s, t, i;
    brbe_model_peek(m, 1, &s, &t, &i);
    /* ERET record: CC 20 - 10 = 10, TYPE 7, EL0, FULL */
    ck_assert_uint_eq(i, UINT64_C(0x0000000A00000703));
    ck_assert_uint_eq(s, 0xffff800010000400u);
    ck_assert_uint_eq(t, 0x2000);
    ck_assert_uint_eq(src_at(m, 2), 0x7777);
    brbe_model_peek(m, 0, &s, NULL, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000000500002E43));          /* IRQ, CC 5 */

    /* ERET followed by a PE reset: the EL returned to is unknown and the
       record cannot be captured: all records are invalidated (R_PMRRL) */
    step(m, insn(0xffff800010000400u, PE_IC_ERET, 0x2000, 30, 1));
    pe_rec rs;
    memset(&rs, 0, sizeof rs);
    rs.kind = PE_KIND_RESET;
    rs.target = 0xffff800010000800u;
    rs.cycle = 40;
    rs.el = 1;
    rs.flags = PE_F_NS;
    step(m, rs);
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    /* ... but not when no record was possible (ERTN off at EL1) */
    branch(m, 0x1000, 50);
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_ERTN);
    step(m, insn(0xffff800010000400u, PE_IC_ERET, 0x2000, 60, 1));
    rs.cycle = 70;
    step(m, rs);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    /* after a reset the first record has CCU */
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    branch(m, 0x1000, 80);
    brbe_model_peek(m, 0, NULL, NULL, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000400000000003));
    /* the registers survive a Warm reset */
    ck_assert_uint_eq(rd(m, BRBCR_EL1_ENC), CR1_ALL);
    brbe_model_free(m);
}
END_TEST

/* A PMU overflow while an ERET is held acts before the ERET: the ERET is
 * not recorded, and the freeze uses the ERET's EL. */
START_TEST(t_eret_freeze)
{
    brbe_model *m = mk(NULL);
    wr(m, BRBCR_EL1_ENC, CR1_ALL | BRBCR_FZP);
    step(m, insn(0xffff800010000400u, PE_IC_ERET, 0x2000, 20, 1));
    ck_assert_int_eq(brbe_model_pmu_overflow(m, 1), 1);
    step(m, insn(0x2000, PE_IC_OTHER, 0, 21, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    ck_assert_uint_eq(rd(m, BRBTS_EL1_ENC), 1020);
    brbe_model_free(m);
}
END_TEST

/* Cold reset of the model. */
START_TEST(t_cold_reset)
{
    brbe_model *m = mk(NULL);
    branch(m, 0x1000, 10);
    brbe_model_reset(m);
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    ck_assert_uint_eq(rd(m, BRBCR_EL1_ENC), 0);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), 0);
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.pe_records, 0);
    /* the cycle check starts again */
    branch(m, 0x1000, 5);
    brbe_model_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_model_ctl");
    TCase *tc = tcase_create("ctl");
    tcase_add_test(tc, t_pause);
    tcase_add_test(tc, t_freeze);
    tcase_add_test(tc, t_timestamp_source);
    tcase_add_test(tc, t_iall);
    tcase_add_test(tc, t_inj);
    tcase_add_test(tc, t_capture_limit);
    tcase_add_test(tc, t_eret_hold);
    tcase_add_test(tc, t_eret_freeze);
    tcase_add_test(tc, t_cold_reset);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
