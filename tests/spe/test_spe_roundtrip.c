/* SPE round trip on random programs (tb/common/progen.h) and on the
 * captured real workloads (build/workloads/<name>.pe, docs/workloads.md):
 * PE stream -> SPE model -> Profiling Buffer -> sw/spe decoder, and every
 * decoded record compared with the PE record of the operation it sampled.
 *
 * The expected values are written here from the SPE supplement
 * (../shared/spec/spe-supplement-armv8.md), not taken from the model:
 *  - population: StatisticalProfilingEnabled() and ProfilingBufferOwner()
 *    (3.2.3, 3.4.6), operations are A64 instruction records (2.2, 2.1.1);
 *  - sample positions: the interval counter rules of 3.1.1 and 3.1.2,
 *    counted in population members: INTERVAL x 256 + 1 apart with RND = 0,
 *    + 0..255 with RND (ERnd 0), 0..255 after each primary expiry (ERnd 1).
 *    Where profiling becomes enabled again while PMSICR_EL1 reads zero, 3.1.1
 *    loads it with an initial value and the count starts over (the model's
 *    counter rests at zero for one member before its selection, docs/
 *    spe-model.md 2.3, so a disable at that moment drops that selection);
 *    the register is read there to know;
 *  - filtering: CollectRecord() (3.2.2, 3.2.3), the type classes of Table 4;
 *  - content: the collection controls of 3.3.1 and the packet payloads of
 *    chapter 5 (5.3.1 addresses with EL/NS and TAG, 5.3.3 contexts, 5.3.4
 *    12-bit saturating counters, 5.3.5 data source, 5.3.7 events, 5.3.8
 *    operation type, 5.3.10 timestamp or 5.3.6 End).
 * Which operation the model sampled comes from its counters (SAMPLE_FEED,
 * SAMPLE_FILTRATE, the filtered and written counts of spe_model_status):
 * samples complete oldest first, so a FIFO of the sampled stream indices
 * names the operation of every record; the decoded PC, timestamp and the
 * other fields then have to match that operation exactly.
 *
 * Half of the random programs get SPE fields beyond the generator's range
 * (latencies that saturate, tagged data addresses, halfword data sources).
 *
 * The Profiling Buffer is serviced as the buffer-full interrupt handler
 * does (3.5.2): decode [base, PMBPTR_EL1), rewind, clear PMBSR_EL1.  Packet
 * types, header forms and records per filter mode are counted; a zero
 * fails. */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pe_stream.h"
#include "check_util.h"
#include "harness.h"
#include "progen.h"
#include "spe_dec.h"
#include "spe_model.h"
#include "spe_pkt.h"
#include "spe_regs.h"

#define RT_SEEDS        24u
#define RT_RAND_RECORDS 30000u
#define RT_WL_RECORDS   600000u     /* records of each workload fed (the start) */
#define RT_BASE         UINT64_C(0x80000000)

/* ---- configurations ------------------------------------------------------ */
typedef struct rt_cfg {
    const char *name;
    /* spe_params */
    unsigned align, align_cmd, ext_headers, lds, have_tme, ernd, inflight;
    /* PE controls */
    unsigned e2pb, tbi0, tbi1;
    uint64_t cntvoff;
    /* registers */
    uint64_t pmscr1, pmscr2, pmsirr, pmsfcr, pmsevfr, pmslatfr;
    uint64_t buf_size;
} rt_cfg;

#define E01     (PMSCR_EL1_E0SPE | PMSCR_EL1_E1SPE)
#define IRR1    (UINT64_C(1) << 8)            /* INTERVAL = 1: 257 operations */
#define MB      (UINT64_C(1) << 20)

static const rt_cfg cfgs[] = {
    /* every collection control on, Non-secure EL1 owner, virtual time */
    { "plain", 0, 0, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_CX | PMSCR_EL1_PA | PMSCR_EL1_TS, PMSCR_EL2_CX | PMSCR_EL2_PA,
      IRR1, 0, 0, 0, MB },
    /* physical time (both PCT bits), no physical address (PMSCR_EL2.PA 0),
     * CONTEXTIDR_EL2 only, extended headers, TBI for both halves, RND */
    { "pct-ext-tbi", 0, 0, 1, 1, 1, 0, 1, 3, 1, 1, UINT64_C(0x123456789),
      E01 | PMSCR_EL1_TS | PMSCR_EL1_PCT | PMSCR_EL1_PA, PMSCR_EL2_CX | PMSCR_EL2_PCT,
      IRR1 | PMSIRR_EL1_RND, 0, 0, 0, MB },
    /* buffer owned by EL2 (MDCR_EL2.E2PB 0b00): EL2 sampled by E2SPE, time,
     * PA and PCT from PMSCR_EL2; RND with the secondary counter (ERnd) */
    { "owner-el2", 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, UINT64_C(0x1000),
      E01 | PMSCR_EL1_CX, PMSCR_EL2_E2SPE | PMSCR_EL2_TS | PMSCR_EL2_PA | PMSCR_EL2_PCT,
      IRR1 | PMSIRR_EL1_RND, 0, 0, 0, MB },
    /* FT: branches; 16-byte record alignment with Padding; no LDS, no TME */
    { "ft-b", 4, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS, 0, IRR1, PMSFCR_EL1_FT | PMSFCR_EL1_B, 0, 0, MB },
    /* FT: loads; 32-byte alignment with the Alignment command */
    { "ft-ld", 5, 1, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_PA, PMSCR_EL2_PA, IRR1, PMSFCR_EL1_FT | PMSFCR_EL1_LD, 0, 0, MB },
    /* FT: stores; a sample stays in flight for three records */
    { "ft-st", 0, 0, 0, 1, 1, 0, 3, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS | PMSCR_EL1_CX, 0, IRR1, PMSFCR_EL1_FT | PMSFCR_EL1_ST, 0, 0, MB },
    /* FT loads or branches AND FL */
    { "ft-bld-fl", 0, 0, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS, 0, IRR1,
      PMSFCR_EL1_FT | PMSFCR_EL1_B | PMSFCR_EL1_LD | PMSFCR_EL1_FL, 0, 8, MB },
    /* FE: L1D refill (E[3]) */
    { "fe-refill", 0, 0, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS, 0, IRR1, PMSFCR_EL1_FE, PMSEVFR_EL1_E3, 0, MB },
    /* FE: TLB walk (E[5]) AND FT loads or stores, RND with ERnd */
    { "fe-walk-ldst", 0, 0, 0, 1, 1, 1, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS | PMSCR_EL1_CX, 0, IRR1 | PMSIRR_EL1_RND,
      PMSFCR_EL1_FE | PMSFCR_EL1_FT | PMSFCR_EL1_LD | PMSFCR_EL1_ST, PMSEVFR_EL1_E5, 0, MB },
    /* FE mispredicted (E[7]) AND FT store or branch */
    { "fe-mispred", 0, 0, 1, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS, 0, IRR1 | PMSIRR_EL1_RND,
      PMSFCR_EL1_FE | PMSFCR_EL1_FT | PMSFCR_EL1_B | PMSFCR_EL1_ST, PMSEVFR_EL1_E7, 0, MB },
    /* FE Transactional (E[16], FEAT_TME) */
    { "fe-txn", 0, 0, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_TS, 0, IRR1, PMSFCR_EL1_FE, PMSEVFR_EL1_E16, 0, MB },
    /* FL: total latency at least 20 */
    { "fl-20", 0, 0, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_CX | PMSCR_EL1_TS, 0, IRR1, PMSFCR_EL1_FL, 0, 20, MB },
    /* a 4 KB buffer and 64-byte records: a buffer-full event every 62 */
    { "small-buffer", 6, 0, 0, 1, 1, 0, 1, 3, 0, 0, 0,
      E01 | PMSCR_EL1_CX | PMSCR_EL1_PA | PMSCR_EL1_TS, PMSCR_EL2_CX | PMSCR_EL2_PA,
      IRR1, 0, 0, 0, 4096 },
};
#define NCFG ((unsigned)(sizeof cfgs / sizeof cfgs[0]))

/* ---- counts ------------------------------------------------------------- */
typedef struct cfg_counts {
    uint64_t members, sampled, recorded, rejected, discarded, reset_lost, buffer_full;
} cfg_counts;

typedef struct pkt_counts {
    uint64_t type[SPE_PKT_TYPE_COUNT];
    uint64_t addr[4], addr_ext;
    uint64_t cnt[3], cnt_ext, cnt_short;
    uint64_t ctx[2];
    uint64_t op[3];
    uint64_t ev_len[9];
    uint64_t ds_len[3];
    uint64_t bad;
    uint64_t lat_sat, va_tag;
} pkt_counts;

typedef struct totals {
    cfg_counts c[NCFG];
    pkt_counts p;
    uint64_t records_compared, streams, fed;
} totals;

static totals g_tot;

/* ---- the expectation, from the supplement -------------------------------- */

#define ADDR56 UINT64_C(0x00FFFFFFFFFFFFFF)

/* 3.4.6 ProfilingBufferOwner(): EL3 and EL2 implemented, MDCR_EL3.NSPB =
 * 0b11 (Non-secure owner). */
static unsigned owner_el(const rt_cfg *c)
{
    return c->e2pb == 0 ? 2u : 1u;
}

/* 3.2.3 StatisticalProfilingEnabled() with PMBLIMITR_EL1.E = 1 and
 * PMBSR_EL1.S = 0 (the test keeps the buffer enabled), HCR_EL2.TGE = 0. */
static int member(const rt_cfg *c, const pe_rec *r)
{
    if (r->kind != PE_KIND_INSN)
        return 0;                     /* 2.2: operations are instructions */
    if (r->isa != PE_ISA_A64)
        return 0;                     /* 2.1.1: UsingAArch32() */
    if (!(r->flags & PE_F_NS))
        return 0;                     /* SCR_EL3.NS differs from the owner's */
    if (r->el == 3 || r->el > owner_el(c))
        return 0;                     /* 2.4, UInt(el) < UInt(PSTATE.EL) */
    switch (r->el) {
    case 2:  return (c->pmscr2 & PMSCR_EL2_E2SPE) != 0;
    case 1:  return (c->pmscr1 & PMSCR_EL1_E1SPE) != 0;
    default: return (c->pmscr1 & PMSCR_EL1_E0SPE) != 0;   /* not in host */
    }
}

static int is_branch_op(const pe_rec *r)
{
    switch (r->iclass) {
    case PE_IC_B: case PE_IC_BCOND: case PE_IC_BL: case PE_IC_BR: case PE_IC_BLR:
    case PE_IC_RET: case PE_IC_ERET:
        return 1;                     /* 2.3.1: exception returns are branches */
    default:
        return 0;
    }
}

static unsigned ls_of(const pe_rec *r)
{
    unsigned k = r->ls & PE_LS_MASK;
    return k <= PE_LS_ACQREL ? k : PE_LS_NONE;
}

/* 3.2.2: LD collects loads "including atomic operations that return a
 * value to a register"; the exclusive and acquire loads return data too. */
static int op_load(const pe_rec *r)
{
    unsigned k = ls_of(r);
    if (k == PE_LS_LOAD)
        return 1;
    return (k == PE_LS_ATOMIC || k == PE_LS_EXCL || k == PE_LS_ACQREL) &&
           !(r->ls & PE_LS_STORE_F);
}

/* 3.2.2: ST collects stores "including all atomic operations". */
static int op_store(const pe_rec *r)
{
    unsigned k = ls_of(r);
    if (k == PE_LS_STORE || k == PE_LS_ATOMIC)
        return 1;
    return (k == PE_LS_EXCL || k == PE_LS_ACQREL) && (r->ls & PE_LS_STORE_F);
}

static uint64_t events_of(const rt_cfg *c, const pe_rec *r)
{
    /* 5.3.7 E[10:0]; E[16] Transactional state (TME supplement R_GJXT) */
    uint64_t e = r->spe_events & 0x7FFu;
    if (c->have_tme && (r->flags & PE_F_TSTATE))
        e |= UINT64_C(1) << 16;
    return e;
}

static unsigned sat12(unsigned v)
{
    return v > 0xFFFu ? 0xFFFu : v;   /* 5.3.4: 12-bit saturating */
}

/* 3.2.3 CollectRecord().  PMSEVFR_EL1 is never zero (E[1] is RES1) and
 * the configurations never set FT with B = LD = ST = 0 nor FL with
 * MINLAT = 0, so no CONSTRAINED UNPREDICTABLE case arises. */
static int collect_record(const rt_cfg *c, const pe_rec *r)
{
    if (c->pmsfcr & PMSFCR_EL1_FE) {
        uint64_t m = c->pmsevfr | PMSEVFR_EL1_E1;
        if (!c->have_tme)
            m &= ~PMSEVFR_EL1_E16;
        if (~events_of(c, r) & m)
            return 0;
    }
    if (c->pmsfcr & PMSFCR_EL1_FT) {
        int ldst = ls_of(r) != PE_LS_NONE;
        int ok = ((c->pmsfcr & PMSFCR_EL1_B) && !ldst && is_branch_op(r)) ||
                 ((c->pmsfcr & PMSFCR_EL1_LD) && op_load(r)) ||
                 ((c->pmsfcr & PMSFCR_EL1_ST) && op_store(r));
        if (!ok)
            return 0;
    }
    if (c->pmsfcr & PMSFCR_EL1_FL) {
        if (r->lat_total < (c->pmslatfr & 0xFFFu))
            return 0;
    }
    return 1;
}

/* 5.3.1: instruction address payload: ADDR[55:0], EL [62:61], NS [63]. */
static uint64_t insn_addr(uint64_t va, unsigned el, unsigned ns)
{
    return (va & ADDR56) | ((uint64_t)(el & 3u) << 61) | ((uint64_t)(ns & 1u) << 63);
}

/* One record to check: the sampled stream index and the context of the
 * record after it (an exception return's target, 2.3.1, 5.3.1). */
typedef struct expect_rec {
    size_t idx;
    unsigned tgt_el, tgt_ns;
} expect_rec;

typedef struct run {
    const rt_cfg *c;
    const pe_rec *rec;
    size_t nrec;
    const char *what;
    cfg_counts *cc;
    cu_fails *f;
    spe_model *m;
    uint64_t limit;
    uint8_t *mem;
    uint64_t next_wr;
    /* samples in flight, oldest first */
    size_t fifo[32];
    unsigned fhead, fcount;
    /* records written since the last service */
    expect_rec *exp;
    size_t nexp, capexp;
    /* interval checks (3.1.2) */
    uint64_t members, last_sample_member, ref, since_ref;
    int was_enabled;
    uint64_t maxrec, services;
    spe_status prev;
} run;

static void push_expect(run *R, expect_rec e)
{
    if (R->nexp == R->capexp) {
        R->capexp = R->capexp ? 2 * R->capexp : 256;
        R->exp = realloc(R->exp, R->capexp * sizeof *R->exp);
        ck_assert_ptr_nonnull(R->exp);
    }
    R->exp[R->nexp++] = e;
}

static void count_packet(void *ctx, uint64_t off, const uint8_t *b, size_t n, const spe_pkt *p)
{
    pkt_counts *c = ctx;
    (void)off;
    (void)b;
    (void)n;
    if (!p) {
        c->bad++;
        return;
    }
    c->type[p->type]++;
    switch (p->type) {
    case SPE_PKT_ADDRESS:
        if (p->index < 4)
            c->addr[p->index]++;
        if (p->index == SPE_ADDR_VA && (p->payload >> 56) != 0)
            c->va_tag++;
        if (p->hdr_len == 2)
            c->addr_ext++;
        break;
    case SPE_PKT_COUNTER:
        if (p->index < 3)
            c->cnt[p->index]++;
        if (p->payload == SPE_CNT_SATURATED)
            c->lat_sat++;
        if (p->hdr_len == 2)
            c->cnt_ext++;
        else
            c->cnt_short++;
        break;
    case SPE_PKT_CONTEXT:
        if (p->index < 2)
            c->ctx[p->index]++;
        break;
    case SPE_PKT_OP_TYPE:
        if (p->index < 3)
            c->op[p->index]++;
        break;
    case SPE_PKT_EVENTS:
        c->ev_len[p->payload_len & 15u ? p->payload_len : 0]++;
        break;
    case SPE_PKT_DATA_SOURCE:
        if (p->payload_len <= 2)
            c->ds_len[p->payload_len]++;
        break;
    default:
        break;
    }
}

/* Every field of a decoded record against the PE record it sampled. */
static void check_record(run *R, const spe_record *d, const expect_rec *e)
{
    const rt_cfg *c = R->c;
    const pe_rec *r = &R->rec[e->idx];
    cu_fails *f = R->f;
    unsigned ns = (r->flags & PE_F_NS) ? 1u : 0u;
    uint32_t want = SPE_REC_ADDR(SPE_ADDR_PC) | SPE_REC_OP | SPE_REC_EVENTS |
                    SPE_REC_LAT(SPE_CNT_TOTAL) | SPE_REC_LAT(SPE_CNT_ISSUE);
    char where[160];
    snprintf(where, sizeof where, "%s, %s, record %zu at buffer offset %" PRIu64,
             R->what, c->name, e->idx, d->offset);

    CU_EXPECT(f, d->ignored == 0 && d->impdef == 0 && d->repeated == 0,
           "%s: %u ignored, %u IMPLEMENTATION DEFINED, %u repeated packets", where,
           d->ignored, d->impdef, d->repeated);
    /* Address INDEX 0: PC with the EL and Security state it executed in */
    CU_EXPECT(f, d->addr[SPE_ADDR_PC] == insn_addr(r->pc, r->el, ns),
           "%s: PC payload %016" PRIx64 ", pc %016" PRIx64 " el%u ns%u", where,
           d->addr[SPE_ADDR_PC], r->pc, r->el, ns);

    /* 3.3.1 CollectContextIDR1/2 (HCR_EL2.TGE = 0) */
    if ((c->pmscr1 & PMSCR_EL1_CX) && r->el != 2) {
        want |= SPE_REC_CTX(SPE_CTX_EL1);
        CU_EXPECT(f, d->ctx[SPE_CTX_EL1] == r->contextidr_el1,
               "%s: CONTEXTIDR_EL1 %08" PRIx32 ", want %08" PRIx32, where,
               d->ctx[SPE_CTX_EL1], r->contextidr_el1);
    }
    if ((c->pmscr2 & PMSCR_EL2_CX) && ns) {
        want |= SPE_REC_CTX(SPE_CTX_EL2);
        CU_EXPECT(f, d->ctx[SPE_CTX_EL2] == r->contextidr_el2,
               "%s: CONTEXTIDR_EL2 %08" PRIx32 ", want %08" PRIx32, where,
               d->ctx[SPE_CTX_EL2], r->contextidr_el2);
    }

    /* 5.3.8 Operation Type */
    unsigned k = ls_of(r), cls, sub;
    if (k != PE_LS_NONE) {
        cls = SPE_OP_CLASS_LDST;
        int st = op_load(r) ? 0 : 1;
        if (k == PE_LS_ATOMIC)
            sub = SPE_OP_LDST_EXT | SPE_OP_LDST_AT;
        else if (k == PE_LS_EXCL)
            sub = SPE_OP_LDST_EXT | SPE_OP_LDST_EXCL;
        else if (k == PE_LS_ACQREL)
            sub = SPE_OP_LDST_EXT | SPE_OP_LDST_AR;
        else
            sub = (r->ls & (PE_LS_SIMDFP | PE_LS_SVE)) ? SPE_OP_LDST_SUB_SIMD_FP
                                                       : SPE_OP_LDST_SUB_GP;
        sub |= st ? SPE_OP_LDST_ST : 0u;
    } else if (is_branch_op(r)) {
        cls = SPE_OP_CLASS_BRANCH;
        sub = 0;
        if (r->iclass == PE_IC_BCOND || (r->flags & PE_F_COND))
            sub |= SPE_OP_BR_COND;
        if (r->iclass == PE_IC_BR || r->iclass == PE_IC_BLR || r->iclass == PE_IC_RET ||
            r->iclass == PE_IC_ERET)
            sub |= SPE_OP_BR_IND;
    } else {
        cls = SPE_OP_CLASS_OTHER;
        sub = (r->flags & PE_F_COND) ? SPE_OP_OTHER_COND : 0u;
    }
    CU_EXPECT(f, d->op_class == cls && d->op_sub == sub,
           "%s: operation type %u/0x%02x, want %u/0x%02x (iclass %u ls 0x%02x flags 0x%x)",
           where, d->op_class, d->op_sub, cls, sub, r->iclass, r->ls, r->flags);

    /* Address INDEX 1: branch target with the target's EL and Security
     * state; a not-taken conditional branch carries its encoded target */
    if (cls == SPE_OP_CLASS_BRANCH) {
        want |= SPE_REC_ADDR(SPE_ADDR_TGT);
        uint64_t t = insn_addr(r->target, e->tgt_el, e->tgt_ns);
        CU_EXPECT(f, d->addr[SPE_ADDR_TGT] == t, "%s: target payload %016" PRIx64 ", want %016"
               PRIx64, where, d->addr[SPE_ADDR_TGT], t);
    }
    /* Address INDEX 2, 3: data VA with the tag when TBI applies (2.3.2),
     * PA with NS when CollectPhysicalAddress() */
    if (cls == SPE_OP_CLASS_LDST) {
        want |= SPE_REC_ADDR(SPE_ADDR_VA) | SPE_REC_LAT(SPE_CNT_XLAT);
        int tbi = (r->va >> 55) & 1u ? (int)c->tbi1 : (int)c->tbi0;
        uint64_t va = (r->va & ADDR56) | (tbi ? (r->va & ~ADDR56) : 0u);
        CU_EXPECT(f, d->addr[SPE_ADDR_VA] == va, "%s: VA payload %016" PRIx64 ", want %016" PRIx64,
               where, d->addr[SPE_ADDR_VA], va);
        int pa_on = owner_el(c) == 2 ? (c->pmscr2 & PMSCR_EL2_PA) != 0
                                     : (c->pmscr2 & PMSCR_EL2_PA) && (c->pmscr1 & PMSCR_EL1_PA);
        if (pa_on) {
            want |= SPE_REC_ADDR(SPE_ADDR_PA);
            uint64_t pa = (r->pa & ADDR56) | ((uint64_t)ns << 63);
            CU_EXPECT(f, d->addr[SPE_ADDR_PA] == pa, "%s: PA payload %016" PRIx64 ", want %016"
                   PRIx64, where, d->addr[SPE_ADDR_PA], pa);
        }
        CU_EXPECT(f, d->lat[SPE_CNT_XLAT] == sat12(r->lat_xlat),
               "%s: translation latency %u, want %u", where, d->lat[SPE_CNT_XLAT],
               sat12(r->lat_xlat));
    }
    CU_EXPECT(f, d->lat[SPE_CNT_TOTAL] == sat12(r->lat_total) &&
              d->lat[SPE_CNT_ISSUE] == sat12(r->lat_issue),
           "%s: latencies %u/%u, want %u/%u", where, d->lat[SPE_CNT_TOTAL],
           d->lat[SPE_CNT_ISSUE], sat12(r->lat_total), sat12(r->lat_issue));

    /* 5.3.7: the events, in the smallest payload that holds them */
    uint64_t ev = events_of(c, r);
    unsigned evlen = ev >> 32 ? 8u : ev >> 16 ? 4u : ev >> 8 ? 2u : 1u;
    CU_EXPECT(f, d->events == ev && d->events_len == evlen,
           "%s: events %" PRIx64 " (%u bytes), want %" PRIx64 " (%u bytes)", where, d->events,
           d->events_len, ev, evlen);

    /* 5.3.5: data source for operations that return data, with LDS */
    if (c->lds && cls == SPE_OP_CLASS_LDST && op_load(r)) {
        want |= SPE_REC_DS;
        CU_EXPECT(f, d->data_source == r->data_source, "%s: data source %u, want %u", where,
               d->data_source, r->data_source);
    }

    /* 3.3.1 CollectTimeStamp(): TS of the owning EL's PMSCR; physical when
     * PMSCR_EL2.PCT and (owner EL2 or PMSCR_EL1.PCT) */
    int ts_on = owner_el(c) == 2 ? (c->pmscr2 & PMSCR_EL2_TS) != 0
                                 : (c->pmscr1 & PMSCR_EL1_TS) != 0;
    if (ts_on) {
        want |= SPE_REC_TS;
        int pct = (c->pmscr2 & PMSCR_EL2_PCT) &&
                  (owner_el(c) == 2 || (c->pmscr1 & PMSCR_EL1_PCT));
        uint64_t ts = r->timestamp + (pct ? c->cntvoff : 0u);   /* CNTPCT = CNTVCT + CNTVOFF */
        CU_EXPECT(f, d->ts == ts, "%s: timestamp %" PRIu64 ", want %" PRIu64, where, d->ts, ts);
    }
    CU_EXPECT(f, d->present == want, "%s: packets present %04" PRIx32 ", want %04" PRIx32, where,
           d->present, want);
}

/* Decode [base, PMBPTR_EL1) and compare with the records written. */
static void decode_buffer(run *R, size_t len)
{
    spe_dec d;
    spe_record rec;
    size_t k = 0;
    spe_dec_init(&d, R->mem, len, 0);
    spe_dec_set_hook(&d, count_packet, &g_tot.p);
    for (;;) {
        int rc = spe_dec_next(&d, &rec);
        if (rc == SPE_DEC_EOF)
            break;
        if (rc == SPE_DEC_ERROR) {
            cu_fail_note(R->f, "%s, %s: decoder error at offset %" PRIu64 ": %s", R->what,
                      R->c->name, d.err_off, d.err);
            continue;
        }
        if (k >= R->nexp) {
            cu_fail_note(R->f, "%s, %s: record at offset %" PRIu64 " beyond the %zu written",
                      R->what, R->c->name, rec.offset, R->nexp);
            continue;
        }
        check_record(R, &rec, &R->exp[k++]);
        g_tot.records_compared++;
        R->cc->recorded++;
    }
    CU_EXPECT(R->f, k == R->nexp, "%s, %s: %zu records decoded, %zu written", R->what,
           R->c->name, k, R->nexp);
    R->nexp = 0;
}

static void apply_writes(run *R)
{
    const spe_write *w;
    size_t n = spe_model_drain(R->m, &w);
    for (size_t i = 0; i < n; i++) {
        CU_EXPECT(R->f, w[i].addr == R->next_wr && w[i].addr + w[i].len <= R->limit,
               "%s, %s: write of %zu bytes at %" PRIx64 ", expected at %" PRIx64
               " below %" PRIx64, R->what, R->c->name, w[i].len, w[i].addr, R->next_wr,
               R->limit);
        if (w[i].addr < RT_BASE || w[i].addr + w[i].len > R->limit)
            continue;
        memcpy(R->mem + (w[i].addr - RT_BASE), w[i].data, w[i].len);
        R->next_wr = w[i].addr + w[i].len;
    }
}

/* Samples that completed since the last call: the model's counters say how
 * many were filtered, written and discarded; the oldest in flight went
 * first (2.2.1 step 6). */
static void completions(run *R, const spe_status *st, size_t nfed)
{
    uint64_t nfilt = st->c.filtered_out - R->prev.c.filtered_out;
    uint64_t npass = st->c.sample_filtrate - R->prev.c.sample_filtrate;
    uint64_t nwr = st->c.written - R->prev.c.written;
    uint64_t ndis = st->c.discarded - R->prev.c.discarded;
    CU_EXPECT(R->f, nfilt + npass <= R->fcount, "%s, %s: %" PRIu64 " samples completed, %u in "
           "flight", R->what, R->c->name, nfilt + npass, R->fcount);
    CU_EXPECT(R->f, nwr + ndis == npass, "%s, %s: %" PRIu64 " passed, %" PRIu64 " written, %"
           PRIu64 " discarded", R->what, R->c->name, npass, nwr, ndis);
    uint64_t n = nfilt + npass, rejected = 0, passed = 0;
    for (uint64_t j = 0; j < n && R->fcount; j++) {
        size_t idx = R->fifo[R->fhead];
        R->fhead = (R->fhead + 1) % 32u;
        R->fcount--;
        const pe_rec *r = &R->rec[idx];
        if (!collect_record(R->c, r)) {
            rejected++;
            continue;
        }
        /* the records that pass are written until the buffer stops */
        if (passed++ < nwr) {
            expect_rec e = { idx, r->el, (r->flags & PE_F_NS) ? 1u : 0u };
            if (r->iclass == PE_IC_ERET && idx + 1 < nfed) {
                /* the Exception level returned to: the next record's
                 * (an exception's: the level it was taken from) */
                const pe_rec *x = &R->rec[idx + 1];
                e.tgt_el = x->kind == PE_KIND_EXC ? x->from_el : x->el;
                e.tgt_ns = (x->flags & PE_F_NS) ? 1u : 0u;
            }
            push_expect(R, e);
        }
    }
    CU_EXPECT(R->f, rejected == nfilt, "%s, %s: %" PRIu64 " samples filtered out, CollectRecord "
           "rejects %" PRIu64, R->what, R->c->name, nfilt, rejected);
    R->cc->rejected += rejected;
    R->cc->discarded += ndis;
}

/* 3.1.2: positions of the samples among the population members, counted
 * from ref: the start, the previous sample, or a 3.1.1 load of PMSICR_EL1
 * (profiling enabled again while it held zero). */
static void check_interval(run *R, size_t idx)
{
    uint64_t irr = R->c->pmsirr;
    uint64_t iv = (irr >> 8) & 0xFFFFFFu;         /* INTERVAL */
    uint64_t n = iv * 256u + 1u;                  /* RND = 0: INTERVAL x 256 + 1 */
    uint64_t k = ++R->since_ref, m = R->members, d = m - R->ref;
    int ok;
    if (!(irr & PMSIRR_EL1_RND)) {
        /* n apart; after a load, the member that finds the counter at zero
         * or the one before it (2.2.1: either choice) */
        ok = k == 1 ? (d == n || d == n - 1) : m - R->last_sample_member == n;
    } else if (!R->c->ernd) {
        /* COUNT[7:0] random on every load: n + 0..255 apart */
        ok = k == 1 ? (d + 1 >= n && d <= n + 255)
                    : (m - R->last_sample_member >= n && m - R->last_sample_member <= n + 255);
    } else {
        /* the secondary counter: 0..255 members after each primary expiry */
        ok = d + 1 >= k * n && d <= k * n + 255;
    }
    CU_EXPECT(R->f, ok, "%s, %s: sample %" PRIu64 " after the interval start (record %zu) is "
           "population member %" PRIu64 ", start %" PRIu64 ", previous sample member %" PRIu64
           " (interval %" PRIu64 ")", R->what, R->c->name, k, idx, m, R->ref,
           R->last_sample_member, n);
    R->last_sample_member = m;
    if (irr & PMSIRR_EL1_RND && !R->c->ernd) {
        R->ref = m;                               /* each sample reloads with a new draw */
        R->since_ref = 0;
    }
}

static void set_reg(run *R, unsigned enc, uint64_t v)
{
    CU_EXPECT(R->f, spe_model_write_reg(R->m, enc, v) == 0, "%s: write of %s refused", R->what,
           spe_reg_name(enc));
}

/* Feed rec[0..n) to a model configured by c and check everything. */
static void run_stream(const rt_cfg *c, cfg_counts *cc, const pe_rec *rec, size_t n,
                       const char *what, cu_fails *f, uint8_t *mem)
{
    run R;
    memset(&R, 0, sizeof R);
    R.c = c;
    R.rec = rec;
    R.nrec = n;
    R.what = what;
    R.cc = cc;
    R.f = f;
    R.mem = mem;

    spe_params p;
    spe_params_default(&p);
    p.align = c->align;
    p.align_cmd = c->align_cmd;
    p.ext_headers = c->ext_headers;
    p.lds = c->lds;
    p.have_tme = c->have_tme;
    p.ernd = c->ernd;
    p.inflight_records = c->inflight;
    p.max_inflight = 1;
    char err[200];
    R.m = spe_model_new(&p, err, sizeof err);
    ck_assert_msg(R.m != NULL, "%s", err);
    spe_pe_ctl ctl;
    spe_pe_ctl_default(&ctl);
    ctl.have_el2 = 1;
    ctl.have_el3 = 1;
    ctl.nspb = 3;
    ctl.e2pb = c->e2pb;
    ctl.tge = 0;
    ctl.tbi0 = c->tbi0;
    ctl.tbi1 = c->tbi1;
    ctl.cntvoff = c->cntvoff;
    spe_model_set_pe_ctl(R.m, &ctl);

    R.limit = RT_BASE + c->buf_size;
    R.maxrec = UINT64_C(1) << p.max_size;      /* PMSIDR_EL1.MaxSize */
    set_reg(&R, PMSCR_EL1_ENC, c->pmscr1);
    set_reg(&R, PMSCR_EL2_ENC, c->pmscr2);
    set_reg(&R, PMSIRR_EL1_ENC, c->pmsirr);
    set_reg(&R, PMSICR_EL1_ENC, 0);
    set_reg(&R, PMSFCR_EL1_ENC, c->pmsfcr);
    set_reg(&R, PMSEVFR_EL1_ENC, c->pmsevfr);
    set_reg(&R, PMSLATFR_EL1_ENC, c->pmslatfr);
    set_reg(&R, PMBPTR_EL1_ENC, RT_BASE);
    set_reg(&R, PMBSR_EL1_ENC, 0);
    set_reg(&R, PMBLIMITR_EL1_ENC, R.limit | PMBLIMITR_EL1_E);
    R.next_wr = RT_BASE;
    spe_model_status(R.m, &R.prev);

    for (size_t i = 0; i < n && f->n < CU_FAILS_KEEP; i++) {
        const pe_rec *r = &rec[i];
        if (r->kind == PE_KIND_INSN && !R.was_enabled && member(c, r)) {
            /* 3.1.1: moving to enabled with PMSICR_EL1 zero loads it */
            uint64_t icr = 1;
            CU_EXPECT(f, spe_model_read_reg(R.m, PMSICR_EL1_ENC, &icr) == 0, "PMSICR_EL1 read");
            if (icr == 0) {
                R.ref = R.members;
                R.since_ref = 0;
            }
        }
        spe_model_feed(R.m, r);
        apply_writes(&R);
        spe_status st;
        spe_model_status(R.m, &st);
        if (r->kind == PE_KIND_RESET) {
            /* a Warm reset loses the samples in flight and clears
             * PMBLIMITR_EL1.E (4.2 Table 8); boot code enables it again */
            CU_EXPECT(f, st.c.filtered_out == R.prev.c.filtered_out &&
                      st.c.sample_filtrate == R.prev.c.sample_filtrate,
                   "%s, %s: a sample completed at the reset record %zu", what, c->name, i);
            cc->reset_lost += R.fcount;
            R.fcount = 0;
            set_reg(&R, PMBLIMITR_EL1_ENC, R.limit | PMBLIMITR_EL1_E);
        } else {
            completions(&R, &st, i + 1);
        }
        /* population and selection */
        uint64_t dpop = st.c.sample_pop - R.prev.c.sample_pop;
        uint64_t dfeed = st.c.sample_feed - R.prev.c.sample_feed;
        int s_now = (st.pmbsr & PMBSR_EL1_S) != 0;
        int is_member = member(c, r);
        if (s_now && !(R.prev.pmbsr & PMBSR_EL1_S)) {
            /* a buffer-full event during this record: profiling was
             * disabled at some point of it (3.2.1); either is allowed */
            is_member = dpop != 0;
        }
        CU_EXPECT(f, dpop == (uint64_t)is_member && dfeed <= dpop,
               "%s, %s: record %zu: SAMPLE_POP +%" PRIu64 ", SAMPLE_FEED +%" PRIu64
               ", member %d", what, c->name, i, dpop, dfeed, is_member);
        CU_EXPECT(f, st.c.sample_collision == 0, "%s, %s: collision", what, c->name);
        if (is_member) {
            R.members++;
            cc->members++;
        }
        if (r->kind == PE_KIND_INSN)
            R.was_enabled = is_member;
        else if (r->kind == PE_KIND_RESET)
            R.was_enabled = 0;
        if (dfeed) {
            check_interval(&R, i);
            cc->sampled++;
            if (R.fcount < 32) {
                R.fifo[(R.fhead + R.fcount) % 32u] = i;
                R.fcount++;
            }
        }
        if (st.irq) {
            /* 3.5.2 buffer full: S = 1, EC other, BSC filled, no loss */
            uint64_t want = PMBSR_EL1_S | PMBSR_BSC_FILLED;
            CU_EXPECT(f, st.pmbsr == want, "%s, %s: record %zu: PMBSR_EL1 %" PRIx64 ", want %"
                   PRIx64, what, c->name, i, st.pmbsr, want);
            CU_EXPECT(f, st.pmbptr == R.next_wr && R.limit - st.pmbptr < R.maxrec,
                   "%s, %s: PMBPTR_EL1 %" PRIx64 " at the buffer-full event", what, c->name,
                   st.pmbptr);
            cc->buffer_full++;
            R.services++;
            decode_buffer(&R, (size_t)(st.pmbptr - RT_BASE));
            set_reg(&R, PMBPTR_EL1_ENC, RT_BASE);
            set_reg(&R, PMBSR_EL1_ENC, 0);
            R.next_wr = RT_BASE;
            spe_model_status(R.m, &st);
        } else {
            /* no event while a record of the largest size still fits */
            CU_EXPECT(f, st.pmbptr == R.next_wr && R.limit - st.pmbptr >= R.maxrec,
                   "%s, %s: record %zu: PMBPTR_EL1 %" PRIx64 ", %" PRIu64 " bytes left, no "
                   "buffer-full event", what, c->name, i, st.pmbptr, R.limit - st.pmbptr);
        }
        R.prev = st;
    }
    /* PSB CSYNC: the samples in flight complete */
    spe_model_flush(R.m);
    apply_writes(&R);
    spe_status st;
    spe_model_status(R.m, &st);
    completions(&R, &st, n);
    CU_EXPECT(f, R.fcount == 0 && st.inflight == 0, "%s, %s: %u samples left in flight", what,
           c->name, R.fcount);
    CU_EXPECT(f, st.log_error == 0, "%s, %s: write log error", what, c->name);
    CU_EXPECT(f, st.c.mgmt_events == R.services + (st.irq ? 1u : 0u),
           "%s, %s: %" PRIu64 " management events, %" PRIu64 " buffer-full services", what,
           c->name, st.c.mgmt_events, R.services);
    decode_buffer(&R, (size_t)(st.pmbptr - RT_BASE));
    g_tot.fed += n;
    free(R.exp);
    spe_model_free(R.m);
}

/* ---- tests --------------------------------------------------------------- */

static uint8_t *buffer_mem(void)
{
    uint8_t *mem = calloc(1, MB);
    ck_assert_ptr_nonnull(mem);
    return mem;
}

static void run_all_cfgs(const pe_rec *rec, size_t n, const char *what, cu_fails *f)
{
    uint8_t *mem = buffer_mem();
    for (unsigned k = 0; k < NCFG && f->n == 0; k++)
        run_stream(&cfgs[k], &g_tot.c[k], rec, n, what, f, mem);
    g_tot.streams++;
    free(mem);
}

static uint64_t rnd(harness_rng *s)
{
    return harness_rng_next(s);
}

/* SPE-only fields beyond the generator's range, on one instruction in
 * eight: latencies above the 12-bit counters (5.3.4 saturation), data
 * addresses with a top-byte tag (2.3.2, TBI) and data sources above 0xFF
 * (5.3.5 halfword).  No other unit reads these fields. */
static void widen_spe_fields(pe_stream *s, uint64_t seed)
{
    harness_rng x;
    harness_rng_init(&x, seed, 0);
    for (size_t i = 0; i < s->nrec; i++) {
        pe_rec *r = &s->rec[i];
        uint64_t v = rnd(&x);
        if (r->kind != PE_KIND_INSN || (v & 7u))
            continue;
        unsigned iss = (unsigned)((v >> 8) % 0x2000u);
        unsigned xl = r->ls ? (unsigned)((v >> 24) % 0x2000u) : 0u;
        r->lat_issue = (uint16_t)iss;
        r->lat_xlat = (uint16_t)xl;
        r->lat_total = (uint16_t)(iss + xl + (unsigned)((v >> 40) % 0x4000u));
        if (r->ls) {
            r->va = (r->va & ADDR56) | ((v >> 32) & ~ADDR56);
            if (op_load(r))
                r->data_source = (uint16_t)(v >> 20);
        }
    }
}

START_TEST(random_programs)
{
    cu_fails f = { 0 };
    for (unsigned seed = 1; seed <= RT_SEEDS && f.n == 0; seed++) {
        progen_cfg pc;
        progen_cfg_default(&pc, 0x5E5Eu + 977u * seed);
        pc.n_records = RT_RAND_RECORDS;
        pe_stream s;
        char err[256], what[64];
        ck_assert_msg(progen_generate(&pc, &s, err, sizeof err) == 0, "%s", err);
        int wide = seed % 2 == 0;
        if (wide)
            widen_spe_fields(&s, seed);
        snprintf(what, sizeof what, "progen seed %" PRIu64 "%s", pc.seed, wide ? " (widened)" : "");
        run_all_cfgs(s.rec, s.nrec, what, &f);
        pe_stream_free(&s);
    }
    cu_fails_report(&f);
}
END_TEST

START_TEST(workload)
{
    pe_stream s;
    if (!cu_wl_load("spe roundtrip", cu_wl_names[_i], &s))
        return;
    size_t n = s.nrec < RT_WL_RECORDS ? s.nrec : RT_WL_RECORDS;
    cu_fails f = { 0 };
    run_all_cfgs(s.rec, n, cu_wl_names[_i], &f);
    pe_stream_free(&s);
    cu_fails_report(&f);
}
END_TEST

/* Everything the configurations can produce was produced. */
START_TEST(coverage)
{
    const pkt_counts *p = &g_tot.p;
    printf("spe roundtrip: %" PRIu64 " streams, %" PRIu64 " records fed, %" PRIu64
           " sample records decoded and compared\n", g_tot.streams, g_tot.fed,
           g_tot.records_compared);
    printf("  %-15s %9s %8s %8s %8s %6s %6s %6s\n", "configuration", "members", "sampled",
           "recorded", "filtered", "disc", "reset", "full");
    for (unsigned k = 0; k < NCFG; k++) {
        const cfg_counts *c = &g_tot.c[k];
        printf("  %-15s %9" PRIu64 " %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %6" PRIu64
               " %6" PRIu64 " %6" PRIu64 "\n", cfgs[k].name, c->members, c->sampled,
               c->recorded, c->rejected, c->discarded, c->reset_lost, c->buffer_full);
        ck_assert_msg(c->sampled == c->recorded + c->rejected + c->discarded + c->reset_lost,
                      "%s: samples unaccounted for", cfgs[k].name);
    }
    printf("  packets: PAD %" PRIu64 " END %" PRIu64 " TS %" PRIu64 " ALIGN %" PRIu64
           " EVENTS %" PRIu64 " (1/2/4/8 bytes %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64
           ") DATA-SOURCE %" PRIu64 " (1/2 bytes %" PRIu64 "/%" PRIu64 ") UNKNOWN %" PRIu64
           "\n", p->type[SPE_PKT_PAD], p->type[SPE_PKT_END], p->type[SPE_PKT_TIMESTAMP],
           p->type[SPE_PKT_ALIGNMENT], p->type[SPE_PKT_EVENTS], p->ev_len[1], p->ev_len[2],
           p->ev_len[4], p->ev_len[8], p->type[SPE_PKT_DATA_SOURCE], p->ds_len[1],
           p->ds_len[2], p->type[SPE_PKT_UNKNOWN]);
    printf("  ADDR PC %" PRIu64 " TGT %" PRIu64 " VA %" PRIu64 " PA %" PRIu64 " (extended %"
           PRIu64 "); LAT TOT %" PRIu64 " ISSUE %" PRIu64 " XLAT %" PRIu64 " (extended %"
           PRIu64 ", short %" PRIu64 "); CONTEXT el1 %" PRIu64 " el2 %" PRIu64
           "; OP other %" PRIu64 " ldst %" PRIu64 " branch %" PRIu64 "; saturated counters %"
           PRIu64 ", tagged VAs %" PRIu64 "\n", p->addr[0], p->addr[1], p->addr[2], p->addr[3],
           p->addr_ext, p->cnt[0], p->cnt[1], p->cnt[2], p->cnt_ext, p->cnt_short, p->ctx[0],
           p->ctx[1], p->op[0], p->op[1], p->op[2], p->lat_sat, p->va_tag);

    if (g_tot.streams < RT_SEEDS + (uint64_t)CU_WL_COUNT)
        printf("spe roundtrip: only %" PRIu64 " of the %d captures were found\n",
               g_tot.streams - RT_SEEDS, CU_WL_COUNT);
    ck_assert_uint_eq(p->bad, 0);
    /* every packet type and header form of chapter 5 that the model makes;
     * it makes no unknown or IMPLEMENTATION DEFINED packets and no Events
     * payload of 8 bytes (no event above E[16] is implemented) */
    static const spe_pkt_type need[] = { SPE_PKT_PAD, SPE_PKT_END, SPE_PKT_TIMESTAMP,
                                         SPE_PKT_ADDRESS, SPE_PKT_COUNTER, SPE_PKT_CONTEXT,
                                         SPE_PKT_OP_TYPE, SPE_PKT_EVENTS, SPE_PKT_DATA_SOURCE,
                                         SPE_PKT_ALIGNMENT };
    for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
        ck_assert_msg(p->type[need[k]] > 0, "no %s packet", spe_pkt_type_name(need[k]));
    for (unsigned k = 0; k < 4; k++)
        ck_assert_msg(p->addr[k] > 0, "no Address packet with INDEX %u", k);
    for (unsigned k = 0; k < 3; k++) {
        ck_assert_msg(p->cnt[k] > 0, "no Counter packet with INDEX %u", k);
        ck_assert_msg(p->op[k] > 0, "no Operation Type packet of CLASS %u", k);
    }
    for (unsigned k = 0; k < 2; k++)
        ck_assert_msg(p->ctx[k] > 0, "no Context packet with INDEX %u", k);
    ck_assert_msg(p->addr_ext > 0 && p->cnt_ext > 0 && p->cnt_short > 0,
                  "extended or short Address/Counter headers missing");
    ck_assert_msg(p->ev_len[1] > 0 && p->ev_len[2] > 0 && p->ev_len[4] > 0,
                  "an Events payload size (1, 2, 4 bytes) missing");
    ck_assert_msg(p->ds_len[1] > 0 && p->ds_len[2] > 0, "a Data Source payload size missing");
    ck_assert_msg(p->lat_sat > 0 && p->va_tag > 0, "no saturated counter or tagged VA");
    ck_assert_uint_eq(p->type[SPE_PKT_UNKNOWN], 0);
    /* every configuration recorded; every filter discarded something */
    for (unsigned k = 0; k < NCFG; k++) {
        const cfg_counts *c = &g_tot.c[k];
        ck_assert_msg(c->recorded > 0, "%s: no record", cfgs[k].name);
        if (cfgs[k].pmsfcr)
            ck_assert_msg(c->rejected > 0, "%s: the filter never discarded", cfgs[k].name);
        else
            ck_assert_msg(c->rejected == 0, "%s: records filtered without a filter",
                          cfgs[k].name);
        if (cfgs[k].buf_size < MB)
            ck_assert_msg(c->buffer_full > 0, "%s: no buffer-full event", cfgs[k].name);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("spe_roundtrip");
    TCase *tc = tcase_create("roundtrip");
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
    printf("spe roundtrip: %.1f s CPU\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
