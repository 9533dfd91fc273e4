/* Round-trip oracle: decoded elements against the generated execution. */
#include "ete_oracle.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- ViewInst (D6.8.1, R_QFSB): S_i & I_i & E_i & N_i ------------------- */

/* E_i, Exception level filtering (R_LWYJR). */
static int el_ok(const ete_progregs *r, const pe_rec *x)
{
    int ns = (x->flags & PE_F_NS) && x->el < 3;
    uint32_t bit = ns ? TRCVICTLR_EXLEVEL_NS(x->el) : TRCVICTLR_EXLEVEL_S(x->el);
    return !(r->trcvictlr & bit);
}

/* Comparator n matches instruction x: the address and the comparator's
 * Exception level controls (TRCACATR.EXLEVEL_*: 1 = no comparison). */
static int cmp_el_ok(const ete_progregs *r, unsigned n, const pe_rec *x)
{
    int ns = (x->flags & PE_F_NS) && x->el < 3;
    uint32_t bit = ns ? TRCACATR_EXLEVEL_NS(x->el) : TRCACATR_EXLEVEL_S(x->el);
    return !(r->trcacatr[n] & bit);
}

/* ARC[n]: comparators 2n (low) and 2n+1 (high), inclusive (S_VNWYT). */
static int arc(const ete_progregs *r, unsigned n, const pe_rec *x)
{
    return x->pc >= r->trcacvr[2 * n] && x->pc <= r->trcacvr[2 * n + 1] &&
           cmp_el_ok(r, 2 * n, x) && cmp_el_ok(r, 2 * n + 1, x);
}

static int sac(const ete_progregs *r, unsigned n, const pe_rec *x)
{
    return x->pc == r->trcacvr[n] && cmp_el_ok(r, n, x);
}

void ete_oracle_viewinst(const pe_stream *s, const ete_progregs *r, unsigned num_acpairs,
                         uint8_t *vi)
{
    /* Instructions of a transaction that fails are not traced: the
     * analyzer discards them with the failure (I_XHLPG, D9.4.4). */
    uint8_t doomed = 0;
    int ss = (r->trcvictlr & TRCVICTLR_SSSTATUS) != 0;
    int ss_at_tstart = ss;
    unsigned depth = 0;
    uint32_t inc = r->trcviiectlr & 0xFFu, exc = (r->trcviiectlr >> 16) & 0xFFu;
    for (size_t i = 0; i < s->nrec; i++) {
        const pe_rec *x = &s->rec[i];
        vi[i] = 0;
        if (x->kind == PE_KIND_TFAIL) {
            ss = ss_at_tstart; /* R_CVQEV */
            depth = 0;
            continue;
        }
        if (x->kind != PE_KIND_INSN)
            continue; /* R_MVFYN: exceptional occurrences do not affect start/stop */
        /* S_i (R_KCYTR, D6.17-D6.21) */
        int start = 0, stop = 0;
        for (unsigned n = 0; n < 2 * num_acpairs; n++) {
            if ((r->trcvissctlr & TRCVISSCTLR_START(n)) && sac(r, n, x))
                start = 1;
            if ((r->trcvissctlr & TRCVISSCTLR_STOP(n)) && sac(r, n, x))
                stop = 1;
        }
        int s_i = ss || start;
        ss = s_i && !stop;
        /* I_i (R_SKZHH, D6.24-D6.26) */
        int incl = inc == 0, excl = 0;
        for (unsigned n = 0; n < num_acpairs; n++) {
            if ((inc >> n & 1u) && arc(r, n, x))
                incl = 1;
            if ((exc >> n & 1u) && arc(r, n, x))
                excl = 1;
        }
        vi[i] = (uint8_t)(s_i && incl && !excl && el_ok(r, x));
        if (x->flags & PE_F_TSTATE) {
            if (!doomed) {
                /* look ahead to the outcome of this transaction */
                unsigned tdepth = 1;  /* record i follows the outer TSTART */
                for (size_t j = i; j < s->nrec; j++) {
                    const pe_rec *y = &s->rec[j];
                    if (y->kind == PE_KIND_TFAIL || y->kind == PE_KIND_RESET) {
                        doomed = 2;
                        break;
                    }
                    if (y->kind == PE_KIND_INSN && y->iclass == PE_IC_TSTART)
                        tdepth++;
                    if ((y->kind == PE_KIND_INSN && y->iclass == PE_IC_TCOMMIT && --tdepth == 0) ||
                        (!(y->flags & PE_F_TSTATE) && y->kind == PE_KIND_INSN)) {
                        doomed = 1;
                        break;
                    }
                }
                /* unresolved when the trace ends: the analyzer cannot
                 * commit it (I_TYXLL) */
                if (!doomed)
                    doomed = 2;
            }
            if (doomed == 2)
                vi[i] = ETE_VI_DOOMED;
        } else {
            doomed = 0;
        }
        if (x->iclass == PE_IC_TSTART && depth++ == 0)
            ss_at_tstart = ss;
        if (x->iclass == PE_IC_TCOMMIT && depth)
            depth--;
    }
}

/* ---- checking ------------------------------------------------------------ */

typedef struct orc {
    const pe_stream *s;
    const ete_progregs *r;
    const uint8_t *vi;
    ete_oracle_stats *st;
    char *msg;
    size_t msglen;
    size_t p;             /* next record to match */
    size_t elem;          /* current element index */
    int ta;               /* the last record was traced (TRCRSR.TA, I_BVGGZ) */
    int trace_on;         /* a Trace On element since the last matched record */
    int have_anchor;
    size_t anchor;        /* record of the most recent P0 element */
    int have_cc_anchor;
    size_t cc_anchor;     /* record of the most recent Cycle Count element */
    int cc_pending;       /* the next P0 element is the Cycle Count reference */
    int ctx_valid;
    ete_elem ctx;
    int prev_valid;
    ete_elem prev;        /* the context before the most recent Context element */
    int ctx_fresh;        /* that Context element may take effect anywhere in the
                             instruction block that follows it */
    uint64_t cc_max;
    int event_since_anchor;
} orc;

static int fail(orc *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static int fail(orc *o, const char *fmt, ...)
{
    int k = snprintf(o->msg, o->msglen, "element %zu, record %zu: ", o->elem, o->p);
    if (k < 0 || (size_t)k >= o->msglen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->msg + k, o->msglen - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_p0_iclass(unsigned ic)
{
    return (ic >= PE_IC_B && ic <= PE_IC_WFX) || ic == PE_IC_TSTART;
}

/* Skip records that need not be traced, up to the next record of kind
 * 'kind' (and pc 'pc' for instructions).  Returns its index or -1. */
static long find_next(orc *o, unsigned kind, int match_pc, uint64_t pc)
{
    const pe_stream *s = o->s;
    for (size_t q = o->p; q < s->nrec; q++) {
        const pe_rec *x = &s->rec[q];
        if (x->kind == kind && (!match_pc || x->pc == pc) && o->vi[q] != ETE_VI_DOOMED)
            return (long)q;
        if (x->kind == PE_KIND_INSN && o->vi[q] == ETE_VI_TRACED) {
            o->p = q;
            fail(o, "instruction at 0x%" PRIx64 " (ViewInst active) is missing; decoder "
                    "wants %s 0x%" PRIx64, x->pc, pe_kind_name(kind), pc);
            return -1;
        }
        if (x->kind == PE_KIND_EXC && o->ta && q == o->p) {
            fail(o, "exception %s at 0x%" PRIx64 " follows a traced instruction but is "
                    "missing (R_DPMBQ)", pe_exc_name(x->exc_type), x->pc);
            return -1;
        }
        if (x->kind == PE_KIND_INSN)
            o->ta = 0;
    }
    o->p = s->nrec;
    fail(o, "no %s record with pc 0x%" PRIx64 " left in the execution", pe_kind_name(kind), pc);
    return -1;
}

static void advance_to(orc *o, size_t q)
{
    o->p = q + 1;
    o->ta = 1;
}

static int ctx_matches(const orc *o, const ete_elem *c, const pe_rec *x)
{
    int ns = (x->flags & PE_F_NS) != 0;
    if (c->el != x->el || c->ns != ns)
        return 0;
    if ((o->r->trcconfigr & TRCCONFIGR_CID) && c->cid_valid && c->contextid != x->contextidr_el1)
        return 0;
    /* R_PTVTD: the Virtual context identifier is CONTEXTIDR_EL2 */
    if ((o->r->trcconfigr & TRCCONFIGR_VMID) && c->vmid_valid && c->vmid != x->contextidr_el2)
        return 0;
    return 1;
}

/* A context change that is not at a P0 instruction is traced at the next
 * P0 element boundary, before the instruction block that holds it (D6.9.12),
 * so inside that block a record may still execute in the previous context. */
static int check_ctx(orc *o, const pe_rec *x)
{
    if (!o->ctx_valid)
        return 0;
    o->st->ctx_checked++;
    if (ctx_matches(o, &o->ctx, x)) {
        o->ctx_fresh = 0;
        return 0;
    }
    if (o->ctx_fresh && o->prev_valid && ctx_matches(o, &o->prev, x))
        return 0;
    return fail(o, "context el%u ns=%d cid=0x%" PRIx32 " vmid=0x%" PRIx32 ", record executes"
                   " at el%u ns=%d CONTEXTIDR_EL1=0x%" PRIx32 " CONTEXTIDR_EL2=0x%" PRIx32,
                o->ctx.el, o->ctx.ns, o->ctx.contextid, o->ctx.vmid, x->el,
                (x->flags & PE_F_NS) != 0, x->contextidr_el1, x->contextidr_el2);
}

static int on_range(orc *o, const ete_elem *e)
{
    if (e->end < e->start || (e->end - e->start) / 4 != e->n_insn || (e->end - e->start) % 4)
        return fail(o, "range 0x%" PRIx64 "-0x%" PRIx64 " does not hold %u A64 instructions",
                    e->start, e->end, e->n_insn);
    for (uint32_t k = 0; k < e->n_insn; k++) {
        uint64_t a = e->start + 4u * (uint64_t)k;
        size_t from = o->p;
        long q = find_next(o, PE_KIND_INSN, 1, a);
        if (q < 0)
            return -1;
        int skipped_insn = 0;
        for (size_t i = from; i < (size_t)q; i++)
            if (o->s->rec[i].kind == PE_KIND_INSN)
                skipped_insn = 1;
        if (skipped_insn && !o->trace_on) {
            o->p = (size_t)q;
            return fail(o, "instructions skipped before 0x%" PRIx64 " without a Trace On "
                           "element (R_LMLSN)", a);
        }
        const pe_rec *x = &o->s->rec[q];
        o->p = (size_t)q;
        if (check_ctx(o, x))
            return -1;
        advance_to(o, (size_t)q);
        o->trace_on = 0;
        o->st->insn_checked++;
        if (k + 1 == e->n_insn && e->p0_class != ETE_P0_NONE) {
            if (!is_p0_iclass(x->iclass))
                return fail(o, "range ends at 0x%" PRIx64 " (%s), which is not a P0 "
                               "instruction", a, pe_iclass_name(x->iclass));
            int taken = (x->flags & PE_F_TAKEN) != 0;
            if (x->iclass == PE_IC_BCOND && taken != !!e->taken)
                return fail(o, "branch at 0x%" PRIx64 " decoded %s, executed %s", a,
                            e->taken ? "taken" : "not taken", taken ? "taken" : "not taken");
            o->have_anchor = 1;
            o->anchor = (size_t)q;
            o->event_since_anchor = 0;
            if (o->cc_pending) {
                o->cc_pending = 0;
                o->have_cc_anchor = 1;
                o->cc_anchor = (size_t)q;
            }
        }
    }
    o->ctx_fresh = 0;
    return 0;
}

/* Elements of a failed transaction (or of one whose outcome an overflow
 * lost) are discarded, except Timestamp and Cycle Count elements, which
 * keep their place (D9.4.4).  Find the P0 record inside such a
 * transaction, ahead of the next record to match, that such an element
 * belongs to. */
static long doomed_anchor(const orc *o, int is_ts, uint64_t value, size_t cc_from)
{
    const pe_stream *s = o->s;
    /* from the most recent P0 element: the transaction may already have been
     * matched as failed */
    size_t from = o->have_anchor && o->anchor + 1 < o->p ? o->anchor + 1 : o->p;
    for (size_t q = from; q < s->nrec; q++) {
        const pe_rec *x = &s->rec[q];
        if (x->kind == PE_KIND_INSN && o->vi[q] == ETE_VI_TRACED && !(x->flags & PE_F_TSTATE))
            break;
        if (x->kind != PE_KIND_INSN || !(x->flags & PE_F_TSTATE) || !is_p0_iclass(x->iclass))
            continue;
        if (is_ts ? x->timestamp == value : x->cycle - s->rec[cc_from].cycle == value)
            return (long)q;
    }
    return -1;
}

static int on_exception(orc *o, const ete_elem *e)
{
    unsigned kind = e->kind == ETE_ELEM_PE_RESET || (e->kind == ETE_ELEM_EXCEPTION &&
                    e->exc_type == PE_EXC_PE_RESET) ? PE_KIND_RESET : PE_KIND_EXC;
    if (kind == PE_KIND_RESET) {
        /* I_GPQZW, R_JRNYF: the instructions since the most recent P0
         * element are not traced before a PE Reset */
        size_t k = o->p;
        while (k < o->s->nrec && o->s->rec[k].kind == PE_KIND_INSN &&
               (o->vi[k] != ETE_VI_TRACED || !is_p0_iclass(o->s->rec[k].iclass)))
            k++;
        o->p = k;
    }
    long q = find_next(o, kind, 0, 0);
    if (q < 0)
        return -1;
    const pe_rec *x = &o->s->rec[q];
    o->p = (size_t)q;
    if (kind == PE_KIND_EXC) {
        if (x->exc_type != e->exc_type)
            return fail(o, "exception type %u decoded, %u (%s) taken", e->exc_type,
                        x->exc_type, pe_exc_name(x->exc_type));
        if (x->pc != e->addr)
            return fail(o, "exception preferred return 0x%" PRIx64 " decoded, 0x%" PRIx64
                           " taken", e->addr, x->pc);
    }
    advance_to(o, (size_t)q);
    o->have_anchor = 1;
    o->anchor = (size_t)q;
    o->event_since_anchor = 0;
    o->st->exc_checked++;
    return 0;
}

int ete_oracle_check(const pe_stream *s, const ete_progregs *r, unsigned num_acpairs,
                     unsigned ccsize, const size_t *resume, size_t nresume,
                     const ete_elem *elems, size_t n, ete_oracle_stats *st, char *msg,
                     size_t msglen)
{
    size_t novf = 0;
    static const uint8_t none = 0;
    uint8_t *vi = NULL;
    ete_oracle_stats dummy;
    if (!st)
        st = &dummy;
    memset(st, 0, sizeof *st);
    if (s->nrec) {
        vi = (uint8_t *)malloc(s->nrec);
        if (!vi) {
            snprintf(msg, msglen, "out of memory");
            return -1;
        }
        ete_oracle_viewinst(s, r, num_acpairs, vi);
    }
    orc o = {.s = s, .r = r, .vi = vi ? vi : &none, .st = st, .msg = msg, .msglen = msglen,
             .trace_on = 1, .cc_max = (1ull << ccsize) - 1};
    int cc_first = 1, rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const ete_elem *e = &elems[i];
        o.elem = i;
        switch (e->kind) {
        case ETE_ELEM_RANGE:
            rc = on_range(&o, e);
            break;
        case ETE_ELEM_EXCEPTION:
        case ETE_ELEM_PE_RESET:
            rc = on_exception(&o, e);
            break;
        case ETE_ELEM_TXN_FAILURE: {
            if (i + 1 < n && elems[i + 1].kind == ETE_ELEM_OVERFLOW) {
                /* the buffer overflowed inside the transaction: its
                 * outcome is lost with the trace (D9.2.5) */
                st->txn_checked++;
                break;
            }
            size_t save = o.p;
            long q = find_next(&o, PE_KIND_TFAIL, 0, 0);
            if (q < 0) {
                /* a transaction still open when the trace ends is reported
                 * as not committed (I_TYXLL) */
                size_t k = save;
                while (k < s->nrec && (s->rec[k].flags & PE_F_TSTATE))
                    k++;
                if (k < s->nrec && s->rec[k].kind == PE_KIND_RESET) {
                    /* a PE Reset in Transactional state fails the
                     * transaction too (D9.2.13) */
                    o.p = k;
                    rc = 0;
                    st->txn_checked++;
                    break;
                }
                if (k < s->nrec) {
                    rc = -1;
                    break;
                }
                o.p = s->nrec;
                st->txn_checked++;
                break;
            }
            advance_to(&o, (size_t)q);
            st->txn_checked++;
            break;
        }
        case ETE_ELEM_TXN_START:
        case ETE_ELEM_TXN_COMMIT:
            st->txn_checked++;
            break;
        case ETE_ELEM_CONTEXT:
            o.prev = o.ctx;
            o.prev_valid = o.ctx_valid;
            o.ctx = *e;
            o.ctx_valid = 1;
            o.ctx_fresh = 1;
            break;
        case ETE_ELEM_TRACE_ON:
            o.trace_on = 1;
            break;
        case ETE_ELEM_OVERFLOW:
            /* trace was lost: records may be missing up to the resync (D6.4) */
            if (novf >= nresume) {
                rc = fail(&o, "Overflow element %zu, but the buffer overflowed %zu times",
                          novf + 1, nresume);
                break;
            }
            if (resume[novf] > o.p)
                o.p = resume[novf];
            novf++;
            o.trace_on = 1;
            o.ta = 0;
            o.have_anchor = 0;
            o.have_cc_anchor = 0;
            cc_first = 1;
            break;
        case ETE_ELEM_EVENT:
            o.event_since_anchor = 1;
            st->events_checked++;
            break;
        case ETE_ELEM_TIMESTAMP:
            if (o.have_anchor && !o.event_since_anchor) {
                uint64_t want = s->rec[o.anchor].timestamp;
                long d = e->ts != want ? doomed_anchor(&o, 1, e->ts, 0) : -1;
                if (d >= 0) {
                    o.anchor = (size_t)d;
                    want = e->ts;
                }
                if (e->ts != want)
                    rc = fail(&o, "timestamp 0x%" PRIx64 ", the most recent P0 element "
                                  "(record %zu) retired at 0x%" PRIx64 " (I_SDPZZ)",
                              e->ts, o.anchor, want);
                st->ts_checked++;
            }
            break;
        case ETE_ELEM_CYCLE_COUNT:
            if (!o.have_anchor && !e->cc_valid && cc_first) {
                /* the first count after enabling or an overflow is UNKNOWN;
                 * its P0 element may still be held in an open transaction
                 * (or be discarded with it): the first P0 record from here
                 * is the reference of the next count */
                cc_first = 0;
                o.have_cc_anchor = 0;
                o.cc_pending = 1;
                for (size_t k = o.p; k < s->nrec; k++) {
                    const pe_rec *x = &s->rec[k];
                    if (x->kind == PE_KIND_INSN && is_p0_iclass(x->iclass) &&
                        (o.vi[k] == ETE_VI_TRACED || (x->flags & PE_F_TSTATE))) {
                        o.cc_pending = 0;
                        o.have_cc_anchor = 1;
                        o.cc_anchor = k;
                        break;
                    }
                }
                break;
            }
            if (!o.have_anchor) {
                rc = fail(&o, "cycle count before any P0 element");
                break;
            }
            if (e->cc_valid) {
                if (cc_first || !o.have_cc_anchor) {
                    rc = fail(&o, "first cycle count after enable/overflow must be UNKNOWN "
                                  "(R_YFMBW, R_HQKWH), got %" PRIu64, e->cc);
                    break;
                }
                uint64_t want = s->rec[o.anchor].cycle - s->rec[o.cc_anchor].cycle;
                long d = e->cc != want ? doomed_anchor(&o, 0, e->cc, o.cc_anchor) : -1;
                if (d >= 0) {
                    o.anchor = (size_t)d;
                    want = e->cc;
                }
                if (e->cc != want)
                    rc = fail(&o, "cycle count %" PRIu64 ", records %zu..%zu differ by %"
                                  PRIu64 " cycles (R_BMVKB)", e->cc, o.cc_anchor, o.anchor,
                              want);
                st->cc_checked++;
            } else if (!cc_first && o.have_cc_anchor &&
                       s->rec[o.anchor].cycle - s->rec[o.cc_anchor].cycle <= o.cc_max) {
                rc = fail(&o, "cycle count UNKNOWN where %" PRIu64 " cycles are countable",
                          s->rec[o.anchor].cycle - s->rec[o.cc_anchor].cycle);
            }
            cc_first = 0;
            o.have_cc_anchor = 1;
            o.cc_anchor = o.anchor;
            break;
        case ETE_ELEM_NO_SYNC:
        case ETE_ELEM_MEM_NACC:
            rc = fail(&o, "decoder reported %s at 0x%" PRIx64, ete_elem_kind_name(e->kind),
                      e->addr);
            break;
        default:
            break;
        }
    }
    /* The trace may end before the instructions after the last P0 element
     * (they are only traced by a later P0 element), but no traced P0
     * instruction may be missing. */
    for (size_t q = o.p; rc == 0 && q < s->nrec; q++) {
        const pe_rec *x = &s->rec[q];
        if (x->kind == PE_KIND_INSN && o.vi[q] == ETE_VI_TRACED && is_p0_iclass(x->iclass)) {
            o.p = q;
            o.elem = n;
            rc = fail(&o, "trace ends before the traced P0 instruction at 0x%" PRIx64, x->pc);
        }
    }
    free(vi);
    return rc;
}
