/* ETE trace analyzer: chapter D9 of the ETE specification.
 *
 *   Stage 1 (D9.2)   packets -> elements, with the retained state of D9.2.1:
 *                    address history buffer, context, timestamp, cycle count
 *                    threshold, speculation depth, transactional state.
 *   Stage 2 (D9.3)   speculation resolution: the resolution queue, Commit,
 *                    Cancel, Discard; transaction resolution (D9.4).
 *   Stage 3 (D9.5)   analysis: the program-image walk, return stack, atoms,
 *                    exceptions, source addresses, Q elements.
 *
 * Where the D9 pseudocode and the rules of D2/D3/D6 disagree the rules win;
 * each such place is marked "Decision:" below and listed in
 * docs/ete-decode.md.
 */
#include "ete_decoder.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_a64.h"
#include "ete_pkt.h"

/* ======================================================================== */
/* Internal elements (the element stream between the stages)               */
/* ======================================================================== */

enum iel_kind {
    IE_ATOM = 0,        /* P0 */
    IE_EXCEPTION,       /* P0 */
    IE_Q,               /* P0 */
    IE_SRC,             /* P0: Source Address */
    IE_TXN_START,       /* P0 when TRCIDR0.COMMTRANS == 0 */
    IE_TARGET,
    IE_CONTEXT,
    IE_MISPREDICT,
    IE_TRACE_ON,
    IE_TRACE_INFO,
    IE_TIMESTAMP,
    IE_CC,
    IE_EVENT,
    IE_TS_MARKER,
    IE_OVERFLOW,
    IE_DISCARD,
    IE_TXN_COMMIT,
    IE_TXN_FAILURE
};

typedef struct iel {
    uint8_t  kind;
    uint8_t  p0;        /* counts as a P0 element in Commit / Cancel */
    uint8_t  flag;      /* ATOM: E; Q/TIMESTAMP/CC: count valid; EXC: addr known;
                           TRACE_INFO: T; TARGET: address UNKNOWN;
                           TXN_FAILURE: implied by a Discard element */
    uint8_t  isa;       /* TARGET/SRC: sub_isa */
    uint8_t  el, ns, sf;
    uint8_t  pad;
    uint32_t u32;       /* EXC: type; Q: count; EVENT: number; CONTEXT: contextid */
    uint32_t vmid;      /* CONTEXT */
    uint64_t addr;      /* TARGET/SRC/EXC address; TIMESTAMP value */
    uint64_t cc;        /* TIMESTAMP/CC cycle count */
    uint64_t off;       /* byte offset of the packet */
} iel;

/* ======================================================================== */
/* Decoder state                                                            */
/* ======================================================================== */

#define RS_DEPTH        15          /* R_XSVZC: analyzer return stack depth */
#define RQ_LIMIT        (1u << 20)  /* resolution queue bound (elements) */
#define OUT_HOLD_LIMIT  256u        /* elements held for a Mispredict */
#define TXN_LIMIT       (1u << 20)  /* elements held for a transaction */
#define RUN_CACHE_BITS  15          /* run cache: 2^15 entries at most ... */
#define RUN_CACHE_BITS0 9           /* ... 2^9 at first, doubled after 4 misses per entry */
#define RUN_CAP         (1u << 16)  /* longest walk without a P0 instruction */
/* Bound on the instructions one element may walk over (walk_until, the Q
 * count): the work per trace byte does not depend on a count in the input
 * (docs/ete-decode.md, "Work per byte"). */
#define WALK_INSN_MAX   (1u << 20)
/* Work budget: ete_decoder_work() may reach WORK_PER_BYTE per trace byte
 * (up to the offset of the element being analysed) plus WORK_BASE.  A real
 * trace needs a few steps per byte; only an image built to defeat the walk
 * cache (runs of RUN_CAP instructions whose start addresses share a cache
 * slot, visited in turn) needs more, and then the walk stops with an error
 * instead of reading up to 24 x RUN_CAP words per byte. */
#define WORK_PER_BYTE   4096u
#define WORK_BASE       (1u << 22)
#define TAIL_MAX        512u
#define TAIL_KEEP_ZEROS 16u

enum { ST_WAIT_ASYNC = 0, ST_WAIT_TINFO, ST_DECODING };
enum { ADDR_UNKNOWN = 0, ADDR_KNOWN, ADDR_RS_PENDING };

typedef struct ahb_entry {
    uint64_t addr;
    uint8_t  isa;
} ahb_entry;

/* A memoised walk: from 'start', n instructions up to and including the
 * first P0 instruction at 'end' - 4; or, when nacc, n readable instructions
 * and then 'end' cannot be read (or the RUN_CAP limit was reached). */
typedef struct run {
    uint64_t start;
    uint64_t end;
    uint64_t target;    /* direct branch target */
    uint32_t n;
    uint8_t  tag;       /* 1 + el + 4*ns; 0 = empty slot */
    uint8_t  cls;       /* enum ete_a64_class of the P0 instruction */
    uint8_t  link;
    uint8_t  nacc;
} run;

typedef struct elem_vec {
    ete_elem *e;
    size_t n, cap;
} elem_vec;

struct ete_decoder {
    ete_dec_cfg cfg;
    ete_pkt_cfg pcfg;
    ete_mem_read_fn mem;
    void *mem_ctx;
    ete_elem_fn out;
    void *out_ctx;

    /* static information, Table D9.1 */
    uint32_t max_spec;
    int commtrans_p0;       /* TRCIDR0.COMMTRANS == 0: Transaction Start is P0 */
    int wfx_p0;             /* TRCIDR2.WFXMODE */
    int cid_traced, vmid_traced;
    int rs_enabled;         /* TRCCONFIGR.RS */

    /* byte stream */
    int state;
    uint64_t consumed;      /* stream offset of the next byte not yet seen */
    uint8_t tail[TAIL_MAX];
    size_t tail_n;
    uint64_t tail_off;

    /* Stage 1 retained state (D9.2.1.1 InstructionParserState) */
    uint64_t timestamp;
    ahb_entry ahb[3];
    uint32_t context_id, vmid;
    uint8_t el, ns, sf;
    int64_t spec_depth;
    int T;
    uint64_t cc_threshold;
    uint64_t cur_off;       /* offset of the packet being processed */

    /* Stage 2: resolution queue (ring) */
    iel *rq;
    size_t rq_cap, rq_head, rq_n;
    size_t rq_p0;           /* P0 elements in the queue */
    int rq_init;            /* ResolutionQueue initialised by a Trace Info */
    uint64_t unaligned;     /* P0 elements before the first Trace Info */

    /* Stage 3: analysis state (D9.5.2 ReconstructState) */
    int ctx_known;
    int addr_state;
    uint64_t addr;
    uint8_t isa;
    uint8_t a_el, a_ns, a_sf;
    uint32_t a_cid, a_vmid;
    int ctx_emitted;        /* a CONTEXT element reflects the current context */
    ahb_entry rs[RS_DEPTH];
    unsigned rs_n, rs_top;
    /* the most recent branch, for Mispredict (ProcessBranchInstruction) */
    int lb_valid;
    uint64_t lb_p0addr;
    uint64_t lb_target;
    uint8_t lb_cls, lb_taken;
    long lb_out_idx;        /* its RANGE in 'hold', or -1 */
    int in_txn;
    /* the most recent P0 element was a TSTART: the instruction after it is
     * where a transaction it starts restarts on failure (R_HVFD) */
    int tstart_valid;
    uint64_t tstart_next;
    /* Analysis state at the Transaction Start.  The D9.4 pseudocode never
     * analyses the elements of a failed transaction, so after the failure
     * the analysis goes on from this state (D9.4.4). */
    int txs_addr_valid;     /* the outer TSTART was traced */
    uint64_t txs_addr;
    ahb_entry txs_rs[RS_DEPTH];
    unsigned txs_rs_n, txs_rs_top;

    /* output */
    elem_vec hold;          /* elements held until the next P0 or transaction end */
    run *runs;
    unsigned run_bits;      /* the cache has 2^run_bits entries */
    uint64_t run_misses;    /* since it last grew */
    uint64_t insns;
    unsigned errors;
    char last_err[256];
    int fatal;
    uint64_t work;          /* elements stepped and instructions walked */
    uint64_t a_off;         /* trace offset of the element being analysed */
    int over_budget;        /* the walk budget was exceeded (reported once) */
    run none;               /* the walk refused: no instruction readable */
};

/* ======================================================================== */
/* Output                                                                   */
/* ======================================================================== */

static void deliver(ete_decoder *d, const ete_elem *e)
{
    if (e->kind == ETE_ELEM_RANGE)
        d->insns += e->n_insn;
    d->out(d->out_ctx, e);
}

static void hold_flush(ete_decoder *d)
{
    for (size_t i = 0; i < d->hold.n; i++)
        deliver(d, &d->hold.e[i]);
    d->hold.n = 0;
    d->lb_out_idx = -1;
}

static void out_elem_h(ete_decoder *d, const ete_elem *e, int is_atom)
{
    /* Elements are held only while a Mispredict can still change the
     * most recent atom's RANGE, or while a transaction is unresolved. */
    if (!d->in_txn && d->lb_out_idx < 0 && d->hold.n == 0 && !is_atom) {
        deliver(d, e);
        return;
    }
    if (!d->in_txn && d->hold.n >= OUT_HOLD_LIMIT)
        hold_flush(d);
    if (d->in_txn && d->hold.n >= TXN_LIMIT)
        hold_flush(d);      /* Decision: an overlong transaction is shown as executed */
    if (d->hold.n == d->hold.cap) {
        size_t ncap = d->hold.cap ? d->hold.cap * 2 : 64;
        ete_elem *ne = realloc(d->hold.e, ncap * sizeof *ne);
        if (!ne) {
            d->fatal = 1;
            deliver(d, e);
            return;
        }
        d->hold.e = ne;
        d->hold.cap = ncap;
    }
    d->hold.e[d->hold.n++] = *e;
}

static void out_elem(ete_decoder *d, const ete_elem *e)
{
    out_elem_h(d, e, 0);
}

static void elem_init(ete_elem *e, unsigned kind, uint64_t off)
{
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->offset = off;
}

static void out_simple(ete_decoder *d, unsigned kind, uint64_t off)
{
    ete_elem e;
    elem_init(&e, kind, off);
    out_elem(d, &e);
}

static void out_range(ete_decoder *d, uint64_t start, uint64_t end, uint32_t n, unsigned cls,
                      int taken, int link, uint64_t off, int is_atom)
{
    ete_elem e;
    elem_init(&e, ETE_ELEM_RANGE, off);
    e.start = start;
    e.end = end;
    e.n_insn = n;
    e.p0_class = (uint8_t)cls;
    e.taken = (uint8_t)taken;
    e.is_link = (uint8_t)link;
    out_elem_h(d, &e, is_atom);
    if (is_atom)
        d->lb_out_idx = (long)d->hold.n - 1;
}

static void out_nacc(ete_decoder *d, uint64_t addr, uint64_t off)
{
    ete_elem e;
    elem_init(&e, ETE_ELEM_MEM_NACC, off);
    e.addr = addr;
    out_elem(d, &e);
}

static void set_error(ete_decoder *d, uint64_t off, const char *fmt, const char *what,
                      unsigned v1, unsigned v2)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, what ? what : "", v1, v2);
    snprintf(d->last_err, sizeof d->last_err, "offset 0x%" PRIx64 ": %s", off, msg);
    d->errors++;
}

/* ======================================================================== */
/* Stage 3: analysis (D9.5)                                                 */
/* ======================================================================== */

static unsigned p0_class_of(unsigned cls)
{
    switch (cls) {
    case ETE_A64_BR_DIRECT:   return ETE_P0_BR_DIRECT;
    case ETE_A64_BR_INDIRECT: return ETE_P0_BR_INDIRECT;
    case ETE_A64_ISB:         return ETE_P0_ISB;
    case ETE_A64_WFX:         return ETE_P0_WFX;
    case ETE_A64_TSTART:      return ETE_P0_TSTART;
    default:                  return ETE_P0_NONE;
    }
}

/* The program-image walk from 'start' to the next P0 instruction, memoised
 * per start address and context (I_VHHGW, D9.5.4). */
/* Is the work over its budget at the element being analysed? */
static int walk_over_budget(ete_decoder *d)
{
    if (d->work <= (d->a_off + 1u) * (uint64_t)WORK_PER_BYTE + WORK_BASE)
        return 0;
    if (!d->over_budget) {
        d->over_budget = 1;
        set_error(d, d->a_off, "%sprogram-image walk over its budget of %u steps per trace "
                  "byte: the image defeats the walk cache; the walk stops (mem-nacc)", NULL,
                  WORK_PER_BYTE, 0);
    }
    return 1;
}

static const run *walk(ete_decoder *d, uint64_t start)
{
    uint8_t tag = (uint8_t)(1u + (d->a_el & 3u) + 4u * (d->a_ns & 1u));
    uint64_t h = (start >> 2) * 0x9E3779B97F4A7C15ull;
    run *r = &d->runs[h >> (64 - d->run_bits)];
    if (r->tag == tag && r->start == start)
        return r;
    if (walk_over_budget(d)) {
        d->none.start = d->none.end = start;
        d->none.n = 0;
        d->none.nacc = 1;
        d->none.cls = ETE_A64_OTHER;
        d->none.link = 0;
        d->none.target = 0;
        return &d->none;
    }
    /* A short trace never needs the whole cache (and clearing it would cost
     * more than decoding): it grows with the misses.  The cache only
     * memoises walks, so emptying it changes no output. */
    if (++d->run_misses > (4u << d->run_bits) && d->run_bits < RUN_CACHE_BITS) {
        run *bigger = calloc((size_t)1 << (d->run_bits + 1u), sizeof *bigger);
        if (bigger) {
            free(d->runs);
            d->runs = bigger;
            d->run_bits++;
            d->run_misses = 0;
            r = &d->runs[h >> (64 - d->run_bits)];
        }
    }
    r->start = start;
    r->tag = tag;
    r->nacc = 0;
    r->link = 0;
    r->cls = ETE_A64_OTHER;
    r->target = 0;
    uint64_t a = start;
    uint32_t n = 0;
    for (;;) {
        uint32_t w;
        if (n >= RUN_CAP || d->mem(d->mem_ctx, a, d->a_el, d->a_ns, &w) != 0) {
            r->nacc = 1;
            break;
        }
        ete_a64_insn in;
        ete_a64_classify(w, d->wfx_p0, &in);
        n++;
        d->work++;
        if (in.cls != ETE_A64_OTHER) {
            r->cls = in.cls;
            r->link = in.is_link;
            r->target = ete_a64_direct_target(a, &in);
            a += 4;
            break;
        }
        a += 4;
    }
    r->n = n;
    r->end = a;
    return r;
}

static void rs_push(ete_decoder *d, uint64_t addr, uint8_t isa)
{
    if (!d->rs_enabled)     /* R_HFCTC: only while TRCCONFIGR.RS is 1 */
        return;
    /* R_ZKTHK, R_ZSDVQ: push to the top; when full the oldest is lost */
    d->rs_top = (d->rs_top + 1u) % RS_DEPTH;
    d->rs[d->rs_top].addr = addr;
    d->rs[d->rs_top].isa = isa;
    if (d->rs_n < RS_DEPTH)
        d->rs_n++;
}

/* CheckForReturnStackMatch (D9.5.18.2, R_WGHSB) */
static void check_rs(ete_decoder *d)
{
    if (d->addr_state != ADDR_RS_PENDING)
        return;
    if (d->rs_n == 0 || !d->rs_enabled) {
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    d->addr = d->rs[d->rs_top].addr;
    d->isa = d->rs[d->rs_top].isa;
    d->rs_top = (d->rs_top + RS_DEPTH - 1u) % RS_DEPTH;
    d->rs_n--;
    d->addr_state = ADDR_KNOWN;
}

/* Can the walk run at the current address?  A64 only: AArch32 (A32/T32)
 * gets one MEM_NACC element and the address is dropped until the next
 * Target Address element. */
static int walk_ready(ete_decoder *d, uint64_t off)
{
    if (!d->ctx_known) {
        d->addr_state = ADDR_UNKNOWN;   /* D9.5.4: ADDRESS_STATE -> NOT_SYNC_STATE */
        return 0;
    }
    if (d->addr_state != ADDR_KNOWN)
        return 0;
    if (!d->a_sf || d->isa != 0) {
        out_nacc(d, d->addr, off);
        d->addr_state = ADDR_UNKNOWN;
        return 0;
    }
    return 1;
}

/* Before a new P0 element: what was held for a Mispredict is final. */
static void p0_boundary(ete_decoder *d)
{
    if (!d->in_txn)
        hold_flush(d);
    d->lb_out_idx = -1;
}

/* UpdateBranchState (D9.5.18.3) for the most recent branch. */
static void branch_next(ete_decoder *d, int taken)
{
    if (!taken || d->lb_cls == ETE_A64_ISB || d->lb_cls == ETE_A64_WFX ||
        d->lb_cls == ETE_A64_TSTART) {
        d->addr = d->lb_p0addr + 4;
        d->addr_state = ADDR_KNOWN;
    } else if (d->lb_cls == ETE_A64_BR_DIRECT) {
        d->addr = d->lb_target;
        d->addr_state = ADDR_KNOWN;
    } else {
        /* taken indirect: wait for a Target Address element or a return
         * stack match (CONTEXT_STATE in D9.5.18.3) */
        d->addr_state = ADDR_RS_PENDING;
    }
}

/* AnalyzeAtom (D9.5.4) */
static void analyze_atom(ete_decoder *d, const iel *e)
{
    int taken = e->flag;
    p0_boundary(d);
    check_rs(d);
    d->lb_valid = 0;
    d->tstart_valid = 0;
    if (!walk_ready(d, e->off))
        return;
    const run *r = walk(d, d->addr);
    if (r->nacc) {
        /* the image ends before a P0 instruction: the executed instructions
         * up to there, then where the walk stopped */
        if (r->n)
            out_range(d, d->addr, r->end, r->n, ETE_P0_NONE, 0, 0, e->off, 0);
        out_nacc(d, r->end, e->off);
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    out_range(d, d->addr, r->end, r->n, p0_class_of(r->cls), taken, r->link, e->off, 1);
    d->lb_valid = 1;
    d->lb_p0addr = r->end - 4;
    d->lb_target = r->target;
    d->lb_cls = r->cls;
    d->lb_taken = (uint8_t)taken;
    if (r->cls == ETE_A64_TSTART) {
        d->tstart_valid = 1;
        d->tstart_next = r->end;
    }
    /* R_HYMQH / R_FFXFW: a Branch with Link traced with an E atom pushes
     * its return address, even if a Mispredict later makes it N */
    if (taken && r->link)
        rs_push(d, r->end, 0);
    branch_next(d, taken);
}

/* AnalyzeMispredict (D9.5.11, R_ZRVMZ, I_HVWCN) */
static void analyze_mispredict(ete_decoder *d, const iel *e)
{
    (void)e;
    if (!d->lb_valid)
        return;
    d->lb_taken = (uint8_t)!d->lb_taken;
    if (d->lb_out_idx >= 0 && (size_t)d->lb_out_idx < d->hold.n)
        d->hold.e[d->lb_out_idx].taken = d->lb_taken;
    /* Target Address elements since the atom are superseded (I_HVWCN):
     * the next state is recomputed from the branch */
    branch_next(d, d->lb_taken);
}

/* Walk forward from the current address to 'limit' (exclusive), passing
 * P0 instructions as not taken.  Returns the instructions walked; *stop is
 * set to the address of an unreadable instruction, if any. */
static uint64_t walk_until(ete_decoder *d, uint64_t limit, int *nacc, uint64_t *stop)
{
    uint64_t cur = d->addr, n = 0;
    *nacc = 0;
    unsigned guard = 0;
    while (cur < limit) {
        const run *r = walk(d, cur);
        if (r->nacc && r->end < limit) {
            n += r->n;
            *nacc = 1;
            *stop = r->end;
            return n;
        }
        if (r->end >= limit) {
            n += (limit - cur) / 4;     /* whole instructions before limit */
            break;
        }
        n += r->n;
        cur = r->end;
        d->work++;
        /* the walk stops after WALK_INSN_MAX instructions (or as many runs),
         * whatever the distance to limit */
        if (++guard > WALK_INSN_MAX || n > WALK_INSN_MAX || walk_over_budget(d)) {
            *nacc = 1;
            *stop = cur;
            return n;
        }
    }
    return n;
}

/* AnalyzeException (D9.5.6) */
static void analyze_exception(ete_decoder *d, const iel *e)
{
    p0_boundary(d);
    check_rs(d);
    d->lb_valid = 0;
    d->tstart_valid = 0;
    uint32_t type = e->u32;
    int addr_known = e->flag;
    uint64_t per = e->addr;
    /* ExceptionWithUnknownAddress (D15), R_JRNYF: a PE Reset has an UNKNOWN
     * preferred return address, even when the packet carries an address
     * (which only updates the address history buffer), and no instruction
     * is executed between the previous P0 element and the reset.  (The
     * other TYPE of that function, 0b11001, is reserved in D5.13 and
     * refused by the packet parser.) */
    int unknown_per = type == ETE_EXC_TYPE_PE_RESET;
    if (!unknown_per && addr_known && d->ctx_known && d->addr_state == ADDR_KNOWN) {
        if (walk_ready(d, e->off) && d->addr < per && e->isa == 0) {
            int nacc;
            uint64_t stop = 0;
            uint64_t n = walk_until(d, per, &nacc, &stop);
            uint64_t end = nacc ? stop : d->addr + 4 * n;
            if (n)
                out_range(d, d->addr, end, (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n),
                          ETE_P0_NONE, 0, 0, e->off, 0);
            if (nacc)
                out_nacc(d, stop, e->off);
        }
    }
    ete_elem x;
    if (type == ETE_EXC_TYPE_PE_RESET) {
        elem_init(&x, ETE_ELEM_PE_RESET, e->off);
        x.exc_type = (uint8_t)type;
        x.addr = addr_known ? per : 0;
    } else {
        elem_init(&x, ETE_ELEM_EXCEPTION, e->off);
        x.exc_type = (uint8_t)type;
        x.addr = per;
    }
    out_elem(d, &x);
    /* Execution continues at the exception target, given by the next
     * Target Address element; when none follows (D9.5.6) it is the
     * preferred return address. */
    if (!unknown_per && addr_known && d->ctx_known) {
        d->addr = per;
        d->isa = e->isa;
        d->addr_state = ADDR_KNOWN;
    } else {
        d->addr_state = ADDR_UNKNOWN;
    }
}

/* AnalyzeSourceAddress (D9.5.7, R_VDREP, R_YJHMV) */
static void analyze_src(ete_decoder *d, const iel *e)
{
    p0_boundary(d);
    check_rs(d);
    d->lb_valid = 0;
    d->tstart_valid = 0;
    uint64_t s = e->addr;
    if (!d->ctx_known) {
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    if (e->isa != 0 || !d->a_sf) {
        out_nacc(d, s, e->off);         /* A32/T32: not decoded */
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    /* Decision: when the address is unknown (or past s), the walk restarts at
     * the source address itself: that instruction is known to be executed. */
    if (d->addr_state != ADDR_KNOWN || d->addr > s) {
        d->addr = s;
        d->isa = e->isa;
        d->addr_state = ADDR_KNOWN;
    }
    if (!walk_ready(d, e->off))
        return;
    int nacc;
    uint64_t stop = 0;
    uint64_t start = d->addr;
    uint64_t n = walk_until(d, s, &nacc, &stop);
    if (nacc) {
        if (n)
            out_range(d, start, stop, (uint32_t)n, ETE_P0_NONE, 0, 0, e->off, 0);
        out_nacc(d, stop, e->off);
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    /* the instruction at s: the taken P0 instruction */
    d->addr = s;
    const run *r = walk(d, s);
    if (r->nacc && r->n == 0) {
        if (n)
            out_range(d, start, s, (uint32_t)n, ETE_P0_NONE, 0, 0, e->off, 0);
        out_nacc(d, s, e->off);
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    int is_p0 = !r->nacc && r->n == 1;
    unsigned cls = is_p0 ? r->cls : ETE_A64_OTHER;
    out_range(d, start, s + 4, (uint32_t)(n + 1), p0_class_of(cls), 1,
              is_p0 ? r->link : 0, e->off, 0);
    if (is_p0 && r->link)
        rs_push(d, s + 4, 0);
    d->lb_p0addr = s;
    d->lb_target = r->target;
    d->lb_cls = (uint8_t)cls;
    if (cls == ETE_A64_OTHER) {
        d->addr = s + 4;    /* the image has no P0 instruction at s */
        d->addr_state = ADDR_KNOWN;
    } else {
        branch_next(d, 1);
    }
    if (cls == ETE_A64_TSTART) {
        d->tstart_valid = 1;
        d->tstart_next = s + 4;
    }
}

/* AnalyzeQ (D9.5.15) */
static void analyze_q(ete_decoder *d, const iel *e)
{
    p0_boundary(d);
    check_rs(d);
    d->lb_valid = 0;
    d->tstart_valid = 0;
    if (!e->flag || e->u32 == 0) {
        /* no count: the instructions are UNKNOWN; wait for the Target
         * Address element that follows (R_WHLPS) */
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    if (!walk_ready(d, e->off))
        return;
    uint64_t start = d->addr, cur = start, left = e->u32, n = 0;
    while (left) {
        const run *r = walk(d, cur);
        uint64_t avail = r->n;
        if (avail >= left) {
            n += left;
            cur += 4 * left;
            left = 0;
            break;
        }
        n += avail;
        cur = r->end;
        left -= avail;
        d->work++;
        /* Decision: a count whose walk passes WALK_INSN_MAX instructions
         * stops there like an unreadable image (MEM_NACC at the stop): the
         * Q count comes from the trace and must not set the work */
        if (r->nacc || n > WALK_INSN_MAX || walk_over_budget(d)) {
            if (n)
                out_range(d, start, cur, (uint32_t)n, ETE_P0_NONE, 0, 0, e->off, 0);
            out_nacc(d, cur, e->off);
            d->addr_state = ADDR_UNKNOWN;
            return;
        }
    }
    out_range(d, start, cur, (uint32_t)n, ETE_P0_NONE, 0, 0, e->off, 0);
    /* R_WHLPS: a Target Address element follows and gives the next address */
    d->addr = cur;
    d->addr_state = ADDR_KNOWN;
}

static void analyze_context(ete_decoder *d, const iel *e)
{
    int changed = !d->ctx_known || d->a_el != e->el || d->a_ns != e->ns || d->a_sf != e->sf ||
                  d->a_cid != e->u32 || d->a_vmid != e->vmid;
    d->a_el = e->el;
    d->a_ns = e->ns;
    d->a_sf = e->sf;
    d->a_cid = e->u32;
    d->a_vmid = e->vmid;
    d->ctx_known = 1;
    if (changed || !d->ctx_emitted) {
        ete_elem x;
        elem_init(&x, ETE_ELEM_CONTEXT, e->off);
        x.el = e->el;
        x.ns = e->ns;
        x.sf = e->sf;
        x.contextid = e->u32;
        x.vmid = e->vmid;
        x.cid_valid = (uint8_t)d->cid_traced;
        x.vmid_valid = (uint8_t)d->vmid_traced;
        out_elem(d, &x);
        d->ctx_emitted = 1;
    }
}

/* Transaction Start (D9.4.2), or a Trace Info element that finds the PE in
 * Transactional state (ProcessTraceInfo, D9.3.2): keep the analysis state
 * that a Transaction Failure returns to. */
static void txn_begin(ete_decoder *d)
{
    d->in_txn = 1;
    /* R_HVFD: a failed transaction restarts at the instruction after the
     * TSTART of the outer transaction.  R_CYHKB: when that TSTART is traced,
     * its P0 element is the one just before the Transaction Start element.
     * Decision: otherwise (R_RKGLY: tracing became active inside the
     * transaction; or the trace starts with a Trace Info element in
     * Transactional state) the restart address is not known, and the trace
     * unit gives it with a Target Address element (I_FRTGM, R_ZRYSN). */
    d->txs_addr_valid = d->tstart_valid;
    d->txs_addr = d->tstart_next;
    memcpy(d->txs_rs, d->rs, sizeof d->rs);
    d->txs_rs_n = d->rs_n;
    d->txs_rs_top = d->rs_top;
}

/* ProcessTransactionFailure (D9.4.4) */
static void analyze_txn_failure(ete_decoder *d, const iel *e)
{
    int had_txn = d->in_txn;
    if (d->in_txn) {
        /* R_XZBFV, R_XPKFL: keep cycle counts, events and the other
         * non-execution elements; drop the execution of the transaction */
        size_t k = 0;
        for (size_t i = 0; i < d->hold.n; i++) {
            unsigned kind = d->hold.e[i].kind;
            if (kind == ETE_ELEM_CYCLE_COUNT || kind == ETE_ELEM_EVENT ||
                kind == ETE_ELEM_TIMESTAMP || kind == ETE_ELEM_TS_MARKER ||
                kind == ETE_ELEM_TRACE_INFO || kind == ETE_ELEM_TXN_START ||
                kind == ETE_ELEM_OVERFLOW || kind == ETE_ELEM_TRACE_ON)
                d->hold.e[k++] = d->hold.e[i];
        }
        d->hold.n = k;
        d->in_txn = 0;
    }
    out_simple(d, ETE_ELEM_TXN_FAILURE, e->off);
    hold_flush(d);
    d->lb_valid = 0;
    d->tstart_valid = 0;
    if (!had_txn) {
        /* no Transaction Start was analysed: nothing to go back to */
        d->addr_state = ADDR_UNKNOWN;
        return;
    }
    /* I_XHLPG, D9.4.4: the elements since the Transaction Start are
     * discarded without being analysed, so the analysis state is the one at
     * the Transaction Start: the return stack without the pushes and pops
     * inside the transaction, and the current address after the TSTART
     * (R_HVFD).  A Target Address element after the failure, when the trace
     * unit gives one (I_FRTGM), then replaces that address (D9.5.8).
     * Context: R_STQJ and the failure of a transaction on an exception
     * mean the context cannot change inside a transaction, so the current
     * one is kept. */
    memcpy(d->rs, d->txs_rs, sizeof d->rs);
    d->rs_n = d->txs_rs_n;
    d->rs_top = d->txs_rs_top;
    if (d->txs_addr_valid && !e->flag) {
        d->addr = d->txs_addr;
        d->isa = 0;                 /* TSTART is an A64 instruction */
        d->addr_state = ADDR_KNOWN;
    } else {
        /* R_NMWPJ: a failure implied by a Discard element (trace disabled,
         * or an Overflow) leaves the outcome of the transaction UNKNOWN, and
         * the PE is not known to have restarted after the TSTART: the
         * address stays unknown (D9.5.13, D9.5.14) until the Trace On and
         * Target Address elements that follow when tracing resumes. */
        d->addr_state = ADDR_UNKNOWN;
    }
}

static void analyze(ete_decoder *d, const iel *e)
{
    ete_elem x;
    d->a_off = e->off;
    switch (e->kind) {
    case IE_ATOM:       analyze_atom(d, e); break;
    case IE_EXCEPTION:  analyze_exception(d, e); break;
    case IE_SRC:        analyze_src(d, e); break;
    case IE_Q:          analyze_q(d, e); break;
    case IE_MISPREDICT: analyze_mispredict(d, e); break;
    case IE_CONTEXT:    analyze_context(d, e); break;
    case IE_TARGET:     /* AnalyzeTargetAddress (D9.5.8) */
        d->addr = e->addr;
        d->isa = e->isa;
        /* A Target Address element (UNKNOWN) of D5.24/D5.25 (E = 0b10)
         * gives no address; it still counts as a Target Address element for
         * R_WGHSB, so the return stack is not popped. */
        d->addr_state = e->flag ? ADDR_UNKNOWN : ADDR_KNOWN;
        break;
    case IE_TRACE_ON:   /* AnalyzeTraceOn (D9.5.10), R_SBJB */
        p0_boundary(d);
        d->addr_state = ADDR_UNKNOWN;
        d->rs_n = 0;
        d->lb_valid = 0;
        d->tstart_valid = 0;
        out_simple(d, ETE_ELEM_TRACE_ON, e->off);
        break;
    case IE_TRACE_INFO: /* AnalyzeTraceInfo (D9.5.9), R_SBJB */
        check_rs(d);
        p0_boundary(d);
        d->rs_n = 0;
        out_simple(d, ETE_ELEM_TRACE_INFO, e->off);
        if (e->flag && !d->in_txn) {
            /* ProcessTraceInfo: the PE is in Transactional state */
            txn_begin(d);
        }
        break;
    case IE_OVERFLOW:   /* AnalyzeOverflow (D9.5.14) */
        p0_boundary(d);
        d->addr_state = ADDR_UNKNOWN;
        d->lb_valid = 0;
        d->tstart_valid = 0;
        out_simple(d, ETE_ELEM_OVERFLOW, e->off);
        break;
    case IE_DISCARD:    /* AnalyzeDiscard (D9.5.13) */
        p0_boundary(d);
        d->addr_state = ADDR_UNKNOWN;
        d->lb_valid = 0;
        d->tstart_valid = 0;
        break;
    case IE_EVENT:
        elem_init(&x, ETE_ELEM_EVENT, e->off);
        x.event = (uint8_t)e->u32;
        out_elem(d, &x);
        break;
    case IE_TIMESTAMP:
        elem_init(&x, ETE_ELEM_TIMESTAMP, e->off);
        x.ts = e->addr;
        x.cc = e->cc;
        x.cc_valid = e->flag;
        out_elem(d, &x);
        break;
    case IE_CC:
        elem_init(&x, ETE_ELEM_CYCLE_COUNT, e->off);
        x.cc = e->cc;
        x.cc_valid = e->flag;
        out_elem(d, &x);
        break;
    case IE_TS_MARKER:
        out_simple(d, ETE_ELEM_TS_MARKER, e->off);
        break;
    case IE_TXN_START:  /* D9.4.2 */
        p0_boundary(d);
        out_simple(d, ETE_ELEM_TXN_START, e->off);
        txn_begin(d);
        break;
    case IE_TXN_COMMIT: /* D9.4.3: everything held is executed */
        out_simple(d, ETE_ELEM_TXN_COMMIT, e->off);
        d->in_txn = 0;
        hold_flush(d);
        break;
    case IE_TXN_FAILURE:
        analyze_txn_failure(d, e);
        break;
    default:
        break;
    }
}

/* ======================================================================== */
/* Stage 2: speculation resolution (D9.3)                                   */
/* ======================================================================== */

static iel *rq_at(ete_decoder *d, size_t i)
{
    return &d->rq[(d->rq_head + i) % d->rq_cap];
}

static int rq_grow(ete_decoder *d)
{
    size_t ncap = d->rq_cap * 2;
    iel *nq = malloc(ncap * sizeof *nq);
    if (!nq)
        return -1;
    for (size_t i = 0; i < d->rq_n; i++)
        nq[i] = *rq_at(d, i);
    free(d->rq);
    d->rq = nq;
    d->rq_cap = ncap;
    d->rq_head = 0;
    return 0;
}

static void rq_pop_front(ete_decoder *d, iel *out)
{
    d->work++;
    *out = d->rq[d->rq_head];
    d->rq_head = (d->rq_head + 1) % d->rq_cap;
    d->rq_n--;
    if (out->p0)
        d->rq_p0--;
}

/* Analyze the elements at the front of the queue that no Cancel can
 * remove any more: those before the oldest uncommitted P0 element. */
static void rq_drain_front(ete_decoder *d)
{
    if (d->unaligned)
        return;
    while (d->rq_n && !d->rq[d->rq_head].p0) {
        iel x;
        rq_pop_front(d, &x);
        analyze(d, &x);
    }
}

/* Stack (D9.3.6) */
static void stack(ete_decoder *d, const iel *e)
{
    /* Decision: a Cycle Count element is never removed (R_CBYHC) and
     * belongs to the Commit just processed (R_BZQWX): analysed at once. */
    if ((d->rq_n == 0 && !e->p0 && !d->unaligned) || e->kind == IE_CC) {
        analyze(d, e);
        return;
    }
    if (d->rq_n >= RQ_LIMIT) {
        set_error(d, e->off, "%sspeculation queue overflow: more than %u elements unresolved",
                  NULL, RQ_LIMIT, 0);
        iel x;
        rq_pop_front(d, &x);
        analyze(d, &x);
        rq_drain_front(d);
    }
    if (d->rq_n == d->rq_cap && rq_grow(d) != 0) {
        d->fatal = 1;
        return;
    }
    *rq_at(d, d->rq_n) = *e;
    d->rq_n++;
    if (e->p0)
        d->rq_p0++;
}

/* ProcessCommit (D9.3.3) */
static void process_commit(ete_decoder *d, uint64_t count, uint64_t off)
{
    /* P0 elements before the trace start (R_JKLZY): resolved in one step,
     * whatever the count (they are not held, only counted) */
    uint64_t k = count < d->unaligned ? count : d->unaligned;
    d->unaligned -= k;
    count -= k;
    d->work++;
    /* then one step per element actually held: at most rq_n */
    while (count) {
        if (d->rq_p0 == 0) {
            set_error(d, off, "%scommit of %u more P0 elements than are uncommitted", NULL,
                      (unsigned)(count > UINT32_MAX ? UINT32_MAX : count), 0);
            break;
        }
        iel x;
        rq_pop_front(d, &x);
        if (x.p0)
            count--;
        analyze(d, &x);
    }
    rq_drain_front(d);
}

/* ProcessCancel (D9.3.4, Table D9.2) */
static void process_cancel(ete_decoder *d, uint64_t count, uint64_t off)
{
    /* Decision: a Cancel removes the youngest P0 elements; only when the
     * queue has none left does it count those before the trace start. */
    d->work++;
    while (count) {
        if (d->rq_n == 0) {
            if (d->unaligned) {
                uint64_t k = count < d->unaligned ? count : d->unaligned;
                d->unaligned -= k;
                count -= k;
                continue;
            }
            set_error(d, off, "%scancel of %u more P0 elements than are uncommitted", NULL,
                      (unsigned)(count > UINT32_MAX ? UINT32_MAX : count), 0);
            break;
        }
        iel *b = rq_at(d, d->rq_n - 1);
        iel x = *b;
        d->rq_n--;
        d->work++;
        if (x.p0) {
            d->rq_p0--;
            count--;
        } else if (x.kind == IE_CC || x.kind == IE_EVENT || x.kind == IE_TRACE_INFO ||
                   x.kind == IE_TIMESTAMP || x.kind == IE_TS_MARKER) {
            /* R_CBYHC, R_GZWHY, R_CRVRK: processed, not removed */
            analyze(d, &x);
        }
        /* Atom, Context, Exception, Mispredict, Target/Source Address,
         * Trace On, Transaction Start/Failure: removed */
    }
}

/* ProcessDiscard (D9.3.5) */
static void process_discard(ete_decoder *d)
{
    d->unaligned = 0;
    while (d->rq_n) {
        iel x = *rq_at(d, d->rq_n - 1);
        d->rq_n--;
        d->work++;
        if (x.kind == IE_EVENT || x.kind == IE_TRACE_INFO || x.kind == IE_TIMESTAMP)
            analyze(d, &x);
    }
    d->rq_p0 = 0;
}

/* Emit (D9.3.1) */
static void emit(ete_decoder *d, const iel *e)
{
    stack(d, e);
}

/* ======================================================================== */
/* Stage 1: parsing (D9.2)                                                  */
/* ======================================================================== */

static void iel_init(iel *e, unsigned kind, uint64_t off)
{
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->off = off;
}

/* UpdateSpecDepth (D9.2.18.3): a depth above the maximum implies a Commit */
static void update_spec_depth(ete_decoder *d, int64_t delta)
{
    d->spec_depth += delta;
    if (d->spec_depth < 0)
        d->spec_depth = 0;
    if ((uint64_t)d->spec_depth > d->max_spec) {
        uint64_t c = (uint64_t)d->spec_depth - d->max_spec;
        d->spec_depth = (int64_t)d->max_spec;
        process_commit(d, c, d->cur_off);
    }
}

static void commit_elem(ete_decoder *d, uint64_t count)
{
    /* CommitPacket (D9.2.8.2): R_PSHDJ */
    process_commit(d, count, d->cur_off);
    update_spec_depth(d, -(int64_t)count);
}

/* HandleAtom (D9.2.18.2), R_RVVWE */
static void handle_atom(ete_decoder *d, int taken)
{
    iel e;
    iel_init(&e, IE_ATOM, d->cur_off);
    e.p0 = 1;
    e.flag = (uint8_t)taken;
    emit(d, &e);
    update_spec_depth(d, 1);
}

static void handle_atoms(ete_decoder *d, const ete_pkt *p)
{
    for (unsigned i = 0; i < p->atom_count; i++)
        handle_atom(d, (int)((p->atom_bits >> i) & 1u));
}

static void ahb_add(ete_decoder *d, uint64_t addr, uint8_t isa)
{
    d->ahb[2] = d->ahb[1];
    d->ahb[1] = d->ahb[0];
    d->ahb[0].addr = addr;
    d->ahb[0].isa = isa;
}

/* LongAddressBytes / ShortAddressBytes / ExactMatchBytes (D9.2.14) */
static void apply_addr(ete_decoder *d, const ete_pkt_addr *a)
{
    switch (a->form) {
    case ETE_ADDR_EXACT: {
        ahb_entry en = d->ahb[a->qe < 3 ? a->qe : 0];   /* ExactMatchPacket, R_BPRDC */
        ahb_add(d, en.addr, en.isa);
        break;
    }
    case ETE_ADDR_SHORT:
    case ETE_ADDR_32:
    case ETE_ADDR_64:
        ahb_add(d, ete_pkt_addr_apply(a, d->ahb[0].addr), a->is);
        break;
    case ETE_ADDR_UNKNOWN:          /* UnknownAddressHistoryBuffer, R_FPDJF */
        ahb_add(d, 0, 0);
        break;
    default:
        break;
    }
}

/* ContextPacket (D9.2.14.10) */
static void apply_ctxt(ete_decoder *d, const ete_pkt_ctxt *c)
{
    if (c->c)
        d->context_id = c->contextid;
    if (c->v)
        d->vmid = c->vmid;
    d->el = c->el & 3u;
    d->ns = c->ns ? 1 : 0;
    d->sf = c->sf ? 1 : 0;
}

static void emit_context(ete_decoder *d)
{
    iel e;
    iel_init(&e, IE_CONTEXT, d->cur_off);
    e.el = d->el;
    e.ns = d->ns;
    e.sf = d->sf;
    e.u32 = d->context_id;
    e.vmid = d->vmid;
    emit(d, &e);
}

static void emit_target(ete_decoder *d, int unknown)
{
    iel e;
    iel_init(&e, IE_TARGET, d->cur_off);
    e.addr = d->ahb[0].addr;
    e.isa = d->ahb[0].isa;
    e.flag = (uint8_t)unknown;
    emit(d, &e);
}

static void emit_kind(ete_decoder *d, unsigned kind)
{
    iel e;
    iel_init(&e, kind, d->cur_off);
    emit(d, &e);
}

static void emit_txn_failure(ete_decoder *d, int by_discard)
{
    iel e;
    iel_init(&e, IE_TXN_FAILURE, d->cur_off);
    e.flag = (uint8_t)by_discard;
    emit(d, &e);
}

static void emit_cc(ete_decoder *d, int valid, uint64_t count)
{
    iel e;
    iel_init(&e, IE_CC, d->cur_off);
    e.flag = (uint8_t)valid;
    e.cc = valid ? count + d->cc_threshold : 0;
    emit(d, &e);
}

/* ExceptionPacket (D9.2.13.2) */
static void exception_packet(ete_decoder *d, const ete_pkt *p)
{
    apply_addr(d, &p->addr);
    if (p->has_ctxt)
        apply_ctxt(d, &p->ctxt);
    unsigned type = p->exc_type;
    if (p->e == ETE_EXC_E_ADDR_EXC) {
        if (p->has_ctxt)
            emit_context(d);
        /* D5.24, D5.25: with the Unknown address byte, the Target Address
         * element is UNKNOWN */
        emit_target(d, p->addr.form == ETE_ADDR_UNKNOWN);
    }
    if (type == ETE_EXC_TYPE_TXN_FAILURE) {
        /* Decision: a Transaction Failure is not a P0 element (D2.2.2
         * note, D9.3.3), so it does not count in the speculation depth. */
        emit_txn_failure(d, 0);
        d->T = 0;
        return;
    }
    if (type == ETE_EXC_TYPE_PE_RESET && d->T) {
        /* R_QWGXIL and the note in D6.9.11: a PE Reset packet can imply the
         * Transaction Failure element.  Decision: for E = 0b01 too, not only
         * for E = 0b10 as in the D9.2.13.2 pseudocode: the PE leaves
         * Transactional state on reset (R_ZGNK), so the transaction can
         * never be committed, and R_QWGXIL requires a failure element. */
        emit_txn_failure(d, 0);
        d->T = 0;
    }
    iel e;
    iel_init(&e, IE_EXCEPTION, d->cur_off);
    e.p0 = 1;                       /* R_YPPRPH */
    e.u32 = type;
    e.flag = p->addr.form != ETE_ADDR_UNKNOWN && p->addr.form != ETE_ADDR_NONE;
    e.addr = d->ahb[0].addr;
    e.isa = d->ahb[0].isa;
    emit(d, &e);
    update_spec_depth(d, 1);        /* R_RPER */
}

static void bad_packet(ete_decoder *d, uint64_t off, const char *why, unsigned header);

/* TraceInfoPacket (D9.2.6.2), R_EXKEZ, R_PLYLR */
static void trace_info_packet(ete_decoder *d, const ete_pkt *p)
{
    /* R_GLQPL, I_RKYCD: the trace unit never outputs more speculative P0
     * elements than TRCIDR8.MAXSPEC, so a SPEC field (the uncommitted P0
     * elements, D5.7) above it is bad input: reported, then resync. */
    if (p->spec > d->max_spec) {
        char why[96];
        snprintf(why, sizeof why, "Trace Info SPEC %" PRIu32 " exceeds TRCIDR8.MAXSPEC %" PRIu32
                 " (R_GLQPL)", p->spec, d->max_spec);
        bad_packet(d, d->cur_off, why, ETE_HDR_TRACE_INFO);
        return;
    }
    d->timestamp = 0;               /* R_GFQQ */
    d->context_id = 0;
    d->vmid = 0;
    d->el = 0;
    d->ns = 0;
    d->sf = 0;
    for (int i = 0; i < 3; i++) {
        d->ahb[i].addr = 0;
        d->ahb[i].isa = 0;
    }
    d->cc_threshold = p->tinfo_cc ? p->cyct : 0;
    d->spec_depth = p->spec;
    d->T = p->tinfo_t ? 1 : 0;
    if (!d->rq_init) {              /* ProcessTraceInfo: ResolutionQueue.Initialize */
        d->rq_init = 1;
        d->unaligned = p->spec;
    }
    iel e;
    iel_init(&e, IE_TRACE_INFO, d->cur_off);
    e.flag = (uint8_t)d->T;
    emit(d, &e);
}

static void process_packet(ete_decoder *d, const ete_pkt *p)
{
    iel e;
    switch (p->type) {
    case ETE_PKT_ASYNC:
    case ETE_PKT_IGNORE:
        break;
    case ETE_PKT_DISCARD:           /* DiscardPacket (D9.2.4.1), R_VEVY */
        process_discard(d);
        emit_kind(d, IE_DISCARD);
        if (d->T)
            emit_txn_failure(d, 1);
        d->spec_depth = 0;
        d->T = 0;
        break;
    case ETE_PKT_OVERFLOW:          /* OverflowPacket (D9.2.5.1) */
        process_discard(d);
        emit_kind(d, IE_DISCARD);
        /* the open transaction is not resolved in the trace: report it
         * before the Overflow element, which then follows it */
        if (d->T)
            emit_txn_failure(d, 1);
        emit_kind(d, IE_OVERFLOW);
        d->T = 0;
        d->spec_depth = 0;
        break;
    case ETE_PKT_TRACE_INFO:
        trace_info_packet(d, p);
        break;
    case ETE_PKT_TRACE_ON:
        emit_kind(d, IE_TRACE_ON);
        break;
    case ETE_PKT_TIMESTAMP:         /* D9.2.16.1, D9.2.16.3, R_KJNMB */
        d->timestamp = ete_pkt_ts_apply(p, d->timestamp);
        iel_init(&e, IE_TIMESTAMP, d->cur_off);
        e.addr = d->timestamp;
        e.flag = p->count_valid;
        e.cc = p->count;
        emit(d, &e);
        break;
    case ETE_PKT_TS_MARKER:
        emit_kind(d, IE_TS_MARKER);
        break;
    case ETE_PKT_TXN_START:         /* D9.2.15.1 */
        iel_init(&e, IE_TXN_START, d->cur_off);
        e.p0 = (uint8_t)d->commtrans_p0;
        emit(d, &e);
        d->T = 1;
        /* Decision: TRCIDR0.COMMTRANS == 0 means Transaction Start is a P0
         * element (R_CTLXL, register definition), here as in D9.3.3. */
        if (d->commtrans_p0)
            update_spec_depth(d, 1);
        break;
    case ETE_PKT_TXN_COMMIT:        /* D9.2.15.2 */
        emit_kind(d, IE_TXN_COMMIT);
        d->T = 0;
        break;
    case ETE_PKT_EXC_EXACT: case ETE_PKT_EXC_SHORT_IS0: case ETE_PKT_EXC_SHORT_IS1:
    case ETE_PKT_EXC_32_IS0: case ETE_PKT_EXC_32_IS1: case ETE_PKT_EXC_64_IS0:
    case ETE_PKT_EXC_64_IS1: case ETE_PKT_EXC_CTXT_32_IS0: case ETE_PKT_EXC_CTXT_32_IS1:
    case ETE_PKT_EXC_CTXT_64_IS0: case ETE_PKT_EXC_CTXT_64_IS1:
    case ETE_PKT_TXN_FAILURE: case ETE_PKT_PE_RESET:
        exception_packet(d, p);
        break;
    case ETE_PKT_CC_F1_0_UNKNOWN: case ETE_PKT_CC_F1_1_UNKNOWN:
    case ETE_PKT_CC_F1_0: case ETE_PKT_CC_F1_1:
        /* CycleCountFormat1Packet (D9.2.16.4) */
        if (p->commit)
            commit_elem(d, p->commit);
        emit_cc(d, p->count_valid, p->count);
        break;
    case ETE_PKT_CC_F2_0_SMALL: case ETE_PKT_CC_F2_0_LARGE: case ETE_PKT_CC_F2_1:
    case ETE_PKT_CC_F3_0: case ETE_PKT_CC_F3_1:
        /* CycleCountFormat2Packet / 3 (D9.2.16.5, D9.2.16.6): the parser
         * gives the commit count (0 in commit mode 1) and the count field */
        if (p->commit)
            commit_elem(d, p->commit);
        emit_cc(d, 1, p->count);
        break;
    case ETE_PKT_COMMIT:
        commit_elem(d, p->commit);
        break;
    case ETE_PKT_CANCEL_F1: case ETE_PKT_CANCEL_F2: case ETE_PKT_CANCEL_F3:
        /* D9.2.8.4-D9.2.8.6, R_NQHRY: atoms, Cancel, then Mispredict */
        handle_atoms(d, p);
        process_cancel(d, p->cancel, d->cur_off);
        update_spec_depth(d, -(int64_t)p->cancel);
        if (p->m)
            emit_kind(d, IE_MISPREDICT);
        break;
    case ETE_PKT_MISPREDICT:        /* D9.2.9.2 */
        handle_atoms(d, p);
        emit_kind(d, IE_MISPREDICT);
        break;
    case ETE_PKT_ATOM_F1: case ETE_PKT_ATOM_F2: case ETE_PKT_ATOM_F3: case ETE_PKT_ATOM_F4:
    case ETE_PKT_ATOM_F5_1: case ETE_PKT_ATOM_F5_2: case ETE_PKT_ATOM_F6:
        handle_atoms(d, p);
        break;
    case ETE_PKT_ADDR_SHORT_IS0: case ETE_PKT_ADDR_SHORT_IS1: case ETE_PKT_ADDR_32_IS0:
    case ETE_PKT_ADDR_32_IS1: case ETE_PKT_ADDR_64_IS0: case ETE_PKT_ADDR_64_IS1:
    case ETE_PKT_ADDR_EXACT:        /* Parse_TargetAddressPacket (D9.2.14.1) */
        apply_addr(d, &p->addr);
        emit_target(d, 0);
        break;
    case ETE_PKT_CTXT_SAME:         /* Parse_ContextPacket, P == 0 */
        emit_context(d);
        break;
    case ETE_PKT_CTXT:
        if (p->has_ctxt)
            apply_ctxt(d, &p->ctxt);
        emit_context(d);
        break;
    case ETE_PKT_ADDR_CTXT_32_IS0: case ETE_PKT_ADDR_CTXT_32_IS1:
    case ETE_PKT_ADDR_CTXT_64_IS0: case ETE_PKT_ADDR_CTXT_64_IS1:
        /* Parse_AddressWithContextPacket (D9.2.14.8), R_TKBW */
        apply_addr(d, &p->addr);
        apply_ctxt(d, &p->ctxt);
        emit_context(d);
        emit_target(d, 0);
        break;
    case ETE_PKT_SRC_SHORT_IS0: case ETE_PKT_SRC_SHORT_IS1: case ETE_PKT_SRC_32_IS0:
    case ETE_PKT_SRC_32_IS1: case ETE_PKT_SRC_64_IS0: case ETE_PKT_SRC_64_IS1:
    case ETE_PKT_SRC_EXACT:         /* Parse_SourceAddressPacket (D9.2.12.1) */
        apply_addr(d, &p->addr);
        iel_init(&e, IE_SRC, d->cur_off);
        e.p0 = 1;                   /* R_WTRBB */
        e.addr = d->ahb[0].addr;
        e.isa = d->ahb[0].isa;
        /* Decision: the element is emitted before the speculation depth is
         * updated, as for atoms, so an implied commit follows it. */
        emit(d, &e);
        update_spec_depth(d, 1);
        break;
    case ETE_PKT_EVENT:             /* EventTracingPacket (D9.2.17.2) */
        for (unsigned i = 0; i < 4; i++) {
            if ((p->event >> i) & 1u) {
                iel_init(&e, IE_EVENT, d->cur_off);
                e.u32 = i;
                emit(d, &e);
            }
        }
        break;
    case ETE_PKT_Q: case ETE_PKT_Q_COUNT: case ETE_PKT_Q_EXACT: case ETE_PKT_Q_SHORT_IS0:
    case ETE_PKT_Q_SHORT_IS1: case ETE_PKT_Q_32_IS0: case ETE_PKT_Q_32_IS1:
        /* Parse_QPacket / QPacket (D9.2.11), R_ZEFZW */
        apply_addr(d, &p->addr);
        iel_init(&e, IE_Q, d->cur_off);
        e.p0 = 1;                   /* R_JRFYT */
        e.flag = p->count_valid;
        e.u32 = p->count;
        emit(d, &e);
        update_spec_depth(d, 1);
        if (p->addr.form != ETE_ADDR_NONE)
            emit_target(d, 0);
        break;
    default:
        break;
    }
}

/* ======================================================================== */
/* Byte stream                                                              */
/* ======================================================================== */

static void reset_sync(ete_decoder *d)
{
    /* everything unresolved is lost */
    d->rq_n = 0;
    d->rq_head = 0;
    d->rq_p0 = 0;
    d->rq_init = 0;
    d->unaligned = 0;
    hold_flush(d);
    d->in_txn = 0;
    d->ctx_known = 0;
    d->ctx_emitted = 0;
    d->addr_state = ADDR_UNKNOWN;
    d->lb_valid = 0;
    d->tstart_valid = 0;
    d->txs_addr_valid = 0;
    d->rs_n = 0;
    d->spec_depth = 0;
    d->T = 0;
}

static void bad_packet(ete_decoder *d, uint64_t off, const char *why, unsigned header)
{
    snprintf(d->last_err, sizeof d->last_err, "offset 0x%" PRIx64 ": bad packet (header 0x%02x): %s",
             off, header, why ? why : "invalid encoding");
    d->errors++;
    reset_sync(d);
    ete_elem x;
    elem_init(&x, ETE_ELEM_NO_SYNC, off);
    deliver(d, &x);
    d->state = ST_WAIT_ASYNC;
}

/* Decode packets from buf[0..n) at stream offset base.  Returns the bytes
 * used; the rest is an incomplete packet (or possibly the start of an
 * A-Sync). */
static size_t process(ete_decoder *d, const uint8_t *buf, size_t n, uint64_t base)
{
    size_t pos = 0;
    ete_pkt p;
    while (pos < n && !d->fatal) {
        if (d->state == ST_WAIT_ASYNC) {
            size_t at;
            if (!ete_pkt_find_async(buf + pos, n - pos, &at)) {
                pos += at;
                break;
            }
            pos += at;
        }
        int r = ete_pkt_parse(&d->pcfg, buf + pos, n - pos, &p);
        if (r == ETE_PKT_NEED_MORE)
            break;
        if (r < 0) {
            bad_packet(d, base + pos + p.err_off, p.err, buf[pos]);
            pos += 1;
            continue;
        }
        d->cur_off = base + pos;
        if (d->state == ST_WAIT_ASYNC) {
            if (p.type == ETE_PKT_ASYNC)
                d->state = ST_WAIT_TINFO;
        } else if (d->state == ST_WAIT_TINFO) {
            /* D9.1.1: nothing is analysed before a Trace Info element */
            if (p.type == ETE_PKT_TRACE_INFO) {
                d->state = ST_DECODING;
                process_packet(d, &p);
            }
        } else {
            process_packet(d, &p);
        }
        pos += (size_t)r;
    }
    return pos;
}

static void tail_compact_zeros(ete_decoder *d)
{
    /* a long run of zero bytes: keep enough of it to form an A-Sync */
    size_t z = 0;
    while (z < d->tail_n && d->tail[z] == 0)
        z++;
    if (z == d->tail_n && z > TAIL_KEEP_ZEROS) {
        size_t drop = z - TAIL_KEEP_ZEROS;
        memmove(d->tail, d->tail + drop, d->tail_n - drop);
        d->tail_n -= drop;
        d->tail_off += drop;
    }
}

int ete_decoder_feed(ete_decoder *d, const uint8_t *buf, size_t len, size_t *used)
{
    size_t pos = 0;
    if (used)
        *used = 0;
    if (d->fatal)
        return -1;
    while (pos < len) {
        if (d->tail_n == 0) {
            size_t u = process(d, buf + pos, len - pos, d->consumed);
            d->consumed += u;
            pos += u;
            if (pos < len) {
                /* incomplete packet at the end: keep it */
                size_t rest = len - pos;
                if (rest > TAIL_MAX / 2) {
                    /* only a run of zeros (a possible A-Sync) can be this
                     * long and incomplete: keep its end */
                    size_t z = 0;
                    while (z < rest && buf[pos + z] == 0)
                        z++;
                    if (z != rest) {
                        /* cannot happen with a conforming parser; never loop */
                        bad_packet(d, d->consumed, "incomplete packet longer than the "
                                   "decoder's buffer", buf[pos]);
                        d->consumed++;
                        pos++;
                        continue;
                    }
                    size_t skip = rest - TAIL_KEEP_ZEROS;
                    d->consumed += skip;
                    pos += skip;
                    rest = len - pos;
                }
                memcpy(d->tail, buf + pos, rest);
                d->tail_n = rest;
                d->tail_off = d->consumed;
                d->consumed += rest;
                pos = len;
            }
        } else {
            size_t old = d->tail_n;
            size_t take = len - pos;
            if (take > TAIL_MAX - old)
                take = TAIL_MAX - old;
            memcpy(d->tail + old, buf + pos, take);
            d->tail_n += take;
            size_t u = process(d, d->tail, d->tail_n, d->tail_off);
            if (u >= old) {
                /* the packet that was pending is complete: continue in buf */
                size_t in_new = u - old;
                d->tail_n = 0;
                pos += in_new;
                d->consumed = d->tail_off + u;
            } else {
                memmove(d->tail, d->tail + u, d->tail_n - u);
                d->tail_n -= u;
                d->tail_off += u;
                pos += take;
                d->consumed += take;
                if (d->tail_n == TAIL_MAX)
                    tail_compact_zeros(d);
                if (d->tail_n == TAIL_MAX) {
                    /* cannot happen with a conforming parser; never loop */
                    bad_packet(d, d->tail_off, "packet longer than the decoder's buffer",
                               d->tail[0]);
                    memmove(d->tail, d->tail + 1, d->tail_n - 1);
                    d->tail_n--;
                    d->tail_off++;
                }
            }
        }
        if (d->fatal)
            return -1;
    }
    if (used)
        *used = len;
    return d->fatal ? -1 : 0;
}

void ete_decoder_finish(ete_decoder *d)
{
    if (d->tail_n) {
        size_t u = process(d, d->tail, d->tail_n, d->tail_off);
        int zeros = 1;
        for (size_t i = u; i < d->tail_n; i++)
            if (d->tail[i])
                zeros = 0;
        if (u < d->tail_n && !zeros && d->state != ST_WAIT_ASYNC) {
            snprintf(d->last_err, sizeof d->last_err,
                     "offset 0x%" PRIx64 ": trace ends inside a packet (header 0x%02x, %zu bytes)",
                     d->tail_off + u, d->tail[u], d->tail_n - u);
            d->errors++;
        }
        d->tail_n = 0;
    }
    /* Decision: at the end of the trace the elements still speculative are
     * committed (the trace unit would commit them on disable, R_XXFBC). */
    d->unaligned = 0;
    while (d->rq_n) {
        iel x;
        rq_pop_front(d, &x);
        analyze(d, &x);
    }
    d->in_txn = 0;
    hold_flush(d);
}

/* ======================================================================== */
/* Construction                                                             */
/* ======================================================================== */

ete_decoder *ete_decoder_new(const ete_dec_cfg *cfg, ete_mem_read_fn mem, void *mem_ctx,
                             ete_elem_fn out, void *out_ctx, char *err, size_t errlen)
{
    uint32_t da = cfg->id.trcdevarch;
    if (err && errlen)
        err[0] = 0;
    if (!mem || !out) {
        snprintf(err, errlen, "a memory reader and an element callback are required");
        return NULL;
    }
    if ((da & 0xFFE00000u) != TRCDEVARCH_ARCHITECT_ARM || !(da & TRCDEVARCH_PRESENT) ||
        (da & 0xF000u) != TRCDEVARCH_ARCHVER_ETE || (da & 0xFFFu) != TRCDEVARCH_ARCHPART) {
        snprintf(err, errlen, "TRCDEVARCH 0x%08x does not describe an ETE trace unit "
                 "(expected ARCHITECT Arm 0x23B, PRESENT 1, ARCHVER 5, ARCHPART 0xA13)", da);
        return NULL;
    }
    ete_decoder *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->run_bits = RUN_CACHE_BITS0;
    d->runs = calloc((size_t)1 << d->run_bits, sizeof *d->runs);
    d->rq_cap = 256;
    d->rq = malloc(d->rq_cap * sizeof *d->rq);
    if (!d->runs || !d->rq) {
        free(d->runs);
        free(d->rq);
        free(d);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->cfg = *cfg;
    ete_pkt_cfg_from_regs(&d->pcfg, &cfg->id, cfg->trcconfigr);
    d->mem = mem;
    d->mem_ctx = mem_ctx;
    d->out = out;
    d->out_ctx = out_ctx;
    d->max_spec = cfg->id.trcidr[8];                         /* TRCIDR8.MAXSPEC */
    d->commtrans_p0 = !(cfg->id.trcidr[0] & TRCIDR0_COMMTRANS);
    d->wfx_p0 = (cfg->id.trcidr[2] & TRCIDR2_WFXMODE) != 0;
    d->cid_traced = (cfg->trcconfigr & TRCCONFIGR_CID) != 0;
    d->vmid_traced = (cfg->trcconfigr & TRCCONFIGR_VMID) != 0;
    d->rs_enabled = (cfg->trcconfigr & TRCCONFIGR_RS) != 0;
    d->state = ST_WAIT_ASYNC;
    d->lb_out_idx = -1;
    return d;
}

void ete_decoder_free(ete_decoder *d)
{
    if (!d)
        return;
    free(d->rq);
    free(d->runs);
    free(d->hold.e);
    free(d);
}

unsigned ete_decoder_errors(const ete_decoder *d)
{
    return d->errors;
}

const char *ete_decoder_last_error(const ete_decoder *d)
{
    return d->last_err;
}

uint64_t ete_decoder_insn_count(const ete_decoder *d)
{
    return d->insns;
}

uint64_t ete_decoder_work(const ete_decoder *d)
{
    return d->work;
}

/* ======================================================================== */
/* Element names and the --ranges text format                               */
/* ======================================================================== */

const char *ete_elem_kind_name(unsigned kind)
{
    static const char *const names[ETE_ELEM_KIND_COUNT] = {
        "range", "exception", "context", "timestamp", "cc", "trace-on", "overflow",
        "trace-info", "event", "txn-start", "txn-commit", "txn-failure", "pe-reset",
        "ts-marker", "no-sync", "mem-nacc"
    };
    return kind < ETE_ELEM_KIND_COUNT ? names[kind] : "?";
}

int ete_elem_format(const ete_elem *e, char *buf, size_t len)
{
    switch (e->kind) {
    case ETE_ELEM_RANGE:
        return snprintf(buf, len, "range 0x%" PRIx64 " 0x%" PRIx64 " %" PRIu32, e->start,
                        e->end, e->n_insn);
    case ETE_ELEM_EXCEPTION:
        return snprintf(buf, len, "exception %u 0x%" PRIx64, e->exc_type, e->addr);
    case ETE_ELEM_CONTEXT:
        return snprintf(buf, len, "context el%u ns=%u cid=0x%" PRIx32 " vmid=0x%" PRIx32,
                        e->el, e->ns, e->contextid, e->vmid);
    case ETE_ELEM_TIMESTAMP:
        if (e->cc_valid)
            return snprintf(buf, len, "timestamp 0x%" PRIx64 " cc %" PRIu64, e->ts, e->cc);
        return snprintf(buf, len, "timestamp 0x%" PRIx64, e->ts);
    case ETE_ELEM_CYCLE_COUNT:
        if (e->cc_valid)
            return snprintf(buf, len, "cc %" PRIu64, e->cc);
        return snprintf(buf, len, "cc unknown");
    case ETE_ELEM_EVENT:
        return snprintf(buf, len, "event %u", e->event);
    case ETE_ELEM_NO_SYNC:
        return snprintf(buf, len, "no-sync 0x%" PRIx64, e->offset);
    case ETE_ELEM_MEM_NACC:
        return snprintf(buf, len, "mem-nacc 0x%" PRIx64, e->addr);
    default:
        return snprintf(buf, len, "%s", ete_elem_kind_name(e->kind));
    }
}
