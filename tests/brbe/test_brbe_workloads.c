/* BRBE on random programs (tb/common/progen.h) and on the captured real
 * workloads (build/workloads/<name>.pe, docs/workloads.md): the BRBE model
 * runs through the PE stream under several filter combinations; at random
 * points the buffer is read through the System register port the way the
 * driver does (sw/brbe/brbe_drv.h: pause, bank by bank, newest first, up to
 * the first invalid record), compared with an oracle computed straight from
 * the PE stream, and recording resumes.
 *
 * The oracle is written here from Part F of the Armv9 supplement (F1.1) and
 * brbinf-register.md, not from the model:
 *  - which branches qualify: taken branches by class (R_GBCQW) and the type
 *    filters with EnI (F1.1.9.1: R_FJYVT, R_BBNSZ, R_RBDXK, R_KKLDV,
 *    R_RVGTZ, R_CKNBH; ISB by R_FJYDC when the implementation records it),
 *    exceptions by BRBCR_ELx.EXCEPTION of the target level (R_KRJQC) and
 *    exception returns by BRBCR_ELx.ERTN of the level they execute at
 *    (R_ZSHDL);
 *  - BRBE Prohibited regions (F1.1.4: R_YPHYG, R_DBPCF, R_SPZQD) and the
 *    VALID forms they give (R_MLGCF, R_YBJDJ, R_ZTGMW, R_YSQKQ, R_LMXHS);
 *  - the fields: TYPE (the TYPE table of brbinf-register.md, Table F1.2 for
 *    exceptions), EL of the target, MPRED (R_XHWRB, R_DHNJPJ), T, LASTFAILED
 *    (R_GVCJH, R_KBBSZM), source (R_BZCRW) and target (R_FYLTG, I_KBDLR);
 *  - the cycle count (F1.1.2): the cycles between generated records, encoded
 *    with the mantissa/exponent rule of brbinf-register.md CC, saturated
 *    beyond the 20-bit counter (R_XGSSZ), unknown (R_MJDLIC, R_PBJTJ) after a
 *    prohibited region, PAUSED 1 -> 0, BRB IALL or with CC disabled;
 *  - the buffer: the last NUMREC records, index 0 the youngest (R_TJGLK,
 *    R_HTRNR, R_DTDPDK), all invalid after BRB IALL (R_LLHYN).
 * The choices docs/brbe-model.md makes where the specification leaves one
 * (an exception return is recorded when the level it returns to is known;
 * a PE reset after it invalidates, R_PMRRL; a partly prohibited transaction
 * leaves LASTFAILED unchanged, R_CBTBH) are the oracle's too.  Reads stop
 * only where the PE could run the driver: never between an exception return
 * and the record it returns to.
 *
 * Records per TYPE and per VALID form are counted; a zero for a value the
 * streams can produce fails. */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brbe_dec.h"
#include "brbe_drv.h"
#include "brbe_model.h"
#include "harness.h"
#include "pe_stream.h"
#include "check_util.h"
#include "progen.h"

#define BW_SEEDS        24u
#define BW_RAND_RECORDS 30000u
#define BW_WL_RECORDS   600000u    /* records of each workload fed (the start) */
#define BW_RANDOM_CFGS  3u         /* random filter combinations per stream */

/* ---- configurations --------------------------------------------------------- */
enum resume_kind {
    RESUME_DRV,        /* brbe_drv_resume(d, 0): keep the records */
    RESUME_DRV_IALL,   /* brbe_drv_resume(d, 1): BRB IALL first, as Linux does */
    RESUME_REG         /* write BRBFCR_EL1 back (the driver clears EnI) */
};

typedef struct bcfg {
    const char *name;
    unsigned numrec;
    int record_isb;
    int no_el2;          /* EL2 not implemented (workloads only: no EL2 records) */
    uint64_t cr1, cr2, fcr;
    unsigned resume;
} bcfg;

#define CR_ALL1 (BRBCR_EL1_E0BRE | BRBCR_EL1_E1BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_EXCEPTION | \
                 BRBCR_ERTN)
#define CR_ALL2 (BRBCR_EL2_E2BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_EXCEPTION | BRBCR_ERTN)
#define FCR_ALL (BRBFCR_DIRECT | BRBFCR_INDIRECT | BRBFCR_RTN | BRBFCR_INDCALL | BRBFCR_DIRCALL | \
                 BRBFCR_CONDDIR)

static const bcfg fixed_cfgs[] = {
    /* every branch, exception and return, everywhere */
    { "all", 32, 0, 0, CR_ALL1, CR_ALL2, FCR_ALL, RESUME_DRV },
    /* EL0 only, EnI with no bit set (every type): exceptions from EL0 are
     * Half-source, returns to EL0 Half-target */
    { "el0-eni", 64, 0, 0, BRBCR_EL1_E0BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_EXCEPTION | BRBCR_ERTN,
      BRBCR_CC | BRBCR_MPRED | BRBCR_EXCEPTION | BRBCR_ERTN, BRBFCR_EnI, RESUME_REG },
    /* EL1 and EL2 only, no MPRED at EL1, no ERTN at EL2; Linux's resume */
    { "el12-iall", 16, 0, 0, BRBCR_EL1_E1BRE | BRBCR_CC | BRBCR_EXCEPTION | BRBCR_ERTN,
      BRBCR_EL2_E2BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_EXCEPTION, FCR_ALL, RESUME_DRV_IALL },
    /* the call path: calls and returns; BRBCR_EL2.CC 0 (cycles unknown) */
    { "calls-nocc", 64, 0, 0, BRBCR_EL1_E0BRE | BRBCR_EL1_E1BRE | BRBCR_CC | BRBCR_MPRED | BRBCR_EXCEPTION,
      BRBCR_EL2_E2BRE | BRBCR_MPRED, BRBFCR_DIRCALL | BRBFCR_INDCALL | BRBFCR_RTN, RESUME_DRV },
    /* EnI inverts: everything but calls and returns; BRBCR_EL2.MPRED 0; ISB */
    { "jumps-eni-isb", 8, 1, 0, CR_ALL1, BRBCR_EL2_E2BRE | BRBCR_CC | BRBCR_ERTN | BRBCR_EXCEPTION,
      BRBFCR_EnI | BRBFCR_DIRCALL | BRBFCR_INDCALL | BRBFCR_RTN, RESUME_REG },
    /* kernel calls: exceptions and returns only (no branch type selected) */
    { "kernel-calls", 32, 0, 0, CR_ALL1, CR_ALL2, 0, RESUME_REG },
};
#define NFIXED ((unsigned)(sizeof fixed_cfgs / sizeof fixed_cfgs[0]))

/* EL2 not implemented: BRBCR_EL1 alone gates CC and MPRED (R_MJDLIC,
 * R_XHWRB); only for streams without EL2 records */
static const bcfg no_el2_cfg = { "no-el2", 16, 0, 1, CR_ALL1, 0, FCR_ALL, RESUME_DRV };

/* ---- counts -------------------------------------------------------------- */
typedef struct counts {
    uint64_t by_type[64];      /* distinct records compared, per TYPE */
    uint64_t by_valid[4];      /* ... per VALID */
    uint64_t generated, compared_distinct, reads, slots, cc_known, cc_unknown, cc_saturated;
    uint64_t lastfailed, mpred, tbit, streams, records;
    unsigned cc_exp_max;        /* largest CC exponent of a known count */
} counts;

static counts g_rand, g_wl;
static uint64_t g_cfg_gen[NFIXED + 2], g_cfg_cmp[NFIXED + 2];

/* ---- the oracle ---------------------------------------------------------- */
typedef struct orec {
    uint64_t src, tgt, inf;
    uint64_t cycles;     /* the count behind CC (when known) */
    int known;
    int seen;            /* compared at least once */
    size_t origin;       /* stream index of the record that made it */
} orec;

typedef struct oracle {
    const bcfg *c;
    orec ring[BRBE_MAX_RECORDS];
    unsigned wr, nvalid;
    int cc_known;
    uint64_t cc_base;
    int lastfailed;
    int in_txn, txn_np;
    const pe_rec *eret;
    size_t eret_idx;
    uint64_t generated;
} oracle;

static int has_el2(const bcfg *c)
{
    return !c->no_el2;
}

/* F1.1.4 for this PE: AArch64 only (R_FHGJN), Non-secure, no EL3 (no
 * MDCR_EL3.SBRBE), HCR_EL2.TGE = 0 (R_DBPCF uses BRBCR_EL1.E0BRE). */
static int np(const bcfg *c, unsigned el, unsigned isa)
{
    if (isa != PE_ISA_A64)
        return 0;
    switch (el) {
    case 0:  return (c->cr1 & BRBCR_EL1_E0BRE) != 0;            /* R_DBPCF */
    case 1:  return (c->cr1 & BRBCR_EL1_E1BRE) != 0;            /* R_YPHYG */
    case 2:  return has_el2(c) && (c->cr2 & BRBCR_EL2_E2BRE);   /* R_SPZQD */
    default: return 0;                                          /* R_GLKGW */
    }
}

static int cc_enabled(const bcfg *c)
{
    /* R_MJDLIC: BRBCR_EL2.CC if EL2 is implemented, and BRBCR_EL1.CC */
    return (c->cr1 & BRBCR_CC) && (!has_el2(c) || (c->cr2 & BRBCR_CC));
}

static int mpred_enabled(const bcfg *c)
{
    return (c->cr1 & BRBCR_MPRED) && (!has_el2(c) || (c->cr2 & BRBCR_MPRED));   /* R_XHWRB */
}

static int exc_enabled(const bcfg *c, unsigned target_el)
{
    if (target_el == 1)
        return (c->cr1 & BRBCR_EXCEPTION) != 0;               /* R_KRJQC */
    return target_el == 2 && has_el2(c) && (c->cr2 & BRBCR_EXCEPTION);
}

static int ertn_enabled(const bcfg *c, unsigned el)
{
    if (el == 1)
        return (c->cr1 & BRBCR_ERTN) != 0;                    /* R_ZSHDL */
    return el == 2 && has_el2(c) && (c->cr2 & BRBCR_ERTN);
}

/* F1.1.9.1: selected when the filter bit differs from EnI */
static int type_on(const bcfg *c, uint64_t bit)
{
    return ((c->fcr & bit) != 0) != ((c->fcr & BRBFCR_EnI) != 0);
}

/* brbinf-register.md CC: count = M when E = 0, else '1':M:Zeros(E-1),
 * rounded towards zero to a multiple of 2^(E-1); all ones beyond the
 * counter (BRBIDR0_EL1.CC 0b0101: 20 bits, R_XGSSZ). */
static unsigned cc_encode(uint64_t count)
{
    if (count > (UINT64_C(1) << 20) - 1u)
        return 0x3FFFu;
    if (count <= 0xFFu)
        return (unsigned)count;
    for (unsigned e = 1; e < 63; e++) {
        uint64_t lo = UINT64_C(0x100) << (e - 1), hi = (UINT64_C(0x200) << (e - 1)) - 1u;
        if (count >= lo && count <= hi)
            return (e << 8) | (unsigned)((count >> (e - 1)) - 0x100u);
    }
    return 0x3FFFu;
}

/* I_KBDLR: the address tag removed, bits [63:56] a copy of bit 55 */
static uint64_t untag(uint64_t va)
{
    uint64_t top = UINT64_C(0xFF00000000000000);
    return (va >> 55) & 1u ? (va | top) : (va & ~top);
}

static unsigned exc_type(unsigned t)
{
    /* Table F1.2 reasons, by the ETE exception class of the stream */
    switch (t) {
    case PE_EXC_CALL:       return 0x22;   /* SVC, HVC, SMC: Call */
    case PE_EXC_TRAP:       return 0x23;   /* Trap */
    case PE_EXC_SERROR:     return 0x24;   /* SError */
    case PE_EXC_INST_DEBUG: return 0x26;   /* Breakpoint, BRK, software step */
    case PE_EXC_DATA_DEBUG: return 0x27;   /* Watchpoint */
    case PE_EXC_ALIGNMENT:  return 0x2A;   /* PC or SP alignment */
    case PE_EXC_INST_FAULT: return 0x2B;   /* Instruction Abort */
    case PE_EXC_DATA_FAULT: return 0x2C;   /* Data Abort */
    case PE_EXC_IRQ:        return 0x2E;
    case PE_EXC_FIQ:        return 0x2F;
    default:                return 0xFFu;
    }
}

static void invalidate(oracle *o)
{
    o->nvalid = 0;                                     /* R_LLHYN */
    o->cc_known = 0;                                   /* R_MJDLIC */
}

/* A Branch record is generated (the caller decided it qualifies). */
static void generate(oracle *o, size_t origin, uint64_t cycle, unsigned valid, unsigned type,
                     unsigned el, int mpred, int t, uint64_t src, uint64_t tgt)
{
    orec x;
    memset(&x, 0, sizeof x);
    x.origin = origin;
    x.inf = (uint64_t)valid | ((uint64_t)type << 8);
    if (valid & 2u) {                                  /* source valid: 0b10, 0b11 */
        x.src = src;
        x.inf |= (mpred ? UINT64_C(1) << 5 : 0u) | (t ? UINT64_C(1) << 16 : 0u);
    }
    if (valid & 1u) {                                  /* target valid: 0b01, 0b11 */
        x.tgt = untag(tgt);
        x.inf |= (uint64_t)(el & 3u) << 6;
    }
    if (o->lastfailed) {                               /* R_KBBSZM */
        x.inf |= UINT64_C(1) << 17;
        o->lastfailed = 0;
    }
    if (cc_enabled(o->c) && o->cc_known) {
        x.known = 1;
        x.cycles = cycle - o->cc_base;
        x.inf |= (uint64_t)cc_encode(x.cycles) << 32;  /* R_JZWPG, R_XGSSZ */
    } else {
        x.inf |= UINT64_C(1) << 46;                    /* R_PBJTJ: CCU 1, CC 0 */
    }
    o->cc_base = cycle;                                /* R_KVRRBB */
    o->cc_known = cc_enabled(o->c);
    o->wr = (o->wr + 1u) % BRBE_MAX_RECORDS;
    o->ring[o->wr] = x;
    if (o->nvalid < o->c->numrec)
        o->nvalid++;                                   /* R_DTDPDK */
    o->generated++;
}

static unsigned vform(int src_np, int tgt_np)
{
    return (src_np ? 2u : 0u) | (tgt_np ? 1u : 0u);   /* R_YBJDJ, R_ZTGMW */
}

/* The exception return held in o->eret, now that the record after it is
 * known (nx), or a PE reset came first (nx NULL). */
static void resolve_eret(oracle *o, const pe_rec *nx)
{
    const pe_rec *e = o->eret;
    const bcfg *c = o->c;
    o->eret = NULL;
    int src_np = np(c, e->el, e->isa);
    if (!src_np)
        o->cc_known = 0;
    if (!nx) {
        /* the level returned to is unknowable: a record that might have
         * been made cannot be captured (R_PMRRL, docs/brbe-model.md 4) */
        int maybe = src_np;
        for (unsigned el = 0; el <= e->el; el++)
            maybe |= np(c, el, PE_ISA_A64);
        if (maybe && ertn_enabled(c, e->el))
            invalidate(o);
        o->cc_known = 0;
        return;
    }
    unsigned tel = nx->kind == PE_KIND_EXC ? nx->from_el : nx->el;
    int tgt_np = np(c, tel, nx->isa);
    unsigned v = vform(src_np, tgt_np);
    if (v && ertn_enabled(c, e->el))                   /* R_LMXHS, R_ZSHDL */
        generate(o, o->eret_idx, e->cycle, v, 0x07, tel,
                 mpred_enabled(c) && (e->flags & PE_F_MISPRED), (e->flags & PE_F_TSTATE) != 0,
                 e->pc, e->target);
    if (!tgt_np)
        o->cc_known = 0;
}

/* R_GVCJH: a transaction that ran wholly outside prohibited regions and
 * failed sets LASTFAILED; one that did not (R_JMSZF, R_CBTBH) leaves it. */
static void track_txn(oracle *o, const pe_rec *r, int start_np)
{
    if (r->kind == PE_KIND_INSN && r->iclass == PE_IC_TSTART && !(r->flags & PE_F_TSTATE)) {
        o->in_txn = 1;
        o->txn_np = start_np;
    } else if (r->flags & PE_F_TSTATE) {
        if (!o->in_txn) {
            o->in_txn = 1;
            o->txn_np = start_np;
        }
        o->txn_np &= start_np;
    } else if (r->kind == PE_KIND_TFAIL) {
        if (o->in_txn && o->txn_np && start_np)
            o->lastfailed = 1;
        o->in_txn = 0;
    } else {
        o->in_txn = 0;
    }
}

static void oracle_step(oracle *o, const pe_rec *r, size_t idx)
{
    const bcfg *c = o->c;
    if (o->eret)
        resolve_eret(o, r->kind == PE_KIND_RESET ? NULL : r);
    switch (r->kind) {
    case PE_KIND_INSN: {
        int s = np(c, r->el, r->isa);
        if (!s)
            o->cc_known = 0;                           /* R_MJDLIC */
        track_txn(o, r, s);
        if (r->iclass == PE_IC_ERET) {
            o->eret = r;
            o->eret_idx = idx;
            return;
        }
        if (!(r->flags & PE_F_TAKEN) || !s)
            return;                                    /* R_GBCQW, R_YGGSC */
        unsigned type;
        uint64_t bit;
        switch (r->iclass) {
        case PE_IC_B:     type = 0x00; bit = BRBFCR_DIRECT;   break;   /* R_FJYVT */
        case PE_IC_BCOND: type = 0x08; bit = BRBFCR_CONDDIR;  break;   /* R_BBNSZ */
        case PE_IC_BL:    type = 0x02; bit = BRBFCR_DIRCALL;  break;   /* R_RBDXK */
        case PE_IC_BR:    type = 0x01; bit = BRBFCR_INDIRECT; break;   /* R_KKLDV */
        case PE_IC_BLR:   type = 0x03; bit = BRBFCR_INDCALL;  break;   /* R_RVGTZ */
        case PE_IC_RET:   type = 0x05; bit = BRBFCR_RTN;      break;   /* R_CKNBH */
        case PE_IC_ISB:                                                /* R_FJYDC */
            if (!c->record_isb)
                return;
            type = 0x00;
            bit = BRBFCR_DIRECT;
            break;
        default:
            return;
        }
        if (type_on(c, bit))                           /* R_MLGCF: Full */
            generate(o, idx, r->cycle, 3, type, r->el,
                     mpred_enabled(c) && (r->flags & PE_F_MISPRED),
                     (r->flags & PE_F_TSTATE) != 0, r->pc, r->target);
        return;
    }
    case PE_KIND_EXC: {
        int s = np(c, r->from_el, r->isa);
        if (!s)
            o->cc_known = 0;
        track_txn(o, r, s);
        int t = np(c, r->el, PE_ISA_A64);
        unsigned v = vform(s, t);
        if (v && exc_enabled(c, r->el))                /* R_YSQKQ, R_KRJQC */
            generate(o, idx, r->cycle, v, exc_type(r->exc_type), r->el, 0,  /* R_DHNJPJ */
                     (r->flags & PE_F_TSTATE) != 0, r->pc, r->target);       /* R_BZCRW, R_FYLTG */
        if (!t)
            o->cc_known = 0;
        return;
    }
    case PE_KIND_TFAIL: {
        int s = np(c, r->el, r->isa);
        if (!s)
            o->cc_known = 0;
        track_txn(o, r, s);                            /* I_HJZWG: no record */
        return;
    }
    default:                                           /* PE Warm reset */
        o->in_txn = 0;
        o->cc_known = 0;
        return;
    }
}

/* ---- the register port --------------------------------------------------- */
typedef struct port {
    brbe_model *m;
    cu_fails *f;
    uint64_t isbs;
} port;

static uint64_t port_read(void *ctx, uint16_t enc)
{
    port *p = ctx;
    if (enc == BRBE_ID_AA64DFR0_EL1_ENC)
        return (uint64_t)BRBE_ID_AA64DFR0_BRBE_IMP << BRBE_ID_AA64DFR0_BRBE_SHIFT;
    uint64_t v = 0;
    int a = brbe_model_read(p->m, enc, 1, 1, &v);     /* the kernel: Non-secure EL1 */
    CU_EXPECT(p->f, a == BRBE_MODEL_ACCESS_OK, "MRS 0x%04x at EL1: access result %d", enc, a);
    return v;
}

static void port_write(void *ctx, uint16_t enc, uint64_t v)
{
    port *p = ctx;
    int a = brbe_model_write(p->m, enc, 1, 1, v);
    CU_EXPECT(p->f, a == BRBE_MODEL_ACCESS_OK, "MSR 0x%04x at EL1: access result %d", enc, a);
}

static void port_iall(void *ctx)
{
    port *p = ctx;
    int a = brbe_model_iall(p->m, 1, 1);
    CU_EXPECT(p->f, a == BRBE_MODEL_ACCESS_OK, "BRB IALL at EL1: access result %d", a);
}

static void port_inj(void *ctx)
{
    port *p = ctx;
    int a = brbe_model_inj(p->m, 1, 1);
    CU_EXPECT(p->f, a == BRBE_MODEL_ACCESS_OK, "BRB INJ at EL1: access result %d", a);
}

static void port_isb(void *ctx)
{
    port *p = ctx;
    p->isbs++;
}

/* ---- one run ----------------------------------------------------------------- */
typedef struct brun {
    const bcfg *c;
    const pe_rec *rec;
    const char *what;
    cu_fails *f;
    counts *cnt;
    oracle o;
    port pt;
    brbe_drv drv;
    brbe_model *m;
    uint64_t *cfg_cmp;
} brun;

/* Read the buffer as the driver does and compare with the oracle. */
static void compare(brun *B, size_t consumed)
{
    brbe_record got[BRBE_MAX_RECORDS];
    unsigned n = brbe_drv_read(&B->drv, got, BRBE_MAX_RECORDS);
    oracle *o = &B->o;
    const bcfg *c = B->c;
    unsigned want = o->nvalid < c->numrec ? o->nvalid : c->numrec;
    B->cnt->reads++;
    CU_EXPECT(B->f, n == want, "%s, %s, after %zu records: %u records read, %u expected",
           B->what, c->name, consumed, n, want);
    for (unsigned i = 0; i < n && i < want; i++) {
        orec *x = &o->ring[(o->wr + BRBE_MAX_RECORDS - i) % BRBE_MAX_RECORDS];
        const brbe_record *g = &got[i];
        B->cnt->slots++;
        CU_EXPECT(B->f, g->index == i && g->src == x->src && g->tgt == x->tgt && g->inf == x->inf,
               "%s, %s, after %zu records: record %u (index %u, stream record %zu): src %016"
               PRIx64 " tgt %016" PRIx64 " inf %016" PRIx64 ", want %016" PRIx64 " %016" PRIx64
               " %016" PRIx64, B->what, c->name, consumed, i, g->index, x->origin, g->src,
               g->tgt, g->inf, x->src, x->tgt, x->inf);
        /* the decoder's view of the same record */
        char err[160];
        brbe_info in;
        brbe_info_decode(g->inf, B->drv.cc_bits, &in);
        CU_EXPECT(B->f, brbe_record_check(g, B->drv.cc_bits, err, sizeof err) == 0,
               "%s, %s: record %u: %s", B->what, c->name, i, err);
        int cc_ok;
        if (!x->known)
            cc_ok = in.cc_status == BRBE_CC_UNKNOWN;
        else if (x->cycles > (UINT64_C(1) << 20) - 1u)
            cc_ok = in.cc_status == BRBE_CC_OVERFLOW;
        else
            cc_ok = in.cc_status == BRBE_CC_KNOWN && in.cycles <= x->cycles &&
                    x->cycles <= in.cycles + in.cycles_span;
        CU_EXPECT(B->f, cc_ok, "%s, %s: record %u (stream record %zu): decoded cycle count %s %"
               PRIu64 "+%" PRIu64 ", elapsed %" PRIu64 " (%s)", B->what, c->name, i, x->origin,
               brbe_cc_status_name(in.cc_status), in.cycles, in.cycles_span, x->cycles,
               x->known ? "known" : "unknown");
        if (!x->seen) {
            x->seen = 1;
            B->cnt->compared_distinct++;
            (*B->cfg_cmp)++;
            B->cnt->by_type[in.type & 63u]++;
            B->cnt->by_valid[in.valid & 3u]++;
            if (in.cc_status == BRBE_CC_KNOWN) {
                B->cnt->cc_known++;
                if (in.cc_exp > B->cnt->cc_exp_max)
                    B->cnt->cc_exp_max = in.cc_exp;
            }
            else if (in.cc_status == BRBE_CC_OVERFLOW)
                B->cnt->cc_saturated++;
            else
                B->cnt->cc_unknown++;
            B->cnt->lastfailed += in.lastfailed;
            B->cnt->mpred += in.mpred;
            B->cnt->tbit += in.t;
        }
    }
}

/* Resume recording after a read; the oracle follows what it does to the
 * buffer and the cycle counter. */
static void resume(brun *B)
{
    oracle *o = &B->o;
    switch (B->c->resume) {
    case RESUME_DRV_IALL:
        CU_EXPECT(B->f, brbe_drv_resume(&B->drv, 1) == 0, "%s: resume refused", B->what);
        invalidate(o);
        break;
    case RESUME_DRV:
        CU_EXPECT(B->f, brbe_drv_resume(&B->drv, 0) == 0, "%s: resume refused", B->what);
        break;
    default:
        port_write(&B->pt, BRBFCR_EL1_ENC, B->c->fcr);
        break;
    }
    /* BRBFCR_EL1 written with PAUSED 0 and LASTFAILED 0: the next count is
     * unknown (R_MJDLIC) and no failure is pending */
    o->cc_known = 0;
    o->lastfailed = 0;
}

static uint64_t xs(harness_rng *s)
{
    return harness_rng_next(s);
}

static void run_cfg(const bcfg *c, const pe_rec *rec, size_t n, const char *what, cu_fails *f,
                    counts *cnt, harness_rng *rng, uint64_t *cfg_gen, uint64_t *cfg_cmp)
{
    brun B;
    memset(&B, 0, sizeof B);
    B.c = c;
    B.rec = rec;
    B.what = what;
    B.f = f;
    B.cnt = cnt;
    B.cfg_cmp = cfg_cmp;
    B.o.c = c;

    brbe_model_cfg mc;
    brbe_model_cfg_default(&mc);
    mc.numrec = c->numrec;
    mc.has_el2 = !c->no_el2;
    mc.has_el3 = 0;
    mc.record_isb = c->record_isb;
    char err[256];
    B.m = brbe_model_new(&mc, err, sizeof err);
    ck_assert_msg(B.m != NULL, "%s", err);
    B.pt.m = B.m;
    B.pt.f = f;
    brbe_drv_ops ops = { port_read, port_write, port_iall, port_inj, port_isb, &B.pt };
    ck_assert_msg(brbe_drv_probe(&B.drv, &ops, 0, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(B.drv.numrec, c->numrec);

    /* the hypervisor's BRBCR_EL2, then the kernel's driver */
    if (!c->no_el2)
        ck_assert_int_eq(brbe_model_write(B.m, BRBCR_EL2_ENC, 2, 1, c->cr2), BRBE_MODEL_ACCESS_OK);
    if (c->fcr & BRBFCR_EnI) {
        port_iall(&B.pt);
        port_write(&B.pt, BRBCR_EL1_ENC, c->cr1);
        port_write(&B.pt, BRBFCR_EL1_ENC, c->fcr);
    } else {
        brbe_drv_cfg dc = { 0, c->cr1, c->fcr };
        brbe_drv_enable(&B.drv, &dc);
    }
    invalidate(&B.o);

    size_t next_stop = 1 + (size_t)(xs(rng) % 600u);
    for (size_t i = 0; i < n && f->n == 0; i++) {
        CU_EXPECT(f, brbe_model_step(B.m, &rec[i], err, sizeof err) == 0, "%s, %s: %s", what,
               c->name, err);
        oracle_step(&B.o, &rec[i], i);
        /* the driver runs where the PE can run it: not between an exception
         * return and the record it returns to */
        if (i + 1 >= next_stop && !B.o.eret) {
            compare(&B, i + 1);
            resume(&B);
            next_stop = i + 1 + 20 + (size_t)(xs(rng) % 1500u);
        }
    }
    compare(&B, n);
    *cfg_gen += B.o.generated;
    cnt->generated += B.o.generated;
    cnt->records += n;
    brbe_model_free(B.m);
}

static void random_cfg(bcfg *c, harness_rng *rng)
{
    static const unsigned nr[] = { 8, 16, 32, 64 };
    uint64_t r = xs(rng);
    memset(c, 0, sizeof *c);
    c->name = "random";
    c->numrec = nr[r & 3u];
    c->record_isb = (r >> 2) & 1u;
    c->cr1 = ((r >> 3) % 8u ? BRBCR_EL1_E0BRE : 0u) | ((r >> 6) % 4u ? BRBCR_EL1_E1BRE : 0u) |
             ((r >> 8) % 4u ? BRBCR_CC : 0u) | ((r >> 10) & 1u ? BRBCR_MPRED : 0u) |
             ((r >> 11) & 1u ? BRBCR_EXCEPTION : 0u) | ((r >> 12) & 1u ? BRBCR_ERTN : 0u);
    c->cr2 = ((r >> 13) % 4u ? BRBCR_EL2_E2BRE : 0u) | ((r >> 15) % 4u ? BRBCR_CC : 0u) |
             ((r >> 17) & 1u ? BRBCR_MPRED : 0u) | ((r >> 18) & 1u ? BRBCR_EXCEPTION : 0u) |
             ((r >> 19) & 1u ? BRBCR_ERTN : 0u);
    c->fcr = ((r >> 20) & 0x7Fu) << 16;                 /* EnI and the six type bits */
    c->resume = (c->fcr & BRBFCR_EnI) ? RESUME_REG : (r >> 27) % 3u == 0 ? RESUME_DRV_IALL
                                                                         : RESUME_DRV;
}

static void run_stream(const pe_rec *rec, size_t n, const char *what, int el2_records,
                       counts *cnt, uint64_t seed, cu_fails *f)
{
    harness_rng rng;
    harness_rng_init(&rng, seed, 0);
    for (unsigned k = 0; k < NFIXED && f->n == 0; k++)
        run_cfg(&fixed_cfgs[k], rec, n, what, f, cnt, &rng, &g_cfg_gen[k], &g_cfg_cmp[k]);
    if (!el2_records && f->n == 0)
        run_cfg(&no_el2_cfg, rec, n, what, f, cnt, &rng, &g_cfg_gen[NFIXED],
                &g_cfg_cmp[NFIXED]);
    for (unsigned k = 0; k < BW_RANDOM_CFGS && f->n == 0; k++) {
        bcfg c;
        random_cfg(&c, &rng);
        run_cfg(&c, rec, n, what, f, cnt, &rng, &g_cfg_gen[NFIXED + 1], &g_cfg_cmp[NFIXED + 1]);
    }
    cnt->streams++;
}

/* Long stalls: on one record in 1000 the PE clock jumps by 2^8 to 2^21
 * cycles (later records move with it), so that counts need every exponent
 * and some exceed the 20-bit counter (R_XGSSZ). */
static void stretch_cycles(pe_stream *s, uint64_t seed)
{
    uint64_t add = 0;
    harness_rng x;
    harness_rng_init(&x, seed, 1);
    for (size_t i = 0; i < s->nrec; i++) {
        if (xs(&x) % 1000u == 0)
            add += (UINT64_C(1) << (8u + xs(&x) % 14u)) + xs(&x) % 4096u;
        s->rec[i].cycle += add;
        s->rec[i].timestamp += add / 8u;
    }
}

/* ---- tests -------------------------------------------------------------------- */

START_TEST(random_programs)
{
    cu_fails f = { 0 };
    for (unsigned seed = 1; seed <= BW_SEEDS && f.n == 0; seed++) {
        progen_cfg pc;
        progen_cfg_default(&pc, 0xB4BEu + 7919u * seed);
        pc.n_records = BW_RAND_RECORDS;
        pe_stream s;
        char err[256], what[64];
        ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
        for (size_t i = 0; i < s.nrec; i++)
            CU_EXPECT(&f, !(s.rec[i].kind == PE_KIND_EXC && s.rec[i].exc_type == PE_EXC_DEBUG_HALT),
                   "seed %u record %zu: Debug state entry (the oracle has no Debug state)",
                   seed, i);
        int stretched = seed % 2 == 0;
        if (stretched)
            stretch_cycles(&s, seed);
        snprintf(what, sizeof what, "progen seed %" PRIu64 "%s", pc.seed,
                 stretched ? " (stalls)" : "");
        run_stream(s.rec, s.nrec, what, 1, &g_rand, pc.seed, &f);
        pe_stream_free(&s);
    }
    cu_fails_report(&f);
}
END_TEST

START_TEST(workload)
{
    pe_stream s;
    if (!cu_wl_load("brbe workloads", cu_wl_names[_i], &s))
        return;
    size_t n = s.nrec < BW_WL_RECORDS ? s.nrec : BW_WL_RECORDS;
    cu_fails f = { 0 };
    int el2 = 0;
    for (size_t i = 0; i < n; i++) {
        el2 |= s.rec[i].el >= 2 || (s.rec[i].kind == PE_KIND_EXC && s.rec[i].from_el >= 2);
        CU_EXPECT(&f, !(s.rec[i].kind == PE_KIND_EXC && s.rec[i].exc_type == PE_EXC_DEBUG_HALT),
               "%s record %zu: Debug state entry (the oracle has no Debug state)", cu_wl_names[_i],
               i);
    }
    run_stream(s.rec, n, cu_wl_names[_i], el2, &g_wl, (uint64_t)_i + 1u, &f);
    pe_stream_free(&s);
    cu_fails_report(&f);
}
END_TEST

static void print_counts(const char *what, const counts *c)
{
    printf("brbe workloads: %s: %" PRIu64 " streams, %" PRIu64 " PE records stepped, %" PRIu64
           " branch records generated, %" PRIu64 " of them read back and compared (%" PRIu64
           " record reads in %" PRIu64 " buffer reads)\n", what, c->streams, c->records, c->generated,
           c->compared_distinct, c->slots, c->reads);
    printf("  VALID full %" PRIu64 " half-source %" PRIu64 " half-target %" PRIu64
           "; cycles known %" PRIu64 " (exponents up to %u) unknown %" PRIu64 " saturated %"
           PRIu64 "; MPRED %" PRIu64 " T %" PRIu64 " LASTFAILED %" PRIu64 "\n  TYPE",
           c->by_valid[3], c->by_valid[2], c->by_valid[1], c->cc_known, c->cc_exp_max,
           c->cc_unknown, c->cc_saturated, c->mpred, c->tbit, c->lastfailed);
    for (unsigned t = 0; t < 64; t++)
        if (c->by_type[t])
            printf(" %s %" PRIu64, brbe_type_name(t) ? brbe_type_name(t) : "?", c->by_type[t]);
    printf("\n");
}

static void need_types(const counts *c, const char *what, const unsigned *t, size_t n)
{
    for (size_t k = 0; k < n; k++)
        ck_assert_msg(c->by_type[t[k]] > 0, "%s: no record of TYPE 0x%02x (%s)", what, t[k],
                      brbe_type_name(t[k]));
    for (unsigned v = 1; v < 4; v++)
        ck_assert_msg(c->by_valid[v] > 0, "%s: no record with VALID %u (%s)", what, v,
                      brbe_valid_name(v));
    ck_assert_msg(c->by_valid[0] == 0, "%s: an invalid record was read", what);
}

/* Every TYPE and VALID form the streams can produce was read back. */
START_TEST(coverage)
{
    print_counts("random programs", &g_rand);
    print_counts("workloads", &g_wl);
    printf("  per configuration (generated / compared):");
    for (unsigned k = 0; k < NFIXED + 2; k++)
        printf(" %s %" PRIu64 "/%" PRIu64, k < NFIXED ? fixed_cfgs[k].name
                                           : k == NFIXED ? no_el2_cfg.name : "random",
               g_cfg_gen[k], g_cfg_cmp[k]);
    printf("\n");
    /* The random programs make every TYPE but Debug halt (0x21) and Debug
     * state exit (0x39) (no Debug state) and the IMPLEMENTATION DEFINED
     * exception to EL3 (0x30; no EL3). */
    static const unsigned rand_types[] = { 0x00, 0x01, 0x02, 0x03, 0x05, 0x07, 0x08, 0x22, 0x23,
                                           0x24, 0x26, 0x27, 0x2A, 0x2B, 0x2C, 0x2E, 0x2F };
    printf("  not produced by these streams: TYPE 0x21 Debug halt and 0x39 Debug state exit "
           "(no Debug state), 0x30 (no EL3); in the captures also 0x24 0x27 0x2A 0x2B 0x2E 0x2F "
           "(user-mode EL0 programs: no SError, watchpoint, alignment fault, instruction "
           "abort, IRQ or FIQ), no EL2, no transactions (T, LASTFAILED)\n");
    need_types(&g_rand, "random programs", rand_types, sizeof rand_types / sizeof rand_types[0]);
    ck_assert_msg(g_rand.lastfailed > 0 && g_rand.tbit > 0 && g_rand.mpred > 0,
                  "random programs: no LASTFAILED, T or MPRED");
    ck_assert_msg(g_rand.cc_known > 0 && g_rand.cc_unknown > 0 && g_rand.cc_saturated > 0 &&
                  g_rand.cc_exp_max >= 12, "random programs: a cycle count form missing "
                  "(largest exponent %u)", g_rand.cc_exp_max);
    /* The captures run at EL0 under Linux (qemu-user): system calls, and in
     * `signal` a data abort, UDF (Trap) and BRK (Instruction debug); no
     * interrupts, SErrors, watchpoints, alignment or instruction faults, no
     * EL2, no transactions (T, LASTFAILED). */
    if (g_wl.streams > 0) {
        static const unsigned wl_types[] = { 0x00, 0x01, 0x02, 0x03, 0x05, 0x07, 0x08, 0x22,
                                             0x23, 0x26, 0x2C };
        need_types(&g_wl, "workloads", wl_types, sizeof wl_types / sizeof wl_types[0]);
        ck_assert_msg(g_wl.mpred > 0 && g_wl.cc_known > 0 && g_wl.cc_unknown > 0,
                      "workloads: no MPRED, known or unknown cycle count");
    }
    if (g_wl.streams < (uint64_t)CU_WL_COUNT)
        printf("brbe workloads: only %" PRIu64 " of the %d captures were found\n",
               g_wl.streams, CU_WL_COUNT);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_workloads");
    TCase *tc = tcase_create("brbe_workloads");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, random_programs);
    tcase_add_loop_test(tc, workload, 0, CU_WL_COUNT);
    tcase_add_test(tc, coverage);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    /* the coverage test reads the counts of the others: one process */
    srunner_set_fork_status(sr, CK_NOFORK);
    clock_t t0 = clock();
    srunner_run_all(sr, CK_NORMAL);
    printf("brbe workloads: %.1f s CPU\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
