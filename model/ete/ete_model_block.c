/* The ETE model's block path: the PE port carries slots (common/pe_block.h,
 * docs/pe-blocks.md), one per run of sequential instructions or per PE
 * event, and the unit computes per slot what the record path computes per
 * record.  This is the computation the RTL pipeline mirrors: per run, the
 * address comparators are evaluated at the run's boundaries only.
 *
 * A run's instructions before its last one are non-P0 instructions (a P0,
 * TCOMMIT, TCANCEL or EXCGEN instruction ends a run) in one context, one
 * Transactional state and with one EXTIN value.  For such an instruction
 * the record path (do_insn in ete_model.c) does only this:
 *   ViewInst (D6.8.1) -> traced = ViewInst || uncovered (X_N5MSV);
 *   untraced: TRCRSR.TA = 0, no Target Address element is due (R_ZRYSN);
 *   traced: Trace On if tracing was inactive (R_LMLSN), the Target Address
 *   and Context elements due (R_ZRYSN, R_BDFDQ, R_RHDMW), and from then on
 *   the run is traced through its last instruction (uncovered).
 * E and N of ViewInst are uniform in a run; I and S vary only where an
 * address comparator matches: an ARC of TRCVIIECTLR at the first
 * instruction >= its low address and the first > its high address
 * (D6.24 - D6.26), a SAC of TRCVISSCTLR at its address (D6.17 - D6.21).
 * Between those edges every instruction has the same ViewInst and leaves
 * SSSTATUS unchanged, and repeating the body above for an instruction with
 * the same inputs changes nothing; so each sub-run is evaluated once, on
 * its first instruction.  The last instruction then takes the record path
 * (ete_m_slow_step: its own ViewInst at addr + last, its P0 element, events
 * and timestamp of the slot).
 */
#include "ete_model_int.h"

#include <stdio.h>
#include <string.h>

/* R_F5WRC: bits [1:0] of an IS0 address are traced as zero. */
static uint64_t addr_is0(uint64_t pc)
{
    return pc & ~3ull;
}

/* The record the slot's last instruction (INSN) or event is: the fields
 * the unit uses, the identifiers from the last CTX slot. */
static void rec_of(const ete_model *m, const pe_blk *b, uint64_t pc, pe_rec *r)
{
    memset(r, 0, sizeof *r);
    r->pc = pc;
    r->cycle = b->cycle;
    r->timestamp = b->timestamp;
    r->contextidr_el1 = m->blk_cid1;
    r->contextidr_el2 = m->blk_cid2;
    r->flags = b->flags & PE_BLK_FLAGS;
    r->isa = b->isa;
    r->el = b->el;
    r->ext_in = b->ext_in;
    switch (b->kind) {
    case PE_BLK_INSN:
        r->kind = PE_KIND_INSN;
        r->iclass = b->iclass;
        break;
    case PE_BLK_EXC:
        r->kind = PE_KIND_EXC;
        r->from_el = b->from_el;
        r->exc_type = b->exc_type;
        break;
    case PE_BLK_RESET:
        r->kind = PE_KIND_RESET;
        break;
    default:
        r->kind = PE_KIND_TFAIL;
        break;
    }
}

/* A slot the block path cannot take; the record path checks the rest
 * (check_rec in ete_model.c) on the record of the last instruction. */
static const char *check_blk(const pe_blk *b, unsigned *v)
{
    if (b->kind >= PE_BLK_KIND_COUNT) {
        *v = b->kind;
        return "reserved slot kind";
    }
    if (b->kind != PE_BLK_INSN)
        return NULL;
    if (b->isa > PE_ISA_T32) {
        *v = b->isa;
        return "reserved instruction set";
    }
    if (b->last % 4u) {
        *v = b->last;
        return "last is not a multiple of 4";
    }
    if (b->isa == PE_ISA_T32 && b->last) {
        *v = b->last;
        return "T32 run of more than one instruction (pe-blocks rule 5)";
    }
    if (b->ext_in && b->last) {
        *v = b->ext_in;
        return "EXTIN on a run of more than one instruction (pe-blocks rule 4)";
    }
    if (b->addr + b->last < b->addr) {
        *v = b->last;
        return "run wraps past the top of the address space";
    }
    return NULL;
}

static void add_edge(uint32_t *e, unsigned *ne, uint64_t j, unsigned npre)
{
    if (j == 0 || j >= npre)
        return;                            /* not inside the pre-last part */
    unsigned k = *ne;
    for (unsigned i = 0; i < k; i++)
        if (e[i] == j)
            return;
    while (k && e[k - 1] > j) {            /* insertion: kept in order */
        e[k] = e[k - 1];
        k--;
    }
    e[k] = (uint32_t)j;
    (*ne)++;
}

/* The comparator edges inside instructions 0..npre-1 of run b: the indices
 * j (1..npre-1) where ViewInst's inputs may change from instruction j - 1
 * to j.  At most 2 per ARC (8) and 2 per SAC (16). */
static unsigned run_edges(const ete_model *m, const pe_blk *b, unsigned npre, uint32_t *e)
{
    unsigned ne = 0, el = b->el & 3u;
    int ns = (b->flags & PE_F_NS) != 0;
    uint64_t a0 = b->addr, an = b->addr + 4u * (uint64_t)(npre - 1);
    uint32_t iie = m->r.trcviiectlr;
    unsigned arcs = (iie & 0xFFu) | ((iie >> 16) & 0xFFu);
    for (unsigned k = 0; arcs; k++, arcs >>= 1) {
        if (!(arcs & 1u) || !ete_m_cmp_enabled(m, 2 * k, el, ns))
            continue;
        uint64_t lo = m->r.trcacvr[2 * k], hi = m->r.trcacvr[2 * k + 1];
        if (lo > a0 && lo <= an)           /* the first instruction >= lo */
            add_edge(e, &ne, (lo - a0 + 3u) / 4u, npre);
        if (hi >= a0 && hi < an)           /* the first instruction > hi */
            add_edge(e, &ne, (hi - a0) / 4u + 1u, npre);
    }
    uint32_t ssc = m->r.trcvissctlr;
    unsigned sacs = (ssc & 0xFFFFu) | (ssc >> 16);
    for (unsigned n = 0; sacs; n++, sacs >>= 1) {
        if (!(sacs & 1u) || !ete_m_cmp_enabled(m, n, el, ns))
            continue;
        uint64_t x = m->r.trcacvr[n];
        if (x < a0 || x > an || (x - a0) % 4u)
            continue;
        uint64_t j = (x - a0) / 4u;        /* a one-instruction sub-run at x */
        add_edge(e, &ne, j, npre);
        add_edge(e, &ne, j + 1u, npre);
    }
    return ne;
}

/* Instructions 0..npre-1 of run b (non-P0, uniform inputs), sub-run by
 * sub-run. */
static void run_prefix(ete_model *m, const pe_blk *b, unsigned npre)
{
    pe_rec first;
    rec_of(m, b, b->addr, &first);
    ctx_t c = ete_m_ctx_of(m, &first);
    /* as do_insn: an instruction in Transactional state with no known
     * transaction (trace started inside one) */
    if ((b->flags & PE_F_TSTATE) && m->tx_depth == 0)
        m->tx_depth = 1;
    uint32_t e[48];
    unsigned ne = run_edges(m, b, npre, e);
    m->bst.subruns += ne + 1u;
    if (ne)
        m->bst.runs_split++;
    for (unsigned s = 0; s <= ne; s++) {
        if (m->disabled)
            return;
        /* as ete_m_slow_step before each record: only the first record of
         * a sub-run can meet a request the sub-run did not meet before */
        if (s)
            m->item++;                     /* each further sub-run is an item (sync_lag) */
        if (ete_m_sync_due(m) && !m->uncovered)
            ete_m_service_sync(m);
        uint64_t a = b->addr + 4u * (uint64_t)(s ? e[s - 1] : 0u);
        int vi = ete_m_viewinst_at(m, a, b->ext_in, c.el, c.ns);
        m->vi_last = (uint8_t)vi;
        if (vi || m->uncovered) {          /* X_N5MSV */
            if (!m->active)
                ete_m_trace_on(m);         /* R_LMLSN */
            ete_m_resolve(m, addr_is0(a), 0, &c);
            m->uncovered = 1;
        } else {
            m->active = 0;
            m->need_addr = 0;              /* R_ZRYSN: tracing inactive at the target */
            m->pend_rs_ok = 0;
        }
        m->cur_ns = c.ns;
    }
}

void ete_model_block(ete_model *m, const pe_blk *b)
{
    uint64_t slot = m->blk_slot++;
    m->bst.slots++;
    m->item++;                             /* every slot is (at least) one item (sync_lag) */
    m->blk_mode = 1;
    m->quiet = 0;                          /* the record path's fast state is not kept */
    if (b->kind == PE_BLK_CTX) {
        /* the identifiers every following slot executes with (D2.3.3) */
        m->blk_cid1 = (uint32_t)b->addr;
        m->blk_cid2 = (uint32_t)(b->addr >> 32);
        return;
    }
    unsigned v = 0;
    const char *why = check_blk(b, &v);
    if (why) {
        size_t n = b->kind < PE_BLK_KIND_COUNT ? pe_blk_nrecs(b) : 1u;
        if (!m->err[0])
            snprintf(m->err, sizeof m->err, "slot %llu (record %llu): %s (0x%x)",
                     (unsigned long long)slot, (unsigned long long)m->nrec, why, v);
        m->nrec += n;
        return;
    }
    pe_rec r;
    if (b->kind != PE_BLK_INSN) {
        rec_of(m, b, b->kind == PE_BLK_RESET ? 0 : b->addr, &r);
        ete_m_slow_step(m, &r);            /* do_exc, do_reset, do_tfail + events, timestamp */
        return;
    }
    m->bst.runs++;
    unsigned npre = b->isa == PE_ISA_T32 ? 0u : b->last / 4u;
    if (npre) {
        m->bst.runs_multi++;
        uint64_t idx = m->nrec;
        m->nrec += npre;
        if (!m->disabled) {
            if (b->iclass >= PE_IC_COUNT || b->el > 3) {
                /* the record path rejects the last record; the others are
                 * skipped with it */
                if (!m->err[0])
                    snprintf(m->err, sizeof m->err, "slot %llu (record %llu): %s (0x%x)",
                             (unsigned long long)slot, (unsigned long long)idx,
                             b->el > 3 ? "Exception level above EL3"
                                       : "reserved instruction class",
                             b->el > 3 ? b->el : b->iclass);
                m->nrec++;
                return;
            }
            /* R_WJPTE: an event for every instruction whose EXTIN makes
             * it fire; in a run EXTIN is 0, so only a selector that is
             * true with every input low fires, once per instruction: the
             * slot has one sample (ete_model_block_max_insns). */
            if (m->ev_en && ete_m_events_of(m, 0) && !m->err[0])
                snprintf(m->err, sizeof m->err,
                         "slot %llu (record %llu): a run of %u instructions with an event "
                         "selector true on every instruction: derive with max_insns 1",
                         (unsigned long long)slot, (unsigned long long)idx, npre + 1u);
            run_prefix(m, b, npre);
        }
    }
    rec_of(m, b, b->addr + b->last, &r);
    ete_m_slow_step(m, &r);                /* the last instruction: do_insn and the slot's
                                              events and timestamp */
    m->quiet = 0;
}

void ete_model_blocks(ete_model *m, const pe_blk *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ete_model_block(m, &b[i]);
}

unsigned ete_model_block_max_insns(const ete_model *m)
{
    return (m->ev_en && ete_m_events_of(m, 0)) ? 1u : 0u;
}

void ete_model_block_stats(const ete_model *m, ete_block_stats *st)
{
    *st = m->bst;
}
