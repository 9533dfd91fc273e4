/* Random A64 program generator and executor (see progen.h and
 * docs/pe-interface.md).
 *
 * Build: a small "assembler" lays out regions of A64 code (one per EL0
 * process, one for the EL1 kernel, one for the EL2 hypervisor).  Next to
 * every instruction word it keeps a descriptor saying how the executor
 * treats it (fall through, branch with a given behaviour, load/store site,
 * exception generation, ...).
 *
 * Run: the executor walks the descriptors; every decision the code would
 * take from register values (branch directions, jump-table indices, which
 * process the scheduler picks) is drawn from the execution PRNG, and
 * everything that depends on the decision is kept consistent: the call
 * stacks give RET targets, the exception frames give ERET targets, the
 * scheduler swaps the saved EL0 return point.
 */
#include "progen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a64.h"
#include "harness.h"

/* ======================================================================
 * PRNG: harness_rng (tb/common/harness.h), 32-bit draws
 * ====================================================================== */

/* uniform in [0, n); 0 when n is 0 */
static inline uint32_t rng_below(harness_rng *r, uint32_t n)
{
    return (uint32_t)harness_rng_below(r, n);
}

/* uniform in [lo, hi] */
static inline uint32_t rng_range(harness_rng *r, uint32_t lo, uint32_t hi)
{
    return lo + rng_below(r, hi - lo + 1);
}

/* ======================================================================
 * Regions and instruction descriptors
 * ====================================================================== */
enum xop {
    X_SEQ,       /* falls through */
    X_CSEL,      /* conditional select: PE_F_COND, condition may fail */
    X_LDST,      /* load/store, tgt = site index */
    X_B, X_BCOND, X_BL, X_BR, X_BLR, X_RET, X_ERET,
    X_ISB, X_WFI, X_WFE,
    X_SVC, X_HVC, X_BRK, X_UDF,
    X_TSTART, X_TCOMMIT, X_TCANCEL,
    X_MSR_CID1, X_MSR_CID2, X_MSR_VTTBR,
    X_DAIFCLR, X_DAIFSET,
    X_DATA,      /* data word inside a code region, never executed */
    X_COUNT
};

static const uint8_t op_iclass[X_COUNT] = {
    [X_SEQ] = PE_IC_OTHER, [X_CSEL] = PE_IC_OTHER, [X_LDST] = PE_IC_OTHER,
    [X_B] = PE_IC_B, [X_BCOND] = PE_IC_BCOND, [X_BL] = PE_IC_BL, [X_BR] = PE_IC_BR,
    [X_BLR] = PE_IC_BLR, [X_RET] = PE_IC_RET, [X_ERET] = PE_IC_ERET,
    [X_ISB] = PE_IC_ISB, [X_WFI] = PE_IC_WFX, [X_WFE] = PE_IC_WFX,
    [X_SVC] = PE_IC_EXCGEN, [X_HVC] = PE_IC_EXCGEN, [X_BRK] = PE_IC_EXCGEN,
    [X_UDF] = PE_IC_OTHER,
    [X_TSTART] = PE_IC_TSTART, [X_TCOMMIT] = PE_IC_TCOMMIT, [X_TCANCEL] = PE_IC_TCANCEL,
    [X_MSR_CID1] = PE_IC_OTHER, [X_MSR_CID2] = PE_IC_OTHER, [X_MSR_VTTBR] = PE_IC_OTHER,
    [X_DAIFCLR] = PE_IC_OTHER, [X_DAIFSET] = PE_IC_OTHER, [X_DATA] = PE_IC_OTHER,
};

/* behaviour of X_BCOND (taken when ...) and of X_BR/X_BLR (target index) */
enum beh {
    BH_RAND,       /* BCOND: taken with probability arg/256 */
    BH_LOOP,       /* BCOND: loop back edge, trip count 2..arg */
    BH_CAUSE,      /* BCOND: taken iff the exception cause (ESR.EC) == arg */
    BH_TXFAIL,     /* BCOND: taken iff the last transaction failed */
    BH_NORESCHED,  /* BCOND: taken iff no process switch is due */
    BH_NOVMCHG,    /* BCOND: taken iff the hypervisor keeps VMID */
    BH_NEVER,      /* BCOND: never taken */
    BH_SYSNO,      /* BR/BLR: entry = syscall number */
    BH_JT          /* BR/BLR: entry chosen by the preceding table load */
};

#define FL_LBL     1u  /* tgt is a label until the region is finished */
#define FL_FAULT   2u  /* load/store may take a data abort or watchpoint */
#define FL_SPALIGN 4u  /* SP-based load/store: may take an SP alignment fault */
#define FL_XPART   8u  /* BL whose target lies in another part of the region */

typedef struct insn {
    uint8_t op, beh, arg, fl;
    uint32_t tgt;      /* branch target index, table start, site, syscall no */
} insn;

enum { SK_PLAIN, SK_STACK, SK_TABLE, SK_SYSTAB };

typedef struct ldsite {
    uint64_t base;     /* PLAIN: base VA; STACK: offset below the frame; TABLE: VA */
    uint32_t mask;     /* PLAIN: offset mask; TABLE: entries (jump table id before finish) */
    uint8_t ls, size_log2, kind, store;
} ldsite;

typedef struct jtab {
    uint32_t first, n;   /* entries tbl[first .. first+n) */
    uint32_t data_lbl;   /* label of the 8-byte address table */
    uint8_t part;        /* the table lies at the end of this part */
    uint8_t placed;      /* its words are reserved */
} jtab;

/* A region is one index space of instructions laid out in up to NPART
 * parts, each contiguous at its own VA: an EL0 process has its main code,
 * far code (more than 128 KB past the main code) and a library at a high
 * address.  Direct branches and ADR may cross parts only where the
 * encoding reaches; fall-through never crosses (every part ends with an
 * unconditional branch, RET or data). */
#define NPART 3

typedef struct region {
    uint64_t base, data_base, stack_top;
    uint64_t pbase[NPART];       /* VA of the first word of each part */
    uint64_t padj[NPART];        /* VA of index i in part p: padj[p] + 4 i */
    uint32_t pstart[NPART + 1];  /* first index of each part, UINT32_MAX if none */
    uint8_t npart, curpart;
    uint8_t el;
    int oom;
    uint32_t n, cap;
    uint32_t *word;
    insn *ins;
    uint8_t *cnt;        /* loop trip counters, one per instruction */
    uint32_t *label;
    uint32_t nlabel, caplabel;
    uint32_t *tbl;
    uint32_t ntbl, captbl;
    jtab *jt;
    uint32_t njt, capjt;
    ldsite *site;
    uint32_t nsite, capsite;
} region;

#define NOLABEL 0xFFFFFFFFu

static int grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    uint32_t nc = *cap ? *cap : 64;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, (size_t)nc * elem);
    if (!np)
        return -1;
    *p = np;
    *cap = nc;
    return 0;
}

static void region_init(region *R, uint64_t base, uint8_t el, uint64_t data_base,
                        uint64_t stack_top)
{
    memset(R, 0, sizeof *R);
    R->base = base;
    R->pbase[0] = base;
    for (unsigned p = 1; p <= NPART; p++)
        R->pstart[p] = UINT32_MAX;
    R->npart = 1;
    R->el = el;
    R->data_base = data_base;
    R->stack_top = stack_top;
}

static void region_free(region *R)
{
    free(R->word);
    free(R->ins);
    free(R->cnt);
    free(R->label);
    free(R->tbl);
    free(R->jt);
    free(R->site);
    memset(R, 0, sizeof *R);
}

static uint32_t emit(region *R, uint32_t word, uint8_t op, uint8_t beh, uint8_t arg,
                     uint8_t fl, uint32_t tgt)
{
    uint32_t c1 = R->cap, c2 = R->cap;
    if (R->n + 1 > R->cap) {
        if (grow((void **)&R->word, &c1, R->n + 1, sizeof *R->word) ||
            grow((void **)&R->ins, &c2, R->n + 1, sizeof *R->ins)) {
            R->oom = 1;
            return R->n;
        }
        R->cap = c1 < c2 ? c1 : c2;
    }
    R->word[R->n] = word;
    R->ins[R->n] = (insn){op, beh, arg, fl, tgt};
    return R->n++;
}

static uint32_t lbl_new(region *R)
{
    if (grow((void **)&R->label, &R->caplabel, R->nlabel + 1, sizeof *R->label)) {
        R->oom = 1;
        return 0;
    }
    R->label[R->nlabel] = NOLABEL;
    return R->nlabel++;
}

static void lbl_here(region *R, uint32_t L)
{
    if (!R->oom && L < R->nlabel)
        R->label[L] = R->n;
}

static uint32_t site_new(region *R, ldsite s)
{
    if (grow((void **)&R->site, &R->capsite, R->nsite + 1, sizeof *R->site)) {
        R->oom = 1;
        return 0;
    }
    R->site[R->nsite] = s;
    return R->nsite++;
}

/* a jump table over n labels (copied) */
static uint32_t jt_new(region *R, const uint32_t *labels, uint32_t n)
{
    if (grow((void **)&R->jt, &R->capjt, R->njt + 1, sizeof *R->jt) ||
        grow((void **)&R->tbl, &R->captbl, R->ntbl + n, sizeof *R->tbl)) {
        R->oom = 1;
        return 0;
    }
    jtab *t = &R->jt[R->njt];
    t->first = R->ntbl;
    t->n = n;
    memcpy(R->tbl + R->ntbl, labels, n * sizeof *labels);
    R->ntbl += n;
    t->data_lbl = lbl_new(R);
    t->part = R->curpart;
    t->placed = 0;
    return R->njt++;
}

/* Reserve the 8-byte aligned words of the tables made in the current part
 * and not laid out yet, at the end of the part (ADR reaches them); their
 * contents are written by region_finish. */
static void part_close(region *R)
{
    for (uint32_t j = 0; j < R->njt && !R->oom; j++) {
        jtab *t = &R->jt[j];
        if (t->placed || t->part != R->curpart)
            continue;
        if ((R->n - R->pstart[R->curpart]) & 1)
            emit(R, 0, X_DATA, 0, 0, 0, 0);
        lbl_here(R, t->data_lbl);
        for (uint32_t k = 0; k < 2 * t->n; k++)
            emit(R, 0, X_DATA, 0, 0, 0, 0);
        t->placed = 1;
    }
}

/* Start a new part at VA base (8-byte aligned; may be set later in
 * R->pbase, before region_finish). */
static void region_part(region *R, uint64_t base)
{
    part_close(R);
    if (R->npart == NPART) {
        R->oom = 1;
        return;
    }
    R->pstart[R->npart] = R->n;
    R->pbase[R->npart] = base;
    R->curpart = R->npart++;
}

static inline unsigned part_of(const region *R, uint32_t idx)
{
    return (unsigned)(idx >= R->pstart[1]) + (unsigned)(idx >= R->pstart[2]);
}

static inline uint64_t va_of(const region *R, uint32_t idx)
{
    return R->padj[part_of(R, idx)] + ((uint64_t)idx << 2);
}

/* Lay out the remaining jump tables, fix the part addresses, resolve
 * labels, encode offsets, fill the tables. */
static int region_finish(region *R)
{
    part_close(R);
    if (R->oom)
        return -1;
    for (unsigned p = 0; p < R->npart; p++) {
        if (R->pbase[p] & 7u)
            return -1;
        R->padj[p] = R->pbase[p] - 4ull * R->pstart[p];   /* modulo 2^64 */
    }
    for (unsigned p = 1; p < R->npart; p++)   /* parts do not overlap */
        if (R->pbase[p] < R->pbase[p - 1] + 4ull * (R->pstart[p] - R->pstart[p - 1]))
            return -1;
    for (uint32_t i = 0; i < R->n; i++) {
        insn *d = &R->ins[i];
        if (!(d->fl & FL_LBL))
            continue;
        if (d->tgt >= R->nlabel || R->label[d->tgt] == NOLABEL)
            return -1;
        uint32_t pos = R->label[d->tgt];
        int64_t off = (int64_t)(va_of(R, pos) - va_of(R, i));
        if (!a64_offset_fits(R->word[i], off))
            return -1;
        R->word[i] = a64_set_pcrel_offset(R->word[i], off);
        d->tgt = pos;
        d->fl &= (uint8_t)~FL_LBL;
        if (d->op == X_BL && part_of(R, pos) != part_of(R, i))
            d->fl |= FL_XPART;
    }
    for (uint32_t k = 0; k < R->ntbl; k++)
        if (R->label[R->tbl[k]] == NOLABEL)
            return -1;
    for (uint32_t j = 0; j < R->njt; j++) {
        const jtab *t = &R->jt[j];
        uint32_t pos = R->label[t->data_lbl];
        for (uint32_t k = 0; k < t->n; k++) {
            uint64_t a = va_of(R, R->label[R->tbl[t->first + k]]);
            R->word[pos + 2 * k] = (uint32_t)a;
            R->word[pos + 2 * k + 1] = (uint32_t)(a >> 32);
        }
    }
    for (uint32_t k = 0; k < R->ntbl; k++)
        R->tbl[k] = R->label[R->tbl[k]];
    for (uint32_t s = 0; s < R->nsite; s++) {
        ldsite *st = &R->site[s];
        if (st->kind == SK_TABLE || st->kind == SK_SYSTAB) {
            const jtab *t = &R->jt[st->mask];
            st->base = va_of(R, R->label[t->data_lbl]);
            st->mask = t->n;
        }
    }
    R->cnt = calloc(R->n ? R->n : 1, 1);
    return R->cnt ? 0 : -1;
}

/* ======================================================================
 * Execution state
 * ====================================================================== */
#define CS_MAX  96
#define FR_MAX  8
#define NEVER   UINT64_MAX

typedef struct cstack {
    uint32_t sp;
    uint32_t ret[CS_MAX];
} cstack;

typedef struct frame {
    region *R;
    uint32_t idx;        /* return point (ELR) */
    uint8_t el, masked;
    uint16_t jt;
} frame;

typedef struct proc {
    region R;
    uint32_t entry, resume;
    uint32_t cid1;
    uint8_t tx_failed;   /* the process's TSTART result register is non-zero */
    cstack st;
} proc;

typedef struct memlat {
    uint16_t tot, iss, xl, src;
    uint32_t ev;
} memlat;

/* SPE Events packet bits (SPE supplement 5.3.7) */
#define EV_EXC        (1u << 0)
#define EV_RETIRED    (1u << 1)
#define EV_L1D_ACC    (1u << 2)
#define EV_L1D_REFILL (1u << 3)
#define EV_TLB_ACC    (1u << 4)
#define EV_TLB_WALK   (1u << 5)
#define EV_NOT_TAKEN  (1u << 6)
#define EV_MISPRED    (1u << 7)
#define EV_LLC_ACC    (1u << 8)
#define EV_LLC_MISS   (1u << 9)
#define EV_REMOTE     (1u << 10)

/* data sources (IMPLEMENTATION DEFINED payload, docs/pe-interface.md) */
#define SRC_L1   0
#define SRC_L2   8
#define SRC_PEER 9
#define SRC_LLC  11
#define SRC_REMOTE 12
#define SRC_DRAM 13

/* ESR_ELx.EC values used as exception causes for the handlers' dispatch */
#define EC_UNKNOWN 0x00
#define EC_SVC     0x15
#define EC_HVC     0x16
#define EC_IABT_LO 0x20
#define EC_DABT_LO 0x24
#define EC_DABT_CU 0x25
#define EC_SPALIGN 0x26
#define EC_SERROR  0x2F
#define EC_WATCH_LO 0x34
#define EC_BRK     0x3C
#define EC_ASYNC   0xFF

/* tfail_cause: bits [23:16] of the C1.2.1 failure cause, shifted down */
#define TF_CNCL (1u << 0)
#define TF_MEM  (1u << 1)
#define TF_IMP  (1u << 2)
#define TF_ERR  (1u << 3)
#define TF_SIZE (1u << 4)
#define TF_DBG  (1u << 6)

enum { PEND_NONE, PEND_EXC, PEND_TFAIL };
#define ASYNC_IRQ  1u
#define ASYNC_FIQ  2u
#define ASYNC_SERR 4u

struct progen {
    unsigned feat;
    harness_rng rg;
    region kern, hyp;
    proc pr[PROGEN_MAX_PROC];
    unsigned nproc;
    uint32_t k_reset;
    unsigned nsys;

    /* where the PE is */
    region *R;
    uint32_t idx;
    cstack *cs;
    cstack kst, hst;
    pe_rec tmpl;          /* fields common to the next records */
    uint8_t el, masked, tstate, txdepth, tx_failed;
    uint32_t tx_restart, tx_sp;
    frame fr[FR_MAX];
    unsigned nfr;
    unsigned cur, next;
    uint8_t resched, vmchg, cause, sysno;
    uint16_t jt;
    uint32_t new_vmid, new_cid2;
    uint8_t async_pend, async_decided;
    region *nofault_R;
    uint32_t nofault_idx;

    /* pending record */
    uint8_t pend, pend_type, pend_el, pend_cause, pend_tfc;
    uint16_t pend_voff;
    uint32_t pend_pref, pend_ret;

    /* time and event timers (record counts) */
    uint64_t cycle, ts_base;
    unsigned prev0;
    uint64_t count, limit, next_ev;
    uint64_t reset_at, async_at, stall_at, extin_at, tx_fail_at;

    uint32_t lat_tab[256];
    memlat ld_tab[1024], st_tab[1024];
};

/* ======================================================================
 * Builder
 * ====================================================================== */
typedef struct bctx {
    progen *g;
    region *R;
    harness_rng *rg;
    unsigned feat;
    int faultok;      /* loads/stores may fault */
    int user;         /* EL0 code: SVC/BRK/UDF/transactions allowed */
    int brk;          /* kernel code that may hit a BRK (WARN) */
    int loopdepth, txdepth, nest;
    const uint32_t *leaf;   /* callable leaf functions (labels) */
    uint32_t nleaf;
    uint32_t fptab;         /* jump table of the leaves, NOLABEL if none */
    unsigned nsys;
    const uint32_t *plt;    /* library call stubs (labels); none if nplt == 0 */
    uint32_t nplt;
    uint32_t got;           /* jump table of the library entry points */
} bctx;

static unsigned rreg(bctx *b)
{
    static const uint8_t regs[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                   19, 20, 21, 22, 23, 24, 25, 26, 27, 28};
    return regs[rng_below(b->rg, sizeof regs)];
}

static void e_seq(bctx *b, uint32_t w)
{
    emit(b->R, w, X_SEQ, 0, 0, 0, 0);
}

static void e_alu(bctx *b)
{
    harness_rng *r = b->rg;
    unsigned d = rreg(b), n = rreg(b), m = rreg(b);
    switch (rng_below(r, 12)) {
    case 0: e_seq(b, a64_add_imm(d, n, rng_below(r, 4096))); break;
    case 1: e_seq(b, a64_sub_imm(d, n, rng_below(r, 256))); break;
    case 2: e_seq(b, a64_add_reg(d, n, m)); break;
    case 3: e_seq(b, a64_sub_reg(d, n, m)); break;
    case 4: e_seq(b, a64_eor_reg(d, n, m)); break;
    case 5: e_seq(b, a64_mov_reg(d, m)); break;
    case 6: e_seq(b, a64_movz(d, rng_below(r, 65536), rng_below(r, 4))); break;
    case 7: e_seq(b, a64_movk(d, rng_below(r, 65536), rng_below(r, 4))); break;
    case 8: e_seq(b, a64_lsr_imm(d, n, rng_range(r, 1, 63))); break;
    case 9: e_seq(b, a64_mul(d, n, m)); break;
    case 10: e_seq(b, a64_cmp_imm(n, rng_below(r, 4096))); break;
    default:
        emit(b->R, a64_csel(d, n, m, rng_below(r, 14)), X_CSEL, 0, 0, 0, 0);
        break;
    }
}

static void e_alu_run(bctx *b, unsigned n)
{
    while (n--)
        e_alu(b);
}

/* a load/store at a plain data address or on the stack */
static void e_ldst(bctx *b)
{
    harness_rng *r = b->rg;
    region *R = b->R;
    unsigned rt = rreg(b), rn = rng_below(r, 4) == 0 ? 31u : rreg(b);
    ldsite s = {0, 0, 0, 0, SK_PLAIN, 0};
    uint32_t w;
    unsigned pick = rng_below(r, 100);
    if (pick < 36) {                      /* LDR (immediate) */
        s.size_log2 = (uint8_t)rng_below(r, 4);
        s.ls = PE_LS_LOAD;
        w = a64_ldr_imm(s.size_log2, rt, rn, rng_below(r, 64) << s.size_log2);
    } else if (pick < 60) {               /* STR (immediate) */
        s.size_log2 = (uint8_t)rng_below(r, 4);
        s.ls = PE_LS_STORE;
        s.store = 1;
        w = a64_str_imm(s.size_log2, rt, rn, rng_below(r, 64) << s.size_log2);
    } else if (pick < 70) {               /* LDP/STP */
        int ld = (int)rng_below(r, 2);
        unsigned rt2 = rreg(b);
        if (rt2 == rt)                    /* LDP Xt, Xt is CONSTRAINED UNPREDICTABLE */
            rt2 = rt == 0 ? 1 : 0;
        s.size_log2 = 4;
        s.ls = ld ? PE_LS_LOAD : PE_LS_STORE;
        s.store = (uint8_t)!ld;
        w = ld ? a64_ldp(rt, rt2, rn, 8 * (int)rng_below(r, 32), 0)
               : a64_stp(rt, rt2, rn, 8 * (int)rng_below(r, 32), 0);
    } else if (pick < 77) {               /* SIMD&FP LDR/STR D or Q */
        int ld = (int)rng_below(r, 2);
        s.size_log2 = (uint8_t)(3 + rng_below(r, 2));
        s.ls = (uint8_t)((ld ? PE_LS_LOAD : PE_LS_STORE) | PE_LS_SIMDFP);
        s.store = (uint8_t)!ld;
        unsigned off = rng_below(r, 32) << s.size_log2;
        w = ld ? a64_ldr_fp(s.size_log2, rt, rn, off) : a64_str_fp(s.size_log2, rt, rn, off);
    } else if (pick < 84) {               /* exclusive pair halves */
        rn = rreg(b);
        s.size_log2 = 3;
        if (rng_below(r, 2)) {
            s.ls = PE_LS_EXCL;
            w = a64_ldxr(rt, rn);
        } else {
            s.ls = PE_LS_EXCL | PE_LS_STORE_F;
            s.store = 1;
            unsigned rs = rreg(b);
            while (rs == rt || rs == rn)  /* status register distinct (UNPREDICTABLE) */
                rs = rreg(b);
            w = a64_stxr(rs, rt, rn);
        }
    } else if (pick < 92) {               /* load-acquire / store-release */
        rn = rreg(b);
        s.size_log2 = 3;
        if (rng_below(r, 2)) {
            s.ls = PE_LS_ACQREL;
            w = a64_ldar(rt, rn);
        } else {
            s.ls = PE_LS_ACQREL | PE_LS_STORE_F;
            s.store = 1;
            w = a64_stlr(rt, rn);
        }
    } else {                              /* LDADD / STADD */
        rn = rreg(b);
        s.size_log2 = 3;
        if (rng_below(r, 3)) {
            s.ls = PE_LS_ATOMIC;
            w = a64_ldadd(rreg(b), rt, rn);
        } else {
            s.ls = PE_LS_ATOMIC | PE_LS_STORE_F;
            s.store = 1;
            w = a64_ldadd(rreg(b), 31, rn);
        }
    }
    uint8_t fl = 0;
    if (rn == 31) {
        s.kind = SK_STACK;
        s.base = 16u * rng_below(r, 16);
        if (b->faultok && b->user)
            fl |= FL_SPALIGN;
    } else {
        static const uint32_t masks[] = {0, 63, 1023, 16383, 262143};
        s.base = R->data_base + 64ull * rng_below(r, 1u << 14);
        s.mask = masks[rng_below(r, 5)];
    }
    if (b->faultok)
        fl |= FL_FAULT;
    emit(R, w, X_LDST, 0, 0, fl, site_new(R, s));
}

static void e_stack_ldst(bctx *b, uint32_t w, int store, unsigned off)
{
    ldsite s = {off, 0, (uint8_t)(store ? PE_LS_STORE : PE_LS_LOAD), 4, SK_STACK,
                (uint8_t)store};
    emit(b->R, w, X_LDST, 0, 0, 0, site_new(b->R, s));
}

static void e_prologue(bctx *b)
{
    if (b->feat & PROGEN_F_LDST)
        e_stack_ldst(b, a64_stp(29, 30, 31, -16, 1), 1, 16);
    else
        e_seq(b, a64_sub_imm(31, 31, 16));
    e_seq(b, a64_add_imm(29, 31, 0));
}

static void e_epilogue(bctx *b)
{
    if (b->feat & PROGEN_F_LDST)
        e_stack_ldst(b, a64_ldp(29, 30, 31, 16, 2), 0, 16);
    else
        e_seq(b, a64_add_imm(31, 31, 16));
    emit(b->R, a64_ret(30), X_RET, 0, 0, 0, 0);
}

/* A conditional branch to label L in one of the A64 forms. */
static void e_cbr(bctx *b, uint8_t beh, uint8_t arg, uint32_t L)
{
    harness_rng *r = b->rg;
    uint32_t w;
    switch (rng_below(r, 4)) {
    case 0: case 1: w = a64_bcond(rng_below(r, 14), 0); break;
    case 2: w = a64_cbz((int)rng_below(r, 2), (int)rng_below(r, 2), rreg(b), 0); break;
    default: w = a64_tbz((int)rng_below(r, 2), rreg(b), rng_below(r, 64), 0); break;
    }
    emit(b->R, w, X_BCOND, beh, arg, FL_LBL, L);
}

static void e_b(bctx *b, uint32_t L)
{
    emit(b->R, a64_b(0), X_B, 0, 0, FL_LBL, L);
}

static void e_bl(bctx *b, uint32_t L)
{
    emit(b->R, a64_bl(0), X_BL, 0, 0, FL_LBL, L);
}

/* ADR x17, table; LDR x16, [x17, x9, LSL #3]: the table load */
static void e_table_load(bctx *b, uint32_t jt, int systab)
{
    region *R = b->R;
    unsigned idxreg = systab ? 8u : 9u;
    emit(R, a64_adr(17, 0), X_SEQ, 0, 0, FL_LBL, R->jt[jt].data_lbl);
    ldsite s = {0, jt, PE_LS_LOAD, 3, (uint8_t)(systab ? SK_SYSTAB : SK_TABLE), 0};
    emit(R, a64_ldr_reg_lsl3(16, 17, idxreg), X_LDST, 0, 0, 0, site_new(R, s));
}

/* indirect branch (BR or BLR x16) through jump table jt */
static void e_indirect(bctx *b, uint32_t jt, int link, int systab)
{
    region *R = b->R;
    uint8_t beh = systab ? BH_SYSNO : BH_RAND;
    if (b->feat & PROGEN_F_LDST) {
        e_table_load(b, jt, systab);
        if (!systab)
            beh = BH_JT;
    } else {
        e_seq(b, a64_mov_reg(16, systab ? 8u : 9u));
    }
    const jtab *t = &R->jt[jt];
    emit(R, link ? a64_blr(16) : a64_br(16), link ? X_BLR : X_BR, beh, (uint8_t)t->n, 0,
         t->first);
}

static void gen_block(bctx *b, int budget);

/* MOV x8, #no; SVC #no -- syscall number: 0 yield, 1 hypercall, 2 sleep,
 * others generic */
static void e_syscall(bctx *b)
{
    harness_rng *r = b->rg;
    unsigned u = rng_below(r, 100), no;
    if (u < 22) no = 0;
    else if (u < 36) no = 1;
    else if (u < 46) no = 2;
    else no = rng_range(r, 3, b->nsys - 1);
    e_seq(b, a64_movz(8, no, 0));
    emit(b->R, a64_svc(no), X_SVC, 0, 0, 0, no);
}

/* if (cond) { block }  -- taken branch skips the block */
static void s_if(bctx *b, int budget)
{
    static const uint8_t probs[] = {16, 40, 64, 96, 128, 160, 192, 216, 240};
    uint32_t L = lbl_new(b->R);
    e_cbr(b, BH_RAND, probs[rng_below(b->rg, sizeof probs)], L);
    b->nest++;
    gen_block(b, budget);
    b->nest--;
    lbl_here(b->R, L);
}

static void s_ifelse(bctx *b, int budget)
{
    uint32_t Le = lbl_new(b->R), Lj = lbl_new(b->R);
    e_cbr(b, BH_RAND, (uint8_t)rng_range(b->rg, 32, 224), Le);
    b->nest++;
    gen_block(b, budget / 2);
    e_b(b, Lj);
    lbl_here(b->R, Le);
    gen_block(b, budget - budget / 2);
    b->nest--;
    lbl_here(b->R, Lj);
}

static void s_loop(bctx *b, int budget)
{
    uint32_t L = lbl_new(b->R);
    lbl_here(b->R, L);
    b->loopdepth++;
    b->nest++;
    gen_block(b, budget);
    b->nest--;
    b->loopdepth--;
    e_seq(b, a64_sub_imm(rreg(b), rreg(b), 1));
    uint8_t maxtrip = (uint8_t)(b->loopdepth ? rng_range(b->rg, 2, 5) : rng_range(b->rg, 3, 12));
    e_cbr(b, BH_LOOP, maxtrip, L);
}

static void s_switch(bctx *b, int budget)
{
    region *R = b->R;
    uint32_t n = rng_range(b->rg, 2, 5), cases[5];
    for (uint32_t i = 0; i < n; i++)
        cases[i] = lbl_new(R);
    uint32_t Lj = lbl_new(R);
    uint32_t jt = jt_new(R, cases, n);
    if (R->oom)
        return;
    e_indirect(b, jt, 0, 0);
    b->nest++;
    for (uint32_t i = 0; i < n; i++) {
        lbl_here(R, cases[i]);
        gen_block(b, budget / (int)n);
        if (i + 1 < n)
            e_b(b, Lj);
    }
    b->nest--;
    lbl_here(R, Lj);
}

/* a rarely executed instruction: skipped by a branch taken 255/256 */
static void s_rare(bctx *b, uint32_t w, uint8_t op, uint32_t tgt)
{
    uint32_t L = lbl_new(b->R);
    e_cbr(b, BH_RAND, 250, L);
    emit(b->R, w, op, 0, 0, 0, tgt);
    lbl_here(b->R, L);
}

static void s_txn_body(bctx *b, int budget);

/* TSTART x0; CBNZ x0, fail; body; TCOMMIT; B join; fail: ...; join: */
static void s_txn(bctx *b, int budget)
{
    region *R = b->R;
    if (b->txdepth == 0) {
        uint32_t Lf = lbl_new(R), Lj = lbl_new(R);
        emit(R, a64_tstart(0), X_TSTART, 0, 0, 0, 0);
        emit(R, a64_cbz(1, 1, 0, 0), X_BCOND, BH_TXFAIL, 0, FL_LBL, Lf);
        b->txdepth++;
        s_txn_body(b, budget);
        b->txdepth--;
        emit(R, a64_tcommit(), X_TCOMMIT, 0, 0, 0, 0);
        e_b(b, Lj);
        lbl_here(R, Lf);
        e_alu_run(b, rng_range(b->rg, 1, 3));
        if (b->feat & PROGEN_F_LDST)
            e_ldst(b);
        lbl_here(R, Lj);
    } else {
        emit(R, a64_tstart(1 + (unsigned)b->txdepth), X_TSTART, 0, 0, 0, 0);
        b->txdepth++;
        s_txn_body(b, budget);
        b->txdepth--;
        emit(R, a64_tcommit(), X_TCOMMIT, 0, 0, 0, 0);
    }
}

static void s_txn_body(bctx *b, int budget)
{
    harness_rng *r = b->rg;
    while (budget > 0) {
        unsigned k = rng_below(r, 100);
        if (k < 40) {
            unsigned n = rng_range(r, 1, 3);
            e_alu_run(b, n);
            budget -= (int)n;
        } else if (k < 65 && (b->feat & PROGEN_F_LDST)) {
            e_ldst(b);
            budget -= 1;
        } else if (k < 80 && budget > 4) {
            uint32_t L = lbl_new(b->R);
            e_cbr(b, BH_RAND, (uint8_t)rng_range(r, 32, 224), L);
            unsigned n = rng_range(r, 1, 3);
            e_alu_run(b, n);
            lbl_here(b->R, L);
            budget -= (int)n + 1;
        } else if (k < 86 && b->txdepth < 3 && budget > 6) {
            s_txn(b, budget / 3);
            budget -= budget / 3 + 2;
        } else if (k < 91) {            /* TCANCEL, rarely reached */
            uint32_t L = lbl_new(b->R);
            e_cbr(b, BH_RAND, 232, L);
            emit(b->R, a64_tcancel(rng_below(r, 65536)), X_TCANCEL, 0, 0, 0, 0);
            lbl_here(b->R, L);
            budget -= 2;
        } else if (k < 94 && (b->feat & PROGEN_F_ISB)) {
            emit(b->R, a64_isb(), X_ISB, 0, 0, 0, 0);
            budget -= 1;
        } else {
            e_alu(b);
            budget -= 1;
        }
    }
}

/* One statement; returns the instructions it roughly used. */
static int gen_stmt(bctx *b, int budget)
{
    harness_rng *r = b->rg;
    unsigned f = b->feat;
    int top = b->loopdepth == 0;
    for (;;) {
        unsigned k = rng_below(r, 1000);
        if (k < 330) {
            unsigned n = rng_range(r, 1, 4);
            e_alu_run(b, n);
            return (int)n;
        }
        if (k < 570) {
            if (!(f & PROGEN_F_LDST))
                continue;
            e_ldst(b);
            return 1;
        }
        if (k < 690) {
            if (budget < 4 || b->nest > 4)
                continue;
            int sub = (int)rng_range(r, 2, (uint32_t)(budget < 12 ? budget : 12));
            s_if(b, sub);
            return sub + 1;
        }
        if (k < 740) {
            if (budget < 6 || b->nest > 4)
                continue;
            int sub = (int)rng_range(r, 4, (uint32_t)(budget < 16 ? budget : 16));
            s_ifelse(b, sub);
            return sub + 2;
        }
        if (k < 790) {
            if (budget < 5 || b->loopdepth >= 2 || b->nest > 4)
                continue;
            int sub = (int)rng_range(r, 3, (uint32_t)(budget < 14 ? budget : 14));
            s_loop(b, sub);
            return sub + 2;
        }
        if (k < 835) {
            if (!b->nleaf || b->loopdepth >= 2)
                continue;
            e_bl(b, b->leaf[rng_below(r, b->nleaf)]);
            return 3;
        }
        if (k < 852) {
            if (b->fptab == NOLABEL || b->loopdepth >= 2)
                continue;
            e_indirect(b, b->fptab, 1, 0);
            return 3;
        }
        if (k < 868) {
            if (budget < 8 || b->nest > 3)
                continue;
            int sub = (int)rng_range(r, 6, (uint32_t)(budget < 20 ? budget : 20));
            s_switch(b, sub);
            return sub + 3;
        }
        if (k < 905) {
            emit(b->R, a64_csel(rreg(b), rreg(b), rreg(b), rng_below(r, 14)), X_CSEL, 0, 0,
                 0, 0);
            return 1;
        }
        if (k < 913) {
            if (!b->user || !top || !(f & PROGEN_F_EXCEPTIONS) || !b->nsys)
                continue;
            e_syscall(b);
            return 2;
        }
        if (k < 917) {
            if (!(f & PROGEN_F_EXCEPTIONS) || !(b->user || b->brk))
                continue;
            s_rare(b, a64_brk(rng_below(r, 65536)), X_BRK, 0);
            return 2;
        }
        if (k < 921) {
            if (!(f & PROGEN_F_EXCEPTIONS) || !b->user)
                continue;
            s_rare(b, a64_udf(rng_below(r, 65536)), X_UDF, 0);
            return 2;
        }
        if (k < 960) {
            if (!(f & PROGEN_F_TXN) || !b->user || b->loopdepth > 1 || budget < 8)
                continue;
            int sub = (int)rng_range(r, 4, (uint32_t)(budget < 16 ? budget : 16));
            s_txn(b, sub);
            return sub + 4;
        }
        if (k < 964) {
            if (!(f & PROGEN_F_WFX) || !b->user)
                continue;
            if (rng_below(r, 2))
                e_seq(b, a64_sevl());
            emit(b->R, a64_wfe(), X_WFE, 0, 0, 0, 0);
            return 2;
        }
        if (k < 976) {
            if (!(f & PROGEN_F_ISB))
                continue;
            emit(b->R, a64_isb(), X_ISB, 0, 0, 0, 0);
            return 1;
        }
        if (k < 994) {
            /* library call: BL to the PLT stub (which BRs), or BLR
             * through the GOT (a function pointer) */
            if (!b->nplt || b->loopdepth >= 2)
                continue;
            if (rng_below(r, 3))
                e_bl(b, b->plt[rng_below(r, b->nplt)]);
            else
                e_indirect(b, b->got, 1, 0);
            return 4;
        }
        e_alu(b);
        return 1;
    }
}

static void gen_block(bctx *b, int budget)
{
    while (budget > 0 && !b->R->oom)
        budget -= gen_stmt(b, budget);
}

/* Leaves: no calls. */
static void gen_leaf(bctx *b, uint32_t L)
{
    const uint32_t *sl = b->leaf;
    uint32_t sn = b->nleaf, sf = b->fptab, sp = b->nplt;
    b->leaf = NULL;
    b->nleaf = 0;
    b->fptab = NOLABEL;
    b->nplt = 0;
    lbl_here(b->R, L);
    gen_block(b, (int)rng_range(b->rg, 6, 28));
    emit(b->R, a64_ret(30), X_RET, 0, 0, 0, 0);
    b->leaf = sl;
    b->nleaf = sn;
    b->fptab = sf;
    b->nplt = sp;
}

/* A function that calls next (if not NOLABEL) with probability p/256. */
static void gen_func(bctx *b, uint32_t L, uint32_t next, uint8_t p, int budget)
{
    lbl_here(b->R, L);
    e_prologue(b);
    int first = (int)rng_below(b->rg, (uint32_t)budget + 1);
    gen_block(b, first);
    if (next != NOLABEL) {
        uint32_t Ls = lbl_new(b->R);
        e_cbr(b, BH_RAND, (uint8_t)(256 - p), Ls);
        e_bl(b, next);
        lbl_here(b->R, Ls);
    }
    gen_block(b, budget - first);
    e_epilogue(b);
}

/* ---- user process ------------------------------------------------------ */
/* Three parts (see region):
 *  - main, at PROGEN_USER_BASE + p * PROGEN_USER_STRIDE: the main loop,
 *    part of the call chain and of the leaves, the PLT stubs;
 *  - far, at least PROGEN_FAR_GAP past the end of main in the same slot:
 *    the rest of the chain and of the leaves, reached by BL only;
 *  - library, in [PROGEN_LIB_BASE + p * PROGEN_LIB_STRIDE, + STRIDE), the
 *    upper 32 address bits differing from main: entry points reached
 *    through the PLT stubs (BL stub; BR) and the GOT (BLR), internal
 *    functions and leaves reached by BL, callbacks into the main leaves
 *    by BLR; in half the processes it straddles a 4 GB boundary. */
static void build_process(progen *g, harness_rng *rg, unsigned p)
{
    proc *P = &g->pr[p];
    region *R = &P->R;
    uint64_t base = PROGEN_USER_BASE + p * PROGEN_USER_STRIDE;
    region_init(R, base, 0, 0x0000004000000000ull + ((uint64_t)p << 32),
                0x0000FFFFFFFF0000ull - ((uint64_t)p << 28));
    bctx b = {g, R, rg, g->feat, 1, 1, 0, 0, 0, 0, NULL, 0, NOLABEL, g->nsys, NULL, 0, 0};
    uint32_t nchain = rng_range(rg, 18, 26), nleaf = rng_range(rg, 4, 8);
    uint32_t nexp = rng_range(rg, 3, 6), nint = rng_range(rg, 2, 4), nll = rng_range(rg, 2, 3);
    uint32_t chain[26], leaf[8], libf[6], lint[4], lleaf[3], plt[6], cb[3 + 8];
    uint8_t far_chain[26], far_leaf[8];
    unsigned nfar = 0;
    for (uint32_t i = 0; i < nchain; i++) {
        chain[i] = lbl_new(R);
        far_chain[i] = i > 0 && rng_below(rg, 100) < 40;
        nfar += far_chain[i];
    }
    if (!nfar)
        far_chain[rng_range(rg, 1, nchain - 1)] = 1;
    for (uint32_t i = 0; i < nleaf; i++) {
        leaf[i] = lbl_new(R);
        far_leaf[i] = rng_below(rg, 3) == 0;
    }
    for (uint32_t i = 0; i < nexp; i++) {
        libf[i] = lbl_new(R);
        plt[i] = lbl_new(R);
    }
    for (uint32_t i = 0; i < nint; i++)
        lint[i] = lbl_new(R);
    for (uint32_t i = 0; i < nll; i++)
        lleaf[i] = lbl_new(R);
    uint32_t fptab = jt_new(R, leaf, nleaf);
    uint32_t got = jt_new(R, libf, nexp);
    if (R->oom)
        return;

    /* main: entry at the start of the region, loops forever */
    lbl_here(R, chain[0]);
    P->entry = R->n;
    e_prologue(&b);
    uint32_t Ltop = lbl_new(R);
    lbl_here(R, Ltop);
    b.leaf = leaf;
    b.nleaf = nleaf;
    b.fptab = fptab;
    b.plt = plt;
    b.nplt = nexp;
    b.got = got;
    gen_block(&b, (int)rng_range(rg, 20, 40));
    e_bl(&b, chain[1]);
    gen_block(&b, (int)rng_range(rg, 10, 30));
    e_b(&b, Ltop);

    for (unsigned far = 0; far < 2; far++) {
        if (far) {
            part_close(R);
            uint64_t end = (base + 4ull * R->n + 0xFFFu) & ~0xFFFull;
            region_part(R, end + PROGEN_FAR_GAP + 0x1000ull * rng_below(rg, 64));
        }
        for (uint32_t i = 1; i < nchain; i++)
            if (far_chain[i] == far)
                gen_func(&b, chain[i], i + 1 < nchain ? chain[i + 1] : NOLABEL, 232,
                         (int)rng_range(rg, 10, 36));
        for (uint32_t i = 0; i < nleaf; i++)
            if (far_leaf[i] == far)
                gen_leaf(&b, leaf[i]);
        if (!far) {
            /* PLT stubs: ADR x17, got_k; LDR x16, [x17, x9, LSL #3]; BR x16 */
            for (uint32_t i = 0; i < nexp && !R->oom; i++) {
                uint32_t jt = jt_new(R, &libf[i], 1);
                lbl_here(R, plt[i]);
                e_indirect(&b, jt, 0, 0);
            }
        }
    }

    /* the library; its address is chosen once its size is known */
    region_part(R, 0);
    for (uint32_t i = 0; i < nll; i++)
        cb[i] = lleaf[i];
    for (uint32_t i = 0; i < nleaf; i++)
        cb[nll + i] = leaf[i];
    b.leaf = lleaf;
    b.nleaf = nll;
    b.fptab = jt_new(R, cb, nll + nleaf);   /* callbacks and library leaves */
    b.nplt = 0;
    for (uint32_t i = 0; i < nexp && !R->oom; i++) {
        if (i == 0 && (g->feat & PROGEN_F_EXCEPTIONS)) {
            /* a system call wrapper */
            lbl_here(R, libf[i]);
            e_prologue(&b);
            e_alu_run(&b, rng_range(rg, 1, 4));
            e_syscall(&b);
            e_alu_run(&b, rng_range(rg, 1, 3));
            e_epilogue(&b);
            continue;
        }
        uint32_t callee = rng_below(rg, 4) ? lint[rng_below(rg, nint)] : NOLABEL;
        gen_func(&b, libf[i], callee, 160, (int)rng_range(rg, 8, 30));
    }
    for (uint32_t i = 0; i < nint; i++)
        gen_func(&b, lint[i], i + 1 < nint ? lint[i + 1] : NOLABEL, 128,
                 (int)rng_range(rg, 8, 24));
    for (uint32_t i = 0; i < nll; i++)
        gen_leaf(&b, lleaf[i]);
    part_close(R);
    if (R->oom)
        return;
    /* the far part stays inside the process's slot */
    if (R->pbase[1] + 4ull * (R->pstart[2] - R->pstart[1]) > base + PROGEN_USER_STRIDE) {
        R->oom = 1;
        return;
    }
    uint64_t lib_bytes = 4ull * (R->n - R->pstart[2]);
    uint64_t b4g = PROGEN_LIB_BASE + p * PROGEN_LIB_STRIDE +
                   ((uint64_t)(2 + rng_below(rg, 14)) << 32);
    if (rng_below(rg, 2))        /* the 4 GB boundary between 1/4 and 3/4 of it */
        R->pbase[2] = b4g - 8 * rng_range(rg, (uint32_t)(lib_bytes / 32),
                                          (uint32_t)(3 * lib_bytes / 32));
    else
        R->pbase[2] = b4g + 0x10000ull * rng_range(rg, 1, 4096) + 0x40ull * rng_below(rg, 64);
}

/* ---- kernel ------------------------------------------------------------ */
enum { KF_SCHED, KF_PAGEFAULT, KF_DEBUG, KF_UNDEF, KF_SIGNAL, KF_FIXUP, KF_IRQ, KF_FIQ,
       KF_SERROR, KF_COUNT };

static void k_entry_seq(bctx *b)
{
    if (b->feat & PROGEN_F_LDST) {
        e_stack_ldst(b, a64_stp(0, 1, 31, -16, 1), 1, 16);
        e_stack_ldst(b, a64_stp(2, 3, 31, -16, 1), 1, 32);
    } else {
        e_seq(b, a64_sub_imm(31, 31, 32));
    }
    e_seq(b, a64_mrs(28, A64_TPIDR_EL1));
}

static void k_exit_seq(bctx *b)
{
    if (b->feat & PROGEN_F_LDST) {
        e_stack_ldst(b, a64_ldp(2, 3, 31, 16, 2), 0, 32);
        e_stack_ldst(b, a64_ldp(0, 1, 31, 16, 2), 0, 16);
    } else {
        e_seq(b, a64_add_imm(31, 31, 32));
    }
}

static void k_elr_skip(bctx *b)
{
    e_seq(b, a64_mrs(0, A64_ELR_EL1));
    e_seq(b, a64_add_imm(0, 0, 4));
    e_seq(b, a64_msr(A64_ELR_EL1, 0));
}

/* a plain kernel data load (flag word), or a MOV without loads/stores */
static void k_flag_load(bctx *b, unsigned rt)
{
    if (b->feat & PROGEN_F_LDST) {
        ldsite s = {b->R->data_base + 64ull * rng_below(b->rg, 4096), 0, PE_LS_LOAD, 3,
                    SK_PLAIN, 0};
        emit(b->R, a64_ldr_imm(3, rt, 28, 8 * rng_below(b->rg, 64)), X_LDST, 0, 0, 0,
             site_new(b->R, s));
    } else {
        e_seq(b, a64_mov_reg(rt, 28));
    }
}

/* cmp x24, #ec ; b.eq L */
static void k_dispatch(bctx *b, unsigned ec, uint32_t L)
{
    e_seq(b, a64_cmp_imm(24, ec));
    emit(b->R, a64_bcond(A64_EQ, 0), X_BCOND, BH_CAUSE, (uint8_t)ec, FL_LBL, L);
}

static void build_vectors(bctx *b, const uint32_t handler[16])
{
    region *R = b->R;
    for (unsigned e = 0; e < 16; e++) {
        uint32_t start = R->n;
        if (handler[e] != NOLABEL) {
            k_entry_seq(b);
            e_b(b, handler[e]);
        } else {
            uint32_t L = lbl_new(R);
            lbl_here(R, L);
            e_b(b, L);                    /* unused vector: B . */
        }
        while (R->n < start + 32 && !R->oom)
            e_seq(b, a64_nop());
    }
}

static void build_kernel(progen *g, harness_rng *rg)
{
    region *R = &g->kern;
    unsigned f = g->feat;
    region_init(R, PROGEN_VBAR_EL1, 1, 0xFFFF000040000000ull, 0xFFFF800020000000ull);
    bctx b = {g, R, rg, f, 0, 0, 0, 0, 0, 0, NULL, 0, NOLABEL, 0, NULL, 0, 0};

    uint32_t kf[KF_COUNT];
    for (unsigned i = 0; i < KF_COUNT; i++)
        kf[i] = lbl_new(R);
    uint32_t nhleaf = rng_range(rg, 3, 5), hleaf[5];
    for (uint32_t i = 0; i < nhleaf; i++)
        hleaf[i] = lbl_new(R);
    uint32_t nkchain = rng_range(rg, 6, 10), kchain[10];
    for (uint32_t i = 0; i < nkchain; i++)
        kchain[i] = lbl_new(R);
    uint32_t nkleaf = rng_range(rg, 3, 6), kleaf[6];
    for (uint32_t i = 0; i < nkleaf; i++)
        kleaf[i] = lbl_new(R);
    uint32_t sys[8];
    for (unsigned i = 0; i < g->nsys; i++)
        sys[i] = lbl_new(R);
    uint32_t systab = jt_new(R, sys, g->nsys);

    uint32_t el0_sync = lbl_new(R), el0_irq = lbl_new(R), el0_fiq = lbl_new(R),
             el0_serr = lbl_new(R), el1_sync = lbl_new(R), el1_irq = lbl_new(R),
             el1_fiq = lbl_new(R), el1_serr = lbl_new(R), ret_user = lbl_new(R),
             el1_ret = lbl_new(R);
    uint32_t handler[16];
    for (unsigned e = 0; e < 16; e++)
        handler[e] = NOLABEL;
    handler[4] = el1_sync;   /* +0x200 current EL with SPx: synchronous */
    handler[5] = el1_irq;    /* +0x280 IRQ */
    handler[6] = el1_fiq;    /* +0x300 FIQ */
    handler[7] = el1_serr;   /* +0x380 SError */
    handler[8] = el0_sync;   /* +0x400 lower EL using AArch64: synchronous */
    handler[9] = el0_irq;    /* +0x480 */
    handler[10] = el0_fiq;   /* +0x500 */
    handler[11] = el0_serr;  /* +0x580 */
    if (R->oom)
        return;
    build_vectors(&b, handler);

    /* reset vector: PROGEN_RESET_PC */
    g->k_reset = R->n;
    e_seq(&b, a64_movz(0, (unsigned)(PROGEN_VBAR_EL1 >> 16) & 0xFFFFu, 1));
    e_seq(&b, a64_movk(0, (unsigned)(PROGEN_VBAR_EL1 >> 32) & 0xFFFFu, 2));
    e_seq(&b, a64_movk(0, (unsigned)(PROGEN_VBAR_EL1 >> 48) & 0xFFFFu, 3));
    e_seq(&b, a64_msr(A64_VBAR_EL1, 0));
    if (f & PROGEN_F_ISB)
        emit(R, a64_isb(), X_ISB, 0, 0, 0, 0);
    {
        uint32_t L = lbl_new(R);
        lbl_here(R, L);
        if (f & PROGEN_F_LDST) {
            ldsite s = {R->data_base, 4095, PE_LS_STORE, 3, SK_PLAIN, 1};
            emit(R, a64_str_imm(3, 31, 1, 0), X_LDST, 0, 0, 0, site_new(R, s));
        }
        e_seq(&b, a64_add_imm(1, 1, 8));
        e_seq(&b, a64_sub_imm(2, 2, 1));
        emit(R, a64_cbz(1, 1, 2, 0), X_BCOND, BH_LOOP, 16, FL_LBL, L);
    }
    e_seq(&b, a64_mrs(28, A64_TPIDR_EL1));
    if (f & PROGEN_F_CONTEXT) {
        k_flag_load(&b, 1);
        emit(R, a64_msr(A64_CONTEXTIDR_EL1, 1), X_MSR_CID1, 0, 0, 0, 0);
    }
    e_seq(&b, a64_movz(2, (unsigned)PROGEN_USER_BASE >> 16, 1));
    e_seq(&b, a64_msr(A64_ELR_EL1, 2));
    e_seq(&b, a64_movz(3, 0, 0));
    e_seq(&b, a64_msr(A64_SPSR_EL1, 3));
    if (f & PROGEN_F_ISB)
        emit(R, a64_isb(), X_ISB, 0, 0, 0, 0);
    emit(R, a64_eret(), X_ERET, 0, 0, 0, 0);

    /* el0_sync: dispatch on ESR_EL1.EC */
    uint32_t Lsvc = lbl_new(R), Ldabt = lbl_new(R), Liabt = lbl_new(R), Lbrk = lbl_new(R),
             Lwatch = lbl_new(R), Lspal = lbl_new(R), Lundef = lbl_new(R);
    lbl_here(R, el0_sync);
    e_seq(&b, a64_mrs(25, A64_ESR_EL1));
    e_seq(&b, a64_lsr_imm(24, 25, 26));
    k_dispatch(&b, EC_SVC, Lsvc);
    k_dispatch(&b, EC_DABT_LO, Ldabt);
    k_dispatch(&b, EC_IABT_LO, Liabt);
    k_dispatch(&b, EC_BRK, Lbrk);
    k_dispatch(&b, EC_WATCH_LO, Lwatch);
    k_dispatch(&b, EC_SPALIGN, Lspal);
    e_b(&b, Lundef);

    lbl_here(R, Lsvc);
    emit(R, a64_daifclr(A64_DAIF_A | A64_DAIF_I | A64_DAIF_F), X_DAIFCLR, 0, 0, 0, 0);
    e_indirect(&b, systab, 1, 1);
    emit(R, a64_daifset(A64_DAIF_A | A64_DAIF_I | A64_DAIF_F), X_DAIFSET, 0, 0, 0, 0);
    e_b(&b, ret_user);

    lbl_here(R, Ldabt);
    e_seq(&b, a64_mrs(0, A64_FAR_EL1));
    e_bl(&b, kf[KF_PAGEFAULT]);
    e_b(&b, ret_user);
    lbl_here(R, Liabt);
    e_seq(&b, a64_mrs(0, A64_FAR_EL1));
    e_bl(&b, kf[KF_PAGEFAULT]);
    e_b(&b, ret_user);
    lbl_here(R, Lbrk);
    e_bl(&b, kf[KF_DEBUG]);
    k_elr_skip(&b);
    e_b(&b, ret_user);
    lbl_here(R, Lwatch);
    e_bl(&b, kf[KF_DEBUG]);
    e_b(&b, ret_user);
    lbl_here(R, Lspal);
    e_bl(&b, kf[KF_SIGNAL]);
    e_b(&b, ret_user);
    lbl_here(R, Lundef);
    e_bl(&b, kf[KF_UNDEF]);
    k_elr_skip(&b);
    e_b(&b, ret_user);

    lbl_here(R, el0_irq);
    e_seq(&b, a64_mrs(0, A64_ICC_IAR1_EL1));
    e_bl(&b, kf[KF_IRQ]);
    e_seq(&b, a64_msr(A64_ICC_EOIR1_EL1, 0));
    e_b(&b, ret_user);
    lbl_here(R, el0_fiq);
    e_bl(&b, kf[KF_FIQ]);
    e_b(&b, ret_user);
    lbl_here(R, el0_serr);
    e_bl(&b, kf[KF_SERROR]);
    e_b(&b, ret_user);

    /* return to user: reschedule if due */
    lbl_here(R, ret_user);
    {
        uint32_t Ln = lbl_new(R);
        k_flag_load(&b, 0);
        emit(R, a64_cbz(1, 0, 0, 0), X_BCOND, BH_NORESCHED, 0, FL_LBL, Ln);
        e_bl(&b, kf[KF_SCHED]);
        lbl_here(R, Ln);
    }
    k_exit_seq(&b);
    emit(R, a64_eret(), X_ERET, 0, 0, 0, 0);

    /* exceptions taken from EL1 */
    uint32_t Lk_da = lbl_new(R);
    lbl_here(R, el1_sync);
    e_seq(&b, a64_mrs(25, A64_ESR_EL1));
    e_seq(&b, a64_lsr_imm(24, 25, 26));
    k_dispatch(&b, EC_DABT_CU, Lk_da);
    e_bl(&b, kf[KF_DEBUG]);                 /* BRK (the kernel's WARN) */
    k_elr_skip(&b);
    e_b(&b, el1_ret);
    lbl_here(R, Lk_da);
    e_seq(&b, a64_mrs(0, A64_FAR_EL1));
    e_bl(&b, kf[KF_FIXUP]);
    e_b(&b, el1_ret);
    lbl_here(R, el1_irq);
    e_seq(&b, a64_mrs(0, A64_ICC_IAR1_EL1));
    e_bl(&b, kf[KF_IRQ]);
    e_seq(&b, a64_msr(A64_ICC_EOIR1_EL1, 0));
    e_b(&b, el1_ret);
    lbl_here(R, el1_fiq);
    e_bl(&b, kf[KF_FIQ]);
    e_b(&b, el1_ret);
    lbl_here(R, el1_serr);
    e_bl(&b, kf[KF_SERROR]);
    e_b(&b, el1_ret);
    lbl_here(R, el1_ret);
    k_exit_seq(&b);
    emit(R, a64_eret(), X_ERET, 0, 0, 0, 0);

    /* handler functions: not faultable, call only the handler leaves */
    b.leaf = hleaf;
    b.nleaf = nhleaf;
    for (unsigned i = 0; i < KF_COUNT; i++) {
        if (i != KF_SCHED) {
            gen_func(&b, kf[i], NOLABEL, 0, (int)rng_range(rg, 8, 30));
            continue;
        }
        lbl_here(R, kf[i]);
        e_prologue(&b);
        gen_block(&b, (int)rng_range(rg, 6, 20));
        if (f & PROGEN_F_CONTEXT) {
            k_flag_load(&b, 1);
            emit(R, a64_msr(A64_CONTEXTIDR_EL1, 1), X_MSR_CID1, 0, 0, 0, 0);
            if (f & PROGEN_F_ISB)
                emit(R, a64_isb(), X_ISB, 0, 0, 0, 0);
        }
        gen_block(&b, (int)rng_range(rg, 4, 12));
        e_epilogue(&b);
    }
    for (uint32_t i = 0; i < nhleaf; i++)
        gen_leaf(&b, hleaf[i]);

    /* system calls and their helpers: faultable, may WARN (BRK) */
    b.faultok = 1;
    b.brk = 1;
    b.leaf = kleaf;
    b.nleaf = nkleaf;
    for (unsigned s = 0; s < g->nsys; s++) {
        lbl_here(R, sys[s]);
        e_prologue(&b);
        gen_block(&b, (int)rng_range(rg, 4, 16));
        if (s == 1 && (f & PROGEN_F_EXCEPTIONS)) {
            e_seq(&b, a64_movz(0, rng_below(rg, 16), 0));
            emit(R, a64_hvc(0), X_HVC, 0, 0, 0, 0);
        } else if (s == 2 && (f & PROGEN_F_WFX)) {
            emit(R, a64_wfi(), X_WFI, 0, 0, 0, 0);
        } else if (s >= 3) {
            uint32_t Ls = lbl_new(R);
            e_cbr(&b, BH_RAND, 48, Ls);
            e_bl(&b, kchain[0]);
            lbl_here(R, Ls);
        }
        gen_block(&b, (int)rng_range(rg, 4, 16));
        e_epilogue(&b);
    }
    for (uint32_t i = 0; i < nkchain; i++)
        gen_func(&b, kchain[i], i + 1 < nkchain ? kchain[i + 1] : NOLABEL, 160,
                 (int)rng_range(rg, 8, 24));
    for (uint32_t i = 0; i < nkleaf; i++)
        gen_leaf(&b, kleaf[i]);
}

/* ---- hypervisor --------------------------------------------------------- */
static void build_hyp(progen *g, harness_rng *rg)
{
    region *R = &g->hyp;
    unsigned f = g->feat;
    region_init(R, PROGEN_VBAR_EL2, 2, 0x0000000041000000ull, 0x0000000042000000ull);
    bctx b = {g, R, rg, f, 0, 0, 0, 0, 0, 0, NULL, 0, NOLABEL, 0, NULL, 0, 0};
    uint32_t sync = lbl_new(R), fn = lbl_new(R), bad = lbl_new(R);
    uint32_t nl = rng_range(rg, 2, 3), leaf[3];
    for (uint32_t i = 0; i < nl; i++)
        leaf[i] = lbl_new(R);
    uint32_t handler[16];
    for (unsigned e = 0; e < 16; e++)
        handler[e] = NOLABEL;
    handler[8] = sync;       /* +0x400 lower EL using AArch64: synchronous (HVC) */
    if (R->oom)
        return;
    build_vectors(&b, handler);

    lbl_here(R, sync);
    e_seq(&b, a64_mrs(0, A64_ESR_EL2));
    e_seq(&b, a64_lsr_imm(1, 0, 26));
    e_seq(&b, a64_cmp_imm(1, EC_HVC));
    emit(R, a64_bcond(A64_NE, 0), X_BCOND, BH_NEVER, 0, FL_LBL, bad);
    e_bl(&b, fn);
    if (f & PROGEN_F_CONTEXT) {
        uint32_t Ls = lbl_new(R);
        k_flag_load(&b, 0);
        emit(R, a64_cbz(1, 0, 0, 0), X_BCOND, BH_NOVMCHG, 0, FL_LBL, Ls);
        k_flag_load(&b, 1);
        emit(R, a64_msr(A64_VTTBR_EL2, 1), X_MSR_VTTBR, 0, 0, 0, 0);
        k_flag_load(&b, 2);
        emit(R, a64_msr(A64_CONTEXTIDR_EL2, 2), X_MSR_CID2, 0, 0, 0, 0);
        if (f & PROGEN_F_ISB)
            emit(R, a64_isb(), X_ISB, 0, 0, 0, 0);
        lbl_here(R, Ls);
    }
    k_exit_seq(&b);
    emit(R, a64_eret(), X_ERET, 0, 0, 0, 0);
    lbl_here(R, bad);
    e_b(&b, bad);

    b.leaf = leaf;
    b.nleaf = nl;
    gen_func(&b, fn, NOLABEL, 0, (int)rng_range(rg, 8, 24));
    for (uint32_t i = 0; i < nl; i++)
        gen_leaf(&b, leaf[i]);
}

/* ======================================================================
 * Executor
 * ====================================================================== */
static inline void arm_now(progen *g)
{
    g->next_ev = g->count + 1;
}

static void rearm(progen *g)
{
    uint64_t m = g->reset_at;
    if (g->async_at < m) m = g->async_at;
    if (g->stall_at < m) m = g->stall_at;
    if (g->extin_at < m) m = g->extin_at;
    if (g->tstate && g->tx_fail_at < m) m = g->tx_fail_at;
    g->next_ev = m;
}

static inline void stamp(progen *g, pe_rec *r)
{
    r->cycle = g->cycle;
    r->timestamp = g->ts_base + (g->cycle >> 3);
}

/* vector offset for an exception to tgt_el of kind 0 sync 1 IRQ 2 FIQ 3 SError */
static uint16_t vec_off(unsigned from_el, unsigned tgt_el, unsigned kind)
{
    return (uint16_t)((from_el < tgt_el ? 0x400u : 0x200u) + 0x80u * kind);
}

static cstack *stack_for(progen *g, unsigned el)
{
    return el == 0 ? &g->pr[g->cur].st : el == 1 ? &g->kst : &g->hst;
}

/* Exception entry: the EXC record and the new PE state.  pref is the
 * preferred return address of D2.2.2 Table D2.1 (R_SFYMW), ret the address
 * the handler returns to. */
static void take_exc(progen *g, pe_rec *r, unsigned type, uint32_t pref, uint32_t ret,
                     unsigned tgt_el, unsigned voff, unsigned cause)
{
    *r = g->tmpl;
    r->kind = PE_KIND_EXC;
    r->pc = va_of(g->R, pref);
    r->from_el = g->el;
    r->el = (uint8_t)tgt_el;
    r->exc_type = (uint8_t)type;
    region *V = tgt_el == 2 ? &g->hyp : &g->kern;
    r->target = V->base + voff;
    g->cycle += 6 + rng_below(&g->rg, 24);
    stamp(g, r);
    g->prev0 = 1;
    if (g->nfr < FR_MAX)
        g->fr[g->nfr++] = (frame){g->R, ret, g->el, g->masked, g->jt};
    if (g->el == 0) {
        /* the scheduler runs on the way back to EL0 */
        g->resched = 0;
        if ((g->feat & PROGEN_F_CONTEXT) && g->nproc > 1) {
            if (cause == EC_SVC)
                g->resched = g->sysno == 0 || rng_below(&g->rg, 16) == 0;
            else if (cause == EC_ASYNC)
                g->resched = rng_below(&g->rg, 3) == 0;
            if (g->resched)
                g->next = (g->cur + 1 + rng_below(&g->rg, g->nproc - 1)) % g->nproc;
        }
    }
    g->el = (uint8_t)tgt_el;
    g->tmpl.el = (uint8_t)tgt_el;
    g->R = V;
    g->idx = voff >> 2;
    g->masked = 1;
    g->cause = (uint8_t)cause;
    g->cs = stack_for(g, tgt_el);
}

static void set_pend_exc(progen *g, unsigned type, uint32_t pref, uint32_t ret,
                         unsigned tgt_el, unsigned voff, unsigned cause)
{
    g->pend = PEND_EXC;
    g->pend_type = (uint8_t)type;
    g->pend_pref = pref;
    g->pend_ret = ret;
    g->pend_el = (uint8_t)tgt_el;
    g->pend_voff = (uint16_t)voff;
    g->pend_cause = (uint8_t)cause;
    arm_now(g);
}

/* Transaction failure (C1.1.1.3 R_HVFD, R_VRLY): leave Transactional state,
 * restart after the outer TSTART with the checkpointed call stack. */
static void emit_tfail(progen *g, pe_rec *r, unsigned cause)
{
    *r = g->tmpl;
    r->kind = PE_KIND_TFAIL;
    r->pc = va_of(g->R, g->idx);
    r->target = va_of(g->R, g->tx_restart);
    r->tfail_cause = (uint8_t)cause;
    r->flags = (uint16_t)(r->flags & ~PE_F_TSTATE);
    g->cycle += 4 + rng_below(&g->rg, 16);
    stamp(g, r);
    g->prev0 = 1;
    g->tstate = 0;
    g->txdepth = 0;
    g->tx_failed = 1;
    g->tmpl.flags = (uint16_t)(g->tmpl.flags & ~PE_F_TSTATE);
    g->idx = g->tx_restart;
    g->cs->sp = g->tx_sp;
    g->tx_fail_at = NEVER;
    if (g->async_pend && !g->masked)
        arm_now(g);
}

static void reset_state(progen *g)
{
    for (unsigned p = 0; p < g->nproc; p++) {
        g->pr[p].resume = g->pr[p].entry;
        g->pr[p].st.sp = 0;
        g->pr[p].tx_failed = 0;
        memset(g->pr[p].R.cnt, 0, g->pr[p].R.n);
    }
    memset(g->kern.cnt, 0, g->kern.n);
    memset(g->hyp.cnt, 0, g->hyp.n);
    g->kst.sp = g->hst.sp = 0;
    g->cur = g->next = 0;
    g->tstate = g->txdepth = g->tx_failed = 0;
    g->resched = g->vmchg = 0;
    g->async_pend = g->async_decided = 0;
    g->pend = PEND_NONE;
    g->nofault_R = NULL;
    g->jt = 0;
    g->tx_fail_at = NEVER;
}

/* PE Warm reset: RESET record (preferred return address UNKNOWN, R_JRNYF,
 * recorded as 0), then the reset vector at EL1 in Non-transactional state
 * (C1.9 R_ZGNK) with the context identifiers zero (R_HTYGF) until software
 * writes them. */
static void do_reset(progen *g, pe_rec *r)
{
    reset_state(g);
    g->tmpl.el = 1;
    g->tmpl.flags = PE_F_NS;
    g->tmpl.contextidr_el1 = g->tmpl.contextidr_el2 = g->tmpl.vmid = 0;
    *r = g->tmpl;
    r->kind = PE_KIND_RESET;
    r->pc = 0;
    r->target = va_of(&g->kern, g->k_reset);
    r->from_el = g->el;
    r->exc_type = PE_EXC_PE_RESET;
    g->cycle += 200 + rng_below(&g->rg, 2000);
    stamp(g, r);
    g->prev0 = 1;            /* the RESET record has a cycle of its own */
    g->el = 1;
    g->masked = 1;
    g->R = &g->kern;
    g->idx = g->k_reset;
    g->cs = &g->kst;
    /* the reset code ERETs to process 0's entry at EL0 */
    g->nfr = 1;
    g->fr[0] = (frame){&g->pr[0].R, g->pr[0].entry, 0, 0, 0};
}

static void build_lat_tables(progen *g, harness_rng *rg)
{
    for (unsigned i = 0; i < 256; i++) {
        unsigned iss = rng_below(rg, 8) == 0 ? rng_range(rg, 3, 20) : rng_below(rg, 3);
        unsigned tot = iss + 1 + rng_below(rg, 4);
        g->lat_tab[i] = (uint32_t)tot | (uint32_t)iss << 16;
    }
    for (unsigned st = 0; st < 2; st++) {
        memlat *t = st ? g->st_tab : g->ld_tab;
        for (unsigned i = 0; i < 1024; i++) {
            memlat m = {0, 0, 0, SRC_L1, EV_RETIRED | EV_L1D_ACC | EV_TLB_ACC};
            m.iss = (uint16_t)(rng_below(rg, 6) == 0 ? rng_range(rg, 4, 30) : rng_below(rg, 4));
            if (rng_below(rg, 24) == 0) {
                m.xl = (uint16_t)rng_range(rg, 20, 160);
                m.ev |= EV_TLB_WALK;
            } else {
                m.xl = (uint16_t)rng_below(rg, 3);
            }
            unsigned u = rng_below(rg, 1000), mem;
            if (u < 860) {
                mem = 4;
            } else if (u < 950) {
                mem = rng_range(rg, 11, 20);
                m.src = SRC_L2;
                m.ev |= EV_L1D_REFILL;
            } else if (u < 965) {
                mem = rng_range(rg, 30, 60);
                m.src = SRC_PEER;
                m.ev |= EV_L1D_REFILL;
            } else if (u < 990) {
                mem = rng_range(rg, 35, 80);
                m.src = SRC_LLC;
                m.ev |= EV_L1D_REFILL | EV_LLC_ACC;
            } else if (u < 997) {
                mem = rng_range(rg, 150, 400);
                m.src = SRC_DRAM;
                m.ev |= EV_L1D_REFILL | EV_LLC_ACC | EV_LLC_MISS;
            } else {
                mem = rng_range(rg, 300, 700);
                m.src = SRC_REMOTE;
                m.ev |= EV_L1D_REFILL | EV_LLC_ACC | EV_LLC_MISS | EV_REMOTE;
            }
            if (st) {
                m.src = 0;   /* the Data Source packet is for loads only */
                mem = mem > 40 ? 2 + mem / 8 : 1 + mem / 4;
            }
            m.tot = (uint16_t)(m.iss + m.xl + mem);
            t[i] = m;
        }
    }
}

/* stage-1 + stage-2 translation stand-in: a fixed page map per context */
static inline uint64_t xlate(const progen *g, uint64_t va)
{
    uint64_t h = (va >> 12) ^ ((uint64_t)g->tmpl.contextidr_el1 << 36) ^
                 ((uint64_t)g->tmpl.vmid << 20) ^ ((uint64_t)g->el << 62);
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return (h & 0x0FFFFFFFull) << 12 | (va & 0xFFFull);
}

/* A load/store: fault, or fill the SPE fields.  Returns 1 if the record
 * became an EXC or TFAIL record (the instruction did not retire). */
static inline __attribute__((always_inline)) int do_ldst(progen *g, pe_rec *restrict r,
                                                          const insn *d, uint32_t idx,
                                                          uint64_t x)
{
    region *R = g->R;
    if ((d->fl & FL_FAULT) && (g->feat & PROGEN_F_EXCEPTIONS)) {
        if (g->nofault_R == R && g->nofault_idx == idx) {
            g->nofault_R = NULL;
        } else {
            unsigned u = (unsigned)(x >> 52);   /* 12 bits */
            unsigned type = 0, cause = 0;
            if (u < 3) {
                type = PE_EXC_DATA_FAULT;
                cause = g->el ? EC_DABT_CU : EC_DABT_LO;
            } else if (u == 3 && g->el == 0) {
                type = PE_EXC_DATA_DEBUG;
                cause = EC_WATCH_LO;
            } else if (u == 4 && (d->fl & FL_SPALIGN)) {
                type = PE_EXC_ALIGNMENT;
                cause = EC_SPALIGN;
            }
            if (type) {
                if (g->tstate) {
                    /* suppressed: a watchpoint fails the transaction with DBG
                     * (C2.1.3 R_WSMX), an abort with ERR (C1.8 R_LXPV, R_KPDH) */
                    emit_tfail(g, r, type == PE_EXC_DATA_DEBUG ? TF_DBG : TF_ERR);
                    return 1;
                }
                g->nofault_R = R;
                g->nofault_idx = idx;
                take_exc(g, r, type, idx, idx, 1, vec_off(g->el, 1, 0), cause);
                return 1;
            }
        }
    }
    const ldsite *s = &R->site[d->tgt];
    uint64_t va;
    switch (s->kind) {
    case SK_STACK:
        va = R->stack_top - ((uint64_t)g->cs->sp << 7) - s->base;
        break;
    case SK_TABLE: {
        uint32_t k = (uint32_t)((((x >> 20) & 0xFFFFu) * s->mask) >> 16);
        g->jt = (uint16_t)k;
        va = s->base + 8ull * k;
        break;
    }
    case SK_SYSTAB:
        va = s->base + 8ull * g->sysno;
        break;
    default:
        va = s->base + ((x >> 20) & s->mask);
        break;
    }
    va &= ~((1ull << s->size_log2) - 1u);
    const memlat *m = s->store ? &g->st_tab[(x >> 40) & 1023u] : &g->ld_tab[(x >> 40) & 1023u];
    r->va = va;
    r->pa = xlate(g, va);
    r->ls = s->ls;
    r->size_log2 = s->size_log2;
    r->lat_total = m->tot;
    r->lat_issue = m->iss;
    r->lat_xlat = m->xl;
    r->data_source = m->src;
    r->spe_events = m->ev;
    if (m->tot > 40)
        g->cycle += m->tot >> 2;
    g->idx = idx + 1;
    return 0;
}

static inline int bcond_taken(progen *g, const insn *d, uint32_t idx, uint64_t x, int *mp)
{
    switch (d->beh) {
    case BH_RAND: {
        int t = ((x >> 24) & 255u) < d->arg;
        int likely = d->arg >= 128;
        *mp = t != likely ? ((x >> 32) & 3u) != 0 : ((x >> 32) & 31u) == 0;
        return t;
    }
    case BH_LOOP: {
        uint8_t *c = &g->R->cnt[idx];
        if (*c == 0)
            *c = (uint8_t)(2 + ((((x >> 24) & 255u) * (uint64_t)(d->arg - 1)) >> 8));
        (*c)--;
        int t = *c != 0;
        *mp = t ? ((x >> 32) & 63u) == 0 : ((x >> 32) & 1u) != 0;
        return t;
    }
    case BH_CAUSE: {
        int t = g->cause == d->arg;
        *mp = t && ((x >> 32) & 1u);
        return t;
    }
    case BH_TXFAIL:
        *mp = g->tx_failed;
        return g->tx_failed;
    case BH_NORESCHED:
        *mp = !g->resched;
        return !g->resched;
    case BH_NOVMCHG:
        *mp = 0;
        return !g->vmchg;
    default:
        *mp = 0;
        return 0;
    }
}

static inline uint32_t pick_target(progen *g, const insn *d, uint64_t x, int *mp)
{
    uint32_t n = d->arg, k;
    switch (d->beh) {
    case BH_SYSNO: k = g->sysno; break;
    case BH_JT: k = g->jt; break;
    default: k = (uint32_t)((((x >> 24) & 0xFFFFu) * n) >> 16); break;
    }
    if (k >= n)
        k = n - 1;
    *mp = n > 1 && ((x >> 40) & 3u) == 0;
    return g->R->tbl[d->tgt + k];
}

static const uint8_t delta_tab[8] = {0, 1, 1, 1, 2, 2, 3, 1};

/* Execute the instruction at the current pc into one record. */
static inline __attribute__((always_inline)) void fast_step(progen *g, pe_rec *restrict r)
{
    region *R = g->R;
    uint32_t idx = g->idx;
    const insn *d = &R->ins[idx];
    uint64_t x = harness_rng_next(&g->rg);
    uint64_t pc = va_of(R, idx);
    uint32_t fl = g->tmpl.flags, ev = EV_RETIRED;
    int mp = 0;

    *r = g->tmpl;
    r->pc = pc;
    r->opcode = R->word[idx];
    r->iclass = op_iclass[d->op];
    unsigned dl = delta_tab[x & 7u];
    dl += (dl == 0) & g->prev0;      /* at most two records per cycle */
    g->prev0 = dl == 0;
    uint64_t cyc = g->cycle + dl;
    g->cycle = cyc;
    r->cycle = cyc;
    r->timestamp = g->ts_base + (cyc >> 3);
    uint32_t lt = g->lat_tab[(x >> 3) & 255u];
    r->lat_total = (uint16_t)lt;
    r->lat_issue = (uint16_t)(lt >> 16);

    switch (d->op) {
    case X_SEQ:
    case X_DATA:
        g->idx = idx + 1;
        r->spe_events = ev;
        return;
    case X_LDST:
        do_ldst(g, r, d, idx, x);
        return;
    case X_CSEL:
        fl |= PE_F_COND;
        if (((x >> 24) & 3u) == 0) {
            fl |= PE_F_CCFAIL;
            ev |= EV_NOT_TAKEN;
        }
        g->idx = idx + 1;
        break;
    case X_B:
        fl |= PE_F_TAKEN;
        r->target = va_of(R, d->tgt);
        g->idx = d->tgt;
        break;
    case X_BCOND: {
        int t;
        if (d->beh == BH_RAND) {
            unsigned u = (unsigned)(x >> 24) & 255u;
            int likely = d->arg >= 128, m1 = ((x >> 32) & 3u) != 0,
                m2 = ((x >> 32) & 31u) == 0;
            t = u < d->arg;
            mp = t != likely ? m1 : m2;
        } else {
            t = bcond_taken(g, d, idx, x, &mp);
        }
        uint32_t tgt = d->tgt;
        r->target = va_of(R, tgt);
        g->idx = t ? tgt : idx + 1;
        fl |= PE_F_COND | (t ? PE_F_TAKEN : PE_F_CCFAIL);
        ev |= t ? 0u : EV_NOT_TAKEN;
        break;
    }
    case X_BL: {
        cstack *cs = g->cs;
        fl |= PE_F_TAKEN;
        r->target = va_of(R, d->tgt);
        if (cs->sp < CS_MAX)
            cs->ret[cs->sp++] = idx + 1;
        g->idx = d->tgt;
        /* instruction abort on the callee's first instruction (a code page
         * not mapped yet): more likely for a call into another part */
        if (g->el == 0 && !g->tstate && (g->feat & PROGEN_F_EXCEPTIONS) &&
            ((x >> 44) & ((d->fl & FL_XPART) ? 63u : 1023u)) == 0)
            set_pend_exc(g, PE_EXC_INST_FAULT, d->tgt, d->tgt, 1, vec_off(0, 1, 0),
                         EC_IABT_LO);
        break;
    }
    case X_BR:
    case X_BLR: {
        uint32_t t = pick_target(g, d, x, &mp);
        cstack *cs = g->cs;
        if (d->op == X_BLR && cs->sp < CS_MAX)
            cs->ret[cs->sp++] = idx + 1;
        fl |= PE_F_TAKEN;
        r->target = va_of(R, t);
        g->idx = t;
        /* entering the library (lazily mapped): instruction abort on the
         * target, preferred return address = the target (Table D2.1) */
        if (t >= R->pstart[2] && idx < R->pstart[2] && g->el == 0 && !g->tstate &&
            (g->feat & PROGEN_F_EXCEPTIONS) && ((x >> 44) & 15u) == 0)
            set_pend_exc(g, PE_EXC_INST_FAULT, t, t, 1, vec_off(0, 1, 0), EC_IABT_LO);
        break;
    }
    case X_RET: {
        cstack *cs = g->cs;
        uint32_t t = idx + 1;
        if (cs->sp) {
            mp = cs->sp > 15 || ((x >> 32) & 63u) == 0;
            t = cs->ret[--cs->sp];
        }
        fl |= PE_F_TAKEN;
        r->target = va_of(R, t);
        g->idx = t;
        break;
    }
    case X_ERET: {
        if (!g->nfr) {
            g->idx = idx + 1;
            break;
        }
        frame f = g->fr[--g->nfr];
        fl |= PE_F_TAKEN;
        r->target = va_of(f.R, f.idx);
        mp = ((x >> 32) & 3u) == 0;
        g->R = f.R;
        g->idx = f.idx;
        g->el = f.el;
        g->tmpl.el = f.el;
        g->masked = f.masked;
        g->jt = f.jt;
        g->cs = stack_for(g, f.el);
        if (g->async_pend && !g->masked)
            arm_now(g);
        break;
    }
    case X_ISB:              /* D3.1.4: considered as taken */
        fl |= PE_F_TAKEN;
        r->target = pc + 4;
        g->idx = idx + 1;
        break;
    case X_WFI:
        fl |= PE_F_TAKEN;
        r->target = pc + 4;
        g->cycle += 200 + ((x >> 24) & 0xFFFu);
        g->idx = idx + 1;
        if (!g->masked && (g->feat & PROGEN_F_IRQ)) {  /* woken by an interrupt */
            g->async_pend |= ASYNC_IRQ;
            arm_now(g);
        }
        break;
    case X_WFE:              /* D3.1.4: considered as taken */
        fl |= PE_F_TAKEN;
        r->target = pc + 4;
        g->cycle += 10 + ((x >> 24) & 0x3Fu);
        g->idx = idx + 1;
        break;
    case X_SVC:
        ev |= EV_EXC;
        g->sysno = (uint8_t)(d->tgt < g->nsys ? d->tgt : 0);
        g->idx = idx + 1;
        set_pend_exc(g, PE_EXC_CALL, idx + 1, idx + 1, 1, vec_off(g->el, 1, 0), EC_SVC);
        break;
    case X_HVC:
        ev |= EV_EXC;
        g->idx = idx + 1;
        g->vmchg = (g->feat & PROGEN_F_CONTEXT) && ((x >> 24) & 1u);
        if (g->vmchg) {
            g->new_vmid = 1 + (uint32_t)((x >> 25) & 0xFFu);
            g->new_cid2 = (uint32_t)(x >> 33);
        }
        set_pend_exc(g, PE_EXC_CALL, idx + 1, idx + 1, 2, vec_off(g->el, 2, 0), EC_HVC);
        break;
    case X_BRK:       /* Inst debug: the preferred return address is the BRK
                         itself (Table D2.1), so the BRK does not retire */
        take_exc(g, r, PE_EXC_INST_DEBUG, idx, idx + 1, 1, vec_off(g->el, 1, 0), EC_BRK);
        return;
    case X_UDF:       /* UNDEFINED: Trap, the instruction does not retire */
        take_exc(g, r, PE_EXC_TRAP, idx, idx + 1, 1, vec_off(g->el, 1, 0), EC_UNKNOWN);
        return;
    case X_TSTART:           /* P0, considered as taken (R_LLCQG, D3.1.4) */
        fl |= PE_F_TAKEN;
        r->target = pc + 4;
        g->idx = idx + 1;
        if (!g->tstate) {        /* R_ZYKL, R_BMPK: outer transaction */
            g->tstate = 1;
            g->txdepth = 1;
            g->tx_failed = 0;
            g->tx_restart = idx + 1;
            g->tx_sp = g->cs->sp;
            g->tmpl.flags |= PE_F_TSTATE;
            if (((x >> 24) & 3u) == 0) {
                g->tx_fail_at = g->count + 2 + ((x >> 26) & 31u);
                if (g->tx_fail_at < g->next_ev)
                    g->next_ev = g->tx_fail_at;
            }
        } else if (g->txdepth < 255) {   /* R_ZFWE, R_XKHY */
            g->txdepth++;
        }
        break;
    case X_TCOMMIT:
        g->idx = idx + 1;
        if (g->txdepth > 1) {            /* R_WYQK */
            g->txdepth--;
        } else {                          /* R_DDFV */
            g->tstate = 0;
            g->txdepth = 0;
            g->tmpl.flags = (uint16_t)(g->tmpl.flags & ~PE_F_TSTATE);
            g->tx_fail_at = NEVER;
            if (g->async_pend && !g->masked)
                arm_now(g);
        }
        break;
    case X_TCANCEL:   /* R_LJYW: canceled; the TFAIL record follows */
        g->idx = idx + 1;
        g->pend = PEND_TFAIL;
        g->pend_tfc = TF_CNCL;
        arm_now(g);
        break;
    case X_MSR_CID1: {       /* new context from the next record (R_HXNXF) */
        unsigned old = g->cur, nw = g->next;
        if (g->nfr && g->fr[g->nfr - 1].el == 0 && old != nw) {
            frame *f = &g->fr[g->nfr - 1];
            g->pr[old].resume = f->idx;
            f->R = &g->pr[nw].R;
            f->idx = g->pr[nw].resume;
            g->pr[old].tx_failed = g->tx_failed;
            g->tx_failed = g->pr[nw].tx_failed;
        }
        g->cur = nw;
        g->resched = 0;
        g->tmpl.contextidr_el1 = g->pr[nw].cid1;
        g->idx = idx + 1;
        break;
    }
    case X_MSR_CID2:
        g->tmpl.contextidr_el2 = g->new_cid2;
        g->idx = idx + 1;
        break;
    case X_MSR_VTTBR:
        g->tmpl.vmid = g->new_vmid;
        g->idx = idx + 1;
        break;
    case X_DAIFCLR:
        g->masked = 0;
        g->idx = idx + 1;
        if (g->async_pend)
            arm_now(g);
        break;
    case X_DAIFSET:
        g->masked = 1;
        g->idx = idx + 1;
        break;
    default:
        g->idx = idx + 1;
        break;
    }
    fl |= mp ? PE_F_MISPRED : 0u;
    ev |= mp ? EV_MISPRED : 0u;
    g->cycle += (uint64_t)mp * (8 + ((x >> 56) & 7u));
    r->flags = (uint16_t)fl;
    r->spe_events = ev;
}

/* out-of-line copy for the slow path */
static void step_insn(progen *g, pe_rec *r)
{
    fast_step(g, r);
}

static uint64_t after(progen *g, uint32_t lo, uint32_t hi)
{
    return g->count + rng_range(&g->rg, lo, hi);
}

/* Everything that is not a plain instruction: pending records, reset,
 * transaction failures, asynchronous exceptions, stalls and ext_in. */
static void slow_step(progen *g, pe_rec *r)
{
    uint64_t now = g->count;
    unsigned ext = 0;
    if (now >= g->stall_at) {
        unsigned sh = rng_below(&g->rg, 9);
        g->cycle += (100u << sh) + rng_below(&g->rg, 100u << sh);
        g->stall_at = after(g, 5000, 30000);
    }
    if (now >= g->extin_at) {
        ext = 1 + rng_below(&g->rg, 15);
        g->extin_at = after(g, 300, 3000);
    }
    if (now >= g->async_at) {
        unsigned u = rng_below(&g->rg, 256);
        g->async_pend |= u < 214 ? ASYNC_IRQ : u < 242 ? ASYNC_FIQ : ASYNC_SERR;
        g->async_decided = 0;
        g->async_at = after(g, 800, 6000);
    }
    rearm(g);

    if (g->pend == PEND_EXC) {
        g->pend = PEND_NONE;
        take_exc(g, r, g->pend_type, g->pend_pref, g->pend_ret, g->pend_el, g->pend_voff,
                 g->pend_cause);
    } else if (g->pend == PEND_TFAIL) {
        g->pend = PEND_NONE;
        emit_tfail(g, r, g->pend_tfc);
    } else if (now >= g->reset_at) {
        g->reset_at = after(g, 20000, 150000);
        do_reset(g, r);
    } else if (g->tstate && now >= g->tx_fail_at) {
        static const uint8_t causes[4] = {TF_MEM, TF_MEM, TF_SIZE, TF_IMP};
        emit_tfail(g, r, causes[rng_below(&g->rg, 4)]);
    } else if (g->async_pend && g->tstate && !g->async_decided) {
        /* R_TTSQ / R_CHZK: pend until the transaction ends, or fail it
         * with IMP (R_BFMS) and take it after the TFAIL */
        g->async_decided = 1;
        if (rng_below(&g->rg, 2))
            emit_tfail(g, r, TF_IMP);
        else
            step_insn(g, r);
    } else if (g->async_pend && !g->tstate && !g->masked) {
        unsigned kind, type, bit;
        if (g->async_pend & ASYNC_IRQ) {
            bit = ASYNC_IRQ; kind = 1; type = PE_EXC_IRQ;
        } else if (g->async_pend & ASYNC_FIQ) {
            bit = ASYNC_FIQ; kind = 2; type = PE_EXC_FIQ;
        } else {
            bit = ASYNC_SERR; kind = 3; type = PE_EXC_SERROR;
        }
        g->async_pend = (uint8_t)(g->async_pend & ~bit);
        take_exc(g, r, type, g->idx, g->idx, 1, vec_off(g->el, 1, kind), EC_ASYNC);
    } else {
        step_insn(g, r);
    }
    if (ext)
        r->ext_in = (uint8_t)ext;
}

size_t progen_next(progen *g, pe_rec *buf, size_t n)
{
    if (g->limit) {
        uint64_t left = g->limit - g->count;
        if ((uint64_t)n > left)
            n = (size_t)left;
    }
    for (size_t i = 0; i < n; i++) {
        if (g->count >= g->next_ev)
            slow_step(g, &buf[i]);
        else
            fast_step(g, &buf[i]);
        g->count++;
    }
    return n;
}

uint64_t progen_count(const progen *g)
{
    return g->count;
}

/* ======================================================================
 * Construction
 * ====================================================================== */
void progen_cfg_default(progen_cfg *c, uint64_t seed)
{
    c->seed = seed;
    c->n_records = 20000;
    c->features = PROGEN_F_ALL;
}

static const char *const feat_names[] = {"exceptions", "irq", "context", "txn", "wfx",
                                         "isb", "reset", "events", "ldst"};

const char *progen_feature_name(unsigned bit)
{
    for (unsigned i = 0; i < sizeof feat_names / sizeof feat_names[0]; i++)
        if (bit == 1u << i)
            return feat_names[i];
    return NULL;
}

int progen_parse_features(const char *list, unsigned *features, char *err, size_t errlen)
{
    unsigned f = 0;
    const char *p = list;
    for (int first = 1; *p; first = 0) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *w = p;
        int neg = 0;
        if (len && w[0] == '-') {
            neg = 1;
            w++;
            len--;
        } else if (len > 3 && strncmp(w, "no-", 3) == 0) {
            neg = 1;
            w += 3;
            len -= 3;
        }
        if (first && neg)
            f = PROGEN_F_ALL;
        unsigned bit = 0;
        if (len == 3 && strncmp(w, "all", 3) == 0) {
            bit = PROGEN_F_ALL;
        } else if (len == 4 && strncmp(w, "none", 4) == 0 && !neg) {
            f = 0;
        } else {
            for (unsigned i = 0; i < sizeof feat_names / sizeof feat_names[0]; i++)
                if (strlen(feat_names[i]) == len && strncmp(w, feat_names[i], len) == 0)
                    bit = 1u << i;
            if (!bit) {
                snprintf(err, errlen,
                         "unknown feature '%.*s' at character %zu of the list (known: "
                         "exceptions, irq, context, txn, wfx, isb, reset, events, ldst, "
                         "all, none; prefix - or no- removes)",
                         (int)len, w, (size_t)(w - list));
                return -1;
            }
        }
        if (neg)
            f &= ~bit;
        else
            f |= bit;
        if (!e)
            break;
        p = e + 1;
    }
    *features = f;
    return 0;
}

void progen_free(progen *g)
{
    if (!g)
        return;
    for (unsigned p = 0; p < PROGEN_MAX_PROC; p++)
        region_free(&g->pr[p].R);
    region_free(&g->kern);
    region_free(&g->hyp);
    free(g);
}

/* one image segment per part */
static int add_region(pe_image *img, const region *R)
{
    uint8_t *buf = malloc(R->n ? (size_t)R->n * 4 : 1);
    if (!buf)
        return -1;
    for (uint32_t i = 0; i < R->n; i++) {
        uint32_t w = R->word[i];
        buf[4 * i] = (uint8_t)w;
        buf[4 * i + 1] = (uint8_t)(w >> 8);
        buf[4 * i + 2] = (uint8_t)(w >> 16);
        buf[4 * i + 3] = (uint8_t)(w >> 24);
    }
    int rc = 0;
    for (unsigned p = 0; p < R->npart && !rc; p++) {
        uint32_t lo = R->pstart[p], hi = p + 1 < R->npart ? R->pstart[p + 1] : R->n;
        rc = pe_image_add(img, R->pbase[p], buf + 4 * (size_t)lo, 4ull * (hi - lo));
    }
    free(buf);
    return rc;
}

progen *progen_new(const progen_cfg *c, pe_image *image_out)
{
    if (c->features & ~PROGEN_F_ALL)
        return NULL;
    progen *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->feat = c->features;
    g->limit = c->n_records;

    harness_rng brg;
    harness_rng_init(&brg, c->seed, 0);
    harness_rng_init(&g->rg, c->seed, 1);

    g->nproc = (g->feat & PROGEN_F_CONTEXT) ? rng_range(&brg, 2, PROGEN_MAX_PROC) : 1;
    g->nsys = rng_range(&brg, 5, 8);
    build_kernel(g, &brg);
    build_hyp(g, &brg);
    for (unsigned p = 0; p < g->nproc; p++)
        build_process(g, &brg, p);
    int bad = region_finish(&g->kern) || region_finish(&g->hyp);
    for (unsigned p = 0; p < g->nproc && !bad; p++)
        bad = region_finish(&g->pr[p].R);
    if (bad) {
        progen_free(g);
        return NULL;
    }
    build_lat_tables(g, &brg);

    /* context identifiers: distinct per process */
    for (unsigned p = 0; p < g->nproc; p++) {
        uint32_t v;
        int dup;
        do {
            v = 1 + rng_below(&brg, 0xFFFFu);
            dup = 0;
            for (unsigned q = 0; q < p; q++)
                dup |= g->pr[q].cid1 == v;
        } while (dup);
        g->pr[p].cid1 = v;
        g->pr[p].resume = g->pr[p].entry;
    }

    if (image_out) {
        int rc = add_region(image_out, &g->kern) || add_region(image_out, &g->hyp);
        for (unsigned p = 0; p < g->nproc && !rc; p++)
            rc = add_region(image_out, &g->pr[p].R);
        if (rc) {
            progen_free(g);
            return NULL;
        }
    }

    /* initial state: process 0 running its main at EL0 */
    g->tmpl.isa = PE_ISA_A64;
    g->tmpl.flags = PE_F_NS;
    g->tmpl.kind = PE_KIND_INSN;
    g->tmpl.el = 0;
    if (g->feat & PROGEN_F_CONTEXT) {
        g->tmpl.contextidr_el1 = g->pr[0].cid1;
        g->tmpl.vmid = 1 + rng_below(&brg, 255);
        g->tmpl.contextidr_el2 = (uint32_t)harness_rng_next(&brg);
    }
    g->el = 0;
    g->masked = 0;
    g->cur = g->next = 0;
    g->R = &g->pr[0].R;
    g->idx = g->pr[0].entry;
    g->cs = &g->pr[0].st;
    g->tx_fail_at = NEVER;
    g->cycle = 1000 + rng_below(&brg, 100000);
    g->ts_base = 0x100000000ull + (harness_rng_next(&brg) >> 24);

    g->reset_at = (g->feat & PROGEN_F_RESET) ? after(g, 5000, 80000) : NEVER;
    g->async_at = (g->feat & PROGEN_F_IRQ) ? after(g, 800, 6000) : NEVER;
    g->stall_at = after(g, 5000, 30000);
    g->extin_at = (g->feat & PROGEN_F_EVENTS) ? after(g, 300, 3000) : NEVER;
    rearm(g);
    return g;
}

int progen_generate(const progen_cfg *c, pe_stream *out, char *err, size_t errlen)
{
    pe_stream_init(out);
    if (c->features & ~PROGEN_F_ALL) {
        snprintf(err, errlen, "progen: unknown feature bits 0x%x", c->features & ~PROGEN_F_ALL);
        return -1;
    }
    if (c->n_records > SIZE_MAX / sizeof(pe_rec)) {
        snprintf(err, errlen, "progen: %llu records do not fit in memory",
                 (unsigned long long)c->n_records);
        return -1;
    }
    progen *g = progen_new(c, &out->image);
    if (!g) {
        pe_stream_free(out);
        snprintf(err, errlen, "progen: out of memory building the program image");
        return -1;
    }
    size_t n = (size_t)c->n_records;
    out->rec = malloc(n ? n * sizeof(pe_rec) : 1);
    if (!out->rec) {
        progen_free(g);
        pe_stream_free(out);
        snprintf(err, errlen, "progen: out of memory for %zu records", n);
        return -1;
    }
    out->cap = n;
    out->nrec = progen_next(g, out->rec, n);
    out->seed = c->seed;
    progen_free(g);
    return 0;
}
