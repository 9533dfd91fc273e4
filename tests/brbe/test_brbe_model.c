/* BRBE model: golden BRBINF<n>_EL1 encodings (every TYPE, every VALID form,
 * cycle counts at the rounding and saturation edges) and System register
 * behaviour.  Expected values are worked by hand from brbinf-register.md and
 * register-fields.md section 3; the derivation is in the comments.
 *
 * BRBINF bits used below: CCU [46], CC [45:32] (E [45:40], M [39:32]),
 * LASTFAILED [17], T [16], TYPE [13:8], EL [7:6], MPRED [5], VALID [1:0]. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_model.h"

#define CR1_ALL (BRBCR_EL1_E0BRE | BRBCR_EL1_E1BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_ERTN | \
                 BRBCR_EXCEPTION)
#define CR2_ALL (BRBCR_EL2_E2BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_ERTN | BRBCR_EXCEPTION)

static brbe_model *mk_model(const brbe_model_cfg *pp)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    if (pp)
        p = *pp;
    char err[128];
    brbe_model *m = brbe_model_new(&p, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    return m;
}

static void wr(brbe_model *m, unsigned enc, uint64_t v)
{
    ck_assert_int_eq(brbe_model_write(m, enc, brbe_model_top_el(m), 1, v), BRBE_MODEL_ACCESS_OK);
}

static uint64_t rd(brbe_model *m, unsigned enc)
{
    uint64_t v = 0xdeadbeefu;
    ck_assert_int_eq(brbe_model_read(m, enc, brbe_model_top_el(m), 1, &v), BRBE_MODEL_ACCESS_OK);
    return v;
}

/* EL2 implemented, everything enabled, all branch types (EnI = 1 with the
 * type bits zero, S_XZERTW). */
static brbe_model *mk_all(void)
{
    brbe_model *m = mk_model(NULL);
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI);
    return m;
}

static pe_rec insn(uint64_t pc, unsigned ic, uint64_t tgt, uint64_t cyc, unsigned el,
                   unsigned flags)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_INSN;
    r.pc = pc;
    r.iclass = (uint8_t)ic;
    r.target = tgt;
    r.cycle = cyc;
    r.timestamp = cyc / 8u;
    r.el = (uint8_t)el;
    r.flags = (uint16_t)(flags | PE_F_NS);
    if (ic != PE_IC_OTHER && ic != PE_IC_BCOND)
        r.flags |= PE_F_TAKEN;
    return r;
}

static pe_rec exc(uint64_t pc, uint64_t vec, uint64_t cyc, unsigned from, unsigned to,
                  unsigned type)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_EXC;
    r.pc = pc;
    r.target = vec;
    r.cycle = cyc;
    r.timestamp = cyc / 8u;
    r.el = (uint8_t)to;
    r.from_el = (uint8_t)from;
    r.exc_type = (uint8_t)type;
    r.flags = PE_F_NS;
    return r;
}

static void step(brbe_model *m, pe_rec r)
{
    char err[160];
    ck_assert_msg(brbe_model_step(m, &r, err, sizeof err) == 0, "%s", err);
}

static void rec(brbe_model *m, unsigned idx, uint64_t *s, uint64_t *t, uint64_t *i)
{
    brbe_model_peek(m, idx, s, t, i);
}

static uint64_t inf0(brbe_model *m)
{
    uint64_t i;
    rec(m, 0, NULL, NULL, &i);
    return i;
}

/* A branch at EL0, cycle 100: the first record has CCU = 1. */
static void prime(brbe_model *m)
{
    step(m, insn(0x1000, PE_IC_B, 0x2000, 100, 0, 0));
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000400000000003)); /* CCU | B | EL0 | FULL */
}

/* ---- TYPE of every branch class -------------------------------------- */
START_TEST(t_branch_types)
{
    /* {iclass, flags, el, expected BRBINF}: each 10 cycles after the
       previous record, so CC = E 0, M 10 = 0x00A -> bits [45:32] = 0xA. */
    static const struct { unsigned ic, flags, el; uint64_t inf; } c[] = {
        /* B: TYPE 000000, EL0, FULL: 0xA<<32 | 0x003 */
        { PE_IC_B,     0, 0, UINT64_C(0x0000000A00000003) },
        /* BR: TYPE 000001 -> 0x100; EL1 -> 0x40 */
        { PE_IC_BR,    0, 1, UINT64_C(0x0000000A00000143) },
        /* BL: TYPE 000010 -> 0x200 */
        { PE_IC_BL,    0, 0, UINT64_C(0x0000000A00000203) },
        /* BLR: TYPE 000011 -> 0x300; EL2 -> 0x80 */
        { PE_IC_BLR,   0, 2, UINT64_C(0x0000000A00000383) },
        /* RET: TYPE 000101 -> 0x500 */
        { PE_IC_RET,   0, 0, UINT64_C(0x0000000A00000503) },
        /* B.cond taken: TYPE 001000 -> 0x800 */
        { PE_IC_BCOND, PE_F_TAKEN | PE_F_COND, 1, UINT64_C(0x0000000A00000843) },
    };
    brbe_model *m = mk_all();
    prime(m);
    uint64_t cyc = 100;
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        cyc += 10;
        step(m, insn(0x3000 + 4 * k, c[k].ic, 0x5000 + 0x10 * k, cyc, c[k].el, c[k].flags));
        uint64_t s, t, i;
        rec(m, 0, &s, &t, &i);
        ck_assert_msg(i == c[k].inf, "case %zu: %016llx", k, (unsigned long long)i);
        ck_assert_uint_eq(s, 0x3000 + 4 * k);
        ck_assert_uint_eq(t, 0x5000 + 0x10 * k);
    }
    /* a B.cond that is not taken makes no record; ISB, WFI, SVC none either */
    unsigned before = brbe_model_valid_count(m);
    step(m, insn(0x4000, PE_IC_BCOND, 0x4100, cyc + 1, 0, PE_F_COND | PE_F_CCFAIL));
    pe_rec isb = insn(0x4004, PE_IC_ISB, 0x4008, cyc + 2, 0, 0);
    step(m, isb);
    step(m, insn(0x4008, PE_IC_WFX, 0x400c, cyc + 3, 0, 0));
    step(m, insn(0x400c, PE_IC_OTHER, 0, cyc + 4, 0, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), before);
    brbe_model_free(m);
}
END_TEST

/* ISB recorded as an unconditional direct branch when configured (R_FJYDC). */
START_TEST(t_isb_option)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.record_isb = 1;
    brbe_model *m = mk_model(&p);
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    wr(m, BRBFCR_EL1_ENC, BRBFCR_DIRECT);        /* DIRECT only, EnI 0 */
    step(m, insn(0x4004, PE_IC_ISB, 0x4008, 10, 1, 0));
    /* CCU | TYPE 0 | EL1 0x40 | FULL */
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000400000000043));
    brbe_model_free(m);
}
END_TEST

/* ---- exception TYPE mapping (Table F1.2 by class) --------------------- */
START_TEST(t_exception_types)
{
    static const struct { unsigned ete, brb; } c[] = {
        { PE_EXC_CALL, 0x22 },       { PE_EXC_TRAP, 0x23 },       { PE_EXC_SERROR, 0x24 },
        { PE_EXC_INST_DEBUG, 0x26 }, { PE_EXC_DATA_DEBUG, 0x27 }, { PE_EXC_ALIGNMENT, 0x2A },
        { PE_EXC_INST_FAULT, 0x2B }, { PE_EXC_DATA_FAULT, 0x2C }, { PE_EXC_IRQ, 0x2E },
        { PE_EXC_FIQ, 0x2F },
    };
    brbe_model *m = mk_all();
    prime(m);
    uint64_t cyc = 100;
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        cyc += 300;
        /* from EL0 to EL1, 300 cycles: E = 1 (256..511), M = 300 - 256 = 44
           = 0x2C -> CC = 0x12C; TYPE c.brb; EL1 = 0x40; FULL */
        step(m, exc(0x1004, 0xffff800010000400u, cyc, 0, 1, c[k].ete));
        uint64_t want = (UINT64_C(0x12C) << 32) | ((uint64_t)c[k].brb << 8) | 0x43u;
        uint64_t s, t, i;
        rec(m, 0, &s, &t, &i);
        ck_assert_msg(i == want, "type %x: %016llx want %016llx", c[k].ete,
                      (unsigned long long)i, (unsigned long long)want);
        /* R_BZCRW, R_FYLTG */
        ck_assert_uint_eq(s, 0x1004);
        ck_assert_uint_eq(t, 0xffff800010000400u);
        ck_assert_ptr_nonnull(brbe_model_type_name(c[k].brb));
        /* back to EL0 with ERET, recorded as TYPE 000111 */
        cyc += 2;
        step(m, insn(0xffff800010000404u, PE_IC_ERET, 0x1004, cyc, 1, 0));
        ck_assert(brbe_model_eret_pending(m));
        step(m, insn(0x1004, PE_IC_OTHER, 0, cyc + 1, 0, 0));
        ck_assert(!brbe_model_eret_pending(m));
        /* CC = 2; TYPE 7 -> 0x700; EL0; FULL */
        ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000200000703));
    }
    brbe_model_free(m);
}
END_TEST

/* IMPLEMENTATION DEFINED exception to EL3: TYPE 110000; needs v1p1 and EL3
 * recording (R_KRJQC). */
START_TEST(t_impdef_el3)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.has_el3 = 1;
    p.v1p1 = 1;
    brbe_model *m = mk_model(&p);
    brbe_model_env e;
    brbe_model_env_default(&e);
    e.mdcr_el3_e3brec = 1;                       /* {E3BREC, E3BREW} = 10: enabled */
    brbe_model_set_env(m, &e);
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI);
    step(m, exc(0x2000, 0x80000400u, 50, 1, 3, PE_EXC_IMPDEF0 + 3));
    /* CCU | TYPE 0x30 -> 0x3000 | EL3 -> 0xC0 | FULL */
    ck_assert_uint_eq(inf0(m), UINT64_C(0x00004000000030C3));
    /* EL3 recording disabled ({1,1}): exceptions to EL3 make no record */
    e.mdcr_el3_e3brew = 1;
    brbe_model_set_env(m, &e);
    step(m, exc(0x2000, 0x80000400u, 60, 1, 3, PE_EXC_CALL));
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);  /* target EL3 gate: R_KRJQC */
    /* an IMPLEMENTATION DEFINED exception to EL1 has no TYPE: an error */
    pe_rec bad = exc(0x2000, 0x400, 70, 0, 1, PE_EXC_IMPDEF0);
    char err[160];
    ck_assert_int_eq(brbe_model_step(m, &bad, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no BRBINF TYPE"));
    brbe_model_free(m);
}
END_TEST

/* ---- VALID forms (R_YBJDJ, R_ZTGMW, R_LLCTG, R_BRBFP) ----------------- */
START_TEST(t_valid_forms)
{
    brbe_model *m = mk_all();
    uint64_t s, t, i;
    /* exception EL0 -> EL2 with E2BRE = 0: Half-source.  First record:
       CCU.  TYPE Call 0x22 -> 0x2200; EL and target zero; VALID 10. */
    wr(m, BRBCR_EL2_ENC, CR2_ALL & ~BRBCR_EL2_E2BRE);
    step(m, exc(0x1000, 0x40000400u, 10, 0, 2, PE_EXC_CALL));
    rec(m, 0, &s, &t, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000400000002202));
    ck_assert_uint_eq(s, 0x1000);
    ck_assert_uint_eq(t, 0);
    /* ERET from EL2 (prohibited) to EL1: Half-target, source zero, EL1.
       CCU (exit from a prohibited region).  TYPE 7 -> 0x700, EL1 0x40,
       VALID 01 */
    step(m, insn(0x40000404u, PE_IC_ERET, 0xffff800010002000u, 20, 2, PE_F_MISPRED));
    step(m, insn(0xffff800010002000u, PE_IC_OTHER, 0, 21, 1, 0));
    rec(m, 0, &s, &t, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000400000000741));  /* MPRED dropped: no source */
    ck_assert_uint_eq(s, 0);
    ck_assert_uint_eq(t, 0xffff800010002000u);
    /* ERET from EL1 to EL0 with E0BRE = 0: Half-source; cycle 30 - 20 =
       10 -> CC 0xA; MPRED set (both MPRED enabled); VALID 10 */
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_EL1_E0BRE);
    step(m, insn(0xffff800010002004u, PE_IC_ERET, 0x1000, 30, 1, PE_F_MISPRED));
    step(m, insn(0x1000, PE_IC_OTHER, 0, 31, 0, 0));
    rec(m, 0, &s, &t, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000000A00000722));
    ck_assert_uint_eq(s, 0xffff800010002004u);
    ck_assert_uint_eq(t, 0);
    /* exception EL0 (prohibited) -> EL1: Half-target, CCU.  IRQ 0x2E. */
    step(m, exc(0x1004, 0xffff800010000480u, 40, 0, 1, PE_EXC_IRQ));
    rec(m, 0, &s, &t, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000400000002E41));
    ck_assert_uint_eq(s, 0);
    ck_assert_uint_eq(t, 0xffff800010000480u);
    /* exception from EL0 to EL2, both prohibited: no record (R_YSQKQ) */
    unsigned n = brbe_model_valid_count(m);
    step(m, insn(0xffff800010000480u, PE_IC_ERET, 0x1004, 45, 1, 0));
    wr(m, BRBCR_EL2_ENC, CR2_ALL & ~BRBCR_EL2_E2BRE);
    step(m, exc(0x1004, 0x40000400u, 50, 0, 2, PE_EXC_CALL));
    /* the ERET (EL1 -> EL0) became a Half-source record; the exception none */
    ck_assert_uint_eq(brbe_model_valid_count(m), n + 1);
    ck_assert_uint_eq(inf0(m) & 0x3F03u, 0x0702u);
    brbe_model_free(m);
}
END_TEST

START_TEST(t_debug_state)
{
    brbe_model *m = mk_all();
    prime(m);
    uint64_t s, t, i;
    /* Halting debug event at EL0 (non-prohibited): Half-source, TYPE
       100001 -> 0x2100, cycle 110 - 100 = 10 -> CC 0xA, VALID 10 */
    step(m, exc(0x2000, 0, 110, 0, 0, PE_EXC_DEBUG_HALT));
    rec(m, 0, &s, &t, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000000A00002102));
    ck_assert_uint_eq(s, 0x2000);
    ck_assert_uint_eq(t, 0);
    /* exit from Debug state to EL1: Half-target, TYPE 111001 -> 0x3900,
       EL1 0x40, CCU (Debug state is prohibited), VALID 01 */
    step(m, insn(0xffff800010003000u, PE_IC_OTHER, 0, 200, 1, 0));
    rec(m, 0, &s, &t, &i);
    ck_assert_uint_eq(i, UINT64_C(0x0000400000003941));
    ck_assert_uint_eq(s, 0);
    ck_assert_uint_eq(t, 0xffff800010003000u);
    /* entry from a prohibited region: nothing; exit to a prohibited region:
       nothing */
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_EL1_E1BRE);
    unsigned n = brbe_model_valid_count(m);
    step(m, exc(0xffff800010003004u, 0, 210, 1, 1, PE_EXC_DEBUG_HALT));
    step(m, insn(0xffff800010003004u, PE_IC_OTHER, 0, 300, 1, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), n);
    brbe_model_free(m);
}
END_TEST

/* ---- cycle count encoding ---------------------------------------------- */
START_TEST(t_cc_encode_edges)
{
    /* count -> CC {E, M}:
       E = 0 for 0..255 (count = M);
       E >= 1: count = '1':M:Zeros(E-1) = (0x100 | M) << (E-1), i.e. the
       leading one is at bit E+7; lower bits rounded towards zero;
       counts above 2^20 - 1 (BRBIDR0_EL1.CC = 0b0101) saturate to 0x3FFF. */
    static const struct { uint64_t n; unsigned cc; uint64_t back; } c[] = {
        { 0, 0x000, 0 },
        { 1, 0x001, 1 },
        { 255, 0x0FF, 255 },                    /* largest E = 0 */
        { 256, 0x100, 256 },                    /* E 1, M 0: '1':00000000 */
        { 257, 0x101, 257 },
        { 511, 0x1FF, 511 },                    /* E 1, M 255 */
        { 512, 0x200, 512 },                    /* E 2, M 0: '1':M:'0' */
        { 513, 0x200, 512 },                    /* rounded down to a multiple of 2 */
        { 514, 0x201, 514 },
        { 1023, 0x2FF, 1022 },                  /* (0x100|0xFF) << 1 = 1022 */
        { 1024, 0x300, 1024 },                  /* E 3 */
        { 1031, 0x301, 1028 },                  /* multiple of 4: 1028 = (0x101) << 2 */
        { 65535, 0x8FF, 65408 },                /* E 8: (0x1FF) << 7 = 65408 */
        { 524287, 0xBFF, 523264 },              /* 2^19 - 1: E 11, (0x1FF) << 10 = 523264 */
        { 524288, 0xC00, 524288 },              /* 2^19: E 12, M 0 */
        { 1048575, 0xCFF, 1046528 },            /* 2^20 - 1: E 12, (0x1FF) << 11 */
        { 1048576, 0x3FFF, UINT64_MAX },        /* 2^20: exceeds the counter */
        { UINT64_MAX, 0x3FFF, UINT64_MAX },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        ck_assert_msg(brbe_model_cc_encode(c[k].n) == c[k].cc, "%llu -> %x want %x",
                      (unsigned long long)c[k].n, brbe_model_cc_encode(c[k].n), c[k].cc);
        ck_assert_uint_eq(brbe_model_cc_decode(c[k].cc), c[k].back);
    }
    /* every count up to 2^20 - 1: decode(encode(n)) <= n, within the
       rounding step 2^(E-1), and a multiple of it */
    for (uint64_t n = 0; n < (UINT64_C(1) << 20); n += 1 + (n >> 9)) {
        unsigned cc = brbe_model_cc_encode(n);
        uint64_t d = brbe_model_cc_decode(cc);
        unsigned e = cc >> 8;
        uint64_t step = e ? (UINT64_C(1) << (e - 1)) : 1u;
        ck_assert(d <= n && n - d < step && d % step == 0);
    }
}
END_TEST

/* The same edges through the stream: BRBINF CC bits [45:32]. */
START_TEST(t_cc_in_records)
{
    static const struct { uint64_t gap; uint64_t inf; } c[] = {
        { 0,       UINT64_C(0x0000000000000003) },  /* same cycle: CC 0, CCU 0 */
        { 255,     UINT64_C(0x000000FF00000003) },
        { 256,     UINT64_C(0x0000010000000003) },
        { 513,     UINT64_C(0x0000020000000003) },
        { 1048575, UINT64_C(0x00000CFF00000003) },
        { 1048576, UINT64_C(0x00003FFF00000003) },  /* saturated: CCU 0, CC all ones */
        { 5000000, UINT64_C(0x00003FFF00000003) },
    };
    brbe_model *m = mk_all();
    prime(m);
    uint64_t cyc = 100;
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        cyc += c[k].gap;
        step(m, insn(0x1000, PE_IC_B, 0x2000, cyc, 0, 0));
        ck_assert_msg(inf0(m) == c[k].inf, "gap %llu: %016llx", (unsigned long long)c[k].gap,
                      (unsigned long long)inf0(m));
    }
    brbe_model_free(m);
}
END_TEST

/* R_MJDLC: the conditions for an unknown count; R_PBJTJ: CCU 1, CC 0. */
START_TEST(t_ccu_conditions)
{
    const uint64_t full_b_ccu = UINT64_C(0x0000400000000003);
    const uint64_t full_b_cc5 = UINT64_C(0x0000000500000003);
    brbe_model *m = mk_all();
    prime(m);                                    /* cycle 100 */
    uint64_t cyc = 100;
#define BR() step(m, insn(0x1000, PE_IC_B, 0x2000, cyc += 5, 0, 0))
    BR();
    ck_assert_uint_eq(inf0(m), full_b_cc5);
    /* BRBCR_EL1.CC = 0 */
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_CC);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    /* first record after enabling */
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_cc5);
    /* BRBCR_EL2.CC = 0 */
    wr(m, BRBCR_EL2_ENC, CR2_ALL & ~BRBCR_CC);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    /* disabled and enabled again between two records */
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    BR();
    BR();
    ck_assert_uint_eq(inf0(m), full_b_cc5);
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_CC);
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    /* PAUSED 1 -> 0 */
    BR();
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI | BRBFCR_PAUSED);
    BR();                                        /* not generated */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    /* BRB IALL */
    BR();
    ck_assert_int_eq(brbe_model_iall(m, 2, 1), BRBE_MODEL_ACCESS_OK);
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    /* exit from a prohibited region: a prohibited instruction between */
    BR();
    step(m, insn(0x40000000u, PE_IC_OTHER, 0, cyc += 1, 2, 0));  /* EL2 enabled: no effect */
    BR();
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000600000003));   /* 176 - 170 */
    wr(m, BRBCR_EL2_ENC, CR2_ALL & ~BRBCR_EL2_E2BRE);
    step(m, insn(0x40000000u, PE_IC_OTHER, 0, cyc += 1, 2, 0));  /* prohibited */
    BR();
    ck_assert_uint_eq(inf0(m), full_b_ccu);
    /* an exception into a prohibited EL2, then EL2 recording enabled before
       the next branch there: that branch is the first record after the
       prohibited region */
    step(m, exc(0x1000, 0x40000400u, cyc += 1, 0, 2, PE_EXC_CALL));  /* Half-source */
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000100002202));
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    step(m, insn(0x40000400u, PE_IC_B, 0x40000800u, cyc += 1, 2, 0));
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000400000000083));   /* CCU, B, EL2 */
    step(m, insn(0x40000800u, PE_IC_ERET, 0x1000, cyc += 1, 2, 0));
    step(m, insn(0x1000, PE_IC_OTHER, 0, cyc, 0, 0));
    /* a filtered branch does not restart the count */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_DIRECT);
    step(m, insn(0x1000, PE_IC_BL, 0x2000, cyc += 3, 0, 0));      /* not selected */
    BR();
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000800000003));   /* 3 + 5 */
#undef BR
    brbe_model_free(m);
}
END_TEST

/* R_XHWRB, R_DHNJPJ */
START_TEST(t_mpred)
{
    brbe_model *m = mk_all();
    prime(m);
    step(m, insn(0x1000, PE_IC_BR, 0x2000, 101, 0, PE_F_MISPRED));
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000100000123));  /* CC 1, BR, MPRED */
    wr(m, BRBCR_EL2_ENC, CR2_ALL & ~BRBCR_MPRED);
    step(m, insn(0x1000, PE_IC_BR, 0x2000, 102, 0, PE_F_MISPRED));
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000100000103));
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_MPRED);
    step(m, insn(0x1000, PE_IC_BR, 0x2000, 103, 0, PE_F_MISPRED));
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000100000103));
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    pe_rec e = exc(0x1000, 0xffff800010000400u, 104, 0, 1, PE_EXC_CALL);
    e.flags |= PE_F_MISPRED;
    step(m, e);
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000100002243));  /* exception: MPRED 0 */
    brbe_model_free(m);
}
END_TEST

/* T and LASTFAILED (F1.1.7, D19.1.7) */
START_TEST(t_tme)
{
    brbe_model *m = mk_all();
    prime(m);                                    /* cycle 100 */
    step(m, insn(0x1000, PE_IC_TSTART, 0x1004, 101, 0, 0));
    step(m, insn(0x1004, PE_IC_B, 0x1010, 102, 0, PE_F_TSTATE));
    /* T = bit 16: CC 2, T, B, FULL */
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000200010003));
    step(m, insn(0x1010, PE_IC_TCANCEL, 0, 103, 0, PE_F_TSTATE));
    pe_rec f;
    memset(&f, 0, sizeof f);
    f.kind = PE_KIND_TFAIL;
    f.pc = 0x1014;
    f.target = 0x1004;
    f.cycle = 104;
    f.flags = PE_F_NS;
    f.tfail_cause = 1;
    step(m, f);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI | BRBFCR_LASTFAILED);  /* R_GVCJH */
    step(m, insn(0x1004, PE_IC_B, 0x1010, 110, 0, 0));
    /* R_KBSZM: LASTFAILED (bit 17) copied, CC 8 */
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000000800020003));
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI);
    /* a transaction in a prohibited region: LASTFAILED unchanged (R_JMSZF) */
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_EL1_E0BRE);
    step(m, insn(0x1000, PE_IC_TSTART, 0x1004, 120, 0, 0));
    step(m, insn(0x1004, PE_IC_OTHER, 0, 121, 0, PE_F_TSTATE));
    f.cycle = 122;
    step(m, f);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI);
    /* partly prohibited (R_CBTBH): the model leaves LASTFAILED unchanged */
    step(m, insn(0x1000, PE_IC_TSTART, 0x1004, 130, 0, 0));
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    step(m, insn(0x1004, PE_IC_OTHER, 0, 131, 0, PE_F_TSTATE));
    f.cycle = 132;
    step(m, f);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), BRBFCR_EnI);
    /* software can set LASTFAILED; it goes into a Half-target record too */
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI | BRBFCR_LASTFAILED);
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_EL1_E0BRE);
    step(m, exc(0x1000, 0xffff800010000400u, 140, 0, 1, PE_EXC_CALL));
    ck_assert_uint_eq(inf0(m), UINT64_C(0x0000400000022241));
    brbe_model_free(m);
}
END_TEST

/* ---- type filters (F1.1.9.1) ------------------------------------------ */
START_TEST(t_filters)
{
    static const struct { unsigned ic; uint64_t bit; } c[] = {
        { PE_IC_B, BRBFCR_DIRECT },     { PE_IC_BCOND, BRBFCR_CONDDIR },
        { PE_IC_BL, BRBFCR_DIRCALL },   { PE_IC_BR, BRBFCR_INDIRECT },
        { PE_IC_BLR, BRBFCR_INDCALL },  { PE_IC_RET, BRBFCR_RTN },
    };
    brbe_model *m = mk_all();
    uint64_t cyc = 10;
    for (unsigned eni = 0; eni < 2; eni++) {
        for (size_t k = 0; k < 6; k++) {
            uint64_t fcr = c[k].bit | (eni ? BRBFCR_EnI : 0);
            wr(m, BRBFCR_EL1_ENC, fcr);
            for (size_t j = 0; j < 6; j++) {
                ck_assert_int_eq(brbe_model_iall(m, 2, 1), BRBE_MODEL_ACCESS_OK);
                step(m, insn(0x1000, c[j].ic, 0x2000, cyc++, 0, PE_F_TAKEN));
                /* selected when the bit differs from EnI */
                unsigned want = (j == k) != (eni != 0);
                ck_assert_uint_eq(brbe_model_valid_count(m), want);
            }
        }
    }
    /* exceptions and exception returns ignore the type filters (R_LYGJZ,
       R_RCGVB): BRBFCR_EL1 = 0 selects no branch */
    wr(m, BRBFCR_EL1_ENC, 0);
    ck_assert_int_eq(brbe_model_iall(m, 2, 1), BRBE_MODEL_ACCESS_OK);
    step(m, exc(0x1000, 0xffff800010000400u, cyc + 0, 0, 1, PE_EXC_CALL));
    step(m, insn(0xffff800010000400u, PE_IC_ERET, 0x1000, cyc + 1, 1, 0));
    step(m, insn(0x1000, PE_IC_OTHER, 0, cyc + 2, 0, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 2);
    /* EXCEPTION and ERTN per target EL / EL executed */
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~(BRBCR_EXCEPTION | BRBCR_ERTN));
    step(m, exc(0x1000, 0xffff800010000400u, cyc + 10, 0, 1, PE_EXC_CALL));
    step(m, insn(0xffff800010000400u, PE_IC_ERET, 0x1000, cyc + 11, 1, 0));
    step(m, exc(0x1000, 0x40000400u, cyc + 12, 0, 2, PE_EXC_CALL));   /* EL2.EXCEPTION = 1 */
    step(m, insn(0x40000400u, PE_IC_ERET, 0x1000, cyc + 13, 2, 0));   /* EL2.ERTN = 1 */
    step(m, insn(0x1000, PE_IC_OTHER, 0, cyc + 14, 0, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 4);
    brbe_model_free(m);
}
END_TEST

/* ---- prohibited regions (F1.1.4) -------------------------------------- */
START_TEST(t_prohibited)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.has_el3 = 1;
    brbe_model *m = mk_model(&p);
    wr(m, BRBCR_EL1_ENC, CR1_ALL);
    wr(m, BRBCR_EL2_ENC, CR2_ALL);
    wr(m, BRBFCR_EL1_ENC, BRBFCR_EnI);
    brbe_model_env e;
    brbe_model_env_default(&e);
    /* AArch32 (R_FHGJN) */
    pe_rec a32 = insn(0x1000, PE_IC_B, 0x2000, 10, 0, 0);
    a32.isa = PE_ISA_T32;
    step(m, a32);
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    /* SBRBE 00: everything prohibited; 01: Secure prohibited */
    e.mdcr_el3_sbrbe = 0;
    brbe_model_set_env(m, &e);
    step(m, insn(0x1000, PE_IC_B, 0x2000, 11, 0, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    e.mdcr_el3_sbrbe = 1;
    brbe_model_set_env(m, &e);
    pe_rec sec = insn(0x1000, PE_IC_B, 0x2000, 12, 1, 0);
    sec.flags &= (uint16_t)~PE_F_NS;
    step(m, sec);
    ck_assert_uint_eq(brbe_model_valid_count(m), 0);
    step(m, insn(0x1000, PE_IC_B, 0x2000, 13, 1, 0));            /* Non-secure: recorded */
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    /* EL3 without v1p1: prohibited (R_GLKGW) */
    e.mdcr_el3_sbrbe = 3;
    e.mdcr_el3_e3brec = 1;
    brbe_model_set_env(m, &e);
    step(m, insn(0x1000, PE_IC_B, 0x2000, 14, 3, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    /* EL0 with TGE (EL2 enabled): BRBCR_EL2.E0HBRE decides (R_DBPCF) */
    e.hcr_el2_tge = 1;
    brbe_model_set_env(m, &e);
    step(m, insn(0x1000, PE_IC_B, 0x2000, 15, 0, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    wr(m, BRBCR_EL2_ENC, CR2_ALL | BRBCR_EL2_E0HBRE);
    wr(m, BRBCR_EL1_ENC, CR1_ALL & ~BRBCR_EL1_E0BRE);
    step(m, insn(0x1000, PE_IC_B, 0x2000, 16, 0, 0));
    ck_assert_uint_eq(brbe_model_valid_count(m), 2);
    /* Secure EL0 with TGE but EL2 not enabled in Secure state: E0BRE */
    sec = insn(0x1000, PE_IC_B, 0x2000, 17, 0, 0);
    sec.flags &= (uint16_t)~PE_F_NS;
    step(m, sec);
    ck_assert_uint_eq(brbe_model_valid_count(m), 2);
    brbe_model_free(m);
}
END_TEST

/* ---- registers --------------------------------------------------------- */
START_TEST(t_encodings)
{
    /* (op0,op1,CRn,CRm,op2) -> op0<<14 | op1<<11 | CRn<<7 | CRm<<3 | op2 */
    ck_assert_uint_eq(BRBINF_EL1_ENC(0), 0x8C00u);   /* (2,1,8,0,0) */
    ck_assert_uint_eq(BRBSRC_EL1_ENC(0), 0x8C01u);   /* (2,1,8,0,1) */
    ck_assert_uint_eq(BRBTGT_EL1_ENC(0), 0x8C02u);   /* (2,1,8,0,2) */
    ck_assert_uint_eq(BRBINF_EL1_ENC(17), 0x8C0Cu);  /* (2,1,8,1,4): n[4]=1, n[3:0]=1 */
    ck_assert_uint_eq(BRBTGT_EL1_ENC(31), 0x8C7Eu);  /* (2,1,8,15,6) */
    ck_assert_uint_eq(BRBCR_EL1_ENC, 0x8C80u);       /* (2,1,9,0,0) */
    ck_assert_uint_eq(BRBFCR_EL1_ENC, 0x8C81u);
    ck_assert_uint_eq(BRBTS_EL1_ENC, 0x8C82u);
    ck_assert_uint_eq(BRBINFINJ_EL1_ENC, 0x8C88u);   /* (2,1,9,1,0) */
    ck_assert_uint_eq(BRBSRCINJ_EL1_ENC, 0x8C89u);
    ck_assert_uint_eq(BRBTGTINJ_EL1_ENC, 0x8C8Au);
    ck_assert_uint_eq(BRBIDR0_EL1_ENC, 0x8C90u);     /* (2,1,9,2,0) */
    ck_assert_uint_eq(BRBCR_EL2_ENC, 0xA480u);       /* (2,4,9,0,0) */
    ck_assert_uint_eq(BRBCR_EL12_ENC, 0xAC80u);      /* (2,5,9,0,0) */
    for (unsigned n = 0; n < 32; n++) {
        ck_assert(BRBE_REC_IS(BRBINF_EL1_ENC(n)) && BRBE_REC_IS(BRBSRC_EL1_ENC(n)));
        ck_assert_uint_eq(BRBE_REC_N(BRBTGT_EL1_ENC(n)), n);
        ck_assert_uint_eq(BRBE_REC_KIND(BRBSRC_EL1_ENC(n)), BRBE_REC_KIND_SRC);
        ck_assert_uint_eq(BRBE_REC_KIND(BRBTGT_EL1_ENC(n)), BRBE_REC_KIND_TGT);
    }
    ck_assert(!BRBE_REC_IS(SYSREG_ENC(2, 1, 8, 0, 3)));
    ck_assert(!BRBE_REC_IS(BRBCR_EL1_ENC));
}
END_TEST

START_TEST(t_register_fields)
{
    static const unsigned nr[] = { 8, 16, 32, 64 };
    for (int k = 0; k < 4; k++) {
        brbe_model_cfg p;
        brbe_model_cfg_default(&p);
        p.numrec = nr[k];
        brbe_model *m = mk_model(&p);
        /* CC 0b0101 [15:12], FORMAT 0 [11:8], NUMREC [7:0] */
        ck_assert_uint_eq(rd(m, BRBIDR0_EL1_ENC), 0x5000u | nr[k]);
        ck_assert_int_eq(brbe_model_write(m, BRBIDR0_EL1_ENC, 2, 1, 0), BRBE_MODEL_ACCESS_UNDEFINED);
        brbe_model_free(m);
    }
    brbe_model *m = mk_model(NULL);
    /* reset values: zero */
    ck_assert_uint_eq(rd(m, BRBCR_EL1_ENC), 0);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), 0);
    /* RES0 bits are not stored (FZPSS, bit 9, is treated as RES0) */
    wr(m, BRBCR_EL1_ENC, UINT64_MAX);
    ck_assert_uint_eq(rd(m, BRBCR_EL1_ENC), 0x00C0017Bu);
    wr(m, BRBCR_EL2_ENC, UINT64_MAX);
    ck_assert_uint_eq(rd(m, BRBCR_EL2_ENC), 0x00C0017Bu);
    wr(m, BRBFCR_EL1_ENC, UINT64_MAX);
    ck_assert_uint_eq(rd(m, BRBFCR_EL1_ENC), 0x307F00C0u);
    wr(m, BRBINFINJ_EL1_ENC, UINT64_MAX);
    ck_assert_uint_eq(rd(m, BRBINFINJ_EL1_ENC), UINT64_C(0x00007FFF00033FE3));
    wr(m, BRBSRCINJ_EL1_ENC, UINT64_MAX);
    ck_assert_uint_eq(rd(m, BRBSRCINJ_EL1_ENC), UINT64_MAX);
    wr(m, BRBTS_EL1_ENC, 0x123456789abcdef0u);
    ck_assert_uint_eq(rd(m, BRBTS_EL1_ENC), 0x123456789abcdef0u);
    /* per-record registers are read-only */
    ck_assert_int_eq(brbe_model_write(m, BRBINF_EL1_ENC(0), 1, 1, 0), BRBE_MODEL_ACCESS_UNDEFINED);
    ck_assert_int_eq(brbe_model_write(m, BRBSRC_EL1_ENC(3), 2, 1, 0), BRBE_MODEL_ACCESS_UNDEFINED);
    /* an unknown encoding */
    uint64_t v;
    ck_assert_int_eq(brbe_model_read(m, SYSREG_ENC(2, 1, 9, 3, 0), 1, 1, &v),
                     BRBE_MODEL_ACCESS_UNDEFINED);
    brbe_model_free(m);
}
END_TEST

START_TEST(t_access_rules)
{
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    brbe_model *m = mk_model(&p);
    uint64_t v;
    /* EL0: UNDEFINED */
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL1_ENC, 0, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    ck_assert_int_eq(brbe_model_iall(m, 0, 1), BRBE_MODEL_ACCESS_UNDEFINED);
    ck_assert_int_eq(brbe_model_inj(m, 0, 1), BRBE_MODEL_ACCESS_UNDEFINED);
    /* BRBCR_EL2 from EL1: UNDEFINED; BRBCR_EL12 without E2H: UNDEFINED */
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL2_ENC, 1, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL12_ENC, 2, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    /* EL3 not implemented */
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL1_ENC, 3, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    /* E2H: BRBCR_EL1 at EL2 is BRBCR_EL2, BRBCR_EL12 is BRBCR_EL1 */
    brbe_model_env e;
    brbe_model_env_default(&e);
    e.hcr_el2_e2h = 1;
    brbe_model_set_env(m, &e);
    ck_assert_int_eq(brbe_model_write(m, BRBCR_EL1_ENC, 2, 1, BRBCR_EL2_E2BRE), 0);
    ck_assert_int_eq(brbe_model_write(m, BRBCR_EL12_ENC, 2, 1, BRBCR_EL1_E0BRE), 0);
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL2_ENC, 2, 1, &v), 0);
    ck_assert_uint_eq(v, BRBCR_EL2_E2BRE);
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL1_ENC, 1, 1, &v), 0);
    ck_assert_uint_eq(v, BRBCR_EL1_E0BRE);
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL12_ENC, 1, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    brbe_model_free(m);
    /* no EL2 */
    p.has_el2 = 0;
    m = mk_model(&p);
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL2_ENC, 1, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    ck_assert_int_eq(brbe_model_read(m, BRBCR_EL1_ENC, 2, 1, &v), BRBE_MODEL_ACCESS_UNDEFINED);
    ck_assert_uint_eq(brbe_model_top_el(m), 1);
    brbe_model_free(m);
    /* EL3: MDCR_EL3.SBRBE traps (brbinf-register.md access pseudocode) */
    p.has_el2 = 1;
    p.has_el3 = 1;
    m = mk_model(&p);
    brbe_model_env_default(&e);
    e.mdcr_el3_sbrbe = 1;                        /* Secure needs 11, NS needs x1 */
    brbe_model_set_env(m, &e);
    ck_assert_int_eq(brbe_model_read(m, BRBFCR_EL1_ENC, 1, 0, &v), BRBE_MODEL_ACCESS_TRAP_EL3);
    ck_assert_int_eq(brbe_model_read(m, BRBFCR_EL1_ENC, 1, 1, &v), BRBE_MODEL_ACCESS_OK);
    e.mdcr_el3_sbrbe = 2;
    brbe_model_set_env(m, &e);
    ck_assert_int_eq(brbe_model_read(m, BRBFCR_EL1_ENC, 2, 1, &v), BRBE_MODEL_ACCESS_TRAP_EL3);
    ck_assert_int_eq(brbe_model_iall(m, 1, 1), BRBE_MODEL_ACCESS_TRAP_EL3);
    ck_assert_int_eq(brbe_model_read(m, BRBFCR_EL1_ENC, 3, 0, &v), BRBE_MODEL_ACCESS_OK);
    e.mdcr_el3_sbrbe = 3;
    brbe_model_set_env(m, &e);
    ck_assert_int_eq(brbe_model_read(m, BRBINF_EL1_ENC(0), 1, 0, &v), BRBE_MODEL_ACCESS_OK);
    brbe_model_free(m);
}
END_TEST

/* Banks (R_WLSWP, R_WRJLM), newest at 0 (R_TJGLK), unimplemented records
 * read zero (R_BNGTH), the oldest is lost (R_DTDPDK). */
START_TEST(t_banks)
{
    static const unsigned nr[] = { 8, 16, 32, 64 };
    for (int k = 0; k < 4; k++) {
        brbe_model_cfg p;
        brbe_model_cfg_default(&p);
        p.numrec = nr[k];
        brbe_model *m = mk_model(&p);
        wr(m, BRBCR_EL1_ENC, CR1_ALL);
        wr(m, BRBCR_EL2_ENC, CR2_ALL);
        for (unsigned b = 0; b < 80; b++)
            step(m, insn(0x10000 + 4 * b, PE_IC_B, 0x20000 + 4 * b, 10 + b, 0, 0));
        ck_assert_uint_eq(brbe_model_valid_count(m), 0);   /* BRBFCR_EL1 = 0: no type */
        wr(m, BRBFCR_EL1_ENC, BRBFCR_DIRECT);
        for (unsigned b = 0; b < 80; b++)
            step(m, insn(0x10000 + 4 * b, PE_IC_B, 0x20000 + 4 * b, 100 + b, 0, 0));
        ck_assert_uint_eq(brbe_model_valid_count(m), nr[k]);
        for (unsigned bank = 0; bank < 4; bank++) {
            wr(m, BRBFCR_EL1_ENC, BRBFCR_DIRECT | ((uint64_t)bank << BRBFCR_BANK_SHIFT));
            for (unsigned n = 0; n < 32; n++) {
                unsigned idx = n + 32 * bank;
                uint64_t s = rd(m, BRBSRC_EL1_ENC(n)), t = rd(m, BRBTGT_EL1_ENC(n));
                uint64_t i = rd(m, BRBINF_EL1_ENC(n));
                if (idx < nr[k]) {
                    /* index idx is the (79 - idx)th branch of the second loop */
                    ck_assert_uint_eq(s, 0x10000 + 4 * (79 - idx));
                    ck_assert_uint_eq(t, 0x20000 + 4 * (79 - idx));
                    ck_assert_uint_eq(i & 3u, 3u);
                } else {
                    ck_assert_uint_eq(s | t | i, 0);
                }
            }
        }
        brbe_model_free(m);
    }
}
END_TEST

/* Bad records: a clear error, model unchanged. */
START_TEST(t_bad_records)
{
    brbe_model *m = mk_all();
    prime(m);
    char err[160];
    pe_rec r = insn(0x1000, PE_IC_B, 0x2000, 50, 0, 0);       /* cycle goes back */
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "record 1: cycle 50"));
    r = insn(0x1000, PE_IC_ERET, 0x2000, 200, 0, 0);
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ERET retired at EL0"));
    r = insn(0x1000, PE_IC_B, 0x2000, 200, 3, 0);             /* no EL3 */
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "EL3 is not implemented"));
    r.el = 0;
    r.kind = 7;
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unknown kind 7"));
    r.kind = PE_KIND_INSN;
    r.iclass = 200;
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unknown instruction class"));
    r = exc(0x1000, 0x400, 200, 0, 1, 0x05);
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "type 0x05"));
    r = exc(0x1000, 0x400, 200, 1, 0, PE_EXC_CALL);
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "from EL1 taken to EL0"));
    r.isa = 9;
    ck_assert_int_eq(brbe_model_step(m, &r, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unknown isa 9"));
    brbe_model_counts st;
    brbe_model_stats(m, &st);
    ck_assert_uint_eq(st.pe_records, 1);
    ck_assert_uint_eq(brbe_model_valid_count(m), 1);
    /* bad parameters */
    brbe_model_cfg p;
    brbe_model_cfg_default(&p);
    p.numrec = 24;
    ck_assert_ptr_null(brbe_model_new(&p, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "numrec 24"));
    p.numrec = 8;
    p.v1p1 = 1;
    ck_assert_ptr_null(brbe_model_new(&p, err, sizeof err));
    brbe_model_free(m);
}
END_TEST

/* I_KBDLR: the address tag is removed from targets. */
START_TEST(t_untag)
{
    brbe_model *m = mk_all();
    step(m, insn(0x1000, PE_IC_BR, 0x5A00000000402000u, 10, 0, 0));
    uint64_t t;
    rec(m, 0, NULL, &t, NULL);
    ck_assert_uint_eq(t, 0x0000000000402000u);
    step(m, insn(0xffff800010000000u, PE_IC_BR, 0x12ff800010002000u, 11, 1, 0));
    rec(m, 0, NULL, &t, NULL);
    ck_assert_uint_eq(t, 0xffff800010002000u);
    brbe_model_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_model");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, t_branch_types);
    tcase_add_test(tc, t_isb_option);
    tcase_add_test(tc, t_exception_types);
    tcase_add_test(tc, t_impdef_el3);
    tcase_add_test(tc, t_valid_forms);
    tcase_add_test(tc, t_debug_state);
    tcase_add_test(tc, t_cc_encode_edges);
    tcase_add_test(tc, t_cc_in_records);
    tcase_add_test(tc, t_ccu_conditions);
    tcase_add_test(tc, t_mpred);
    tcase_add_test(tc, t_tme);
    tcase_add_test(tc, t_filters);
    tcase_add_test(tc, t_prohibited);
    tcase_add_test(tc, t_encodings);
    tcase_add_test(tc, t_register_fields);
    tcase_add_test(tc, t_access_rules);
    tcase_add_test(tc, t_banks);
    tcase_add_test(tc, t_bad_records);
    tcase_add_test(tc, t_untag);
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
