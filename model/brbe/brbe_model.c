/* BRBE reference model: record generation, filtering, cycle counting,
 * Branch record buffer storage and the System register interface.
 * Section and rule numbers are those of Part F of
 * armv9-supplement-ete-trbe-brbe-tme.md (F1.1.x) unless noted; D19.1.x are
 * those of brbe-chapter-d19.md.  docs/brbe-model.md describes the choices. */
#include "brbe_model.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define BRBE_MAX_RECORDS 64u

/* The execution state a region decision depends on (F1.1.4). */
typedef struct brbe_pstate {
    unsigned el;
    int ns;
    int a64;     /* AArch64 (R_FHGJN: AArch32 is prohibited) */
    int debug;   /* Debug state (R_LPYBQ) */
} brbe_pstate;

struct brbe_model {
    brbe_model_cfg p;
    brbe_model_env env;

    /* System registers (RES0 bits kept at zero) */
    uint64_t brbcr1, brbcr2, brbfcr, brbts;
    uint64_t infinj, srcinj, tgtinj;

    /* Branch record buffer storage: a ring; slot wr holds index 0 */
    uint64_t src[BRBE_MAX_RECORDS], tgt[BRBE_MAX_RECORDS], inf[BRBE_MAX_RECORDS];
    unsigned wr;
    unsigned nvalid;

    /* cycle counting (F1.1.2) */
    int cc_known;        /* the counter runs since the last generated record */
    uint64_t cc_base;    /* cycle of the last generated record */
    int cc_was_enabled;  /* effective CC enable after the last register write */

    /* capture port (R_PMRRL) */
    int cap_valid;
    uint64_t cap_cycle;
    unsigned cap_used;

    /* PE tracking */
    int have_state;
    brbe_pstate cur;     /* state after the last consumed record */
    int in_debug;
    int eret_pending;
    pe_rec eret;
    int in_txn;
    int txn_np;          /* every transactional record so far non-prohibited */
    int have_time;
    uint64_t now_cycle, now_ts;

    brbe_model_counts st;
};

/* ------------------------------------------------------------------------ */

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

void brbe_model_cfg_default(brbe_model_cfg *p)
{
    memset(p, 0, sizeof *p);
    p->numrec = 32;
    p->has_el2 = 1;
}

void brbe_model_env_default(brbe_model_env *e)
{
    memset(e, 0, sizeof *e);
    e->mdcr_el3_sbrbe = 3;
    e->pmcr_n = 6;
    e->mdcr_el2_hpmn = 6;
}

int brbe_model_cfg_check(const brbe_model_cfg *p, char *err, size_t errlen)
{
    /* I_FBHCC, R_KSLSM: 8, 16, 32 or 64 records */
    if (p->numrec != 8 && p->numrec != 16 && p->numrec != 32 && p->numrec != 64) {
        seterr(err, errlen, "numrec %u: must be 8, 16, 32 or 64", p->numrec);
        return -1;
    }
    if (p->v1p1 && !p->has_el3) {
        seterr(err, errlen, "FEAT_BRBEv1p1 records EL3 branches: it needs EL3 implemented");
        return -1;
    }
    if (p->cap_per_cycle > 1000u) {
        seterr(err, errlen, "cap_per_cycle %u: at most 1000 (0 = no limit)", p->cap_per_cycle);
        return -1;
    }
    return 0;
}

brbe_model *brbe_model_new(const brbe_model_cfg *p, char *err, size_t errlen)
{
    if (brbe_model_cfg_check(p, err, errlen) != 0)
        return NULL;
    brbe_model *m = calloc(1, sizeof *m);
    if (!m) {
        seterr(err, errlen, "out of memory");
        return NULL;
    }
    m->p = *p;
    m->p.has_el2 = p->has_el2 ? 1 : 0;
    m->p.has_el3 = p->has_el3 ? 1 : 0;
    m->p.v1p1 = p->v1p1 ? 1 : 0;
    m->p.record_isb = p->record_isb ? 1 : 0;
    brbe_model_env_default(&m->env);
    brbe_model_reset(m);
    return m;
}

void brbe_model_free(brbe_model *m)
{
    free(m);
}

void brbe_model_reset(brbe_model *m)
{
    brbe_model_cfg p = m->p;
    brbe_model_env e = m->env;
    memset(m, 0, sizeof *m);
    m->p = p;
    m->env = e;
}

const brbe_model_cfg *brbe_model_get_cfg(const brbe_model *m)
{
    return &m->p;
}

void brbe_model_set_env(brbe_model *m, const brbe_model_env *e)
{
    m->env = *e;
    m->env.mdcr_el3_sbrbe &= 3u;
    m->env.mdcr_el3_e3brec &= 1u;
    m->env.mdcr_el3_e3brew &= 1u;
    m->env.hcr_el2_tge &= 1u;
    m->env.hcr_el2_e2h &= 1u;
    m->env.scr_el3_eel2 &= 1u;
    m->env.scr_el3_ecven &= 1u;
    m->env.cnthctl_el2_ecv &= 1u;
    if (m->env.pmcr_n > 31u)
        m->env.pmcr_n = 31u;
    if (m->env.mdcr_el2_hpmn > m->env.pmcr_n)
        m->env.mdcr_el2_hpmn = m->env.pmcr_n;
}

void brbe_model_get_env(const brbe_model *m, brbe_model_env *e)
{
    *e = m->env;
}

unsigned brbe_model_top_el(const brbe_model *m)
{
    return m->p.has_el3 ? 3u : m->p.has_el2 ? 2u : 1u;
}

int brbe_model_eret_pending(const brbe_model *m)
{
    return m->eret_pending;
}

void brbe_model_stats(const brbe_model *m, brbe_model_counts *s)
{
    *s = m->st;
}

unsigned brbe_model_valid_count(const brbe_model *m)
{
    return m->nvalid;
}

/* ---- cycle count encoding (brbinf-register.md CC; F1.1.2) -------------- */

unsigned brbe_model_cc_encode(uint64_t cycles)
{
    const uint64_t max = (UINT64_C(1) << BRBE_MODEL_CC_BITS) - 1u;
    if (cycles > max)
        return BRBINF_CC_SATURATED;              /* R_XGSSZ: all ones */
    if (cycles < 256u)
        return (unsigned)cycles;                 /* E = 0: count = M */
    /* count = '1':M:Zeros(E-1), so the leading one is bit E+7 */
    unsigned msb = 0;
    for (uint64_t v = cycles; v > 1u; v >>= 1)
        msb++;
    unsigned e = msb - 7u;
    /* rounded towards zero to a multiple of 2^(E-1) by dropping the bits
       below the mantissa */
    unsigned mant = (unsigned)((cycles >> (e - 1u)) & 0xFFu);
    return (e << 8) | mant;
}

uint64_t brbe_model_cc_decode(unsigned cc)
{
    cc &= 0x3FFFu;
    if (cc == BRBINF_CC_SATURATED)
        return UINT64_MAX;
    unsigned e = cc >> 8, mant = cc & 0xFFu;
    if (e == 0)
        return mant;
    if (e - 1u > 63u - 8u)          /* would not fit 64 bits: beyond any counter */
        return UINT64_MAX;
    return (uint64_t)(0x100u | mant) << (e - 1u);
}

const char *brbe_model_type_name(unsigned type)
{
    switch (type) {
    case BRBINF_TYPE_DIRECT:     return "direct";
    case BRBINF_TYPE_INDIRECT:   return "indirect";
    case BRBINF_TYPE_DIRCALL:    return "dircall";
    case BRBINF_TYPE_INDCALL:    return "indcall";
    case BRBINF_TYPE_RET:        return "ret";
    case BRBINF_TYPE_ERET:       return "eret";
    case BRBINF_TYPE_CONDDIR:    return "conddir";
    case BRBINF_TYPE_DEBUG_HALT: return "debug-halt";
    case BRBINF_TYPE_CALL:       return "call";
    case BRBINF_TYPE_TRAP:       return "trap";
    case BRBINF_TYPE_SERROR:     return "serror";
    case BRBINF_TYPE_INST_DEBUG: return "inst-debug";
    case BRBINF_TYPE_DATA_DEBUG: return "data-debug";
    case BRBINF_TYPE_ALIGNMENT:  return "alignment";
    case BRBINF_TYPE_INST_FAULT: return "inst-fault";
    case BRBINF_TYPE_DATA_FAULT: return "data-fault";
    case BRBINF_TYPE_IRQ:        return "irq";
    case BRBINF_TYPE_FIQ:        return "fiq";
    case BRBINF_TYPE_IMPDEF_EL3: return "impdef-el3";
    case BRBINF_TYPE_DEBUG_EXIT: return "debug-exit";
    default:                     return NULL;
    }
}

/* Exception type of the PE stream (the ETE TYPE, D5.13) to BRBINF TYPE:
 * Table F1.2 maps each exception reason to the same class name that Table
 * D3.13 gives the ETE TYPE, so the mapping is by class.  0 when none. */
static unsigned exc_brbinf_type(unsigned exc_type, unsigned target_el)
{
    switch (exc_type) {
    case PE_EXC_DEBUG_HALT: return BRBINF_TYPE_DEBUG_HALT;
    case PE_EXC_CALL:       return BRBINF_TYPE_CALL;
    case PE_EXC_TRAP:       return BRBINF_TYPE_TRAP;
    case PE_EXC_SERROR:     return BRBINF_TYPE_SERROR;
    case PE_EXC_INST_DEBUG: return BRBINF_TYPE_INST_DEBUG;
    case PE_EXC_DATA_DEBUG: return BRBINF_TYPE_DATA_DEBUG;
    case PE_EXC_ALIGNMENT:  return BRBINF_TYPE_ALIGNMENT;
    case PE_EXC_INST_FAULT: return BRBINF_TYPE_INST_FAULT;
    case PE_EXC_DATA_FAULT: return BRBINF_TYPE_DATA_FAULT;
    case PE_EXC_IRQ:        return BRBINF_TYPE_IRQ;
    case PE_EXC_FIQ:        return BRBINF_TYPE_FIQ;
    default:
        /* the TYPE table has an IMPLEMENTATION DEFINED exception to EL3 only */
        if (exc_type >= PE_EXC_IMPDEF0 && exc_type <= PE_EXC_IMPDEF0 + 7u && target_el == 3u)
            return BRBINF_TYPE_IMPDEF_EL3;
        return 0;
    }
}

/* ---- controls ----------------------------------------------------------- */

static int cc_enabled(const brbe_model *m)
{
    /* R_MJDLC: BRBCR_EL2.CC (if EL2 is implemented) and BRBCR_EL1.CC */
    if (m->p.has_el2 && !(m->brbcr2 & BRBCR_CC))
        return 0;
    return (m->brbcr1 & BRBCR_CC) != 0;
}

static int mpred_enabled(const brbe_model *m)
{
    /* R_XHWRB */
    if (m->p.has_el2 && !(m->brbcr2 & BRBCR_MPRED))
        return 0;
    return (m->brbcr1 & BRBCR_MPRED) != 0;
}

static int paused(const brbe_model *m)
{
    return (m->brbfcr & BRBFCR_PAUSED) != 0;   /* R_PYBRZ */
}

static int el3_recording_enabled(const brbe_model *m)
{
    /* R_JWWFY: {E3BREC, E3BREW} 01 or 10 enables self-hosted EL3 recording */
    return m->p.has_el3 && m->p.v1p1 && (m->env.mdcr_el3_e3brec != m->env.mdcr_el3_e3brew);
}

static int sbrbe_allows(const brbe_model *m, int ns)
{
    if (!m->p.has_el3)
        return 1;
    if (m->env.mdcr_el3_sbrbe == 0u)
        return 0;                                /* SBRBE == 0b00 */
    if (m->env.mdcr_el3_sbrbe == 1u && !ns)
        return 0;                                /* SBRBE == 0b01, Secure */
    return 1;
}

static int el2_enabled(const brbe_model *m, int ns)
{
    return m->p.has_el2 && (ns || m->env.scr_el3_eel2);
}

/* 1 if s is outside every BRBE Prohibited Region (F1.1.4). */
static int non_prohibited(const brbe_model *m, const brbe_pstate *s)
{
    if (s->debug || !s->a64)
        return 0;                                /* R_LPYBQ, R_FHGJN */
    switch (s->el) {
    case 3:
        return el3_recording_enabled(m);         /* R_GLKGW */
    case 2:                                      /* R_SPZQD */
        return m->p.has_el2 && (m->brbcr2 & BRBCR_EL2_E2BRE) && sbrbe_allows(m, s->ns);
    case 1:                                      /* R_YPHYG */
        return (m->brbcr1 & BRBCR_EL1_E1BRE) && sbrbe_allows(m, s->ns);
    default:                                     /* R_DBPCF */
        if (el2_enabled(m, s->ns) && m->env.hcr_el2_tge)
            return (m->brbcr2 & BRBCR_EL2_E0HBRE) && sbrbe_allows(m, s->ns);
        return (m->brbcr1 & BRBCR_EL1_E0BRE) && sbrbe_allows(m, s->ns);
    }
}

/* R_KRJQC: exceptions taken to el are recorded only when enabled there. */
static int exception_enabled(const brbe_model *m, unsigned el)
{
    switch (el) {
    case 1: return (m->brbcr1 & BRBCR_EXCEPTION) != 0;
    case 2: return m->p.has_el2 && (m->brbcr2 & BRBCR_EXCEPTION) != 0;
    case 3: return el3_recording_enabled(m);
    default: return 0;
    }
}

/* R_ZSHDL: exception returns executed at el are recorded only when enabled. */
static int ertn_enabled(const brbe_model *m, unsigned el)
{
    switch (el) {
    case 1: return (m->brbcr1 & BRBCR_ERTN) != 0;
    case 2: return m->p.has_el2 && (m->brbcr2 & BRBCR_ERTN) != 0;
    case 3: return el3_recording_enabled(m);
    default: return 0;
    }
}

/* Type filters (F1.1.9.1): a type is selected when its BRBFCR_EL1 bit
 * differs from EnI. */
static int type_selected(const brbe_model *m, uint64_t filter_bit)
{
    int bit = (m->brbfcr & filter_bit) != 0;
    int eni = (m->brbfcr & BRBFCR_EnI) != 0;
    return bit != eni;
}

/* I_KBDLR: the address tag (bits [63:56]) is removed from a target address:
 * the top byte becomes copies of bit 55. */
static uint64_t untag(uint64_t va)
{
    const uint64_t top = UINT64_C(0xFF00000000000000);
    return (va & (UINT64_C(1) << 55)) ? (va | top) : (va & ~top);
}

/* Timestamp for BRBTS_EL1 (R_QKQZL, Table F1.11).  The stream's timestamp
 * is the virtual count CNTVCT; PhysicalCountInt() = CNTVCT + CNTVOFF_EL2. */
static uint64_t capture_timestamp(const brbe_model *m)
{
    uint64_t voff = m->p.has_el2 ? m->env.cntvoff_el2 : 0u;
    uint64_t phys = m->now_ts + voff;
    unsigned ts = (unsigned)((m->brbcr2 & BRBCR_TS_MASK) >> BRBCR_TS_SHIFT);
    if (!m->p.has_el2 || ts == BRBCR_TS_NONE)
        ts = (unsigned)((m->brbcr1 & BRBCR_TS_MASK) >> BRBCR_TS_SHIFT);
    uint64_t poff = voff;
    if ((m->p.has_el3 && !m->env.scr_el3_ecven) || (m->p.has_el2 && !m->env.cnthctl_el2_ecv))
        poff = 0;
    switch (ts) {
    case BRBCR_TS_PHYSICAL:    return phys;
    case BRBCR_TS_OFFSET_PHYS: return phys - poff;
    default:                   return phys - voff;  /* virtual; BRBCR_EL1.TS 0b00 too */
    }
}

/* ---- storage ------------------------------------------------------------ */

static unsigned slot_of(const brbe_model *m, unsigned idx)
{
    return (m->wr + m->p.numrec - idx) & (m->p.numrec - 1u);
}

void brbe_model_peek(const brbe_model *m, unsigned idx, uint64_t *src, uint64_t *tgt,
                     uint64_t *inf)
{
    uint64_t s = 0, t = 0, i = 0;
    if (idx < m->nvalid) {
        unsigned k = slot_of(m, idx);
        s = m->src[k];
        t = m->tgt[k];
        i = m->inf[k];
    }
    if (src) *src = s;
    if (tgt) *tgt = t;
    if (inf) *inf = i;
}

/* The fields a VALID value marks as not valid are stored as zero; RES0 bits
 * are zero; CC is zero when CCU is 1 (R_PBJTJ). */
static void normalize(uint64_t *src, uint64_t *tgt, uint64_t *inf)
{
    uint64_t i = *inf & BRBINF_DEFINED_MASK;
    unsigned v = (unsigned)(i & BRBINF_VALID_MASK);
    if (!(v & BRBINF_VALID_SOURCE)) {
        *src = 0;
        i &= ~(BRBINF_MPRED | BRBINF_T);
    }
    if (!(v & BRBINF_VALID_TARGET)) {
        *tgt = 0;
        i &= ~BRBINF_EL_MASK;
    }
    if (i & BRBINF_CCU)
        i &= ~BRBINF_CC_MASK;
    *inf = i;
}

/* New youngest record (R_TJGLK); the oldest is lost when full (R_DTDPDK). */
static void push(brbe_model *m, uint64_t src, uint64_t tgt, uint64_t inf)
{
    m->wr = (m->wr + 1u) & (m->p.numrec - 1u);
    m->src[m->wr] = src;
    m->tgt[m->wr] = tgt;
    m->inf[m->wr] = inf;
    if (m->nvalid < m->p.numrec)
        m->nvalid++;
}

static void invalidate_all(brbe_model *m)
{
    m->nvalid = 0;
    m->st.invalidations++;
}

/* Generate a Branch record (the caller has decided it is selected). */
static void generate(brbe_model *m, uint64_t cycle, unsigned valid, unsigned type, unsigned el,
                     int mpred, int t, uint64_t src, uint64_t tgt)
{
    if (paused(m)) {                             /* R_YDZNK */
        m->st.paused++;
        return;
    }
    uint64_t inf = (uint64_t)valid | ((uint64_t)type << BRBINF_TYPE_SHIFT);
    inf |= ((uint64_t)el << BRBINF_EL_SHIFT) & BRBINF_EL_MASK;
    if (mpred)
        inf |= BRBINF_MPRED;
    if (t)
        inf |= BRBINF_T;
    /* R_KBSZM: LASTFAILED moves from BRBFCR_EL1 into the record */
    if (m->brbfcr & BRBFCR_LASTFAILED) {
        inf |= BRBINF_LASTFAILED;
        m->brbfcr &= ~BRBFCR_LASTFAILED;
    }
    /* F1.1.2: R_MJDLC / R_PBJTJ unknown, R_XGSSZ / R_JZWPG otherwise */
    if (cc_enabled(m) && m->cc_known)
        inf |= (uint64_t)brbe_model_cc_encode(cycle - m->cc_base) << BRBINF_CC_SHIFT;
    else
        inf |= BRBINF_CCU;
    m->cc_base = cycle;
    m->cc_known = cc_enabled(m);
    normalize(&src, &tgt, &inf);

    /* capture port: at most cap_per_cycle records per PE cycle */
    if (!m->cap_valid || m->cap_cycle != cycle) {
        m->cap_valid = 1;
        m->cap_cycle = cycle;
        m->cap_used = 0;
    }
    if (m->p.cap_per_cycle != 0u && m->cap_used >= m->p.cap_per_cycle) {
        /* R_PMRRL: a selected record that cannot be captured invalidates
           all records */
        m->st.lost++;
        invalidate_all(m);
        m->cc_known = 0;
        return;
    }
    m->cap_used++;
    push(m, src, tgt, inf);
    m->st.captured++;                            /* BRB_FILTERATE (R_GWMZV) */
    m->st.by_valid[valid & 3u]++;
}

/* Region combination for exceptions (R_YSQKQ, R_YBJDJ) and exception
 * returns (R_LMXHS, R_ZTGMW): VALID, or 0 for no record. */
static unsigned valid_form(int src_np, int tgt_np)
{
    if (src_np && tgt_np)
        return BRBINF_VALID_FULL;
    if (src_np)
        return BRBINF_VALID_SOURCE;
    if (tgt_np)
        return BRBINF_VALID_TARGET;
    return BRBINF_VALID_NONE;
}

/* The ERET held in m->eret, now that the state it returned to is known
 * (tgt) or unknowable (tgt == NULL: a PE reset came first). */
static void resolve_eret(brbe_model *m, const brbe_pstate *tgt)
{
    const pe_rec *e = &m->eret;
    brbe_pstate s = { e->el, (e->flags & PE_F_NS) != 0, 1, 0 };
    m->eret_pending = 0;
    int src_np = non_prohibited(m, &s);
    if (!src_np)
        m->cc_known = 0;
    if (!tgt) {
        /* The EL returned to is not known.  If a record was possible (the
           return is enabled at its EL and the source, or any EL it could
           return to, is non-prohibited) it cannot be captured: R_PMRRL. */
        int maybe = src_np;
        for (unsigned el = 0; el <= e->el && !maybe; el++) {
            brbe_pstate t = { el, s.ns, 1, 0 };
            maybe = non_prohibited(m, &t);
        }
        if (maybe && ertn_enabled(m, e->el) && !paused(m)) {
            m->st.lost++;
            invalidate_all(m);
        }
        m->cc_known = 0;
        return;
    }
    /* I_NGWPR, I_JCYHD: the EL loaded into PSTATE.EL is the target EL */
    int tgt_np = non_prohibited(m, tgt);
    unsigned valid = valid_form(src_np, tgt_np);
    if (valid == BRBINF_VALID_NONE) {
        m->st.prohibited++;
    } else if (!ertn_enabled(m, e->el)) {        /* R_ZSHDL, R_RCGVB */
        m->st.filtered++;
    } else {
        int mp = mpred_enabled(m) && (e->flags & PE_F_MISPRED);
        generate(m, e->cycle, valid, BRBINF_TYPE_ERET, tgt->el, mp,
                 (e->flags & PE_F_TSTATE) != 0, e->pc, untag(e->target));
    }
    if (!tgt_np)
        m->cc_known = 0;
}

/* ---- record consumption ------------------------------------------------- */

static int el_implemented(const brbe_model *m, unsigned el)
{
    return el <= 1u || (el == 2u && m->p.has_el2) || (el == 3u && m->p.has_el3);
}

static int check_record(const brbe_model *m, const pe_rec *r, char *err, size_t errlen)
{
    unsigned long long n = (unsigned long long)m->st.pe_records;
    if (r->kind >= PE_KIND_COUNT) {
        seterr(err, errlen, "record %llu: unknown kind %u", n, r->kind);
        return -1;
    }
    if (m->have_time && r->cycle < m->now_cycle) {
        seterr(err, errlen, "record %llu: cycle %llu is before the previous record's cycle %llu",
               n, (unsigned long long)r->cycle, (unsigned long long)m->now_cycle);
        return -1;
    }
    if (r->isa > PE_ISA_T32) {
        seterr(err, errlen, "record %llu: unknown isa %u", n, r->isa);
        return -1;
    }
    if (r->el > 3u || !el_implemented(m, r->el)) {
        seterr(err, errlen, "record %llu: EL%u is not implemented", n, r->el);
        return -1;
    }
    switch (r->kind) {
    case PE_KIND_INSN:
        if (r->iclass >= PE_IC_COUNT) {
            seterr(err, errlen, "record %llu: unknown instruction class %u", n, r->iclass);
            return -1;
        }
        if (r->iclass == PE_IC_ERET && r->el == 0u) {
            seterr(err, errlen, "record %llu: ERET retired at EL0", n);
            return -1;
        }
        break;
    case PE_KIND_EXC:
        if (r->from_el > 3u || !el_implemented(m, r->from_el)) {
            seterr(err, errlen, "record %llu: exception taken from EL%u, not implemented", n,
                   r->from_el);
            return -1;
        }
        if (r->exc_type != PE_EXC_DEBUG_HALT) {
            if (r->el == 0u || r->el < r->from_el) {
                seterr(err, errlen, "record %llu: exception from EL%u taken to EL%u", n,
                       r->from_el, r->el);
                return -1;
            }
            if (exc_brbinf_type(r->exc_type, r->el) == 0u) {
                seterr(err, errlen, "record %llu: exception type 0x%02x to EL%u has no BRBINF TYPE",
                       n, r->exc_type, r->el);
                return -1;
            }
        }
        break;
    default:
        break;
    }
    return 0;
}

static brbe_pstate insn_state(const pe_rec *r)
{
    brbe_pstate s = { r->el, (r->flags & PE_F_NS) != 0, r->isa == PE_ISA_A64, 0 };
    return s;
}

/* The state a record starts executing in: for an exception the state it
 * is taken from. */
static brbe_pstate start_state(const pe_rec *r)
{
    brbe_pstate s = insn_state(r);
    if (r->kind == PE_KIND_EXC)
        s.el = r->from_el;
    return s;
}

/* R_GVCJH, R_JMSZF, R_CBTBH: follow the outer transaction. */
static void track_txn(brbe_model *m, const pe_rec *r, int np)
{
    if (r->kind == PE_KIND_INSN && r->iclass == PE_IC_TSTART && !(r->flags & PE_F_TSTATE)) {
        m->in_txn = 1;                           /* outer TSTART */
        m->txn_np = np;
    } else if (r->flags & PE_F_TSTATE) {
        if (!m->in_txn) {
            m->in_txn = 1;
            m->txn_np = np;
        } else {
            m->txn_np = m->txn_np && np;
        }
    } else if (r->kind != PE_KIND_TFAIL) {
        m->in_txn = 0;
    }
}

static void step_insn(brbe_model *m, const pe_rec *r)
{
    brbe_pstate s = insn_state(r);
    int np = non_prohibited(m, &s);
    if (!np)
        m->cc_known = 0;                         /* R_MJDLC: exit from a prohibited region */
    track_txn(m, r, np);
    m->cur = s;
    if (r->iclass == PE_IC_ERET) {
        m->eret = *r;                            /* completed by the next record */
        m->eret_pending = 1;
        return;
    }
    if (!(r->flags & PE_F_TAKEN))
        return;                                  /* R_GBCQW: taken branches only */
    unsigned type;
    uint64_t filter;
    switch (r->iclass) {
    case PE_IC_B:     type = BRBINF_TYPE_DIRECT;   filter = BRBFCR_DIRECT;   break; /* R_FJYVT */
    case PE_IC_BCOND: type = BRBINF_TYPE_CONDDIR;  filter = BRBFCR_CONDDIR;  break; /* R_BBNSZ */
    case PE_IC_BL:    type = BRBINF_TYPE_DIRCALL;  filter = BRBFCR_DIRCALL;  break; /* R_RBDXK */
    case PE_IC_BR:    type = BRBINF_TYPE_INDIRECT; filter = BRBFCR_INDIRECT; break; /* R_KKLDV */
    case PE_IC_BLR:   type = BRBINF_TYPE_INDCALL;  filter = BRBFCR_INDCALL;  break; /* R_RVGTZ */
    case PE_IC_RET:   type = BRBINF_TYPE_RET;      filter = BRBFCR_RTN;      break; /* R_CKNBH */
    case PE_IC_ISB:                                                                 /* R_FJYDC */
        if (!m->p.record_isb)
            return;
        type = BRBINF_TYPE_DIRECT;
        filter = BRBFCR_DIRECT;
        break;
    default:
        return;
    }
    if (!np) {                                   /* R_YGGSC */
        m->st.prohibited++;
        return;
    }
    if (!type_selected(m, filter)) {
        m->st.filtered++;
        return;
    }
    /* R_MLGCF: a branch stays in its region: Full record */
    int mp = mpred_enabled(m) && (r->flags & PE_F_MISPRED);
    generate(m, r->cycle, BRBINF_VALID_FULL, type, r->el, mp, (r->flags & PE_F_TSTATE) != 0,
             r->pc, untag(r->target));
}

static void step_exc(brbe_model *m, const pe_rec *r)
{
    brbe_pstate s = start_state(r);
    int src_np = non_prohibited(m, &s);
    if (!src_np)
        m->cc_known = 0;
    track_txn(m, r, src_np);
    if (r->exc_type == PE_EXC_DEBUG_HALT) {
        /* R_LLCTG: entry to Debug state gives a Half-source record from a
           non-prohibited region, nothing otherwise */
        if (src_np)
            generate(m, r->cycle, BRBINF_VALID_SOURCE, BRBINF_TYPE_DEBUG_HALT, 0, 0, 0, r->pc, 0);
        else
            m->st.prohibited++;
        m->in_debug = 1;
        m->cc_known = 0;                         /* R_LPYBQ: Debug state is prohibited */
        m->cur = s;
        m->cur.debug = 1;
        return;
    }
    brbe_pstate t = { r->el, (r->flags & PE_F_NS) != 0, 1, 0 };
    int tgt_np = non_prohibited(m, &t);
    unsigned valid = valid_form(src_np, tgt_np);
    if (valid == BRBINF_VALID_NONE) {
        m->st.prohibited++;                      /* R_YSQKQ */
    } else if (!exception_enabled(m, r->el)) {   /* R_KRJQC, R_LYGJZ */
        m->st.filtered++;
    } else {
        /* R_DHNJPJ: MPRED 0; R_BZCRW source = preferred return address;
           R_FYLTG target = vector */
        generate(m, r->cycle, valid, exc_brbinf_type(r->exc_type, r->el), r->el, 0,
                 (r->flags & PE_F_TSTATE) != 0, r->pc, r->target);
    }
    if (!tgt_np)
        m->cc_known = 0;
    m->cur = t;
}

static void step_tfail(brbe_model *m, const pe_rec *r)
{
    brbe_pstate s = insn_state(r);
    int np = non_prohibited(m, &s);
    if (!np)
        m->cc_known = 0;
    if (m->in_txn && m->txn_np && np)
        m->brbfcr |= BRBFCR_LASTFAILED;          /* R_GVCJH (I_HJZWG: no record) */
    m->in_txn = 0;
    m->cur = s;
}

static void step_reset(brbe_model *m, const pe_rec *r)
{
    /* A Warm reset leaves the BRBE registers and storage as they are
       (I_NZMWQ); the cycle count restarts and a transaction ends. */
    m->in_txn = 0;
    m->in_debug = 0;
    m->cc_known = 0;
    brbe_pstate s = { r->el, (r->flags & PE_F_NS) != 0, 1, 0 };
    m->cur = s;
}

int brbe_model_step(brbe_model *m, const pe_rec *r, char *err, size_t errlen)
{
    if (check_record(m, r, err, errlen) != 0)
        return -1;
    if (m->eret_pending) {
        if (r->kind == PE_KIND_RESET) {
            resolve_eret(m, NULL);
        } else {
            brbe_pstate t = start_state(r);
            resolve_eret(m, &t);
        }
    }
    if (m->in_debug && r->kind != PE_KIND_RESET) {
        /* R_BRBFP: exit from Debug state to where this record starts */
        brbe_pstate t = start_state(r);
        m->in_debug = 0;
        if (non_prohibited(m, &t))
            generate(m, r->cycle, BRBINF_VALID_TARGET, BRBINF_TYPE_DEBUG_EXIT, t.el, 0, 0, 0, r->pc);
        else
            m->st.prohibited++;
    }
    switch (r->kind) {
    case PE_KIND_INSN:  step_insn(m, r);  break;
    case PE_KIND_EXC:   step_exc(m, r);   break;
    case PE_KIND_TFAIL: step_tfail(m, r); break;
    default:            step_reset(m, r); break;
    }
    m->have_state = 1;
    m->have_time = 1;
    m->now_cycle = r->cycle;
    m->now_ts = r->timestamp;
    m->st.pe_records++;
    return 0;
}

/* ---- freeze event (F1.1.10) -------------------------------------------- */

static uint64_t low_bits(unsigned n)
{
    return n >= 64u ? UINT64_MAX : ((UINT64_C(1) << n) - 1u);
}

int brbe_model_pmu_overflow(brbe_model *m, uint64_t ovs)
{
    if (paused(m) || !m->have_state || !non_prohibited(m, &m->cur))
        return 0;
    unsigned n = m->env.pmcr_n, h = m->env.mdcr_el2_hpmn;
    int fire;
    if (m->p.has_el2) {
        uint64_t lo = ovs & low_bits(h);                       /* R_NWCWF */
        uint64_t hi = ovs & low_bits(n) & ~low_bits(h);        /* R_GXGWY */
        fire = ((m->brbcr1 & BRBCR_FZP) && lo) || ((m->brbcr2 & BRBCR_FZP) && hi);
    } else {
        fire = (m->brbcr1 & BRBCR_FZP) && (ovs & low_bits(n)); /* R_PKTXQ */
    }
    if (!fire)
        return 0;
    m->brbfcr |= BRBFCR_PAUSED;                  /* R_BHYTD */
    m->brbts = capture_timestamp(m);
    m->st.freezes++;
    return 1;
}

/* ---- System register interface (F1.1.13) ------------------------------ */

/* The access checks of the BRBINF<n>_EL1 pseudocode (brbinf-register.md),
 * used for every BRBE register and instruction; fine-grained traps
 * (HDFGRTR_EL2 and friends) are not modelled. */
static int access_check(const brbe_model *m, unsigned el, int ns)
{
    if (el == 0u || el > 3u || !el_implemented(m, el))
        return BRBE_MODEL_ACCESS_UNDEFINED;
    if (el < 3u && m->p.has_el3) {
        if (!ns && m->env.mdcr_el3_sbrbe != 3u)
            return BRBE_MODEL_ACCESS_TRAP_EL3;
        if (ns && !(m->env.mdcr_el3_sbrbe & 1u))
            return BRBE_MODEL_ACCESS_TRAP_EL3;
    }
    return BRBE_MODEL_ACCESS_OK;
}

enum reg_id { R_NONE, R_CR1, R_CR2, R_FCR, R_TS, R_INFINJ, R_SRCINJ, R_TGTINJ, R_IDR0, R_REC };

/* Which register enc names at el, or R_NONE (UNDEFINED). */
static enum reg_id reg_lookup(const brbe_model *m, unsigned enc, unsigned el)
{
    int vhe = m->p.has_el2 && m->env.hcr_el2_e2h;
    if (BRBE_REC_IS(enc))
        return R_REC;
    switch (enc) {
    case BRBCR_EL1_ENC:
        return (el == 2u && vhe) ? R_CR2 : R_CR1;  /* E2H redirection at EL2 */
    case BRBCR_EL2_ENC:
        return (m->p.has_el2 && el >= 2u) ? R_CR2 : R_NONE;
    case BRBCR_EL12_ENC:
        return (vhe && el >= 2u) ? R_CR1 : R_NONE;
    case BRBFCR_EL1_ENC:    return R_FCR;
    case BRBTS_EL1_ENC:     return R_TS;
    case BRBINFINJ_EL1_ENC: return R_INFINJ;
    case BRBSRCINJ_EL1_ENC: return R_SRCINJ;
    case BRBTGTINJ_EL1_ENC: return R_TGTINJ;
    case BRBIDR0_EL1_ENC:   return R_IDR0;
    default:                return R_NONE;
    }
}

static uint64_t idr0(const brbe_model *m)
{
    return ((uint64_t)BRBIDR0_CC_20BIT << BRBIDR0_CC_SHIFT) |
           ((uint64_t)BRBIDR0_FORMAT_0 << BRBIDR0_FORMAT_SHIFT) |
           ((uint64_t)m->p.numrec << BRBIDR0_NUMREC_SHIFT);
}

int brbe_model_read(const brbe_model *m, unsigned enc, unsigned el, int ns, uint64_t *val)
{
    if (el == 0u || el > 3u)
        return BRBE_MODEL_ACCESS_UNDEFINED;
    enum reg_id id = reg_lookup(m, enc, el);
    if (id == R_NONE)
        return BRBE_MODEL_ACCESS_UNDEFINED;
    int a = access_check(m, el, ns);
    if (a != BRBE_MODEL_ACCESS_OK)
        return a;
    uint64_t v = 0;
    switch (id) {
    case R_CR1:    v = m->brbcr1; break;
    case R_CR2:    v = m->brbcr2; break;
    case R_FCR:    v = m->brbfcr; break;
    case R_TS:     v = m->brbts; break;
    case R_INFINJ: v = m->infinj; break;
    case R_SRCINJ: v = m->srcinj; break;
    case R_TGTINJ: v = m->tgtinj; break;
    case R_IDR0:   v = idr0(m); break;
    default: {
        /* n + 32 * BANK at or above NUMREC reads as zero (R_BNGTH) */
        unsigned bank = (unsigned)((m->brbfcr & BRBFCR_BANK_MASK) >> BRBFCR_BANK_SHIFT);
        unsigned idx = BRBE_REC_N(enc) + BRBE_BANK_RECORDS * bank;
        uint64_t s, t, i;
        brbe_model_peek(m, idx, &s, &t, &i);
        unsigned kind = BRBE_REC_KIND(enc);
        v = kind == BRBE_REC_KIND_INF ? i : kind == BRBE_REC_KIND_SRC ? s : t;
        break;
    }
    }
    *val = v;
    return BRBE_MODEL_ACCESS_OK;
}

static void after_cr_write(brbe_model *m)
{
    /* R_MJDLC: the first record after cycle counting is enabled has an
       unknown count */
    int en = cc_enabled(m);
    if (en && !m->cc_was_enabled)
        m->cc_known = 0;
    m->cc_was_enabled = en;
}

int brbe_model_write(brbe_model *m, unsigned enc, unsigned el, int ns, uint64_t val)
{
    if (el == 0u || el > 3u)
        return BRBE_MODEL_ACCESS_UNDEFINED;
    enum reg_id id = reg_lookup(m, enc, el);
    if (id == R_NONE || id == R_IDR0 || id == R_REC)
        return BRBE_MODEL_ACCESS_UNDEFINED;            /* read-only: no MSR encoding */
    int a = access_check(m, el, ns);
    if (a != BRBE_MODEL_ACCESS_OK)
        return a;
    switch (id) {
    case R_CR1:
        m->brbcr1 = val & BRBCR_DEFINED_MASK;
        after_cr_write(m);
        break;
    case R_CR2:
        m->brbcr2 = val & BRBCR_DEFINED_MASK;
        after_cr_write(m);
        break;
    case R_FCR: {
        uint64_t old = m->brbfcr;
        m->brbfcr = val & BRBFCR_DEFINED_MASK;
        if ((old & BRBFCR_PAUSED) && !(m->brbfcr & BRBFCR_PAUSED))
            m->cc_known = 0;                     /* R_MJDLC: PAUSED 1 -> 0 */
        break;
    }
    case R_TS:     m->brbts = val; break;
    case R_INFINJ: m->infinj = val & BRBINF_DEFINED_MASK; break;
    case R_SRCINJ: m->srcinj = val; break;
    default:       m->tgtinj = val; break;
    }
    return BRBE_MODEL_ACCESS_OK;
}

int brbe_model_iall(brbe_model *m, unsigned el, int ns)
{
    int a = access_check(m, el, ns);
    if (a != BRBE_MODEL_ACCESS_OK)
        return a;
    invalidate_all(m);                           /* R_LLHYN */
    m->cc_known = 0;                             /* R_MJDLC */
    return BRBE_MODEL_ACCESS_OK;
}

int brbe_model_inj(brbe_model *m, unsigned el, int ns)
{
    int a = access_check(m, el, ns);
    if (a != BRBE_MODEL_ACCESS_OK)
        return a;
    /* R_XVDNN (and, by choice, also outside prohibited regions: I_BCZBK):
       the injection registers form the youngest record.  An injected
       record with VALID 0b00 would break contiguity (X_QMKLH): none is
       added.  LASTFAILED comes from BRBINFINJ (R_KBSZM excludes
       injection). */
    uint64_t s = m->srcinj, t = m->tgtinj, i = m->infinj;
    if ((i & BRBINF_VALID_MASK) != 0u) {
        normalize(&s, &t, &i);
        push(m, s, t, i);
        m->st.injections++;
    }
    /* R_LKDTJ: the injection registers become UNKNOWN: zero here */
    m->infinj = m->srcinj = m->tgtinj = 0;
    return BRBE_MODEL_ACCESS_OK;
}
