/* The BRBE driver against a small fake register file: probing, the perf
 * configuration, pause / bank select / newest-first reads up to the first
 * invalid record / resume in Linux's order, the perf filters, and save and
 * restore with BRB INJ.  The fake logs every access and counts accesses
 * that break the synchronization rules (a record read after a BANK write
 * without an ISB, I_PFBZP; a record read while not paused; a BRB INJ while
 * the current level may record, R_XVDNN). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_drv.h"

/* ---- fake register file ---------------------------------------------------- */

enum { OP_R = 'R', OP_W = 'W', OP_ISB = 'I', OP_IALL = 'A', OP_INJ = 'J' };

typedef struct logent {
    char op;
    uint16_t enc;
    uint64_t v;
} logent;

typedef struct fake {
    unsigned numrec;
    uint64_t dfr0, brbidr0;
    brbe_record rec[64];            /* [0] is the youngest */
    uint64_t brbcr_el1, brbcr_el12, brbfcr;
    uint64_t infinj, srcinj, tgtinj;
    logent log[8192];
    unsigned nlog;
    int bank_dirty;                 /* BANK written, no ISB since */
    int cr_dirty;                   /* BRBCR written, no ISB since */
    unsigned unsynced_reads;
    unsigned unpaused_reads;
    unsigned bad_inj;
    unsigned rec_reads;
} fake;

static void logop(fake *f, char op, uint16_t enc, uint64_t v)
{
    ck_assert_uint_lt(f->nlog, sizeof f->log / sizeof f->log[0]);
    f->log[f->nlog++] = (logent){ op, enc, v };
}

static uint64_t f_read(void *ctx, uint16_t enc)
{
    fake *f = ctx;
    uint64_t v = 0;

    if (BRBE_REC_IS(enc)) {
        unsigned n = BRBE_REC_N(enc) +
                     BRBE_BANK_RECORDS * (unsigned)((f->brbfcr & BRBFCR_BANK_MASK) >> BRBFCR_BANK_SHIFT);
        f->rec_reads++;
        if (f->bank_dirty)
            f->unsynced_reads++;
        if (!(f->brbfcr & BRBFCR_PAUSED))
            f->unpaused_reads++;
        if (n < f->numrec) {   /* records at or above NUMREC read as zero */
            switch (BRBE_REC_KIND(enc)) {
            case BRBE_REC_KIND_INF: v = f->rec[n].inf; break;
            case BRBE_REC_KIND_SRC: v = f->rec[n].src; break;
            default:                v = f->rec[n].tgt; break;
            }
        }
    } else if (enc == BRBE_ID_AA64DFR0_EL1_ENC) {
        v = f->dfr0;
    } else if (enc == BRBIDR0_EL1_ENC) {
        v = f->brbidr0;
    } else if (enc == BRBFCR_EL1_ENC) {
        v = f->brbfcr;
    } else if (enc == BRBCR_EL1_ENC) {
        v = f->brbcr_el1;
    } else if (enc == BRBCR_EL12_ENC) {
        v = f->brbcr_el12;
    } else {
        ck_abort_msg("read of unexpected encoding 0x%04x", enc);
    }
    logop(f, OP_R, enc, v);
    return v;
}

static void f_write(void *ctx, uint16_t enc, uint64_t v)
{
    fake *f = ctx;

    logop(f, OP_W, enc, v);
    if (enc == BRBFCR_EL1_ENC) {
        if ((v ^ f->brbfcr) & BRBFCR_BANK_MASK)
            f->bank_dirty = 1;
        f->brbfcr = v & BRBFCR_DEFINED_MASK;
    } else if (enc == BRBCR_EL1_ENC) {
        f->brbcr_el1 = v & BRBCR_DEFINED_MASK;
        f->cr_dirty = 1;
    } else if (enc == BRBCR_EL12_ENC) {
        f->brbcr_el12 = v & BRBCR_DEFINED_MASK;
    } else if (enc == BRBINFINJ_EL1_ENC) {
        f->infinj = v;
    } else if (enc == BRBSRCINJ_EL1_ENC) {
        f->srcinj = v;
    } else if (enc == BRBTGTINJ_EL1_ENC) {
        f->tgtinj = v;
    } else {
        ck_abort_msg("write of unexpected encoding 0x%04x", enc);
    }
}

static void f_isb(void *ctx)
{
    fake *f = ctx;
    logop(f, OP_ISB, 0, 0);
    f->bank_dirty = 0;
    f->cr_dirty = 0;
}

static void f_iall(void *ctx)
{
    fake *f = ctx;
    logop(f, OP_IALL, 0, 0);
    memset(f->rec, 0, sizeof f->rec);
}

static void f_inj(void *ctx)
{
    fake *f = ctx;
    logop(f, OP_INJ, 0, 0);
    /* The driver runs at EL1 here: EL1 is prohibited once E1BRE is 0 and
     * that write is synchronized. */
    if ((f->brbcr_el1 & BRBCR_EXBRE) || f->cr_dirty)
        f->bad_inj++;
    memmove(&f->rec[1], &f->rec[0], (f->numrec - 1u) * sizeof f->rec[0]);
    f->rec[0] = (brbe_record){ 0, f->srcinj, f->tgtinj, f->infinj };
    /* R_LKDTJ: the injection registers are UNKNOWN afterwards */
    f->infinj = f->srcinj = f->tgtinj = UINT64_C(0xA5A5A5A5A5A5A5A5);
}

static void fake_init(fake *f, unsigned numrec)
{
    memset(f, 0, sizeof *f);
    f->numrec = numrec;
    f->dfr0 = (uint64_t)BRBE_ID_AA64DFR0_BRBE_V1P1 << BRBE_ID_AA64DFR0_BRBE_SHIFT;
    f->brbidr0 = ((uint64_t)BRBIDR0_CC_20BIT << BRBIDR0_CC_SHIFT) | numrec;
}

/* Record i: a distinct Full conditional branch at EL0 with CC = i. */
static brbe_record mkrec(unsigned i)
{
    brbe_record r;
    r.index = i;
    r.src = 0x400000u + 0x100u * i;
    r.tgt = 0x800000u + 0x100u * i;
    r.inf = ((uint64_t)i << 32) | ((uint64_t)BRBINF_TYPE_CONDDIR << BRBINF_TYPE_SHIFT) | 3u;
    return r;
}

static void fill(fake *f, unsigned nvalid)
{
    for (unsigned i = 0; i < nvalid; i++)
        f->rec[i] = mkrec(i);
}

static brbe_drv_ops ops_for(fake *f)
{
    brbe_drv_ops o = { f_read, f_write, f_iall, f_inj, f_isb, f };
    return o;
}

static void probe_ok(brbe_drv *d, fake *f, int hyp)
{
    brbe_drv_ops o = ops_for(f);
    char err[256];
    int rc = brbe_drv_probe(d, &o, hyp, err, sizeof err);
    ck_assert_msg(rc == 0, "probe: %s", err);
    f->nlog = 0;
}

static void expect(const fake *f, unsigned i, char op, uint16_t enc, uint64_t v)
{
    ck_assert_msg(i < f->nlog, "log entry %u missing (log has %u)", i, f->nlog);
    ck_assert_msg(f->log[i].op == op && f->log[i].enc == enc && f->log[i].v == v,
                  "log[%u] = %c 0x%04x 0x%llx, expected %c 0x%04x 0x%llx", i, f->log[i].op,
                  f->log[i].enc, (unsigned long long)f->log[i].v, op, enc,
                  (unsigned long long)v);
}

static void expect_op(const fake *f, unsigned i, char op)
{
    ck_assert_msg(i < f->nlog && f->log[i].op == op, "log[%u]: expected %c", i, op);
}

/* ---- probe -------------------------------------------------------------------- */

START_TEST(probe)
{
    fake f;
    brbe_drv d;
    brbe_drv_ops o;
    char err[256];

    fake_init(&f, 64);
    probe_ok(&d, &f, 0);
    ck_assert_uint_eq(d.numrec, 64);
    ck_assert_uint_eq(d.nbanks, 2);
    ck_assert_uint_eq(d.cc_bits, 20);
    ck_assert_uint_eq(d.version, 2);
    fake_init(&f, 8);
    probe_ok(&d, &f, 0);
    ck_assert_uint_eq(d.nbanks, 1);

    o = ops_for(&f);
    f.dfr0 = 0;   /* no FEAT_BRBE */
    ck_assert_int_eq(brbe_drv_probe(&d, &o, 0, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ID_AA64DFR0_EL1"));
    fake_init(&f, 16);
    f.brbidr0 |= 1u << BRBIDR0_FORMAT_SHIFT;
    ck_assert_int_eq(brbe_drv_probe(&d, &o, 0, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "FORMAT"));
    fake_init(&f, 16);
    f.brbidr0 = (4u << BRBIDR0_CC_SHIFT) | 16u;
    ck_assert_int_eq(brbe_drv_probe(&d, &o, 0, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "CC"));
    fake_init(&f, 16);
    f.brbidr0 = (5u << BRBIDR0_CC_SHIFT) | 12u;
    ck_assert_int_eq(brbe_drv_probe(&d, &o, 0, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "NUMREC 12"));
    o.brb_inj = NULL;
    ck_assert_int_eq(brbe_drv_probe(&d, &o, 0, err, sizeof err), -1);
}
END_TEST

/* ---- perf configuration ---------------------------------------------------------- */

static brbe_drv_cfg cfg_ok(uint64_t bst, int exu, int exk, int hyp)
{
    brbe_perf_attr a = { bst, exu, exk, 0, 0 };
    brbe_drv_cfg c;
    char err[256];
    int rc = brbe_drv_config(&a, hyp, &c, err, sizeof err);
    ck_assert_msg(rc == 0, "config 0x%llx: %s", (unsigned long long)bst, err);
    return c;
}

static void cfg_bad(uint64_t bst, int exu, int exk, int exhost, const char *what)
{
    brbe_perf_attr a = { bst, exu, exk, 0, exhost };
    brbe_drv_cfg c;
    char err[256];
    ck_assert_int_eq(brbe_drv_config(&a, 0, &c, err, sizeof err), -1);
    ck_assert_msg(strstr(err, what) != NULL, "config 0x%llx: '%s' lacks '%s'",
                  (unsigned long long)bst, err, what);
}

START_TEST(config)
{
    brbe_drv_cfg c;

    /* ANY for user and kernel: all six type filters (BRBFCR [22:17] =
     * 0x7E << 16); BRBCR: E0BRE 0x1, E1BRE 0x2, CC 0x8, MPRED 0x10,
     * TS virtual 0x20, FZP 0x100, ERTN 0x400000, EXCEPTION 0x800000 */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_USER |
               BRBE_PERF_SAMPLE_BRANCH_KERNEL, 0, 0, 0);
    ck_assert_uint_eq(c.brbfcr, UINT64_C(0x7E0000));
    ck_assert_uint_eq(c.brbcr, UINT64_C(0xC0013B));

    /* ANY_CALL for user: INDCALL (20) | DIRCALL (21); no exceptions */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY_CALL | BRBE_PERF_SAMPLE_BRANCH_USER, 0, 0, 0);
    ck_assert_uint_eq(c.brbfcr, UINT64_C(0x300000));
    ck_assert_uint_eq(c.brbcr, UINT64_C(0x139));

    /* ANY_RETURN for the kernel, no cycles, no flags: RTN (19); E1BRE,
     * ERTN, no CC, no MPRED */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY_RETURN | BRBE_PERF_SAMPLE_BRANCH_KERNEL |
               BRBE_PERF_SAMPLE_BRANCH_NO_CYCLES | BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS, 0, 0, 0);
    ck_assert_uint_eq(c.brbfcr, UINT64_C(0x80000));
    ck_assert_uint_eq(c.brbcr, UINT64_C(0x400122));

    /* ANY_CALL for the kernel records exceptions too */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY_CALL | BRBE_PERF_SAMPLE_BRANCH_KERNEL, 0, 0, 0);
    ck_assert_uint_eq(c.brbcr, UINT64_C(0x80013A));

    /* No privilege bits: taken from the event (exclude_kernel) -> USER|HV;
     * COND (22), IND_JUMP -> INDIRECT (18), CALL -> DIRCALL (21), IND_CALL
     * -> INDCALL (20) */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_COND | BRBE_PERF_SAMPLE_BRANCH_IND_JUMP |
               BRBE_PERF_SAMPLE_BRANCH_CALL | BRBE_PERF_SAMPLE_BRANCH_IND_CALL, 0, 1, 0);
    ck_assert_uint_eq(c.brbfcr, UINT64_C(0x740000));
    ck_assert_uint_eq(c.brbcr, UINT64_C(0x139));
    ck_assert_uint_eq(c.branch_sample_type & BRBE_PERF_SAMPLE_BRANCH_PLM_ALL,
                      BRBE_PERF_SAMPLE_BRANCH_USER | BRBE_PERF_SAMPLE_BRANCH_HV);
    /* ... and with the kernel at EL2, HV enables E2BRE (same bit as E1BRE) */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_COND, 0, 1, 1);
    ck_assert_uint_eq(c.brbcr, UINT64_C(0x13B));

    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_IN_TX, 0, 0, 0, "not supported");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_CALL_STACK, 0, 0, 0,
            "not supported");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_COUNTERS, 0, 0, 0,
            "not supported");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_MAX, 0, 0, 0, "undefined");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_USER, 0, 0, 0, "only privilege");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_USER | BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS, 0, 0, 0,
            "no branch type");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_ANY, 0, 0, 1, "hypervisor or guest");
    cfg_bad(BRBE_PERF_SAMPLE_BRANCH_ANY, 1, 1, 0, "hypervisor or guest");
}
END_TEST

/* ---- enable, disable ----------------------------------------------------------- */

START_TEST(enable_disable_order)
{
    fake f;
    brbe_drv d;
    brbe_drv_cfg c;
    unsigned i = 0;

    fake_init(&f, 32);
    fill(&f, 3);
    f.brbfcr = BRBFCR_PAUSED;
    probe_ok(&d, &f, 1);   /* kernel at EL2 (VHE) */
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_USER |
               BRBE_PERF_SAMPLE_BRANCH_KERNEL, 0, 0, 1);
    brbe_drv_enable(&d, &c);
    expect_op(&f, i++, OP_ISB);
    expect_op(&f, i++, OP_IALL);
    expect_op(&f, i++, OP_ISB);
    expect(&f, i++, OP_W, BRBCR_EL12_ENC, UINT64_C(0xC00138));   /* E0BRE, E1BRE clear */
    expect(&f, i++, OP_W, BRBCR_EL1_ENC, UINT64_C(0xC0013B));
    expect_op(&f, i++, OP_ISB);
    expect(&f, i++, OP_W, BRBFCR_EL1_ENC, UINT64_C(0x7E0000));   /* PAUSED cleared last */
    ck_assert_uint_eq(f.nlog, i);
    ck_assert_uint_eq(f.rec[0].inf, 0);                          /* old records discarded */

    f.nlog = 0;
    brbe_drv_disable(&d);
    expect(&f, 0, OP_W, BRBFCR_EL1_ENC, BRBFCR_PAUSED);
    expect(&f, 1, OP_W, BRBCR_EL1_ENC, 0);
    ck_assert_uint_eq(f.nlog, 2);
    ck_assert_int_eq(brbe_drv_resume(&d, 1), -1);                /* not enabled */
    ck_assert_uint_eq(f.nlog, 2);
}
END_TEST

/* ---- reads ------------------------------------------------------------------------ */

START_TEST(read_newest_first_stop_at_invalid)
{
    fake f;
    brbe_drv d;
    brbe_record out[64];
    unsigned n, i = 0;

    fake_init(&f, 32);
    fill(&f, 5);
    f.brbfcr = UINT64_C(0x7E0000);   /* running, filters on */
    probe_ok(&d, &f, 0);
    n = brbe_drv_read(&d, out, 64);
    ck_assert_uint_eq(n, 5);
    for (unsigned k = 0; k < 5; k++) {
        ck_assert_uint_eq(out[k].index, k);
        ck_assert_uint_eq(out[k].src, f.rec[k].src);
        ck_assert_uint_eq(out[k].tgt, f.rec[k].tgt);
        ck_assert_uint_eq(out[k].inf, f.rec[k].inf);
    }
    /* pause: read BRBFCR, set PAUSED, ISB */
    expect(&f, i++, OP_R, BRBFCR_EL1_ENC, UINT64_C(0x7E0000));
    expect(&f, i++, OP_W, BRBFCR_EL1_ENC, UINT64_C(0x7E0080));
    expect_op(&f, i++, OP_ISB);
    /* bank 0: read-modify-write of BANK, ISB */
    expect(&f, i++, OP_R, BRBFCR_EL1_ENC, UINT64_C(0x7E0080));
    expect(&f, i++, OP_W, BRBFCR_EL1_ENC, UINT64_C(0x7E0080));
    expect_op(&f, i++, OP_ISB);
    for (unsigned k = 0; k < 5; k++) {
        expect(&f, i++, OP_R, (uint16_t)BRBINF_EL1_ENC(k), f.rec[k].inf);
        expect(&f, i++, OP_R, (uint16_t)BRBSRC_EL1_ENC(k), f.rec[k].src);
        expect(&f, i++, OP_R, (uint16_t)BRBTGT_EL1_ENC(k), f.rec[k].tgt);
    }
    /* record 5 is invalid: its BRBINF is the last access */
    expect(&f, i++, OP_R, (uint16_t)BRBINF_EL1_ENC(5), 0);
    ck_assert_uint_eq(f.nlog, i);
    ck_assert_uint_eq(f.unpaused_reads, 0);
    ck_assert_uint_eq(f.unsynced_reads, 0);
    ck_assert(f.brbfcr & BRBFCR_PAUSED);   /* left paused */

    /* empty buffer: one BRBINF read */
    fake_init(&f, 32);
    probe_ok(&d, &f, 0);
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 0);
    ck_assert_uint_eq(f.rec_reads, 1);
}
END_TEST

START_TEST(read_two_banks)
{
    fake f;
    brbe_drv d;
    brbe_record out[64];
    unsigned n, bank1_write = 0;

    fake_init(&f, 64);
    fill(&f, 40);
    probe_ok(&d, &f, 0);
    n = brbe_drv_read(&d, out, 64);
    ck_assert_uint_eq(n, 40);
    for (unsigned k = 0; k < 40; k++) {
        brbe_record want = mkrec(k);
        ck_assert_uint_eq(out[k].index, k);
        ck_assert_uint_eq(out[k].src, want.src);
        ck_assert_uint_eq(out[k].tgt, want.tgt);
        ck_assert_uint_eq(out[k].inf, want.inf);
    }
    /* BANK = 1 written, then ISB before the first bank 1 read */
    for (unsigned k = 0; k < f.nlog; k++)
        if (f.log[k].op == OP_W && f.log[k].enc == BRBFCR_EL1_ENC &&
            ((f.log[k].v & BRBFCR_BANK_MASK) >> BRBFCR_BANK_SHIFT) == 1u)
            bank1_write = k;
    ck_assert_uint_gt(bank1_write, 0);
    expect_op(&f, bank1_write + 1, OP_ISB);
    expect(&f, bank1_write + 2, OP_R, (uint16_t)BRBINF_EL1_ENC(0), mkrec(32).inf);
    ck_assert_uint_eq(f.unsynced_reads, 0);
    ck_assert_uint_eq(f.unpaused_reads, 0);
    /* 40 valid records * 3 reads + the invalid BRBINF of index 40 */
    ck_assert_uint_eq(f.rec_reads, 121);

    /* all 64 valid: no read past record 63 */
    fake_init(&f, 64);
    fill(&f, 64);
    probe_ok(&d, &f, 0);
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 64);
    ck_assert_uint_eq(out[63].src, mkrec(63).src);
    ck_assert_uint_eq(f.rec_reads, 192);

    /* 8 records, all valid: stops at NUMREC, not at an invalid record */
    fake_init(&f, 8);
    fill(&f, 8);
    probe_ok(&d, &f, 0);
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 8);
    ck_assert_uint_eq(f.rec_reads, 24);

    /* max bounds the output */
    fake_init(&f, 32);
    fill(&f, 20);
    probe_ok(&d, &f, 0);
    ck_assert_uint_eq(brbe_drv_read(&d, out, 3), 3);
    ck_assert_uint_eq(f.rec_reads, 9);
}
END_TEST

START_TEST(pause_when_frozen)
{
    fake f;
    brbe_drv d;
    brbe_record out[64];

    fake_init(&f, 16);
    fill(&f, 2);
    /* a BRBE freeze event already set PAUSED (R_BHYTD) */
    f.brbfcr = BRBFCR_PAUSED | BRBFCR_DIRCALL;
    probe_ok(&d, &f, 0);
    ck_assert_int_eq(brbe_drv_pause(&d), 1);
    ck_assert_uint_eq(f.nlog, 1);   /* one read, no write */
    f.nlog = 0;
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 2);
    expect(&f, 0, OP_R, BRBFCR_EL1_ENC, BRBFCR_PAUSED | BRBFCR_DIRCALL);
    expect(&f, 1, OP_R, BRBFCR_EL1_ENC, BRBFCR_PAUSED | BRBFCR_DIRCALL);   /* bank select */
    f.brbfcr = 0;
    ck_assert_int_eq(brbe_drv_pause(&d), 0);
    ck_assert(f.brbfcr & BRBFCR_PAUSED);
}
END_TEST

START_TEST(resume_order)
{
    fake f;
    brbe_drv d;
    brbe_drv_cfg c;
    brbe_record out[64];
    unsigned i;

    fake_init(&f, 64);
    probe_ok(&d, &f, 0);
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_USER, 0, 0, 0);
    brbe_drv_enable(&d, &c);
    fill(&f, 35);                      /* the "hardware" records 35 branches */
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 35);
    ck_assert_uint_eq((f.brbfcr & BRBFCR_BANK_MASK) >> BRBFCR_BANK_SHIFT, 1);

    f.nlog = 0;
    ck_assert_int_eq(brbe_drv_resume(&d, 1), 0);
    i = 0;
    expect_op(&f, i++, OP_ISB);
    expect_op(&f, i++, OP_IALL);
    expect_op(&f, i++, OP_ISB);
    expect(&f, i++, OP_W, BRBCR_EL1_ENC, c.brbcr);
    expect_op(&f, i++, OP_ISB);
    /* unpaused, BANK back to 0, the filters of the configuration */
    expect(&f, i++, OP_W, BRBFCR_EL1_ENC, UINT64_C(0x7E0000));
    ck_assert_uint_eq(f.nlog, i);
    ck_assert_uint_eq(f.rec[0].inf, 0);

    /* without invalidation the records stay */
    fill(&f, 4);
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 4);
    f.nlog = 0;
    ck_assert_int_eq(brbe_drv_resume(&d, 0), 0);
    expect(&f, 0, OP_W, BRBCR_EL1_ENC, c.brbcr);
    expect_op(&f, 1, OP_ISB);
    expect(&f, 2, OP_W, BRBFCR_EL1_ENC, UINT64_C(0x7E0000));
    ck_assert_uint_eq(f.nlog, 3);
    ck_assert_uint_eq(brbe_drv_read(&d, out, 64), 4);
}
END_TEST

/* ---- perf view ------------------------------------------------------------------------ */

#define KADDR(x) (UINT64_C(0xffff800010000000) + (x))
#define UADDR(x) (UINT64_C(0x400000) + (x))
#define INF(type, el, valid) (((uint64_t)(type) << 8) | ((uint64_t)(el) << 6) | (valid))

static void perf_fixture(fake *f)
{
    fake_init(f, 16);
    /* youngest first */
    f->rec[0] = (brbe_record){ 0, UADDR(0x10), UADDR(0x80), INF(BRBINF_TYPE_CONDDIR, 0, 3) };
    f->rec[1] = (brbe_record){ 0, UADDR(0x0c), KADDR(0x400), INF(BRBINF_TYPE_CALL, 1, 3) };
    f->rec[2] = (brbe_record){ 0, KADDR(0x20), KADDR(0x90), INF(BRBINF_TYPE_DIRCALL, 1, 3) };
    f->rec[3] = (brbe_record){ 0, KADDR(0x30), UADDR(0x00), INF(BRBINF_TYPE_ERET, 0, 3) };
    f->rec[4] = (brbe_record){ 0, UADDR(0x40), KADDR(0x480), INF(BRBINF_TYPE_FIQ, 1, 3) };
    f->rec[5] = (brbe_record){ 0, 0, KADDR(0x500), INF(BRBINF_TYPE_IRQ, 1, 1) };
    f->rec[6] = (brbe_record){ 0, UADDR(0x50), UADDR(0x60),
                               INF(BRBINF_TYPE_DIRECT, 0, 3) | BRBINF_T };
}

START_TEST(perf_filters)
{
    fake f;
    brbe_drv d;
    brbe_drv_cfg c;
    brbe_perf_entry e[64];
    int tx;
    unsigned n;
    const uint64_t lim = UINT64_C(1) << 48;

    /* user-only ANY: EL0 branches of PERF_BR_ARM64_ALL; the syscall (not in
     * the mask without KERNEL), the kernel call (kernel excluded), the
     * ERET, FIQ (UNKNOWN) and IRQ are dropped */
    perf_fixture(&f);
    probe_ok(&d, &f, 0);
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_USER, 0, 0, 0);
    n = brbe_drv_read_perf(&d, &c, lim, e, 64, &tx);
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(e[0].from, UADDR(0x10));
    ck_assert_uint_eq(e[0].type, BRBE_PERF_BR_COND);
    ck_assert_uint_eq(e[1].from, UADDR(0x50));
    ck_assert_uint_eq(e[1].type, BRBE_PERF_BR_UNCOND);
    ck_assert_int_eq(tx, 1);   /* record 6 has T set */

    /* user and kernel ANY: everything except FIQ */
    perf_fixture(&f);
    probe_ok(&d, &f, 0);
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_USER |
               BRBE_PERF_SAMPLE_BRANCH_KERNEL, 0, 0, 0);
    n = brbe_drv_read_perf(&d, &c, lim, e, 64, &tx);
    ck_assert_uint_eq(n, 6);
    ck_assert_uint_eq(e[1].type, BRBE_PERF_BR_SYSCALL);
    ck_assert_uint_eq(e[1].from, UADDR(0x0c));
    ck_assert_uint_eq(e[1].to, KADDR(0x400));
    ck_assert_uint_eq(e[4].type, BRBE_PERF_BR_IRQ);
    ck_assert_uint_eq(e[4].from, 0);

    /* kernel-only ANY: the syscall and the ERET cross levels, so their user
     * address is hidden; the user branches are dropped */
    perf_fixture(&f);
    probe_ok(&d, &f, 0);
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_KERNEL, 0, 0, 0);
    n = brbe_drv_read_perf(&d, &c, lim, e, 64, &tx);
    ck_assert_uint_eq(n, 4);
    ck_assert_uint_eq(e[0].type, BRBE_PERF_BR_SYSCALL);
    ck_assert_uint_eq(e[0].from, 0);
    ck_assert_uint_eq(e[0].to, KADDR(0x400));
    ck_assert_uint_eq(e[1].type, BRBE_PERF_BR_CALL);
    ck_assert_uint_eq(e[2].type, BRBE_PERF_BR_ERET);
    ck_assert_uint_eq(e[2].from, KADDR(0x30));
    ck_assert_uint_eq(e[2].to, 0);
    ck_assert_uint_eq(e[3].type, BRBE_PERF_BR_IRQ);

    /* ANY_CALL for user and kernel: CALL and SYSCALL (PERF_BR_ARM64_ALL_KERNEL)
     * and IRQ */
    perf_fixture(&f);
    probe_ok(&d, &f, 0);
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY_CALL | BRBE_PERF_SAMPLE_BRANCH_USER |
               BRBE_PERF_SAMPLE_BRANCH_KERNEL, 0, 0, 0);
    n = brbe_drv_read_perf(&d, &c, lim, e, 2, &tx);   /* max 2 */
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(e[0].type, BRBE_PERF_BR_SYSCALL);
    ck_assert_uint_eq(e[1].type, BRBE_PERF_BR_CALL);

    /* NO_FLAGS: transaction bits are not looked at */
    perf_fixture(&f);
    probe_ok(&d, &f, 0);
    c = cfg_ok(BRBE_PERF_SAMPLE_BRANCH_ANY | BRBE_PERF_SAMPLE_BRANCH_USER |
               BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS, 0, 0, 0);
    n = brbe_drv_read_perf(&d, &c, lim, e, 64, &tx);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(tx, 0);
}
END_TEST

/* ---- save and restore ---------------------------------------------------------------- */

START_TEST(restore_with_inj)
{
    fake f;
    brbe_drv d;
    brbe_record saved[64], again[64];
    unsigned n, i = 0;

    fake_init(&f, 32);
    fill(&f, 6);
    f.brbcr_el1 = UINT64_C(0xC0013B);
    probe_ok(&d, &f, 0);
    n = brbe_drv_read(&d, saved, 64);
    ck_assert_uint_eq(n, 6);
    f_iall(&f);            /* another context ran: the buffer was invalidated */
    saved[6] = (brbe_record){ 6, 0, 0, 0 };   /* an invalid entry is skipped */
    f.nlog = 0;
    ck_assert_uint_eq(brbe_drv_restore(&d, saved, 7), 6);
    expect(&f, i++, OP_R, BRBCR_EL1_ENC, UINT64_C(0xC0013B));
    expect(&f, i++, OP_W, BRBCR_EL1_ENC, UINT64_C(0xC00138));
    expect_op(&f, i++, OP_ISB);
    for (unsigned k = 6; k-- > 0;) {   /* oldest first */
        expect(&f, i++, OP_W, BRBINFINJ_EL1_ENC, saved[k].inf);
        expect(&f, i++, OP_W, BRBSRCINJ_EL1_ENC, saved[k].src);
        expect(&f, i++, OP_W, BRBTGTINJ_EL1_ENC, saved[k].tgt);
        expect_op(&f, i++, OP_INJ);
    }
    expect(&f, i++, OP_W, BRBCR_EL1_ENC, UINT64_C(0xC0013B));
    expect_op(&f, i++, OP_ISB);
    ck_assert_uint_eq(f.nlog, i);
    ck_assert_uint_eq(f.bad_inj, 0);

    ck_assert_uint_eq(brbe_drv_read(&d, again, 64), 6);
    for (unsigned k = 0; k < 6; k++) {
        ck_assert_uint_eq(again[k].src, saved[k].src);
        ck_assert_uint_eq(again[k].tgt, saved[k].tgt);
        ck_assert_uint_eq(again[k].inf, saved[k].inf);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_dec_drv");
    TCase *tc = tcase_create("driver");

    tcase_add_test(tc, probe);
    tcase_add_test(tc, config);
    tcase_add_test(tc, enable_disable_order);
    tcase_add_test(tc, read_newest_first_stop_at_invalid);
    tcase_add_test(tc, read_two_banks);
    tcase_add_test(tc, pause_when_frozen);
    tcase_add_test(tc, resume_order);
    tcase_add_test(tc, perf_filters);
    tcase_add_test(tc, restore_with_inj);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
