/* Bit-accurate ETE trace unit model (Part D of the Armv9 supplement).
 *
 * One PE retirement record at a time goes through the stages of Figure
 * D6.1: resources (D7), filtering (D6.8), element generation (D6.9) and
 * packet generation with compression (D6.11, chapter D5).  The model keeps
 * a mirror of the trace analyzer's stage-1 state (address history buffer,
 * context, timestamp, return stack) so that every compression decision is
 * the one a decoder following chapter D9 can undo.  docs/ete-model.md
 * describes every choice the specification leaves to the implementation.
 */
#include "ete_model.h"
#include "ete_enc.h"
#include "ete_model_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ======================================================================= */
/* Output                                                                   */
/* ======================================================================= */

static uint8_t *reserve(ete_model *m)
{
    if (m->cap - m->len < 64) {
        size_t ncap = m->cap * 2 + 4096;
        uint8_t *nb = realloc(m->buf, ncap);
        if (!nb) {
            if (!m->err[0])
                snprintf(m->err, sizeof m->err, "out of memory for %zu trace bytes", ncap);
            m->disabled = 1;
            m->quiet = 0;
            return NULL;
        }
        m->buf = nb;
        m->cap = ncap;
    }
    return m->buf + m->len;
}

static void commit_pkt(ete_model *m, unsigned type, size_t n)
{
    m->len += n;
    m->total += n;
    m->counts[type]++;
    m->sync_bytes += n;
    /* D1.9.2: a periodic request every 2^PERIOD bytes of trace */
    if (m->sync_period && m->sync_bytes >= (1ull << m->sync_period)) {
        if (!m->sync_req)
            m->sync_req_item = m->item;    /* sync_lag counts items from here */
        m->sync_req = 1;
    }
}

static void emit_sync(ete_model *m);
static void atoms_flush(ete_model *m);

/* Start of any packet other than an atom: atoms generated earlier are
 * output first (R_ZRYPK: elements stay in order), and a pending
 * non-periodic synchronization precedes everything (R_RTLJJC). */
static uint8_t *pkt_begin(ete_model *m)
{
    if (m->natoms)
        atoms_flush(m);
    if (m->need_sync)
        emit_sync(m);
    return reserve(m);
}

static void emit_simple(ete_model *m, unsigned type, size_t (*enc)(uint8_t *))
{
    uint8_t *p = pkt_begin(m);
    if (p)
        commit_pkt(m, type, enc(p));
}

/* ---- address history buffer (D6.11.3) ---------------------------------- */
static void ahb_push(ete_model *m, uint64_t addr, int is1)
{
    m->ahb[2] = m->ahb[1];
    m->ahb[1] = m->ahb[0];
    m->ahb[0].addr = addr;
    m->ahb[0].is1 = (uint8_t)is1;
}

static void ahb_reset(ete_model *m)
{
    memset(m->ahb, 0, sizeof m->ahb);   /* R_BTWGD: 0x0, IS0 */
}

/* ---- Trace Info, A-Sync (D5.4, D5.7, D6.9.1) --------------------------- */
static void emit_trace_info(ete_model *m)
{
    uint8_t *p = reserve(m);
    if (!p)
        return;
    /* R_WJJKK, R_WMKVM, R_QMTSR: T = 1 only while a traced transaction is open */
    commit_pkt(m, ETE_ENC_TRACE_INFO,
               ete_enc_trace_info(p, m->cfg_cci, m->cc_threshold, m->tx_traced, 0));
    ahb_reset(m);                          /* R_BTWGD */
    m->last_ts = 0;                        /* R_GFQQ */
    memset(&m->out_ctx, 0, sizeof m->out_ctx);   /* D9.2.6.2 TraceInfoPacket() */
    m->out_ctx_valid = 0;                  /* R_PGHPW: a Context element follows */
    m->rs_n = 0;                           /* R_SBJB */
    if (m->cfg_ts)
        m->ts_req = 1;                     /* R_YYWTR */
}

static void emit_sync(ete_model *m)
{
    m->need_sync = 0;
    m->sync_req = 0;
    m->started = 1;
    uint8_t *p = reserve(m);
    if (!p)
        return;
    size_t n = ete_enc_async(p);
    m->sync_bytes = 0;
    commit_pkt(m, ETE_ENC_ASYNC, n);       /* R_RTLJJC, R_VMPYW, RVRKLP */
    emit_trace_info(m);
}

/* ---- atom packing (D6.11.2) --------------------------------------------- */
/* Atom patterns by length (bit i = atom i, 1 = E):
 *   1..3 any                      Format 1, 2, 3
 *   4    NEEE NNNN NENE ENEN      Format 4
 *        EEEE EEEN                Format 6 (COUNT 0)
 *   5    NEEEE                    Format 5.1
 *        NNNNN NENEN ENENE        Format 5.2
 *        EEEEE EEEEN              Format 6 (COUNT 1)
 *   6-24 E..E then E or N         Format 6 (COUNT = length - 4)  */
static int atoms_valid(uint32_t b, unsigned n)
{
    if (n >= 1 && n <= 3)
        return 1;
    if (n == 4)
        return b == 0xE || b == 0x0 || b == 0xA || b == 0x5 || b == 0xF || b == 0x7;
    if (n == 5)
        return b == 0x1E || b == 0x0 || b == 0xA || b == 0x15 || b == 0x1F || b == 0xF;
    if (n >= 6 && n <= 24) {
        uint32_t lead = (1u << (n - 1)) - 1u;
        return (b & lead) == lead;
    }
    return 0;
}

/* Some valid pattern of length >= n starts with b.  From the table: any
 * 1..3 atoms; for 4 or more atoms, the 4- and 5-atom patterns' prefixes
 * are patterns themselves and the longer ones all start E..E, so b must be
 * a pattern. */
static int atoms_prefix(uint32_t b, unsigned n)
{
    return n <= 3 ? 1 : atoms_valid(b, n);
}

static void atoms_emit_one(ete_model *m)
{
    unsigned n = m->natoms < 24 ? m->natoms : 24;
    uint32_t b = 0;
    while (n) {
        b = m->atoms & ((1u << n) - 1u);
        if (atoms_valid(b, n))
            break;
        n--;
    }
    uint8_t *p = reserve(m);
    if (!p) {
        m->natoms = 0;
        return;
    }
    unsigned type;
    size_t k;
    if (n == 1) {
        type = ETE_ENC_ATOM_F1;
        k = ete_enc_atom_f1(p, b);
    } else if (n == 2) {
        type = ETE_ENC_ATOM_F2;
        k = ete_enc_atom_f2(p, b);
    } else if (n == 3) {
        type = ETE_ENC_ATOM_F3;
        k = ete_enc_atom_f3(p, b);
    } else if (n == 4 && b != 0xF && b != 0x7) {
        type = ETE_ENC_ATOM_F4;
        k = ete_enc_atom_f4(p, b == 0xE ? 0u : b == 0x0 ? 1u : b == 0xA ? 2u : 3u);
    } else if (n == 5 && b == 0x1E) {
        type = ETE_ENC_ATOM_F5_1;
        k = ete_enc_atom_f5_1(p);
    } else if (n == 5 && b != 0x1F && b != 0xF) {
        type = ETE_ENC_ATOM_F5_2;
        k = ete_enc_atom_f5_2(p, b == 0x0 ? 1u : b == 0xA ? 2u : 3u);
    } else {
        type = ETE_ENC_ATOM_F6;
        k = ete_enc_atom_f6(p, n - 4u, ((b >> (n - 1)) & 1u) ? 0u : 1u);
    }
    commit_pkt(m, type, k);
    m->atoms >>= n;
    m->natoms -= n;
}

static void atoms_flush(ete_model *m)
{
    while (m->natoms)
        atoms_emit_one(m);
}

/* Greedy longest-packet-first is optimal because every valid pattern's
 * suffixes are valid patterns: a packet is output as soon as no later atom
 * can make a longer packet starting where it starts.
 *
 * atoms_wait[n][b]: with n (1..5) atoms b buffered, nothing is output yet
 * (b is a proper prefix of a longer valid pattern): the table above
 * evaluated with atoms_prefix(). */
static const uint8_t atoms_wait[6][32] = {
    /* n=0 */ {0},
    /* n=1 */ {1, 1},
    /* n=2 */ {1, 1, 1, 1},
    /* n=3 */ {1, 0, 1, 0, 0, 1, 1, 1},                 /* ENN EEN NNE are complete */
    /* n=4 */ {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1},  /* NNNN ENEN NENE NEEE EEEE */
    /* n=5 */ {[0x1F] = 1},                             /* EEEEE */
};

static void atom_push(ete_model *m, int e)
{
    unsigned n = m->natoms;
    uint32_t b = m->atoms | (uint32_t)(e ? 1u : 0u) << n;
    n++;
    m->atoms = b;
    m->natoms = n;
    if (n <= 5 ? atoms_wait[n][b] : (e && n < 24))
        return;                            /* common case: keep collecting */
    while (m->natoms && !atoms_prefix(m->atoms, m->natoms))
        atoms_emit_one(m);
    if (m->natoms && atoms_valid(m->atoms, m->natoms) &&
        !atoms_prefix(m->atoms | (1u << m->natoms), m->natoms + 1) &&
        !atoms_prefix(m->atoms, m->natoms + 1))
        atoms_emit_one(m);
}

/* ---- context and address packets --------------------------------------- */
static int ctx_eq(const ctx_t *a, const ctx_t *b)
{
    return a->el == b->el && a->ns == b->ns && a->sf == b->sf && a->cid == b->cid &&
           a->vmid == b->vmid;
}

/* The fields of a Context packet for ctx: CONTEXTID and VMID only when
 * traced and changed from the value the analyzer holds (D5.55). */
static void ctx_fields(const ete_model *m, const ctx_t *c, ete_enc_ctx *e)
{
    e->el = c->el;
    e->ns = c->ns;
    e->sf = c->sf;
    e->c = (uint8_t)(m->cfg_cid && c->cid != m->out_ctx.cid);
    e->v = (uint8_t)(m->cfg_vmid && c->vmid != m->out_ctx.vmid);
    e->contextid = c->cid;
    e->vmid = c->vmid;
}

static unsigned ctx_payload(const ete_enc_ctx *e)
{
    return 1u + (e->v ? 4u : 0u) + (e->c ? 4u : 0u);   /* D5.55: 32-bit VMID, CONTEXTID */
}

static void emit_ctx(ete_model *m, const ctx_t *c)
{
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    if (ctx_eq(c, &m->out_ctx)) {
        commit_pkt(m, ETE_ENC_CTXT_SAME, ete_enc_ctxt_same(p));
    } else {
        ete_enc_ctx e;
        ctx_fields(m, c, &e);
        commit_pkt(m, ETE_ENC_CTXT, ete_enc_ctxt(p, &e));
    }
    m->out_ctx = *c;
    m->out_ctx_valid = 1;
}

enum { AF_EXACT, AF_SHORT, AF_32, AF_64 };
typedef struct addr_form {
    unsigned kind, q, nb;
} addr_form;

/* R_BPRDC, R_YLXFK: exact match against the history buffer (lowest entry
 * first), else the shortest form relative to entry 0. */
static void addr_choose(const ete_model *m, uint64_t a, int is1, addr_form *f)
{
    for (unsigned q = 0; q < 3; q++) {
        if (m->ahb[q].addr == a && m->ahb[q].is1 == is1) {
            f->kind = AF_EXACT;
            f->q = q;
            f->nb = 0;
            return;
        }
    }
    unsigned nb = is1 ? ete_short_bytes_is1(a, m->ahb[0].addr)
                      : ete_short_bytes_is0(a, m->ahb[0].addr);
    f->q = 0;
    f->nb = nb;
    if (nb)
        f->kind = AF_SHORT;
    else
        f->kind = ete_addr_fits32(a, m->ahb[0].addr) ? AF_32 : AF_64;
}

/* Bytes of the address part of a Target Address packet in form f. */
static unsigned addr_size(const addr_form *f)
{
    switch (f->kind) {
    case AF_EXACT: return 1;
    case AF_SHORT: return 1 + f->nb;
    case AF_32: return 5;
    default: return 9;
    }
}

static void addr_push_form(ete_model *m, uint64_t a, int is1, const addr_form *f)
{
    if (f->kind == AF_EXACT) {
        addr_ent e = m->ahb[f->q];    /* D9.2.14.7: the matched entry is added again */
        ahb_push(m, e.addr, e.is1);
    } else {
        ahb_push(m, a, is1);           /* R_LMHFW */
    }
}

static void emit_addr(ete_model *m, uint64_t a, int is1, const addr_form *f)
{
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    unsigned type;
    size_t n;
    switch (f->kind) {
    case AF_EXACT:
        type = ETE_ENC_ADDR_EXACT;
        n = ete_enc_addr_exact(p, f->q);
        break;
    case AF_SHORT:
        type = is1 ? ETE_ENC_ADDR_SHORT_IS1 : ETE_ENC_ADDR_SHORT_IS0;
        n = is1 ? ete_enc_addr_short_is1(p, a, f->nb) : ete_enc_addr_short_is0(p, a, f->nb);
        break;
    case AF_32:
        type = is1 ? ETE_ENC_ADDR_32_IS1 : ETE_ENC_ADDR_32_IS0;
        n = is1 ? ete_enc_addr_32_is1(p, a) : ete_enc_addr_32_is0(p, a);
        break;
    default:
        type = is1 ? ETE_ENC_ADDR_64_IS1 : ETE_ENC_ADDR_64_IS0;
        n = is1 ? ete_enc_addr_64_is1(p, a) : ete_enc_addr_64_is0(p, a);
        break;
    }
    commit_pkt(m, type, n);
    addr_push_form(m, a, is1, f);
}

/* A Target Address element and/or a Context element for the instruction
 * at a: whichever of {Context packet + Target Address packet} and {Target
 * Address with Context packet} is shorter; on a tie the single packet. */
static void emit_addr_ctx(ete_model *m, uint64_t a, int is1, const ctx_t *c, int need_a,
                          int need_c)
{
    if (!need_a) {
        emit_ctx(m, c);
        return;
    }
    addr_form f;
    addr_choose(m, a, is1, &f);
    if (!need_c) {
        emit_addr(m, a, is1, &f);
        return;
    }
    ete_enc_ctx e;
    ctx_fields(m, c, &e);
    unsigned csz = ctx_eq(c, &m->out_ctx) ? 1u : 1u + ctx_payload(&e);
    int fits = ete_addr_fits32(a, m->ahb[0].addr);
    unsigned comb = (fits ? 5u : 9u) + ctx_payload(&e);
    if (csz + addr_size(&f) < comb) {
        emit_ctx(m, c);
        emit_addr(m, a, is1, &f);
        return;
    }
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    unsigned type;
    size_t n;
    if (fits) {
        type = is1 ? ETE_ENC_ADDR_CTXT_32_IS1 : ETE_ENC_ADDR_CTXT_32_IS0;
        n = is1 ? ete_enc_addr_ctxt_32_is1(p, a, &e) : ete_enc_addr_ctxt_32_is0(p, a, &e);
    } else {
        type = is1 ? ETE_ENC_ADDR_CTXT_64_IS1 : ETE_ENC_ADDR_CTXT_64_IS0;
        n = is1 ? ete_enc_addr_ctxt_64_is1(p, a, &e) : ete_enc_addr_ctxt_64_is0(p, a, &e);
    }
    commit_pkt(m, type, n);
    ahb_push(m, a, is1);
    m->out_ctx = *c;
    m->out_ctx_valid = 1;
}

/* Exception packet (D5.13 - D5.23) for type at preferred return address a,
 * with a Context element first when need_c (R_YGXKK): the same size rule
 * as emit_addr_ctx. */
static void emit_exception(ete_model *m, unsigned e, unsigned type, uint64_t a, int is1,
                           const ctx_t *c, int need_c)
{
    addr_form f;
    addr_choose(m, a, is1, &f);
    ete_enc_ctx ec;
    ctx_fields(m, c, &ec);
    int fits = ete_addr_fits32(a, m->ahb[0].addr);
    if (need_c) {
        unsigned csz = ctx_eq(c, &m->out_ctx) ? 1u : 1u + ctx_payload(&ec);
        unsigned comb = (fits ? 5u : 9u) + ctx_payload(&ec);
        if (csz + addr_size(&f) < comb) {
            emit_ctx(m, c);
            need_c = 0;
        }
    }
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    unsigned t;
    size_t n;
    if (need_c) {
        if (fits) {
            t = is1 ? ETE_ENC_EXC_CTXT_32_IS1 : ETE_ENC_EXC_CTXT_32_IS0;
            n = is1 ? ete_enc_exc_ctxt_32_is1(p, e, type, a, &ec)
                    : ete_enc_exc_ctxt_32_is0(p, e, type, a, &ec);
        } else {
            t = is1 ? ETE_ENC_EXC_CTXT_64_IS1 : ETE_ENC_EXC_CTXT_64_IS0;
            n = is1 ? ete_enc_exc_ctxt_64_is1(p, e, type, a, &ec)
                    : ete_enc_exc_ctxt_64_is0(p, e, type, a, &ec);
        }
        commit_pkt(m, t, n);
        ahb_push(m, a, is1);               /* R_CMCRT */
        m->out_ctx = *c;
        m->out_ctx_valid = 1;
        return;
    }
    switch (f.kind) {
    case AF_EXACT:
        t = ETE_ENC_EXC_EXACT;
        n = ete_enc_exc_exact(p, e, type, f.q);
        break;
    case AF_SHORT:
        t = is1 ? ETE_ENC_EXC_SHORT_IS1 : ETE_ENC_EXC_SHORT_IS0;
        n = is1 ? ete_enc_exc_short_is1(p, e, type, a, f.nb)
                : ete_enc_exc_short_is0(p, e, type, a, f.nb);
        break;
    case AF_32:
        t = is1 ? ETE_ENC_EXC_32_IS1 : ETE_ENC_EXC_32_IS0;
        n = is1 ? ete_enc_exc_32_is1(p, e, type, a) : ete_enc_exc_32_is0(p, e, type, a);
        break;
    default:
        t = is1 ? ETE_ENC_EXC_64_IS1 : ETE_ENC_EXC_64_IS0;
        n = is1 ? ete_enc_exc_64_is1(p, e, type, a) : ete_enc_exc_64_is0(p, e, type, a);
        break;
    }
    commit_pkt(m, t, n);
    addr_push_form(m, a, is1, &f);         /* R_CMCRT */
}

/* ---- cycle count (D6.9.18, D6.10.3) ------------------------------------ */
static void emit_cc(ete_model *m, int known, uint64_t cycles)
{
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    uint32_t v = known ? (uint32_t)(cycles - m->cc_threshold) : 0;
    if (m->p.commopt) {
        /* TRCIDR0.COMMOPT = 1: Cycle Count packets carry no commit (D5.27,
         * D5.29, D5.32, D5.34). */
        if (!known)
            commit_pkt(m, ETE_ENC_CC_F1_1_UNKNOWN, ete_enc_cc_f1_1_unknown(p));
        else if (v <= 3)
            commit_pkt(m, ETE_ENC_CC_F3_1, ete_enc_cc_f3_1(p, v));
        else if (v <= 15)
            commit_pkt(m, ETE_ENC_CC_F2_1, ete_enc_cc_f2_1(p, v));
        else
            commit_pkt(m, ETE_ENC_CC_F1_1, ete_enc_cc_f1_1(p, v));
    } else {
        /* COMMOPT = 0 with MAXSPEC = 0: every P0 element is already
         * committed (D6.11.1), so only Format 1_0, whose COMMIT field may
         * be zero (D5.26, D5.28: no Commit element), applies: Formats 2_0
         * and 3_0 commit at least one element (D5.30, D5.33, and D5.31
         * "must be greater than 0"). */
        if (!known)
            commit_pkt(m, ETE_ENC_CC_F1_0_UNKNOWN, ete_enc_cc_f1_0_unknown(p, 0));
        else
            commit_pkt(m, ETE_ENC_CC_F1_0, ete_enc_cc_f1_0(p, 0, v));
    }
}

/* The implied Commit element of the P0 element of record r (D6.11.1). */
static void cc_commit(ete_model *m, const pe_rec *r)
{
    if (!m->cfg_cci)
        return;
    if (!m->cc_valid) {
        /* R_YFMBW, R_HQKWH: the first after enabling or an overflow */
        emit_cc(m, 0, 0);
        m->cc_valid = 1;
        m->cc_ref = r->cycle;
        return;
    }
    uint64_t d = r->cycle - m->cc_ref;
    if (d < m->cc_threshold)               /* R_GWQGS */
        return;
    emit_cc(m, d <= m->cc_max, d);         /* R_YVWJW, R_BMVKB */
    m->cc_ref = r->cycle;
}

/* ---- timestamp (D6.9.16) ------------------------------------------------ */
static void emit_ts(ete_model *m, uint64_t ts, uint64_t cycle)
{
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    /* R_ZMQLT: cycles from the last Cycle Count element; R_JNSWM, R_NPYKS:
     * UNKNOWN (no COUNT field) before any, or beyond the counter size. */
    int has = m->cfg_cci && m->cc_valid && cycle >= m->cc_ref &&
              cycle - m->cc_ref <= m->cc_max;
    uint32_t count = has ? (uint32_t)(cycle - m->cc_ref) : 0;
    commit_pkt(m, ETE_ENC_TIMESTAMP, ete_enc_timestamp(p, ts, m->last_ts, has, count));
    m->last_ts = ts;
    m->ts_req = 0;
    m->elem_since_ts = 0;
}

/* ======================================================================= */
/* Resources (D7) and filtering (D6.8)                                      */
/* ======================================================================= */

static int sel_single(const ete_model *m, unsigned n, unsigned ext)
{
    if (n == ETE_RESOURCE_FALSE)
        return 0;                          /* R_NRSGN */
    if (n == ETE_RESOURCE_TRUE)
        return 1;                          /* R_SXSQT */
    uint32_t c = m->r.trcrsctlr[n];
    /* group 0b0000: External Input Selectors, R_HVNQG, R_WFGMY */
    int hit = (ext & c & TRCRSCTLR_SELECT_MASK & m->extin_mask) != 0;
    return hit ^ ((c & TRCRSCTLR_INV) ? 1 : 0);
}

/* The generic event selector: TYPE 0 = Resource Selector SEL, TYPE 1 =
 * Resource Selector pair SEL (D7.3.1, Table D7.2). */
static int sel_event(const ete_model *m, unsigned sel, unsigned type, unsigned ext)
{
    if (!type)
        return sel_single(m, sel, ext);
    unsigned pair = sel & 0xFu;
    int a = sel_single(m, 2 * pair, ext);
    int b = sel_single(m, 2 * pair + 1, ext);
    int pinv = pair ? ((m->r.trcrsctlr[2 * pair] & TRCRSCTLR_PAIRINV) ? 1 : 0) : 0;
    return (a && b) ^ pinv;
}

/* Exception level filter bits: EXLEVEL_NS<n> for Non-secure EL0-2, else
 * EXLEVEL_S<n> (EL3 is always Secure in this encoding). */
static int el_bit(uint64_t reg, unsigned s_shift, unsigned ns_shift, unsigned el, int ns)
{
    unsigned sh = (ns && el < 3) ? ns_shift + el : s_shift + (el & 3u);
    return (int)((reg >> sh) & 1u);
}

/* D7.4.1 SAC[n], D7.4.2 ARC[k] for an instruction at a in (el, ns). */
static int sac_match(const ete_model *m, unsigned n, uint64_t a, unsigned el, int ns)
{
    return m->r.trcacvr[n] == a && !el_bit(m->r.trcacatr[n], 8, 12, el, ns);
}

static int arc_match(const ete_model *m, unsigned k, uint64_t a, unsigned el, int ns)
{
    return a >= m->r.trcacvr[2 * k] && a <= m->r.trcacvr[2 * k + 1] &&
           !el_bit(m->r.trcacatr[2 * k], 8, 12, el, ns);
}

static int arc_any(const ete_model *m, unsigned mask, uint64_t a, unsigned el, int ns)
{
    for (unsigned k = 0; mask; k++, mask >>= 1)
        if ((mask & 1u) && arc_match(m, k, a, el, ns))
            return 1;
    return 0;
}

static int sac_any(const ete_model *m, unsigned mask, uint64_t a, unsigned el, int ns)
{
    for (unsigned n = 0; mask; n++, mask >>= 1)
        if ((mask & 1u) && sac_match(m, n, a, el, ns))
            return 1;
    return 0;
}

/* D6.8.1 ViewInst_i = S_i & I_i & E_i & N_i for one instruction (an
 * instruction block of one instruction) at pc, with EXTIN ext, in (el, ns).
 * Updates SSSTATUS (D6.17). */
int ete_m_viewinst_at(ete_model *m, uint64_t pc, unsigned ext, unsigned el, int ns)
{
    uint32_t vc = m->r.trcvictlr;
    int e = !el_bit(vc, 16, 20, el, ns);                     /* D6.16 */
    int i = 1;
    uint32_t iie = m->r.trcviiectlr;
    if (iie) {                                               /* D6.24 - D6.26 */
        unsigned inc = iie & 0xFFu, exc = (iie >> 16) & 0xFFu;
        int include = inc ? arc_any(m, inc, pc, el, ns) : 1;
        int exclude = exc ? arc_any(m, exc, pc, el, ns) : 0;
        i = include && !exclude;
    }
    int s;
    uint32_t ss = m->r.trcvissctlr;
    if (ss) {                                                /* D6.17 - D6.21 */
        int start = sac_any(m, ss & 0xFFFFu, pc, el, ns);
        int stop = sac_any(m, ss >> 16, pc, el, ns);
        s = m->ss || start;
        m->ss = (uint8_t)(s && !stop);
    } else {
        s = m->ss;
    }
    int n = sel_event(m, TRCVICTLR_EVENT_SEL(vc), TRCVICTLR_EVENT_TYPE(vc), ext); /* D6.15 */
    return e && i && s && n;
}

static int viewinst(ete_model *m, const pe_rec *r, unsigned el, int ns)
{
    return ete_m_viewinst_at(m, r->pc, r->ext_in, el, ns);
}

/* Address comparator n (a SAC, or the lower half of an ARC) can match in
 * (el, ns): TRCACATR<n>.EXLEVEL does not exclude it (D7.4.1, D7.4.2). */
int ete_m_cmp_enabled(const ete_model *m, unsigned n, unsigned el, int ns)
{
    return !el_bit(m->r.trcacatr[n], 8, 12, el, ns);
}

/* D6.10.1: include mode with RANGE = 0 is CONSTRAINED UNPREDICTABLE; this
 * unit then has no branch broadcasting region. */
static int bb_active(const ete_model *m, uint64_t a, unsigned el, int ns)
{
    unsigned range = m->r.trcbbctlr & TRCBBCTLR_RANGE_MASK;
    int hit = arc_any(m, range, a, el, ns);
    if (m->r.trcbbctlr & TRCBBCTLR_MODE)
        return range ? hit : 0;
    return !hit;
}

unsigned ete_m_events_of(const ete_model *m, unsigned ext)
{
    unsigned ev = 0;
    for (unsigned n = 0; n < m->p.num_events; n++) {
        if (!(m->ev_en & (1u << n)))
            continue;
        uint32_t c = m->r.trceventctl0r;
        if (sel_event(m, TRCEVENTCTL0R_SEL(c, n), TRCEVENTCTL0R_TYPE(c, n), ext))
            ev |= 1u << n;                  /* R_KKLYB */
    }
    return ev;
}

/* ======================================================================= */
/* Element generation (D6.9)                                                */
/* ======================================================================= */

ctx_t ete_m_ctx_of(const ete_model *m, const pe_rec *r)
{
    ctx_t c;
    c.el = r->el & 3u;
    c.ns = (r->flags & PE_F_NS) ? 1 : 0;
    c.sf = r->isa == PE_ISA_A64;
    c.cid = m->cfg_cid ? r->contextidr_el1 : 0;                     /* R_MKKZN */
    c.vmid = m->cfg_vmid ? r->contextidr_el2 : 0; /* R_PTVTD: CONTEXTIDR_EL2 */
    return c;
}

/* R_F5WRC: bits [1:0] (IS0) or bit [0] (IS1) are traced as zero. */
static uint64_t addr_of(uint64_t pc, int is1)
{
    return is1 ? pc & ~1ull : pc & ~3ull;
}

static int rs_match_pop(ete_model *m, uint64_t a, int is1)
{
    const addr_ent *t = &m->rs[m->rs_top];
    if (m->rs_n && t->addr == a && t->is1 == is1) {   /* R_QHSBN */
        m->rs_top = (m->rs_top - 1u) & 15u;            /* R_HTKJS */
        m->rs_n--;
        return 1;
    }
    return 0;
}

static void rs_push(ete_model *m, uint64_t a, int is1)
{
    /* R_ZKTHK: the new entry on top; R_ZSDVQ: when full the oldest entry
     * (depth entries below the new top) is discarded. */
    m->rs_top = (m->rs_top + 1u) & 15u;
    m->rs[m->rs_top].addr = a;
    m->rs[m->rs_top].is1 = (uint8_t)is1;
    if (m->rs_n < m->p.rs_depth)
        m->rs_n++;
}

/* R_HFCTC: the return address of a taken branch with link and its
 * sub_isa.  T32 BLX <reg> is 16 bits, every other link branch 32. */
static void rs_push_link(ete_model *m, const pe_rec *r, int is1)
{
    uint64_t size = (is1 && r->iclass == PE_IC_BLR) ? 2 : 4;
    uint64_t ret = r->pc + size;
    if (r->isa != PE_ISA_A64)
        ret &= 0xFFFFFFFFull;
    rs_push(m, addr_of(ret, is1), is1);
}

/* D2.3.1 R_NHDCF: a gap in the trace ends; R_KMEKP: a Target Address
 * element follows before the next P0 element. */
void ete_m_trace_on(ete_model *m)
{
    uint8_t *p = pkt_begin(m);
    if (!p)
        return;
    commit_pkt(m, ETE_ENC_TRACE_ON, ete_enc_trace_on(p));
    m->rs_n = 0;                           /* R_SBJB */
    m->active = 1;
    m->uncovered = 0;
    m->need_addr = 1;
    m->pend_rs_ok = 0;
}

/* Outer transaction failure (D6.9.11) by a TFAIL record, an exception or a
 * PE Reset in Transactional state. */
static void tx_abort(ete_model *m)
{
    if (m->tx_depth && m->ss_tstart_valid) {
        m->ss = m->ss_tstart;              /* R_CVQEV */
        /* R_CJTJM: the failed transaction's instructions are undone, so
         * TRCRSR.TA is what it was after the outer TSTART */
        m->active = m->ta_tstart;
    }
    if (m->tx_traced) {
        uint8_t *p = pkt_begin(m);
        if (p) {
            unsigned e = m->need_addr ? ETE_EXC_E_ADDR_EXC : ETE_EXC_E_EXC;
            commit_pkt(m, ETE_ENC_TXN_FAILURE, ete_enc_txn_failure(p, e));  /* R_MHBCC */
            ahb_push(m, 0, 0);             /* R_FPDJF */
        }
        /* The analyzer drops every element since the Transaction Start
         * (I_XHLPG), return stack pushes and pops among them included. */
        m->rs_n = 0;
        m->force_ctx = 1;
        m->need_addr = m->active;          /* I_FRTGM: the target of a Transaction Failure */
        m->pend_rs_ok = 0;
        m->uncovered = 0;
    }
    m->tx_depth = 0;
    m->tx_traced = 0;
    m->ss_tstart_valid = 0;
}

static void tx_start_elem(ete_model *m)
{
    emit_simple(m, ETE_ENC_TXN_START, ete_enc_txn_start);
    m->tx_traced = 1;
}

static void tx_commit(ete_model *m)
{
    if (!m->tx_depth)
        return;
    if (--m->tx_depth == 0) {
        if (m->tx_traced)
            emit_simple(m, ETE_ENC_TXN_COMMIT, ete_enc_txn_commit);  /* R_BGMXL, R_PCKKS */
        m->tx_traced = 0;
        m->ss_tstart_valid = 0;
    }
}

static int is_p0(unsigned ic)
{
    switch (ic) {
    case PE_IC_B: case PE_IC_BCOND: case PE_IC_BL: case PE_IC_BR: case PE_IC_BLR:
    case PE_IC_RET: case PE_IC_ERET: case PE_IC_ISB: case PE_IC_WFX: case PE_IC_TSTART:
        return 1;                          /* R_PBVZM, R_GPNRJ, R_DJMQM, D3.4 */
    default:
        return 0;
    }
}

/* Resolve the Target Address / Context elements due before the P0 element
 * of a traced instruction (R_ZRYSN, R_BDFDQ, R_RHDMW). */
void ete_m_resolve(ete_model *m, uint64_t a, int is1, const ctx_t *c)
{
    int need_c = m->force_ctx || !m->out_ctx_valid || !ctx_eq(c, &m->out_ctx);
    int need_a = m->need_addr;
    if (need_a && m->pend_rs_ok && rs_match_pop(m, a, is1))
        need_a = 0;                        /* R_HTKJS: removed by the return stack */
    m->need_addr = 0;
    m->pend_rs_ok = 0;
    if (need_a || need_c)
        emit_addr_ctx(m, a, is1, c, need_a, need_c);
    m->force_ctx = 0;
}

static void do_insn(ete_model *m, const pe_rec *r, int *p0_done)
{
    ctx_t c = ete_m_ctx_of(m, r);
    unsigned ic = r->iclass;
    int vi = viewinst(m, r, c.el, c.ns);
    /* X_N5MSV: instructions traced since the last P0 element are traced
     * through the next P0 instruction even when ViewInst is low there. */
    int traced = vi || m->uncovered;
    int p0 = is_p0(ic);
    m->vi_last = (uint8_t)vi;

    if ((r->flags & PE_F_TSTATE) && m->tx_depth == 0 && ic != PE_IC_TSTART)
        m->tx_depth = 1;                   /* trace started inside a transaction */
    /* R_YYWTR: an ISB that synchronizes context, an exception return;
     * R_NGXNQ: whatever ViewInst says */
    if (m->cfg_ts && ((ic == PE_IC_ISB && !(r->flags & PE_F_CCFAIL)) || ic == PE_IC_ERET))
        m->ts_req = 1;

    if (!traced) {
        m->active = 0;
        m->need_addr = 0;                  /* R_ZRYSN: tracing inactive at the target */
        m->pend_rs_ok = 0;
        if (ic == PE_IC_TSTART) {
            if (m->tx_depth++ == 0) {
                m->ss_tstart = m->ss;
                m->ss_tstart_valid = 1;
                m->ta_tstart = 0;
            }
        } else if (ic == PE_IC_TCOMMIT) {
            tx_commit(m);
        }
        m->cur_ns = c.ns;
        return;
    }

    if (!m->active)
        ete_m_trace_on(m);                       /* R_LMLSN */
    int is1 = r->isa == PE_ISA_T32;
    ete_m_resolve(m, addr_of(r->pc, is1), is1, &c);

    if (!p0) {
        m->uncovered = 1;
        if (ic == PE_IC_TCOMMIT)
            tx_commit(m);
        m->cur_ns = c.ns;
        return;
    }

    int bb = m->cfg_bb && bb_active(m, r->pc, c.el, c.ns);
    if (bb && !m->bb_prev)
        m->rs_n = 0;                       /* R_SBJB: entering a branch broadcasting region */
    m->bb_prev = (uint8_t)bb;

    /* R_RKGLY, R_CRPJZ, R_WXQS: tracing active in Transactional state with
     * no Transaction Start element yet */
    if (m->tx_depth && !m->tx_traced)
        tx_start_elem(m);

    int taken;
    switch (ic) {
    case PE_IC_ISB: case PE_IC_WFX:
        taken = !(r->flags & PE_F_CCFAIL); /* R_CPFBS, R_LMDZV, R_HJHHV, R_BMXDT */
        break;
    case PE_IC_TSTART:
        taken = 1;                         /* Table D3.4 */
        break;
    default:
        taken = (r->flags & PE_F_TAKEN) != 0;
        break;
    }
    atom_push(m, taken);                   /* R_XCJGD, R_SRYKV */
    m->uncovered = 0;
    *p0_done = 1;
    cc_commit(m, r);

    if (taken) {
        int rs_ok = m->cfg_rs && !bb;      /* R_QVTVR, R_WRXCW */
        switch (ic) {
        case PE_IC_BL:
        case PE_IC_BLR: {
            if (rs_ok)                     /* R_SLDXR: push, then pop check */
                rs_push_link(m, r, is1);
            if (ic == PE_IC_BLR) {
                m->need_addr = 1;
                m->pend_rs_ok = (uint8_t)rs_ok;
            } else if (bb) {
                m->need_addr = 1;          /* R_BNVFP */
            }
            break;
        }
        case PE_IC_BR: case PE_IC_RET: case PE_IC_ERET:
            m->need_addr = 1;              /* R_HLRZJ: indirect P0 target */
            m->pend_rs_ok = (uint8_t)rs_ok;
            break;
        default:                           /* direct P0 instructions */
            if (bb)
                m->need_addr = 1;          /* R_BNVFP */
            break;
        }
    }

    if (ic == PE_IC_TSTART) {
        if (m->tx_depth++ == 0) {          /* outer TSTART: R_CYHKB */
            tx_start_elem(m);
            m->ss_tstart = m->ss;
            m->ss_tstart_valid = 1;
            m->ta_tstart = 1;
        }
    }
    m->cur_ns = c.ns;
}

/* Context of the preferred return address of exception record r: the EL it
 * was taken from, the instruction set of pc, the identifiers (unchanged by
 * the exception) and the Security state of the side taken from. */
static ctx_t per_ctx(const ete_model *m, const pe_rec *r)
{
    ctx_t c = ete_m_ctx_of(m, r);
    unsigned from = r->from_el & 3u;
    if (from == 3)
        c.ns = 0;
    else if ((r->el & 3u) == 3)
        c.ns = m->cur_ns;
    c.el = (uint8_t)from;
    return c;
}

static void do_exc(ete_model *m, const pe_rec *r, int *p0_done)
{
    if (m->tx_depth || (r->flags & PE_F_TSTATE))
        tx_abort(m);
    int forced = r->exc_type == PE_EXC_SERROR && (m->r.trcvictlr & TRCVICTLR_TRCERR); /* R_LTLEB */
    int traced = m->active || forced;     /* R_DPMBQ: TRCRSR.TA */
    if (m->cfg_ts)
        m->ts_req = 1;                     /* R_YYWTR, R_NGXNQ: the PE takes an exception */
    if (!traced) {
        m->need_addr = 0;
        m->pend_rs_ok = 0;
        m->uncovered = 0;
        m->cur_ns = (r->flags & PE_F_NS) ? 1 : 0;
        return;
    }
    if (!m->active)
        ete_m_trace_on(m);                       /* R_BBBBT */
    int is1 = r->isa == PE_ISA_T32;
    uint64_t a = addr_of(r->pc, is1);
    ctx_t c = per_ctx(m, r);
    int need_c = m->force_ctx || !m->out_ctx_valid || !ctx_eq(&c, &m->out_ctx);
    int need_a = m->need_addr;
    if (need_a && m->pend_rs_ok && rs_match_pop(m, a, is1))
        need_a = 0;                        /* I_PCMYT */
    m->need_addr = 0;
    m->pend_rs_ok = 0;
    /* I_PCMYT: the exception is taken from the target of an indirect P0
     * instruction, a broadcast branch or another exception: E = 0b10 gives
     * the Target Address element with the exception. */
    emit_exception(m, need_a ? ETE_EXC_E_ADDR_EXC : ETE_EXC_E_EXC, r->exc_type & 0x1Fu, a,
                   is1, &c, need_c);
    m->force_ctx = 0;
    *p0_done = 1;                          /* R_YPPRPH */
    m->uncovered = 0;
    cc_commit(m, r);
    m->active = 1;
    m->need_addr = 1;                      /* the target of the exception */
    m->cur_ns = (r->flags & PE_F_NS) ? 1 : 0;
}

static void do_reset(ete_model *m, const pe_rec *r, int *p0_done)
{
    if (m->tx_depth || (r->flags & PE_F_TSTATE))
        tx_abort(m);                       /* R_QWGXIL */
    int forced = (m->r.trcvictlr & TRCVICTLR_TRCRESET) != 0;   /* R_GPKSH */
    int traced = m->active || forced;
    if (m->cfg_ts)
        m->ts_req = 1;                     /* R_YYWTR, R_NGXNQ */
    if (traced) {
        if (!m->active)
            ete_m_trace_on(m);                   /* R_BBBBT */
        uint8_t *p = pkt_begin(m);
        if (p) {
            unsigned e = m->need_addr ? ETE_EXC_E_ADDR_EXC : ETE_EXC_E_EXC;
            commit_pkt(m, ETE_ENC_PE_RESET, ete_enc_pe_reset(p, e));
            ahb_push(m, 0, 0);             /* R_FPDJF */
        }
        *p0_done = 1;
        cc_commit(m, r);
        m->active = 1;
        m->need_addr = 1;
    } else {
        m->active = 0;
        m->need_addr = 0;
    }
    /* R_JRNYF: no execution is indicated since the previous P0 element and
     * the context after the reset is UNKNOWN until a Context element. */
    m->pend_rs_ok = 0;
    m->force_ctx = 1;
    m->uncovered = 0;
    m->cur_ns = (r->flags & PE_F_NS) ? 1 : 0;
}

static void do_tfail(ete_model *m)
{
    int was = m->tx_traced;
    tx_abort(m);
    if (!was && m->active) {
        m->need_addr = 1;                  /* execution restarts elsewhere */
        m->pend_rs_ok = 0;
        m->uncovered = 0;
    }
}

/* Periodic synchronization (D1.9.2), serviced at a record boundary where no
 * traced instruction waits for its P0 element, so that the Target Address
 * element after the Trace Info element is that of the next instruction
 * (R_SVGNN, R_MDTYL). */
void ete_m_service_sync(ete_model *m)
{
    atoms_flush(m);
    emit_sync(m);
    if (m->active) {
        m->need_addr = 1;
        m->pend_rs_ok = 0;
    }
}

static int check_rec(ete_model *m, const pe_rec *r, uint64_t idx)
{
    const char *bad = NULL;
    unsigned v = 0;
    if (r->kind >= PE_KIND_COUNT) {
        bad = "reserved kind";
        v = r->kind;
    } else if (r->kind == PE_KIND_INSN && r->iclass >= PE_IC_COUNT) {
        bad = "reserved instruction class";
        v = r->iclass;
    } else if (r->isa > PE_ISA_T32) {
        bad = "reserved instruction set";
        v = r->isa;
    } else if (r->el > 3) {
        bad = "Exception level above EL3";
        v = r->el;
    } else if (r->kind == PE_KIND_EXC) {
        unsigned t = r->exc_type;
        int ok = t == 1 || t == 2 || t == 3 || t == 4 || t == 6 || t == 7 || t == 0xA ||
                 t == 0xB || t == 0xC || t == 0xE || t == 0xF || (t >= 0x10 && t <= 0x17) ||
                 t == 0;
        if (!ok) {
            bad = "exception type reserved in D5.13";
            v = t;
        } else if (r->from_el > 3) {
            bad = "from_el above EL3";
            v = r->from_el;
        }
    }
    if (!bad)
        return 1;
    if (!m->err[0])
        snprintf(m->err, sizeof m->err, "record %llu: %s (0x%x)",
                 (unsigned long long)idx, bad, v);
    return 0;
}

void ete_m_slow_step(ete_model *m, const pe_rec *r)
{
    uint64_t idx = m->nrec++;
    if (m->disabled)
        return;
    if (!check_rec(m, r, idx)) {
        m->quiet = 0;
        return;
    }
    if (ete_m_sync_due(m) && !m->uncovered)
        ete_m_service_sync(m);

    int p0_done = 0;
    switch (r->kind) {
    case PE_KIND_INSN:
        do_insn(m, r, &p0_done);
        break;
    case PE_KIND_EXC:
        if (r->exc_type == PE_EXC_PE_RESET)
            do_reset(m, r, &p0_done);
        else
            do_exc(m, r, &p0_done);
        break;
    case PE_KIND_RESET:
        do_reset(m, r, &p0_done);
        break;
    default:
        do_tfail(m);
        break;
    }

    /* R_WJPTE: events regardless of ViewInst; R_SPYTT: after the P0
     * element of the same record. */
    unsigned ev = m->ev_en ? ete_m_events_of(m, r->ext_in) : 0;
    if (ev) {
        uint8_t *p = pkt_begin(m);
        if (p)
            commit_pkt(m, ETE_ENC_EVENT, ete_enc_event(p, ev));
    }
    int ts_evt = m->cfg_ts &&
                 sel_event(m, TRCTSCTLR_SEL(m->r.trctsctlr), TRCTSCTLR_TYPE(m->r.trctsctlr),
                           r->ext_in);
    if (ts_evt)
        m->ts_req = 1;                     /* R_YYWTR: the timestamp resource event */
    if (p0_done || ev) {
        m->elem_since_ts = 1;
        m->elem_ts = r->timestamp;
        m->elem_cycle = r->cycle;
        /* R_CWHHW, I_SDPZZ: the Timestamp element follows the P0 or Event
         * element whose record's timestamp it carries. */
        if (m->ts_req)
            emit_ts(m, r->timestamp, r->cycle);
    }

    m->pv_el = r->el;
    m->pv_isa = r->isa;
    m->pv_ns = (r->flags & PE_F_NS) ? 1 : 0;
    m->pv_cid1 = r->contextidr_el1;
    m->pv_cid2 = r->contextidr_el2;
    m->pv_ext = r->ext_in & m->extin_used;
    /* quiet also needs the last instruction traced exactly when its
     * ViewInst was high (not only to reach the end of a block) */
    m->quiet = (uint8_t)(r->kind == PE_KIND_INSN && !m->disabled && !m->addr_filter &&
                         !m->no_fast && m->vi_last == m->active &&
                         !m->need_addr && !m->sync_req && !m->force_ctx && !ev && !ts_evt);
}

/* The fast paths.  An instruction retiring in the context and with the
 * resource inputs of the previous instruction, while the unit has nothing
 * due (quiet), has the previous instruction's ViewInst result, needs no
 * Context or Target Address element and fires no event:
 *  - a non-P0 instruction only joins the block of the next P0 element;
 *  - a direct branch (when no cycle counting, branch broadcasting,
 *    timestamp request or transaction needs attention) only adds its atom
 *    and, for a taken BL, its return stack entry.
 * Both do exactly what ete_m_slow_step() would do for such a record. */
static inline int same_inputs(const ete_model *m, const pe_rec *r)
{
    return m->quiet && r->kind == PE_KIND_INSN && r->el == m->pv_el &&
           r->isa == m->pv_isa && (unsigned)((r->flags & PE_F_NS) ? 1 : 0) == m->pv_ns &&
           r->contextidr_el1 == m->pv_cid1 && r->contextidr_el2 == m->pv_cid2 &&
           (r->ext_in & m->extin_used) == m->pv_ext;
}

/* Branches other than ERET (which requests a timestamp and changes
 * context) with neither cycle counting nor branch broadcasting. */
static inline int fast_branch_class(unsigned ic)
{
    return ic == PE_IC_BCOND || ic == PE_IC_B || ic == PE_IC_BL || ic == PE_IC_BR ||
           ic == PE_IC_BLR || ic == PE_IC_RET;
}

static void fast_branch(ete_model *m, const pe_rec *r)
{
    m->nrec++;
    if (!m->active)
        return;                            /* not traced, like the previous record */
    unsigned ic = r->iclass;
    int taken = (r->flags & PE_F_TAKEN) != 0;
    atom_push(m, taken);
    m->uncovered = 0;
    if (taken) {
        if ((ic == PE_IC_BL || ic == PE_IC_BLR) && m->cfg_rs)
            rs_push_link(m, r, r->isa == PE_ISA_T32);
        if (ic == PE_IC_BR || ic == PE_IC_BLR || ic == PE_IC_RET) {
            m->need_addr = 1;
            m->pend_rs_ok = m->cfg_rs;
        }
    }
    m->elem_since_ts = 1;
    m->elem_ts = r->timestamp;
    m->elem_cycle = r->cycle;
    if (m->sync_req || m->disabled)
        m->quiet = 0;                      /* as ete_m_slow_step */
}

static inline int step_fast(ete_model *m, const pe_rec *r)
{
    /* a record in Transactional state outside a known transaction (trace
     * started, or resumed after an overflow, inside one) takes the general
     * path, which notes the transaction */
    if (m->need_addr || m->sync_req || !same_inputs(m, r) ||
        ((r->flags & PE_F_TSTATE) && !m->tx_depth))
        return 0;
    unsigned ic = r->iclass;
    if (ic == PE_IC_OTHER) {
        m->nrec++;
        m->uncovered |= m->active;
        return 1;
    }
    if (fast_branch_class(ic) && m->bfast_cfg && !m->ts_req && !m->tx_depth &&
        !(r->flags & PE_F_TSTATE)) {
        fast_branch(m, r);
        return 1;
    }
    return 0;
}

void ete_model_step(ete_model *m, const pe_rec *r)
{
    if (!step_fast(m, r))
        ete_m_slow_step(m, r);
}

/* ete_model_run applies the same fast paths with the comparison against
 * the previous record done on whole words: the record bytes 52..59
 * (CONTEXTIDR_EL1, CONTEXTIDR_EL2) and, under masks, 72..79 (flags, kind)
 * and 80..87 (isa, el, ext_in).  The record's VTTBR_EL2.VMID (bytes
 * 60..63) is not a trace unit input: the Virtual context identifier is
 * CONTEXTIDR_EL2 (R_PTVTD). */
typedef struct run_key {
    uint64_t ka, kb, kc;
} run_key;

static uint64_t word_at(const pe_rec *r, size_t off)
{
    uint64_t w;
    memcpy(&w, (const char *)r + off, sizeof w);
    return w;
}

static void run_masks(ete_model *m)
{
    pe_rec t;
    memset(&t, 0, sizeof t);
    t.flags = PE_F_NS;
    t.kind = 0xFF;
    t.isa = 0xFF;
    t.el = 0xFF;
    t.ext_in = m->extin_used;
    m->run_ma = word_at(&t, 72);
    m->run_mb = word_at(&t, 80);
}

static void run_key_of(const ete_model *m, run_key *k)
{
    pe_rec t;
    memset(&t, 0, sizeof t);
    t.kind = PE_KIND_INSN;
    t.flags = m->pv_ns ? PE_F_NS : 0;
    t.isa = m->pv_isa;
    t.el = m->pv_el;
    t.ext_in = m->pv_ext;
    t.contextidr_el1 = m->pv_cid1;
    t.contextidr_el2 = m->pv_cid2;
    k->ka = word_at(&t, 72) & m->run_ma;
    k->kb = word_at(&t, 80) & m->run_mb;
    k->kc = word_at(&t, 52);
}

void ete_model_run(ete_model *m, const pe_rec *r, size_t n)
{
    size_t i = 0;
    while (i < n) {
        if (m->quiet) {
            run_key k;
            run_key_of(m, &k);
            uint64_t ma = m->run_ma, mb = m->run_mb;
            int bf = m->bfast_cfg && !m->ts_req && !m->tx_depth;
            size_t nfast = 0;
            while (i < n) {
                const pe_rec *x = &r[i];
                uint64_t d = ((word_at(x, 72) ^ k.ka) & ma) | ((word_at(x, 80) & mb) ^ k.kb) |
                             (word_at(x, 52) ^ k.kc);
                if (d || ((x->flags & PE_F_TSTATE) && !m->tx_depth))
                    break;
                unsigned ic = x->iclass;
                int fast_b = bf && fast_branch_class(ic) && !(x->flags & PE_F_TSTATE);
                if (ic != PE_IC_OTHER && !fast_b)
                    break;
                if (m->need_addr) {
                    /* after a fast indirect branch: the target instruction,
                     * as ete_m_resolve() does it when the context is unchanged:
                     * removed by a return stack match, or traced */
                    int is1 = x->isa == PE_ISA_T32;
                    uint64_t a = addr_of(x->pc, is1);
                    if (!m->pend_rs_ok || !rs_match_pop(m, a, is1)) {
                        ctx_t cx = ete_m_ctx_of(m, x);
                        if (m->force_ctx || !m->out_ctx_valid || !ctx_eq(&cx, &m->out_ctx))
                            break;
                        if (nfast) {
                            m->nrec += nfast;
                            m->uncovered |= m->active;
                            nfast = 0;
                        }
                        addr_form f;
                        addr_choose(m, a, is1, &f);
                        emit_addr(m, a, is1, &f);
                    }
                    m->need_addr = 0;
                    m->pend_rs_ok = 0;
                }
                if (ic == PE_IC_OTHER) {
                    nfast++;
                    i++;
                } else {
                    if (nfast) {
                        m->nrec += nfast;
                        m->uncovered |= m->active;
                        nfast = 0;
                    }
                    fast_branch(m, x);
                    i++;
                }
                /* as ete_m_slow_step: a record that raised a request or failed
                 * leaves the next one to the general path */
                if (m->sync_req || m->disabled) {
                    m->quiet = 0;
                    break;
                }
            }
            if (nfast) {
                m->nrec += nfast;
                m->uncovered |= m->active;
            }
            if (i >= n)
                break;
        }
        ete_m_slow_step(m, &r[i++]);
    }
}

/* ======================================================================= */
/* Construction, overflow, disable                                          */
/* ======================================================================= */

static int bad_reg(char *err, size_t errlen, const char *fmt, unsigned v)
{
    snprintf(err, errlen, fmt, v);
    return -1;
}

/* Check a Resource Selector (single or pair) used by an event selector and
 * collect the external inputs it reads. */
static int check_selector(const ete_model *m, const char *reg, unsigned sel, unsigned type,
                          uint8_t *used, char *err, size_t errlen)
{
    unsigned list[2], n = 0;
    if (type) {
        if (sel >= 8) {
            snprintf(err, errlen, "%s selects Resource Selector pair %u; 8 pairs are implemented",
                     reg, sel);
            return -1;
        }
        list[n++] = 2 * sel;
        list[n++] = 2 * sel + 1;
    } else {
        if (sel >= 16) {
            snprintf(err, errlen, "%s selects Resource Selector %u; 16 are implemented", reg,
                     sel);
            return -1;
        }
        list[n++] = sel;
    }
    for (unsigned i = 0; i < n; i++) {
        unsigned s = list[i];
        if (s < 2)
            continue;
        uint32_t c = m->r.trcrsctlr[s];
        unsigned select = c & TRCRSCTLR_SELECT_MASK;
        unsigned group = (c & TRCRSCTLR_GROUP_MASK) >> TRCRSCTLR_GROUP_SHIFT;
        if (c & ~(TRCRSCTLR_SELECT_MASK | TRCRSCTLR_GROUP_MASK | TRCRSCTLR_INV |
                  TRCRSCTLR_PAIRINV)) {
            snprintf(err, errlen, "TRCRSCTLR%u (used by %s): RES0 bits set (0x%08x)", s, reg, c);
            return -1;
        }
        if ((c & TRCRSCTLR_PAIRINV) && (s & 1u)) {
            snprintf(err, errlen, "TRCRSCTLR%u: PAIRINV exists only in the lower register", s);
            return -1;
        }
        if (select && group != TRCRSCTLR_GROUP_EXTIN) {
            snprintf(err, errlen,
                     "TRCRSCTLR%u (used by %s): resource group %u is not implemented "
                     "(only group 0, External Inputs)", s, reg, group);
            return -1;
        }
        if (select & ~(unsigned)m->extin_mask) {
            snprintf(err, errlen,
                     "TRCRSCTLR%u (used by %s): SELECT 0x%x names an external input >= "
                     "NUMEXTIN (%u)", s, reg, select, m->p.num_extin);
            return -1;
        }
        *used |= (uint8_t)select;
    }
    return 0;
}

static int check_cmp_mask(const ete_model *m, const char *what, unsigned mask, int pairs,
                          char *err, size_t errlen)
{
    unsigned lim = pairs ? m->p.num_acpairs : 2 * m->p.num_acpairs;
    if (mask >> lim) {
        unsigned top = 31;
        while (!((mask >> top) & 1u))
            top--;
        snprintf(err, errlen, "%s selects %s Comparator %u; %u are implemented", what,
                 pairs ? "Address Range" : "Single Address", top, lim);
        return -1;
    }
    unsigned k = 0;
    for (unsigned bits = mask; bits; bits >>= 1, k++) {
        if (!(bits & 1u))
            continue;
        unsigned idx = pairs ? 2 * k : k;
        uint64_t at = m->r.trcacatr[idx];
        if (at & TRCACATR_CONTEXTTYPE_MASK) {
            snprintf(err, errlen,
                     "TRCACATR%u: CONTEXTTYPE needs a context comparator; none is implemented",
                     idx);
            return -1;
        }
        if (pairs && m->r.trcacatr[idx + 1] != at) {
            snprintf(err, errlen,
                     "TRCACATR%u and TRCACATR%u differ: CONSTRAINED UNPREDICTABLE (R_XYJLC)",
                     idx, idx + 1);
            return -1;
        }
    }
    return 0;
}

static int configure(ete_model *m, char *err, size_t errlen)
{
    const ete_progregs *r = &m->r;
    uint32_t cfg = r->trcconfigr;
    const uint32_t known = TRCCONFIGR_RES1 | TRCCONFIGR_BB | TRCCONFIGR_CCI | TRCCONFIGR_CID |
                           TRCCONFIGR_VMID | TRCCONFIGR_TS | TRCCONFIGR_RS |
                           TRCCONFIGR_VMIDOPT | TRCCONFIGR_QE_MASK;
    if (cfg & TRCCONFIGR_QE_MASK)
        return bad_reg(err, errlen, "TRCCONFIGR.QE = %u: Q elements are not implemented "
                       "(TRCIDR0.QSUPP = 0)", (cfg & TRCCONFIGR_QE_MASK) >> TRCCONFIGR_QE_SHIFT);
    if (cfg & ~known)
        return bad_reg(err, errlen, "TRCCONFIGR: RES0 or unimplemented bits set (0x%08x)",
                       cfg & ~known);
    if ((cfg & TRCCONFIGR_RS) && m->p.rs_depth == 0)
        return bad_reg(err, errlen, "TRCCONFIGR.RS = %u but no return stack (rs_depth 0)", 1);
    m->cfg_bb = (cfg & TRCCONFIGR_BB) != 0;
    m->cfg_cci = (cfg & TRCCONFIGR_CCI) != 0;
    m->cfg_cid = (cfg & TRCCONFIGR_CID) != 0;
    m->cfg_vmid = (cfg & TRCCONFIGR_VMID) != 0;
    m->cfg_ts = (cfg & TRCCONFIGR_TS) != 0;
    m->cfg_rs = (cfg & TRCCONFIGR_RS) != 0;
    /* TRCCONFIGR.VMIDOPT: ETE does not support Virtual context identifier
     * selection (D6.10.9 note); with TRCIDR2.VMIDOPT = 0b10 the bit is RES1
     * (register-fields.md 4.6: "10 forced 1").  Like the RES1 bit 0 it is
     * accepted as written, 0 or 1, and has no effect: the Virtual context
     * identifier is always CONTEXTIDR_EL2 (R_PTVTD, ete_m_ctx_of()). */

    m->cc_threshold = r->trcccctlr & TRCCCCTLR_THRESHOLD_MASK;
    if (r->trcccctlr & ~TRCCCCTLR_THRESHOLD_MASK)
        return bad_reg(err, errlen, "TRCCCCTLR: RES0 bits set (0x%08x)", r->trcccctlr);
    if (m->cfg_cci && m->cc_threshold < m->p.ccitmin)   /* R_KJXDK */
        return bad_reg(err, errlen, "TRCCCCTLR.THRESHOLD %u is below TRCIDR3.CCITMIN: "
                       "CONSTRAINED UNPREDICTABLE", m->cc_threshold);
    m->cc_max = (1ull << m->p.ccsize) - 1u;             /* R_TYNZR */

    unsigned period = m->p.syncpr_fixed ? m->p.syncpr_fixed
                                        : (r->trcsyncpr & TRCSYNCPR_PERIOD_MASK);
    if (!m->p.syncpr_fixed && (r->trcsyncpr & ~TRCSYNCPR_PERIOD_MASK))
        return bad_reg(err, errlen, "TRCSYNCPR: RES0 bits set (0x%08x)", r->trcsyncpr);
    if (period != 0 && (period < 8 || period > 20))
        return bad_reg(err, errlen, "TRCSYNCPR.PERIOD %u is reserved (0 or 8..20)", period);
    m->sync_period = period;

    if (r->trctraceidr & ~TRCTRACEIDR_TRACEID_MASK)
        return bad_reg(err, errlen, "TRCTRACEIDR: RES0 bits set (0x%08x)", r->trctraceidr);

    m->extin_mask = (uint8_t)((1u << m->p.num_extin) - 1u);
    uint8_t used = 0;
    uint32_t vc = r->trcvictlr;
    if (check_selector(m, "TRCVICTLR.EVENT", TRCVICTLR_EVENT_SEL(vc), TRCVICTLR_EVENT_TYPE(vc),
                       &used, err, errlen))
        return -1;
    uint32_t e1 = r->trceventctl1r;
    unsigned inst_mask = (1u << m->p.num_events) - 1u;
    if (e1 & ~inst_mask)
        return bad_reg(err, errlen, "TRCEVENTCTL1R: bits 0x%x are not implemented (only "
                       "INSTEN[NUMEVENT-1:0])", e1 & ~inst_mask);
    m->ev_en = (uint8_t)e1;
    for (unsigned n = 0; n < m->p.num_events; n++) {
        if (!(e1 & (1u << n)))
            continue;
        char what[40];
        snprintf(what, sizeof what, "TRCEVENTCTL0R.EVENT%u", n);
        if (check_selector(m, what, TRCEVENTCTL0R_SEL(r->trceventctl0r, n),
                           TRCEVENTCTL0R_TYPE(r->trceventctl0r, n), &used, err, errlen))
            return -1;
    }
    if (m->cfg_ts && check_selector(m, "TRCTSCTLR", TRCTSCTLR_SEL(r->trctsctlr),
                                    TRCTSCTLR_TYPE(r->trctsctlr), &used, err, errlen))
        return -1;
    m->extin_used = used;

    if (check_cmp_mask(m, "TRCVIIECTLR.INCLUDE", r->trcviiectlr & 0xFFu, 1, err, errlen) ||
        check_cmp_mask(m, "TRCVIIECTLR.EXCLUDE", (r->trcviiectlr >> 16) & 0xFFu, 1, err,
                       errlen) ||
        check_cmp_mask(m, "TRCVISSCTLR.START", r->trcvissctlr & 0xFFFFu, 0, err, errlen) ||
        check_cmp_mask(m, "TRCVISSCTLR.STOP", r->trcvissctlr >> 16, 0, err, errlen))
        return -1;
    if (r->trcviiectlr & 0xFF00FF00u)
        return bad_reg(err, errlen, "TRCVIIECTLR: RES0 bits set (0x%08x)", r->trcviiectlr);
    if (m->cfg_bb) {
        if (r->trcbbctlr & ~(TRCBBCTLR_RANGE_MASK | TRCBBCTLR_MODE))
            return bad_reg(err, errlen, "TRCBBCTLR: RES0 bits set (0x%08x)", r->trcbbctlr);
        if (check_cmp_mask(m, "TRCBBCTLR.RANGE", r->trcbbctlr & TRCBBCTLR_RANGE_MASK, 1,
                           err, errlen))
            return -1;
    }
    m->addr_filter = (r->trcviiectlr != 0 || r->trcvissctlr != 0);
    m->bfast_cfg = !m->cfg_cci && !m->cfg_bb;
    run_masks(m);
    return 0;
}

ete_model *ete_model_new(const ete_params *p, const ete_progregs *r, char *err,
                         size_t errlen)
{
    if (ete_params_check(p, err, errlen))
        return NULL;
    ete_model *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->p = *p;
    m->r = *r;
    if (configure(m, err, errlen)) {
        free(m);
        return NULL;
    }
    m->cap = 4096;
    m->buf = malloc(m->cap);
    if (!m->buf) {
        free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->need_sync = 1;                      /* R_QZRMQ: becoming operative */
    m->ss = (r->trcvictlr & TRCVICTLR_SSSTATUS) ? 1 : 0;
    return m;
}

void ete_model_free(ete_model *m)
{
    if (!m)
        return;
    free(m->buf);
    free(m);
}

void ete_model_overflow(ete_model *m)
{
    if (m->disabled)
        return;
    m->item++;                             /* a marker is one item (sync_lag) */
    m->quiet = 0;
    m->atoms = 0;                          /* trace not yet output is lost */
    m->natoms = 0;
    m->active = 0;                         /* R_QZPJ: TRCRSR.TA = 0 */
    m->uncovered = 0;
    m->need_addr = 0;
    m->pend_rs_ok = 0;
    m->force_ctx = 0;
    m->ts_req = 0;
    m->elem_since_ts = 0;
    if (!m->started)
        return;                            /* nothing was output: nothing lost */
    uint8_t *p = reserve(m);
    if (!p)
        return;
    commit_pkt(m, ETE_ENC_OVERFLOW, ete_enc_overflow(p));   /* R_HRYKY */
    m->tx_traced = 0;                      /* R_YTKLN: implied by the Overflow packet */
    m->cc_valid = 0;                       /* R_HQKWH */
    emit_sync(m);                          /* R_DQBDDH, I_YYNRQ */
}

void ete_model_finish(ete_model *m)
{
    if (m->disabled)
        return;
    atoms_flush(m);                        /* R_ZDTLK */
    if (m->started && m->cfg_ts && m->elem_since_ts)
        emit_ts(m, m->elem_ts, m->elem_cycle);   /* R_YYWTR: trace unit flush */
    if (m->tx_traced) {
        /* R_ZJXHP: disabled in Transactional state after a Transaction
         * Start element: a Transaction Failure element; R_WDGV: the
         * transaction's outcome is not traced, so a Discard element, which
         * comes after all other elements (R_PHQDX). */
        tx_abort(m);
        emit_simple(m, ETE_ENC_DISCARD, ete_enc_discard);
    }
    m->disabled = 1;
    m->quiet = 0;
}

const uint8_t *ete_model_bytes(const ete_model *m, size_t *len)
{
    *len = m->len;
    return m->buf;
}

void ete_model_take(ete_model *m)
{
    m->len = 0;
}

uint64_t ete_model_total_bytes(const ete_model *m)
{
    return m->total;
}

const uint64_t *ete_model_pkt_counts(const ete_model *m)
{
    return m->counts;
}

const char *ete_model_error(const ete_model *m)
{
    return m->err[0] ? m->err : NULL;
}

uint64_t ete_model_records(const ete_model *m)
{
    return m->nrec;
}

void ete_model_set_fast_paths(ete_model *m, int on)
{
    m->no_fast = !on;
    if (!on)
        m->quiet = 0;
}
