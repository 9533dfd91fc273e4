/* Trace subsystem bench run (ts_rtl_tb.h, docs/trace-subsystem.md "Bench"). */
#include "ts_rtl_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brbe_model.h"
#include "brbe_regs.h"
#include "ete_driver.h"
#include "ete_model.h"
#include "harness.h"
#include "pe_block.h"
#include "spe_model.h"
#include "spe_regs.h"
#include "trbe_axi_mem.h"
#include "trbe_drv.h"
#include "trbe_model.h"
#include "trbe_regs.h"

#define RESET_CYCLES   5u
#define APB_MAX_WAIT   64u
#define SR_TIMEOUT     200000u   /* clocks a register access, TSB or PSB may take */
#define DRAIN_TIMEOUT  400000u   /* clocks a unit may take to go idle at the end */
#define DRV_MAX_POLLS  400000u
#define STALL_LIMIT    100000u   /* consecutive clocks pe_stall_o may hold the PE */
#define FLUSH_LIMIT    20000u    /* clocks a trace unit flush may take (R_PPHWN) */
#define SPE_BUF_SIZE   (64u * 1024u)
#define CONTEXT_BYTES  8u
#define PROGRESS_EVERY 65536u

typedef struct beat_mark {
    uint64_t off, cycle;
} beat_mark;

/* ---- the AXI slave: one trbe_axi_mem per master ID ----------------------------------------
 * Instance 0 is the trace buffer (AWID TRBE_AXI_ID), instance 1 the Profiling
 * Buffer (SPE_AXI_ID).  AW goes to the instance of its AWID, W beats to the
 * instance of the oldest address whose last beat has not gone (AXI4 has no
 * WID), and the write response of one ready instance is presented per clock. */
typedef struct ts_axi {
    trbe_axi_mem m[2];
    int have[2];
    unsigned id[2];
    harness_rng rng;
    double p_aw, p_w;
    int q[2];                  /* instance of each address whose W beats are due */
    unsigned nq;
    int bsel, bprio;           /* instance whose response is presented; next priority */
    uint64_t bursts, beats;
    char err[600];
} ts_axi;

/* ---- the bench state ------------------------------------------------------------------------- */
enum { R_NONE = 0, R_TRBE, R_SPE, R_BRBE };
enum { OP_READ = 0, OP_WRITE, OP_IALL, OP_INJ };

typedef struct bench {
    const ts_tb_dut *dut;
    const ts_tb_opts *o;
    ts_tb_result *r;
    ts_tb_params P;
    FILE *log;
    harness_rng rpe;           /* PE idle clocks and slots per clock */
    harness_rng rcfg;          /* programming choices */
    ts_pins_in in;
    ts_pins_out out;
    uint64_t cycle;
    /* stimulus: the record port's records and the block port's slots
     * (pe_blk_from_recs; blk_end[i]: the records slots 0 .. i stand for) */
    const pe_stream *s;
    size_t next, limit;
    int presenting, paused;
    unsigned presented;
    size_t first;
    pe_blk *blk;
    size_t *blk_end;
    size_t nblk, bnext, bfirst;
    unsigned bpresented;
    uint64_t ts_ratio, ts_off, ts_now;   /* ts_i = cycle * ratio + off */
    int stall_prev;
    uint64_t stall_run;
    size_t trig_at;
    int trig_done;
    /* ETE */
    ete_params ep;
    ete_progregs er;
    ete_model *em;
    int in_drop_run;
    pe_blk *fed;               /* the slots the ETE took, with their clock and ts_i */
    size_t nfed, capfed;
    harness_buf exp, act;
    beat_mark *marks;
    size_t nmarks, capmarks;
    size_t cmp_pos;
    /* TRBE */
    trbe_model *tm;
    uint8_t *tmem;
    trbe_drv drv;
    int tsb_prev;
    uint64_t flush_run;        /* clocks the current flush request has waited */
    uint64_t static_reads;
    /* AXI */
    ts_axi ax;
    /* SPE */
    spe_model *sm;
    uint8_t *smem;
    uint64_t spe_base, spe_limit;
    int spe_on;                /* PMBLIMITR_EL1.E as last written */
    size_t spe_ev_at;          /* record index of the next mid-run SPE event */
    /* BRBE */
    brbe_model *bm;
    unsigned brbe_el;
    uint64_t brbe_valid_read;
    size_t brbe_ev_at;
    /* system-register access in progress */
    int sr_done;
    uint64_t sr_rdata;
    unsigned sr_status;
    int failed, oom;
} bench;

static void ts_fail(bench *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ts_fail(bench *t, const char *fmt, ...)
{
    if (t->failed)
        return;
    t->failed = 1;
    int k = snprintf(t->r->msg, sizeof t->r->msg, "seed %" PRIu64 " set %s cycle %" PRIu64 ": ",
                     t->o->seed, t->P.set, t->cycle);
    if (k > 0 && (size_t)k < sizeof t->r->msg) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->r->msg + k, sizeof t->r->msg - (size_t)k, fmt, ap);
        va_end(ap);
    }
    fprintf(t->log, "FAIL %s\n", t->r->msg);
}

/* ---- AXI slave ------------------------------------------------------------------------------- */
static int axi_init(ts_axi *a, const ts_tb_params *P, const ts_tb_opts *o, uint64_t spe_base,
                    const uint8_t *tinit, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    a->id[0] = P->trbe_axi_id;
    a->id[1] = P->spe_axi_id;
    a->p_aw = o->p_awready;
    a->p_w = o->p_wready;
    a->bsel = -1;
    harness_rng_init(&a->rng, o->seed, 0x41584953ull);
    for (unsigned i = 0; i < 2; i++) {
        trbe_axi_mem_cfg c;
        memset(&c, 0, sizeof c);
        c.win_base = i == 0 ? o->buf_base : spe_base;
        c.win_size = i == 0 ? (size_t)o->buf_size : SPE_BUF_SIZE;
        c.data_bytes = P->data_bytes;
        c.awid = a->id[i];
        c.p_awready = o->p_awready;
        c.p_wready = o->p_wready;
        c.b_lat_min = o->b_lat_min;
        c.b_lat_max = o->b_lat_max;
        c.seed = harness_mix64(o->seed ^ (0x4158ull + i));
        if (trbe_axi_mem_init(&a->m[i], &c, i == 0 ? tinit : NULL, err, errlen) != 0)
            return -1;
        a->have[i] = 1;
        trbe_axi_mem_set_range(&a->m[i], c.win_base, c.win_base + c.win_size);
    }
    return 0;
}

static void axi_free(ts_axi *a)
{
    for (unsigned i = 0; i < 2; i++)
        if (a->have[i])
            trbe_axi_mem_free(&a->m[i]);
}

static void axi_drive(ts_axi *a, ts_pins_in *in)
{
    trbe_pins_in v[2];
    memset(v, 0, sizeof v);
    for (unsigned i = 0; i < 2; i++)
        trbe_axi_mem_drive(&a->m[i], &v[i]);
    in->awready = (uint8_t)harness_rng_chance(&a->rng, a->p_aw);
    in->wready = (uint8_t)harness_rng_chance(&a->rng, a->p_w);
    a->bsel = -1;
    for (unsigned k = 0; k < 2; k++) {
        int i = (a->bprio + (int)k) & 1;
        if (v[i].bvalid) {
            a->bsel = i;
            break;
        }
    }
    in->bvalid = (uint8_t)(a->bsel >= 0);
    in->bresp = a->bsel >= 0 ? v[a->bsel].bresp : 0;
    in->bid = a->bsel >= 0 ? a->id[a->bsel] : 0;
}

/* The handshakes of the edge.  0, or -1 with a->err. */
static int axi_observe(ts_axi *a, const ts_pins_in *in, const ts_pins_out *out, uint64_t cycle)
{
    int aw_hs = out->awvalid && in->awready;
    int w_hs = out->wvalid && in->wready;
    int aw_inst = -1;
    if (out->awvalid) {
        aw_inst = out->awid == a->id[0] ? 0 : out->awid == a->id[1] ? 1 : -1;
        if (aw_inst < 0) {
            snprintf(a->err, sizeof a->err, "cycle %" PRIu64 ": AWID %u belongs to neither master "
                     "(%u, %u)", cycle, out->awid, a->id[0], a->id[1]);
            return -1;
        }
    }
    if (w_hs && a->nq == 0) {
        snprintf(a->err, sizeof a->err, "cycle %" PRIu64 ": W beat with no write address "
                 "outstanding", cycle);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        trbe_pins_in vi;
        trbe_pins_out vo;
        memset(&vi, 0, sizeof vi);
        memset(&vo, 0, sizeof vo);
        vi.awready = in->awready;
        vi.wready = in->wready;
        vi.bvalid = (uint8_t)(in->bvalid && a->bsel == i);
        vi.bresp = in->bresp;
        vi.bid = in->bid;
        vo.awid = out->awid;
        vo.awaddr = out->awaddr;
        vo.awlen = out->awlen;
        vo.awsize = out->awsize;
        vo.awburst = out->awburst;
        vo.awlock = out->awlock;
        vo.awcache = out->awcache;
        vo.awprot = out->awprot;
        vo.awvalid = (uint8_t)(out->awvalid && aw_inst == i);
        memcpy(vo.wdata, out->wdata, sizeof vo.wdata);
        vo.wstrb = out->wstrb;
        vo.wlast = out->wlast;
        vo.wvalid = (uint8_t)(out->wvalid && a->nq > 0 && a->q[0] == i);
        vo.bready = out->bready;
        if (trbe_axi_mem_observe(&a->m[i], &vi, &vo, cycle) != 0) {
            snprintf(a->err, sizeof a->err, "%s master: %s", i == 0 ? "TRBE" : "SPE", a->m[i].err);
            return -1;
        }
    }
    if (in->bvalid && out->bready)
        a->bprio = (a->bsel + 1) & 1;
    if (w_hs) {
        a->beats++;
        if (out->wlast) {
            a->q[0] = a->q[1];
            a->nq--;
        }
    }
    if (aw_hs) {
        if (a->nq >= 2) {
            snprintf(a->err, sizeof a->err, "cycle %" PRIu64 ": a third write address before the "
                     "first one's data (each master has one write outstanding)", cycle);
            return -1;
        }
        a->q[a->nq++] = aw_inst;
        a->bursts++;
    }
    return 0;
}

/* ---- the system-register map of top_sr_decode ------------------------------------------------ */
static int route(uint16_t enc, int write, unsigned el, int iall, int inj)
{
    unsigned op0 = (enc >> 14) & 3u, op1 = (enc >> 11) & 7u, crn = (enc >> 7) & 15u;
    unsigned crm = (enc >> 3) & 15u, op2 = enc & 7u;
    if (iall || inj)
        return R_BRBE;
    if (op0 == 2u && op1 == 1u && (crn == 8u || crn == 9u))
        return R_BRBE;
    if (op0 == 2u && (op1 == 4u || op1 == 5u) && crn == 9u && crm == 0u && op2 == 0u)
        return R_BRBE;
    int el_ok = el != 0u && !((op1 == 4u || op1 == 5u) && el < 2u);
    if (!el_ok)
        return R_NONE;
    if (op0 == 3u && op1 == 0u && crn == 9u && crm == 11u && op2 != 5u && !(write && op2 == 7u))
        return R_TRBE;
    if (op0 == 3u && crn == 9u) {
        if (op1 == 0u && crm == 9u && op2 != 1u)
            return R_SPE;
        if (op1 == 0u && crm == 10u && (op2 == 0u || op2 == 1u || op2 == 3u || op2 == 7u))
            return R_SPE;
        if ((op1 == 4u || op1 == 5u) && crm == 9u && op2 == 0u)
            return R_SPE;
    }
    return R_NONE;
}

static int trbe_static_reg(uint16_t enc)
{
    return enc == TRBLIMITR_EL1_ENC || enc == TRBBASER_EL1_ENC || enc == TRBMAR_EL1_ENC ||
           enc == TRBIDR_EL1_ENC;
}

/* Apply a completed access to the model of its unit and compare. */
static void sr_complete(bench *t)
{
    const ts_pins_in *in = &t->in;
    const ts_pins_out *o = &t->out;
    int op = in->sr_iall ? OP_IALL : in->sr_inj ? OP_INJ : in->sr_write ? OP_WRITE : OP_READ;
    int rt = route(in->sr_enc, in->sr_write, in->sr_el, in->sr_iall, in->sr_inj);
    t->sr_done = 1;
    t->sr_rdata = o->sr_rdata;
    t->sr_status = o->sr_status;
    switch (rt) {
    case R_TRBE: {
        trbe_model_out mo;
        trbe_model_outputs(t->tm, &mo);
        if (o->sr_status != 0) {
            ts_fail(t, "TRBE access 0x%04x: status %u, want 0", in->sr_enc, o->sr_status);
            break;
        }
        if (op == OP_WRITE) {
            trbe_model_write(t->tm, in->sr_enc, in->sr_wdata);
        } else {
            uint64_t mv = trbe_model_read(t->tm, in->sr_enc);
            if (!mo.enabled || trbe_static_reg(in->sr_enc)) {
                t->static_reads++;
                if (mv != o->sr_rdata) {
                    const char *nm = trbe_reg_name(in->sr_enc);
                    ts_fail(t, "read %s (0x%04x): RTL 0x%016" PRIx64 ", model 0x%016" PRIx64,
                            nm ? nm : "?", in->sr_enc, o->sr_rdata, mv);
                }
            }
        }
        break;
    }
    case R_SPE: {
        if (!t->sm)
            break;
        int rc;
        uint64_t mv = 0;
        if (op == OP_WRITE)
            rc = spe_model_write_reg(t->sm, in->sr_enc, in->sr_wdata);
        else
            rc = spe_model_read_reg(t->sm, in->sr_enc, &mv);
        unsigned want = rc != 0 ? 1u : 0u;
        const char *nm = spe_reg_name(in->sr_enc);
        if (o->sr_status != want)
            ts_fail(t, "SPE %s %s (0x%04x): status %u, model %u", op == OP_WRITE ? "write" : "read",
                    nm ? nm : "?", in->sr_enc, o->sr_status, want);
        else if (op == OP_READ && rc == 0 && mv != o->sr_rdata)
            ts_fail(t, "read %s: RTL 0x%016" PRIx64 ", model 0x%016" PRIx64, nm ? nm : "?",
                    o->sr_rdata, mv);
        break;
    }
    case R_BRBE: {
        if (!t->bm)
            break;
        int st;
        uint64_t mv = 0;
        switch (op) {
        case OP_WRITE: st = brbe_model_write(t->bm, in->sr_enc, in->sr_el, in->sr_ns, in->sr_wdata);
                       break;
        case OP_IALL:  st = brbe_model_iall(t->bm, in->sr_el, in->sr_ns); break;
        case OP_INJ:   st = brbe_model_inj(t->bm, in->sr_el, in->sr_ns); break;
        default:       st = brbe_model_read(t->bm, in->sr_enc, in->sr_el, in->sr_ns, &mv); break;
        }
        if ((unsigned)st != o->sr_status)
            ts_fail(t, "BRBE access 0x%04x op %d at EL%u: status %u, model %d", in->sr_enc, op,
                    in->sr_el, o->sr_status, st);
        else if (op == OP_READ && st == BRBE_MODEL_ACCESS_OK && mv != o->sr_rdata)
            ts_fail(t, "BRBE read 0x%04x at EL%u: RTL 0x%016" PRIx64 ", model 0x%016" PRIx64,
                    in->sr_enc, in->sr_el, o->sr_rdata, mv);
        break;
    }
    default:
        if (o->sr_status != 1u || o->sr_rdata != 0)
            ts_fail(t, "access 0x%04x at EL%u owned by no unit: status %u rdata 0x%" PRIx64
                    " (want UNDEFINED, 0)", in->sr_enc, in->sr_el, o->sr_status, o->sr_rdata);
        break;
    }
    t->in.sr_valid = 0;
    t->in.sr_iall = 0;
    t->in.sr_inj = 0;
}

/* ---- one clock ------------------------------------------------------------------------------- */
static void to_slot(const pe_rec *x, ts_pe_slot *p)
{
    p->pc = x->pc;
    p->target = x->target;
    p->cycle = x->cycle;
    p->timestamp = x->timestamp;
    p->va = x->va;
    p->pa = x->pa;
    p->contextidr_el1 = x->contextidr_el1;
    p->contextidr_el2 = x->contextidr_el2;
    p->spe_events = x->spe_events & 0x7FFu;
    p->lat_total = x->lat_total;
    p->lat_issue = x->lat_issue;
    p->lat_xlat = x->lat_xlat;
    p->data_source = x->data_source;
    p->kind = x->kind;
    p->iclass = x->iclass;
    p->isa = x->isa;
    p->el = x->el;
    p->from_el = x->from_el;
    p->exc_type = x->exc_type;
    p->flags = (uint8_t)(x->flags & 0x3Fu);
    p->ls = (uint8_t)(x->ls & 0x7Fu);
}

/* The port fields of a slot (docs/pe-blocks.md section 1). */
static void to_blk(const pe_blk *k, ts_blk_slot *x)
{
    x->addr = k->addr;
    x->kind = k->kind;
    x->last = k->last;
    x->iclass = k->iclass;
    x->isa = k->isa;
    x->el = k->el;
    x->from_el = k->from_el;
    x->exc_type = k->exc_type;
    x->ext_in = k->ext_in;
    x->flags = pe_blk_port_flags(k);
}

/* Each clock the PE retires 1 .. RETIRE_WIDTH records on the record port
 * and presents, on the block port, up to RETIRE_WIDTH of the slots whose
 * records have all retired (a slot is presented no earlier than the clock
 * its last instruction retires; the slots may lag behind the records and
 * catch up after the last record). */
static void drive_pe(bench *t)
{
    ts_pins_in *in = &t->in;
    in->pe_valid = 0;
    in->blk_valid = 0;
    t->presented = 0;
    t->bpresented = 0;
    t->ts_now = t->cycle * t->ts_ratio + t->ts_off;
    in->ts = t->ts_now;
    if (!t->presenting || t->paused || (t->next >= t->limit && t->bnext >= t->nblk))
        return;
    if (t->o->stall && t->stall_prev) {
        /* the PE honours pe_stall_o: nothing after a clock where it was high */
        t->r->stall_cycles++;
        if (++t->stall_run > STALL_LIMIT)
            ts_fail(t, "pe_stall_o high for %u consecutive clocks", STALL_LIMIT);
        return;
    }
    t->stall_run = 0;
    if (harness_rng_chance(&t->rpe, t->o->pe_idle))
        return;
    unsigned n = 1u + (unsigned)harness_rng_below(&t->rpe, t->P.retire_width);
    if (n > t->limit - t->next)
        n = (unsigned)(t->limit - t->next);
    for (unsigned k = 0; k < n; k++) {
        to_slot(&t->s->rec[t->next + k], &in->pe[k]);
        in->pe_valid |= (uint8_t)(1u << k);
    }
    t->first = t->next;
    t->presented = n;
    t->next += n;
    unsigned m = 0;
    while (m < t->P.retire_width && t->bnext + m < t->nblk && t->blk_end[t->bnext + m] <= t->next) {
        to_blk(&t->blk[t->bnext + m], &in->blk[m]);
        in->blk_valid |= (uint8_t)(1u << m);
        m++;
    }
    t->bfirst = t->bnext;
    t->bpresented = m;
    t->bnext += m;
}

/* The ETE's edge: the clock's slots taken (fed to the model's block path
 * with the clock and ts_i) or dropped (the contract's overflow rule, one
 * ete_model_overflow per run of dropping clocks). */
static void observe_blk(bench *t)
{
    const ts_pins_out *o = &t->out;
    size_t r0 = t->bfirst ? t->blk_end[t->bfirst - 1] : 0;
    size_t nrec = t->blk_end[t->bfirst + t->bpresented - 1] - r0;
    t->r->slots += t->bpresented;
    if (o->pe_drop) {
        if (t->o->stall)
            ts_fail(t, "pe_drop_o although the PE honours pe_stall_o");
        t->r->dropped += nrec;
        if (!t->in_drop_run) {
            ete_model_overflow(t->em);
            t->r->overflows++;
        }
        t->in_drop_run = 1;
        return;
    }
    t->in_drop_run = 0;
    if (t->nfed + t->bpresented > t->capfed) {
        size_t nc = t->capfed ? 2 * t->capfed : 4096;
        pe_blk *nf = realloc(t->fed, nc * sizeof *nf);
        if (!nf) {
            t->oom = 1;
            return;
        }
        t->fed = nf;
        t->capfed = nc;
    }
    for (unsigned k = 0; k < t->bpresented; k++) {
        pe_blk b = t->blk[t->bfirst + k];
        b.cycle = t->cycle;      /* this clock's number (ts_now's clock + 1) */
        b.timestamp = t->ts_now;
        ete_model_block(t->em, &b);
        t->fed[t->nfed++] = b;
    }
}

static void observe_pe(bench *t)
{
    const ts_pins_out *o = &t->out;
    const pe_rec *x = &t->s->rec[t->first];
    unsigned n = t->presented;
    char err[256];
    t->r->records += n;
    /* SPE and BRBE see every record their serializer took */
    if (o->spe_pe_drop) {
        if (t->o->stall)
            ts_fail(t, "spe_pe_drop_o although the PE honours pe_stall_o");
        t->r->spe_dropped += n;
    } else if (t->sm) {
        for (unsigned k = 0; k < n; k++)
            spe_model_feed(t->sm, &x[k]);
    }
    if (o->brbe_pe_drop) {
        if (t->o->stall)
            ts_fail(t, "brbe_pe_drop_o although the PE honours pe_stall_o");
        t->r->brbe_dropped += n;
    } else if (t->bm) {
        for (unsigned k = 0; k < n && !t->failed; k++)
            if (brbe_model_step(t->bm, &x[k], err, sizeof err) != 0)
                ts_fail(t, "the BRBE model rejects record %zu: %s", t->first + k, err);
    }
}

static void pull_ete(bench *t)
{
    size_t n;
    const uint8_t *p = ete_model_bytes(t->em, &n);
    if (n) {
        if (harness_buf_add(&t->exp, p, n) != 0)
            t->oom = 1;
        ete_model_take(t->em);
    }
}

static uint64_t mark_cycle(const bench *t, size_t off)
{
    size_t lo = 0, hi = t->nmarks;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->marks[mid].off <= off)
            lo = mid;
        else
            hi = mid;
    }
    return t->nmarks ? t->marks[lo].cycle : 0;
}

/* The first differing ETE byte, with context. */
static void ete_mismatch(bench *t, size_t off, const char *what)
{
    fprintf(t->log, "ETE byte stream: %s at byte %zu (beat of cycle %" PRIu64 "), seed %" PRIu64
            "; expected = model, actual = the bytes the TRBE took:\n", what, off,
            mark_cycle(t, off), t->o->seed);
    harness_bytes_context(t->log, "  ", t->exp.b, t->exp.n, t->act.b, t->act.n, off,
                          CONTEXT_BYTES);
    ts_fail(t, "ETE bytes: %s at byte %zu: model 0x%02x, RTL 0x%02x", what, off,
            off < t->exp.n ? t->exp.b[off] : 0u, off < t->act.n ? t->act.b[off] : 0u);
}

static void compare_ete(bench *t)
{
    size_t n = t->exp.n < t->act.n ? t->exp.n : t->act.n;
    for (size_t i = t->cmp_pos; i < n; i++) {
        if (t->exp.b[i] != t->act.b[i]) {
            ete_mismatch(t, i, "byte differs");
            return;
        }
    }
    t->cmp_pos = n;
}

static void observe_tap(bench *t)
{
    const ts_pins_out *o = &t->out;
    unsigned ob = t->P.out_bytes;
    uint32_t k = o->tap_keep;
    unsigned n = 0;
    while (n < ob && ((k >> n) & 1u))
        n++;
    if (n == 0 || (ob < 32 && (k >> n) != 0)) {
        ts_fail(t, "trace beat with keep 0x%" PRIx32 " (contract: nonzero, contiguous)", k);
        return;
    }
    if (!t->em) {
        ts_fail(t, "trace bytes before the ETE was enabled");
        return;
    }
    if (t->nmarks == t->capmarks) {
        size_t nc = t->capmarks ? 2 * t->capmarks : 1024;
        beat_mark *nm = realloc(t->marks, nc * sizeof *nm);
        if (!nm) {
            t->oom = 1;
            return;
        }
        t->marks = nm;
        t->capmarks = nc;
    }
    t->marks[t->nmarks].off = t->act.n;
    t->marks[t->nmarks].cycle = t->cycle;
    t->nmarks++;
    if (harness_buf_add(&t->act, o->tap_data, n) != 0)
        t->oom = 1;
    trbe_model_data(t->tm, o->tap_data, n);
}

static int clock1(bench *t)
{
    ts_pins_in *in = &t->in;
    if (t->failed || t->oom)
        return -1;
    drive_pe(t);
    in->trbe_trig = 0;
    if (t->presenting && !t->trig_done && t->next >= t->trig_at) {
        in->trbe_trig = 1;
        t->trig_done = 1;
    }
    axi_drive(&t->ax, in);

    t->dut->step(t->dut->ctx, in, &t->out);
    t->cycle++;
    const ts_pins_out *o = &t->out;

    if (t->bpresented)
        observe_blk(t);
    else if (o->pe_drop)
        ts_fail(t, "pe_drop_o high in a clock with no slot presented");
    if (t->presented)
        observe_pe(t);
    else if (o->spe_pe_drop || o->brbe_pe_drop)
        ts_fail(t, "a serializer's drop output is high in a clock with no record presented");
    t->stall_prev = o->pe_stall;
    /* the TRBE's edge, in its order: beat, register access, trigger, flush, TSB */
    if (o->tap_valid)
        observe_tap(t);
    if (in->sr_valid && o->sr_ready)
        sr_complete(t);
    if (in->trbe_trig)
        trbe_model_trigger(t->tm);
    if (o->trbe_flush_done) {
        trbe_model_flush_done(t->tm);
        t->r->trbe_flushes++;
    }
    t->r->trbe_wraps += o->trbe_evt_wrap;
    for (unsigned e = 0; e < TS_EV_SPE_N; e++)
        t->r->ev[e] += (o->pmu_event >> e) & 1u;
    t->r->brb_filterate += (o->pmu_event >> TS_EV_BRB_FILTERATE) & 3u;
    t->r->spe_cti += o->spe_cti_trig & 1u;
    t->flush_run = o->trbe_flush_req ? t->flush_run + 1u : 0u;
    if (t->flush_run > FLUSH_LIMIT)
        ts_fail(t, "the TRBE's trace unit flush request was not completed in %u clocks",
                FLUSH_LIMIT);
    if (o->trbe_tsb_go && !t->tsb_prev)
        trbe_model_tsb(t->tm);
    t->tsb_prev = o->trbe_tsb_go;
    if (axi_observe(&t->ax, in, o, t->cycle) != 0)
        ts_fail(t, "AXI: %s", t->ax.err);
    if (t->em) {
        pull_ete(t);
        compare_ete(t);
    }
    if (t->oom)
        ts_fail(t, "out of memory");
    return t->failed ? -1 : 0;
}

static void idle(bench *t, unsigned n)
{
    for (unsigned i = 0; i < n && !t->failed; i++)
        clock1(t);
}

/* ---- register access ------------------------------------------------------------------------- */
static uint64_t sr_access(bench *t, int op, uint16_t enc, unsigned el, uint64_t v, unsigned *status)
{
    if (t->failed)
        return 0;
    t->in.sr_valid = 1;
    t->in.sr_write = (uint8_t)(op == OP_WRITE);
    t->in.sr_iall = (uint8_t)(op == OP_IALL);
    t->in.sr_inj = (uint8_t)(op == OP_INJ);
    t->in.sr_enc = enc;
    t->in.sr_el = (uint8_t)el;
    t->in.sr_ns = 1;
    t->in.sr_wdata = v;
    t->sr_done = 0;
    for (unsigned k = 0; !t->sr_done; k++) {
        if (k > SR_TIMEOUT) {
            ts_fail(t, "system-register access to 0x%04x never completed", enc);
            return 0;
        }
        if (clock1(t) != 0)
            return 0;
    }
    if (status)
        *status = t->sr_status;
    return t->sr_rdata;
}

/* TRBE driver operations: MRS/MSR at EL1, TSB CSYNC on its pins */
static uint64_t op_read(void *ctx, uint16_t enc)
{
    return sr_access(ctx, OP_READ, enc, 1, 0, NULL);
}

static void op_write(void *ctx, uint16_t enc, uint64_t v)
{
    sr_access(ctx, OP_WRITE, enc, 1, v, NULL);
}

static void op_tsb(void *ctx)
{
    bench *t = ctx;
    t->in.trbe_tsb_req = 1;
    for (unsigned k = 0; !t->failed && !t->out.trbe_tsb_ack; k++) {
        if (k > SR_TIMEOUT) {
            ts_fail(t, "TSB CSYNC never acknowledged");
            return;
        }
        clock1(t);
    }
    t->in.trbe_tsb_req = 0;
    for (unsigned k = 0; !t->failed && t->out.trbe_tsb_ack; k++) {
        if (k > SR_TIMEOUT) {
            ts_fail(t, "TSB CSYNC acknowledge never dropped");
            return;
        }
        clock1(t);
    }
}

/* ETE driver bus: APB3 transfers (setup, then access until PREADY) */
static int apb(bench *t, int write, uint32_t addr, uint32_t wdata, uint32_t *rdata)
{
    if (t->failed)
        return -1;
    ts_pins_in *in = &t->in;
    in->psel = 1;
    in->penable = 0;
    in->pwrite = (uint8_t)write;
    in->paddr = (uint16_t)addr;
    in->pwdata = wdata;
    clock1(t);
    in->penable = 1;
    int rc = -1;
    for (unsigned k = 0; k < APB_MAX_WAIT && !t->failed; k++) {
        clock1(t);
        if (t->out.pready) {
            if (rdata)
                *rdata = t->out.prdata;
            rc = t->out.pslverr ? -1 : 0;
            break;
        }
    }
    in->psel = 0;
    in->penable = 0;
    in->pwrite = 0;
    return rc;
}

static int bus_write(void *ctx, uint32_t off, uint32_t v) { return apb(ctx, 1, off, v, NULL); }
static int bus_read(void *ctx, uint32_t off, uint32_t *v) { return apb(ctx, 0, off, 0, v); }

/* ---- programming ----------------------------------------------------------------------------- */
static int program_trbe(bench *t)
{
    char err[256];
    trbe_drv_ops ops = {op_read, op_write, op_tsb, NULL, NULL, t};
    if (trbe_drv_probe(&t->drv, &ops, err, sizeof err) != 0) {
        ts_fail(t, "TRBE probe: %s", err);
        return -1;
    }
    trbe_buf_cfg c;
    memset(&c, 0, sizeof c);
    c.base = t->o->buf_base;
    c.limit = t->o->buf_base + t->o->buf_size;
    c.ptr = c.base;
    c.fill_mode = t->o->trbe_fill_mode;
    c.trig_mode = t->o->trbe_trig_mode;
    /* mostly short, so that a Detected Trigger becomes a Trigger Event */
    c.trig_count = (uint32_t)harness_rng_below(&t->rcfg,
                                               harness_rng_chance(&t->rcfg, 0.7) ? 256 : 4096);
    c.trg_armed = 0;
    c.nvm = 1;
    c.mar = 0xFF;            /* Normal, write-back */
    if (trbe_drv_start(&t->drv, &c, err, sizeof err) != 0) {
        ts_fail(t, "TRBE driver refused the session: %s", err);
        return -1;
    }
    return t->failed ? -1 : 0;
}

/* SPE registers as tb/spe programs them, at EL2 Non-secure. */
static void spe_wr(bench *t, uint16_t enc, uint64_t v)
{
    sr_access(t, OP_WRITE, enc, 2, v, NULL);
}

static int program_spe(bench *t)
{
    harness_rng *g = &t->rcfg;
    uint64_t scr1 = (harness_rng_below(g, 0x80) & 0x7Bu) | PMSCR_EL1_E0SPE | PMSCR_EL1_E1SPE;
    uint64_t scr2 = (harness_rng_below(g, 0x80) & 0x7Bu) | PMSCR_EL2_E2SPE | PMSCR_EL2_E0HSPE;
    spe_wr(t, PMSCR_EL1_ENC, scr1);
    spe_wr(t, PMSCR_EL2_ENC, scr2);
    /* intervals of 256..1024 operations, sometimes randomised; now and
     * then (1 in 4) every operation (collisions, a busy unit, a full buffer) */
    uint64_t irr = harness_rng_chance(g, 0.25) ? 0
                 : (harness_rng_range(g, 1, 4) << 8) |
                   (harness_rng_chance(g, 0.3) ? PMSIRR_EL1_RND : 0);
    spe_wr(t, PMSIRR_EL1_ENC, irr);
    spe_wr(t, PMSICR_EL1_ENC, harness_rng_below(g, 300));
    spe_wr(t, PMSFCR_EL1_ENC,
           harness_rng_chance(g, 0.5) ? 0 : (harness_rng_next(g) & PMSFCR_EL1_RW_MASK));
    spe_wr(t, PMSEVFR_EL1_ENC, harness_rng_chance(g, 0.5) ? 0 : harness_rng_next(g));
    spe_wr(t, PMSLATFR_EL1_ENC, harness_rng_below(g, 40));
    /* a buffer of 1 to 4 pages, so that it fills now and then */
    t->spe_limit = t->spe_base + 4096u * harness_rng_range(g, 1, 4);
    trbe_axi_mem_set_range(&t->ax.m[1], t->spe_base, t->spe_limit);
    spe_wr(t, PMBPTR_EL1_ENC, t->spe_base);
    spe_wr(t, PMBSR_EL1_ENC, 0);
    spe_wr(t, PMBLIMITR_EL1_ENC, t->spe_limit | PMBLIMITR_EL1_E);
    t->spe_on = 1;
    return t->failed ? -1 : 0;
}

/* ---- mid-run register work (the PE is held; records it presented before
 *      have all reached the unit, so the models see the same order) ------------------- */
static int pause_drain(bench *t, int brbe)
{
    t->paused = 1;
    clock1(t);
    for (unsigned k = 0; !t->failed && (brbe ? t->out.brbe_pe_busy : t->out.spe_pe_busy); k++) {
        if (k > DRAIN_TIMEOUT) {
            ts_fail(t, "the %s serializer did not drain", brbe ? "BRBE" : "SPE");
            break;
        }
        clock1(t);
    }
    return t->failed ? -1 : 0;
}

static void spe_apply_model(bench *t)
{
    const spe_write *w;
    size_t n = spe_model_drain(t->sm, &w);
    for (size_t i = 0; i < n && !t->failed; i++) {
        if (w[i].addr < t->spe_base || w[i].addr + w[i].len > t->spe_base + SPE_BUF_SIZE) {
            ts_fail(t, "the SPE model wrote 0x%" PRIx64 "+%zu outside the Profiling Buffer",
                    w[i].addr, w[i].len);
            return;
        }
        memcpy(t->smem + (w[i].addr - t->spe_base), w[i].data, w[i].len);
    }
}

/* Wait for the unit and its writes, then compare the Profiling Buffer. */
static void spe_compare_mem(bench *t, const char *when)
{
    /* outputs are sampled before an edge: look after at least one more */
    unsigned k = 0;
    do {
        if (k++ > DRAIN_TIMEOUT) {
            ts_fail(t, "SPE did not go idle");
            return;
        }
        clock1(t);
    } while (!t->failed &&
             !(t->out.spe_idle && t->ax.nq == 0 && trbe_axi_mem_idle(&t->ax.m[1])));
    spe_apply_model(t);
    size_t off;
    if (t->failed ||
        harness_bytes_cmp(t->smem, SPE_BUF_SIZE, t->ax.m[1].mem, SPE_BUF_SIZE, &off) == 0)
        return;
    fprintf(t->log, "Profiling Buffer (%s) differs first at 0x%" PRIx64 ", seed %" PRIu64
            "; expected = model, actual = RTL:\n", when, t->spe_base + off, t->o->seed);
    harness_bytes_context(t->log, "  ", t->smem, SPE_BUF_SIZE, t->ax.m[1].mem, SPE_BUF_SIZE, off,
                          CONTEXT_BYTES);
    ts_fail(t, "Profiling Buffer (%s) differs at 0x%" PRIx64 ": model 0x%02x, RTL 0x%02x", when,
            t->spe_base + off, t->smem[off], t->ax.m[1].mem[off]);
}

/* The event pulses counted so far against the models' counters, once the
 * unit is drained (pause_drain) and one clock more has passed (the pulses
 * are registered).  Without the model, its bits must stay low. */
static void spe_compare_events(bench *t)
{
    static const char *const name[TS_EV_SPE_N] = {
        "SAMPLE_POP", "SAMPLE_FEED", "SAMPLE_FILTRATE", "SAMPLE_COLLISION"
    };
    uint64_t mv[TS_EV_SPE_N] = { 0 }, written = 0;
    if (t->sm) {
        spe_status st;
        spe_model_status(t->sm, &st);
        mv[0] = st.c.sample_pop;
        mv[1] = st.c.sample_feed;
        mv[2] = st.c.sample_filtrate;
        mv[3] = st.c.sample_collision;
        written = st.c.written;
    }
    t->r->ev_checks++;
    for (unsigned e = 0; e < TS_EV_SPE_N && !t->failed; e++)
        if (mv[e] != t->r->ev[e])
            ts_fail(t, "PMU event %s: model %" PRIu64 ", pmu_event_o[%u] %" PRIu64 " pulses",
                    name[e], mv[e], e, t->r->ev[e]);
    if (!t->failed && written != t->r->spe_cti)
        ts_fail(t, "CTI input trigger 2: model %" PRIu64 " records written, spe_cti_trig_o %"
                PRIu64 " pulses", written, t->r->spe_cti);
}

static void brbe_compare_events(bench *t)
{
    uint64_t mv = 0;
    if (t->bm) {
        brbe_model_counts c;
        brbe_model_stats(t->bm, &c);
        mv = c.captured;
    }
    t->r->ev_checks++;
    if (!t->failed && mv != t->r->brb_filterate)
        ts_fail(t, "PMU event BRB_FILTERATE: model %" PRIu64 " captured, pmu_event_o[5:4] %" PRIu64,
                mv, t->r->brb_filterate);
}

/* The profiling driver's work between records: the management interrupt
 * (compare the buffer, rewind the pointer, restart), or switching the
 * Profiling Buffer off or on (a context switch). */
static void spe_event(bench *t)
{
    if (pause_drain(t, 0) != 0)
        return;
    if (t->out.spe_irq) {
        spe_compare_mem(t, "at PMBIRQ");
        spe_wr(t, PMBPTR_EL1_ENC, t->spe_base);
        spe_wr(t, PMBSR_EL1_ENC, 0);
        t->r->spe_services++;
    } else {
        t->spe_on = !t->spe_on;
        spe_wr(t, PMBLIMITR_EL1_ENC, t->spe_limit | (t->spe_on ? PMBLIMITR_EL1_E : 0));
        t->r->spe_toggles++;
    }
    spe_compare_events(t);
    t->paused = 0;
}

/* A branch-record driver's peek between records: the four newest records. */
static void brbe_event(bench *t)
{
    if (pause_drain(t, 1) != 0)
        return;
    for (unsigned n = 0; n < 4 && !t->failed; n++) {
        sr_access(t, OP_READ, BRBINF_EL1_ENC(n), t->brbe_el, 0, NULL);
        sr_access(t, OP_READ, BRBSRC_EL1_ENC(n), t->brbe_el, 0, NULL);
        sr_access(t, OP_READ, BRBTGT_EL1_ENC(n), t->brbe_el, 0, NULL);
    }
    t->r->brbe_peeks++;
    brbe_compare_events(t);
    t->paused = 0;
}

/* BRBE registers at the highest implemented EL, Non-secure. */
static int program_brbe(bench *t)
{
    harness_rng *g = &t->rcfg;
    unsigned el = t->brbe_el;
    sr_access(t, OP_IALL, 0, el, 0, NULL);
    uint64_t opt = (harness_rng_chance(g, 0.7) ? BRBCR_CC : 0) |
                   (harness_rng_chance(g, 0.5) ? BRBCR_MPRED : 0) |
                   (harness_rng_chance(g, 0.8) ? BRBCR_EXCEPTION : 0) |
                   (harness_rng_chance(g, 0.8) ? BRBCR_ERTN : 0) |
                   (harness_rng_below(g, 4) << BRBCR_TS_SHIFT);
    if (t->P.brbe_has_el2)
        sr_access(t, OP_WRITE, BRBCR_EL2_ENC, el, BRBCR_EL2_E2BRE | BRBCR_EL2_E0HBRE | opt, NULL);
    sr_access(t, OP_WRITE, BRBCR_EL1_ENC, el, BRBCR_EL1_E0BRE | BRBCR_EL1_E1BRE | opt, NULL);
    uint64_t fcr = harness_rng_chance(g, 0.6) ? 0 : (harness_rng_next(g) & BRBFCR_FILTER_MASK);
    if (harness_rng_chance(g, 0.2))
        fcr |= BRBFCR_EnI;
    sr_access(t, OP_WRITE, BRBFCR_EL1_ENC, el, fcr, NULL);
    return t->failed ? -1 : 0;
}

/* Accesses the subsystem answers UNDEFINED itself, and ones the units
 * refuse (compared with the models in sr_complete). */
static int probe_sysregs(bench *t)
{
    static const struct { uint16_t enc; uint8_t write, el; } undef[] = {
        {0x0000u, 0, 1},                          /* nobody's encoding */
        {TRBLIMITR_EL1_ENC, 0, 0},               /* TRBE register at EL0 */
        {TRBIDR_EL1_ENC, 1, 1},                  /* TRBIDR_EL1 is read only */
        {TRBMPAM_EL1_ENC, 0, 1},                 /* TRBMPAM_EL1: not implemented */
        {PMSCR_EL2_ENC, 0, 1},                    /* an _EL2 register at EL1 */
        {PMSCR_EL12_ENC, 1, 1},                   /* an _EL12 register at EL1 */
        {0xC4C9u, 0, 2},                          /* PMSNEVFR_EL1: not implemented */
        {PMBLIMITR_EL1_ENC, 0, 0},                /* SPE register at EL0 */
    };
    for (size_t i = 0; i < sizeof undef / sizeof undef[0] && !t->failed; i++)
        sr_access(t, undef[i].write ? OP_WRITE : OP_READ, undef[i].enc, undef[i].el,
                  0x5A5Au, NULL);
    if (t->sm)
        sr_access(t, OP_WRITE, PMSIDR_EL1_ENC, 2, 0, NULL);       /* read only: UNDEFINED */
    if (t->bm) {
        sr_access(t, OP_READ, BRBCR_EL1_ENC, 0, 0, NULL);           /* EL0: UNDEFINED */
        sr_access(t, OP_READ, SYSREG_ENC(2, 1, 9, 3, 0), t->brbe_el, 0, NULL);
        sr_access(t, OP_WRITE, BRBIDR0_EL1_ENC, t->brbe_el, 1, NULL);
    }
    return t->failed ? -1 : 0;
}

static int program_ete(bench *t)
{
    char err[512];
    ete_drv_bus bus = {t, bus_write, bus_read};
    ete_idregs id, want;
    if (ete_drv_probe(&bus, &id, err, sizeof err) != 0) {
        ts_fail(t, "ETE probe: %s", err);
        return -1;
    }
    ete_model_idregs(&t->ep, &want);
    for (unsigned i = 0; i < 14; i++)
        if (id.trcidr[i] != want.trcidr[i]) {
            ts_fail(t, "TRCIDR%u 0x%08" PRIx32 ", ete_model_idregs 0x%08" PRIx32
                    " for the set's parameters", i, id.trcidr[i], want.trcidr[i]);
            return -1;
        }
    /* TRCSTALLCTLR: the contract's ISTALL and LEVEL; the bench writes it
     * itself when TRCIDR3.STALLCTL does not advertise it (as tb/ete does) */
    uint32_t stallctlr = 0;
    int direct = 0;
    if (t->o->stall) {
        stallctlr = TRCSTALLCTLR_ISTALL |
                    ((uint32_t)harness_rng_below(&t->rcfg, 4) << TRCSTALLCTLR_LEVEL_SHIFT);
        if (id.trcidr[3] & TRCIDR3_STALLCTL)
            t->er.trcstallctlr = stallctlr;
        else
            direct = 1;
    }
    if (ete_drv_disable(&bus, DRV_MAX_POLLS, NULL, err, sizeof err) != 0 ||
        ete_drv_program(&bus, &id, &t->er, err, sizeof err) != 0) {
        ts_fail(t, "ETE driver: %s", err);
        return -1;
    }
    if (direct) {
        uint32_t v = 0;
        if (bus_write(t, TRCSTALLCTLR, stallctlr) != 0 || bus_read(t, TRCSTALLCTLR, &v) != 0 ||
            v != stallctlr) {
            ts_fail(t, "TRCSTALLCTLR wrote 0x%08" PRIx32 ", read 0x%08" PRIx32, stallctlr, v);
            return -1;
        }
        t->er.trcstallctlr = stallctlr;
    }
    char vmsg[800];
    int nv = ete_drv_verify(&bus, &id, &t->er, vmsg, sizeof vmsg);
    if (nv < 0) {
        ts_fail(t, "ETE verify: %s", vmsg);
        return -1;
    }
    if (nv > 0)
        fprintf(t->log, "  note: seed %" PRIu64 ": %d ETE registers read back differently: %s\n",
                t->o->seed, nv, vmsg);
    if (ete_drv_enable(&bus, DRV_MAX_POLLS, NULL, err, sizeof err) != 0) {
        ts_fail(t, "ETE driver: %s", err);
        return -1;
    }
    /* enable = ete_model_new with the registers programmed (ETE contract) */
    t->em = ete_model_new(&t->ep, &t->er, err, sizeof err);
    if (!t->em) {
        ts_fail(t, "ETE model: %s", err);
        return -1;
    }
    return t->failed ? -1 : 0;
}

/* The block port's slots of the records (pe_blk_from_recs): RETIRE_WIDTH
 * instructions per run at most, 1 when an event fires on every
 * instruction (docs/pe-blocks.md 3). */
static int derive_blocks(bench *t)
{
    char err[300];
    size_t nr = t->limit, bad = 0;
    unsigned cap = ete_model_block_max_insns(t->em) ? 1u : t->P.retire_width;
    t->blk = malloc(pe_blk_max_slots(nr) * sizeof *t->blk);
    t->blk_end = malloc(pe_blk_max_slots(nr) * sizeof *t->blk_end);
    if (!t->blk || !t->blk_end) {
        ts_fail(t, "out of memory");
        return -1;
    }
    long nb = pe_blk_from_recs(t->s->rec, nr, cap, t->blk, &bad, err, sizeof err);
    if (nb < 0) {
        ts_fail(t, "pe_blk_from_recs: record %zu: %s", bad, err);
        return -1;
    }
    t->nblk = (size_t)nb;
    size_t rn = 0;
    for (size_t i = 0; i < t->nblk; i++) {
        rn += pe_blk_nrecs(&t->blk[i]);
        t->blk_end[i] = rn;
    }
    if (rn != nr) {
        ts_fail(t, "pe_blk_from_recs: %zu slots stand for %zu records, not %zu", t->nblk, rn, nr);
        return -1;
    }
    harness_rng tr;
    harness_rng_init(&tr, t->o->seed, 0x5453ull);
    t->ts_ratio = harness_rng_range(&tr, 1, 8);
    t->ts_off = harness_rng_next(&tr) >> 8;
    return 0;
}

/* ---- the end of a run ------------------------------------------------------------------------ */
static void finish_spe(bench *t)
{
    /* PSB CSYNC: completes the sample in flight (spe_model_flush) */
    t->in.spe_psb_valid = 1;
    for (unsigned k = 0; !t->failed; k++) {
        if (k > SR_TIMEOUT) {
            ts_fail(t, "PSB CSYNC never completed");
            return;
        }
        clock1(t);
        if (t->out.spe_psb_ready)
            break;
    }
    t->in.spe_psb_valid = 0;
    spe_model_flush(t->sm);
    static const uint16_t regs[] = {
        PMSCR_EL1_ENC, PMSCR_EL12_ENC, PMSCR_EL2_ENC, PMSICR_EL1_ENC, PMSIRR_EL1_ENC,
        PMSFCR_EL1_ENC, PMSEVFR_EL1_ENC, PMSLATFR_EL1_ENC, PMSIDR_EL1_ENC, PMBLIMITR_EL1_ENC,
        PMBPTR_EL1_ENC, PMBSR_EL1_ENC, PMBIDR_EL1_ENC,
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0] && !t->failed; i++)
        sr_access(t, OP_READ, regs[i], 2, 0, NULL);
    spe_compare_mem(t, "at the end");
    spe_status st;
    spe_model_status(t->sm, &st);
    if (!t->failed && (st.irq != t->out.spe_irq || st.serror != t->out.spe_serror))
        ts_fail(t, "PMBIRQ %u SError %u, model %d %d", t->out.spe_irq, t->out.spe_serror, st.irq,
                st.serror);
    t->r->pmbptr = st.pmbptr;
    t->r->pmbsr = st.pmbsr;
    t->r->spe_records = st.c.written;
    spe_compare_events(t);
}

static void finish_brbe(bench *t)
{
    unsigned el = t->brbe_el;
    if (pause_drain(t, 1) != 0)
        return;
    static const uint16_t regs[] = {
        BRBCR_EL1_ENC, BRBCR_EL2_ENC, BRBCR_EL12_ENC, BRBFCR_EL1_ENC, BRBTS_EL1_ENC,
        BRBINFINJ_EL1_ENC, BRBSRCINJ_EL1_ENC, BRBTGTINJ_EL1_ENC, BRBIDR0_EL1_ENC,
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0] && !t->failed; i++)
        sr_access(t, OP_READ, regs[i], el, 0, NULL);
    unsigned st = 0;
    uint64_t fcr = sr_access(t, OP_READ, BRBFCR_EL1_ENC, el, 0, &st);
    for (unsigned bank = 0; bank < 4 && !t->failed; bank++) {
        uint64_t f = (fcr & ~BRBFCR_BANK_MASK) | ((uint64_t)bank << BRBFCR_BANK_SHIFT);
        sr_access(t, OP_WRITE, BRBFCR_EL1_ENC, el, f, NULL);
        for (unsigned n = 0; n < BRBE_BANK_RECORDS && !t->failed; n++) {
            uint64_t inf = sr_access(t, OP_READ, BRBINF_EL1_ENC(n), el, 0, &st);
            sr_access(t, OP_READ, BRBSRC_EL1_ENC(n), el, 0, NULL);
            sr_access(t, OP_READ, BRBTGT_EL1_ENC(n), el, 0, NULL);
            if (st == 0 && (inf & BRBINF_VALID_MASK) != BRBINF_VALID_NONE)
                t->brbe_valid_read++;
        }
    }
    sr_access(t, OP_WRITE, BRBFCR_EL1_ENC, el, fcr, NULL);
    t->r->brbe_records_read = t->brbe_valid_read;
    brbe_compare_events(t);
}

static void finish_trbe(bench *t)
{
    trbe_drv_state st;
    /* a trace unit flush the TRBE requested completes in a finite time
     * (R_PPHWN); the ETE has drained, so at once */
    for (unsigned k = 0; !t->failed && t->out.trbe_flush_req; k++) {
        if (k > FLUSH_LIMIT) {
            ts_fail(t, "the TRBE's trace unit flush request was not completed");
            return;
        }
        clock1(t);
    }
    trbe_drv_stop(&t->drv, &st);
    unsigned k = 0;
    do {
        if (k++ > DRAIN_TIMEOUT) {
            ts_fail(t, "a write is still outstanding after the TRBE was disabled");
            return;
        }
        clock1(t);
    } while (!t->failed && !(t->ax.nq == 0 && trbe_axi_mem_idle(&t->ax.m[0])));
    idle(t, 4);
    if (t->failed)
        return;
    t->r->trbptr = st.ptr;
    t->r->trbsr = st.sr;
    trbe_model_out mo;
    trbe_model_outputs(t->tm, &mo);
    if (t->out.trbe_irq != mo.irq || t->out.trbe_enabled != mo.enabled) {
        ts_fail(t, "TRBIRQ %u enabled %u, model %d %d", t->out.trbe_irq, t->out.trbe_enabled,
                mo.irq, mo.enabled);
        return;
    }
    uint64_t mptr = trbe_model_read(t->tm, TRBPTR_EL1_ENC);
    uint64_t msr = trbe_model_read(t->tm, TRBSR_EL1_ENC);
    if (st.ptr != mptr || st.sr != msr) {
        ts_fail(t, "TRBPTR_EL1 0x%016" PRIx64 " TRBSR_EL1 0x%016" PRIx64 ", model 0x%016" PRIx64
                " 0x%016" PRIx64, st.ptr, st.sr, mptr, msr);
        return;
    }
    size_t off;
    size_t size = (size_t)t->o->buf_size;
    if (harness_bytes_cmp(t->tmem, size, t->ax.m[0].mem, size, &off) != 0) {
        fprintf(t->log, "trace buffer differs first at 0x%" PRIx64 " (offset 0x%zx), seed %" PRIu64
                "; expected = model, actual = RTL:\n", t->o->buf_base + off, off, t->o->seed);
        harness_bytes_context(t->log, "  ", t->tmem, size, t->ax.m[0].mem, size, off,
                              CONTEXT_BYTES);
        ts_fail(t, "trace buffer differs at 0x%" PRIx64 ": model 0x%02x, RTL 0x%02x",
                t->o->buf_base + off, t->tmem[off], t->ax.m[0].mem[off]);
    }
}

/* ---- callbacks of the TRBE model ------------------------------------------------------------- */
static void tmem_cb(void *ctx, uint64_t addr, const uint8_t *d, size_t n)
{
    bench *t = ctx;
    if (addr < t->o->buf_base || addr - t->o->buf_base + n > t->o->buf_size) {
        ts_fail(t, "the TRBE model wrote 0x%" PRIx64 "+%zu outside the trace buffer", addr, n);
        return;
    }
    memcpy(&t->tmem[addr - t->o->buf_base], d, n);
}

/* ---- options and results --------------------------------------------------------------------- */
void ts_tb_opts_default(ts_tb_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    ete_progregs_default(&o->ete);
    o->trbe_fill_mode = TRBE_FM_FILL;
    o->trbe_trig_mode = TRBE_TM_IGNR;
    o->buf_base = 0x80000000ull;
    o->buf_size = 1024u * 1024u;
    o->pe_idle = 0.0;
    o->p_awready = 1.0;
    o->p_wready = 1.0;
    o->b_lat_min = 2;
    o->b_lat_max = 2;
    o->stall = 1;
}

void ts_tb_result_free(ts_tb_result *r)
{
    free(r->trace);
    free(r->buf);
    free(r->spe_buf);
    free(r->ete_slots);
    r->trace = NULL;
    r->buf = NULL;
    r->spe_buf = NULL;
    r->ete_slots = NULL;
    r->ntrace = 0;
    r->nete_slots = 0;
}

static const char *check_opts(const ts_tb_opts *o, const pe_stream *s)
{
    if (!s)
        return "no PE stream";
    if (o->buf_base & 0xFFFu)
        return "buf_base is not 4 KB aligned";
    if (o->buf_size == 0 || (o->buf_size & 0xFFFu) || o->buf_size > (256ull << 20))
        return "buf_size must be a nonzero multiple of 4 KB, at most 256 MB";
    if (o->buf_base + o->buf_size + SPE_BUF_SIZE < o->buf_base)
        return "the buffers wrap the address space";
    if (o->trbe_fill_mode != TRBE_FM_FILL && o->trbe_fill_mode != TRBE_FM_WRAP &&
        o->trbe_fill_mode != TRBE_FM_CBUF)
        return "trbe_fill_mode must be TRBE_FM_FILL, TRBE_FM_WRAP or TRBE_FM_CBUF";
    if (o->trbe_trig_mode != TRBE_TM_STOP && o->trbe_trig_mode != TRBE_TM_IRQ &&
        o->trbe_trig_mode != TRBE_TM_IGNR)
        return "trbe_trig_mode must be TRBE_TM_STOP, TRBE_TM_IRQ or TRBE_TM_IGNR";
    if (!(o->pe_idle >= 0.0 && o->pe_idle < 1.0))
        return "pe_idle must be in [0, 1)";
    if (!(o->p_awready > 0.0 && o->p_awready <= 1.0) || !(o->p_wready > 0.0 && o->p_wready <= 1.0))
        return "p_awready and p_wready must be in (0, 1]";
    if (o->b_lat_min > o->b_lat_max || o->b_lat_max > 10000)
        return "b_lat_min must not exceed b_lat_max (at most 10000)";
    return NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- the run --------------------------------------------------------------------------------- */
static void run(bench *t)
{
    const ts_tb_opts *o = t->o;
    ts_pins_in *in = &t->in;
    char err[512];

    /* reset, then the static side band */
    memset(in, 0, sizeof *in);
    for (unsigned i = 0; i < RESET_CYCLES; i++)
        t->dut->step(t->dut->ctx, in, &t->out);
    in->rst_n = 1;
    spe_pe_ctl c;
    spe_pe_ctl_default(&c);
    if (t->sm) {
        c.have_el2 = 1;
        c.have_el3 = 0;
        c.nspb = 3;
        c.e2pb = 3;
        c.tge = 0;
        c.tbi0 = (unsigned)harness_rng_below(&t->rcfg, 2);
        c.tbi1 = (unsigned)harness_rng_below(&t->rcfg, 2);
        c.cntvoff = harness_rng_chance(&t->rcfg, 0.5) ? 0 : harness_rng_next(&t->rcfg);
        c.reg_el = 2;
        c.reg_ns = 1;
        spe_model_set_pe_ctl(t->sm, &c);
    }
    in->spe_have_el2 = (uint8_t)c.have_el2;
    in->spe_have_el3 = (uint8_t)c.have_el3;
    in->spe_nspb = (uint8_t)c.nspb;
    in->spe_e2pb = (uint8_t)c.e2pb;
    in->spe_tge = (uint8_t)c.tge;
    in->spe_tbi0 = (uint8_t)c.tbi0;
    in->spe_tbi1 = (uint8_t)c.tbi1;
    in->spe_cntvoff = c.cntvoff;
    brbe_model_env env;
    brbe_model_env_default(&env);
    if (t->bm)
        brbe_model_set_env(t->bm, &env);
    in->brbe_sbrbe = (uint8_t)env.mdcr_el3_sbrbe;
    in->brbe_e3brec = (uint8_t)env.mdcr_el3_e3brec;
    in->brbe_e3brew = (uint8_t)env.mdcr_el3_e3brew;
    in->brbe_tge = (uint8_t)env.hcr_el2_tge;
    in->brbe_e2h = (uint8_t)env.hcr_el2_e2h;
    in->brbe_eel2 = (uint8_t)env.scr_el3_eel2;
    in->brbe_ecven = (uint8_t)env.scr_el3_ecven;
    in->brbe_ecv = (uint8_t)env.cnthctl_el2_ecv;
    in->brbe_cntvoff = env.cntvoff_el2;
    in->brbe_pmcr_n = (uint8_t)env.pmcr_n;
    in->brbe_hpmn = (uint8_t)env.mdcr_el2_hpmn;
    idle(t, 2);

    /* programming: TRBE, SPE, BRBE, then the ETE last (trace starts) */
    if (program_trbe(t) != 0)
        return;
    if (t->sm && program_spe(t) != 0)
        return;
    if (t->bm && program_brbe(t) != 0)
        return;
    if (probe_sysregs(t) != 0)
        return;
    if (program_ete(t) != 0)
        return;
    if (derive_blocks(t) != 0)
        return;

    /* the records */
    if (o->trbe_trig_mode == TRBE_TM_STOP || o->trbe_trig_mode == TRBE_TM_IRQ)
        t->trig_at = t->limit / 4u + (size_t)harness_rng_below(&t->rcfg, t->limit / 2u + 1u);
    else
        t->trig_at = SIZE_MAX;
    t->presenting = 1;
    size_t next_progress = PROGRESS_EVERY;
    t->spe_ev_at = (size_t)harness_rng_range(&t->rcfg, 300, 2500);
    t->brbe_ev_at = (size_t)harness_rng_range(&t->rcfg, 500, 4000);
    while (!t->failed && (t->next < t->limit || t->bnext < t->nblk)) {
        if (t->sm) {
            /* the management interrupt is taken soon after it rises */
            if (t->out.spe_irq && t->spe_ev_at > t->next + 64u)
                t->spe_ev_at = t->next + 64u;
            if (t->next >= t->spe_ev_at) {
                spe_event(t);
                t->spe_ev_at = t->next + (size_t)harness_rng_range(&t->rcfg, 300, 2500);
            }
        }
        if (t->bm && t->next >= t->brbe_ev_at) {
            brbe_event(t);
            t->brbe_ev_at = t->next + (size_t)harness_rng_range(&t->rcfg, 500, 4000);
        }
        if (clock1(t) != 0)
            break;
        if (o->progress && t->next >= next_progress) {
            o->progress(o->progress_ctx, t->next, t->limit, t->cycle);
            next_progress += PROGRESS_EVERY;
        }
    }
    t->presenting = 0;
    if (t->failed)
        return;
    if (o->progress)
        o->progress(o->progress_ctx, t->next, t->limit, t->cycle);

    /* disable = ete_model_finish (ETE contract); IDLE once the output drained */
    ete_model_finish(t->em);
    pull_ete(t);
    ete_drv_bus bus = {t, bus_write, bus_read};
    if (ete_drv_disable(&bus, DRV_MAX_POLLS, NULL, err, sizeof err) != 0) {
        ts_fail(t, "ETE driver: %s", err);
        return;
    }
    idle(t, 8);
    if (t->failed)
        return;
    compare_ete(t);
    if (!t->failed && t->exp.n != t->act.n)
        ete_mismatch(t, t->cmp_pos, t->act.n < t->exp.n ? "the TRBE took fewer bytes than the "
                     "model emitted" : "the TRBE took more bytes than the model emitted");
    if (t->failed)
        return;
    finish_trbe(t);
    if (!t->failed && t->sm)
        finish_spe(t);
    if (!t->failed && t->bm)
        finish_brbe(t);
    /* a unit not in use raises none of its events */
    if (!t->failed && !t->sm)
        spe_compare_events(t);
    if (!t->failed && !t->bm)
        brbe_compare_events(t);
}

int ts_tb_run(const ts_tb_dut *dut, const ts_tb_opts *o, const pe_stream *s, ts_tb_result *r)
{
    char err[512];
    memset(r, 0, sizeof *r);
    const char *bad = check_opts(o, s);
    if (bad) {
        snprintf(r->msg, sizeof r->msg, "options: %s", bad);
        return 1;
    }
    bench *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(r->msg, sizeof r->msg, "out of memory");
        return 1;
    }
    t->dut = dut;
    t->o = o;
    t->r = r;
    t->P = dut->params;
    t->log = o->log ? o->log : stderr;
    t->s = s;
    t->limit = s->nrec;
    harness_rng_init(&t->rpe, o->seed, 0x5045ull);
    harness_rng_init(&t->rcfg, o->seed, 0x434647ull);
    t->spe_base = o->buf_base + o->buf_size;
    t->brbe_el = t->P.brbe_has_el3 ? 3u : t->P.brbe_has_el2 ? 2u : 1u;
    r->spe_base = t->spe_base;
    r->spe_size = SPE_BUF_SIZE;

    /* the ETE model is the unit the RTL was built as */
    ete_params_default(&t->ep);
    t->ep.rs_depth = t->P.ete_rs_depth;
    t->ep.num_acpairs = t->P.ete_num_acpairs;
    t->ep.num_events = t->P.ete_num_events;
    t->ep.num_extin = t->P.ete_num_extin;
    t->ep.ccsize = t->P.ete_ccsize;
    t->ep.ccitmin = t->P.ete_ccitmin;
    t->ep.commopt = t->P.ete_commopt;
    t->ep.sync_lag = TS_TB_ETE_SYNC_LAG;
    t->er = o->ete;
    if ((t->er.trcconfigr & TRCCONFIGR_RS) && !t->ep.rs_depth)
        t->er.trcconfigr &= ~TRCCONFIGR_RS;

    uint8_t *init = malloc((size_t)o->buf_size);
    t->tmem = malloc((size_t)o->buf_size);
    t->smem = calloc(1, SPE_BUF_SIZE);
    int setup = init && t->tmem && t->smem;
    if (!setup)
        snprintf(r->msg, sizeof r->msg, "out of memory");
    if (setup) {
        for (size_t i = 0; i < (size_t)o->buf_size; i++)
            init[i] = (uint8_t)harness_mix64(o->seed * 31u + i);
        memcpy(t->tmem, init, (size_t)o->buf_size);
        if (axi_init(&t->ax, &t->P, o, t->spe_base, init, err, sizeof err) != 0) {
            snprintf(r->msg, sizeof r->msg, "AXI slave: %s", err);
            setup = 0;
        }
    }
    free(init);
    if (setup) {
        trbe_model_cfg mc = {t->P.burst_beats * t->P.data_bytes, 0, NULL, tmem_cb, NULL, t};
        t->tm = trbe_model_new(&mc, err, sizeof err);
        if (!t->tm) {
            snprintf(r->msg, sizeof r->msg, "TRBE model: %s", err);
            setup = 0;
        }
    }
    if (setup && o->spe) {
        spe_params sp;
        spe_params_default(&sp);
        sp.align = t->P.spe_align;
        sp.max_size = t->P.spe_max_size;
        sp.ernd = t->P.spe_ernd;
        sp.inflight_records = t->P.spe_inflight_records;
        sp.ext_headers = t->P.spe_ext_headers;
        sp.max_inflight = t->P.spe_max_inflight;
        t->sm = spe_model_new(&sp, err, sizeof err);
        if (!t->sm) {
            snprintf(r->msg, sizeof r->msg, "SPE model: %s", err);
            setup = 0;
        }
    }
    if (setup && o->brbe) {
        brbe_model_cfg bc;
        brbe_model_cfg_default(&bc);
        bc.numrec = t->P.brbe_numrec;
        bc.has_el2 = (int)t->P.brbe_has_el2;
        bc.has_el3 = (int)t->P.brbe_has_el3;
        bc.v1p1 = (int)t->P.brbe_v1p1;
        bc.record_isb = (int)t->P.brbe_record_isb;
        bc.cap_per_cycle = t->P.brbe_cap_per_cycle;
        t->bm = brbe_model_new(&bc, err, sizeof err);
        if (!t->bm) {
            snprintf(r->msg, sizeof r->msg, "BRBE model: %s", err);
            setup = 0;
        }
    }
    if (setup && o->waves) {
        if (!dut->waves || dut->waves(dut->ctx, o->waves, err, sizeof err) != 0) {
            snprintf(r->msg, sizeof r->msg, "waves: %s", dut->waves ? err : "not supported");
            setup = 0;
        }
    }
    if (setup) {
        double t0 = now_s();
        run(t);
        r->seconds = now_s() - t0;
        if (o->waves && dut->waves)
            dut->waves(dut->ctx, NULL, err, sizeof err);
    }
    r->cycles = t->cycle;
    r->axi_bursts = t->ax.bursts;
    r->axi_beats = t->ax.beats;
    r->pass = setup && !t->failed;
    if (setup && r->pass) {
        r->trace = t->act.b;
        r->ntrace = t->act.n;
        t->act.b = NULL;
        r->ete_slots = t->fed;
        r->nete_slots = t->nfed;
        t->fed = NULL;
        r->buf = malloc((size_t)o->buf_size);
        if (r->buf)
            memcpy(r->buf, t->ax.m[0].mem, (size_t)o->buf_size);
        if (t->sm) {
            r->spe_buf = malloc(SPE_BUF_SIZE);
            if (r->spe_buf)
                memcpy(r->spe_buf, t->ax.m[1].mem, SPE_BUF_SIZE);
        }
        if (!r->buf || (t->sm && !r->spe_buf)) {
            snprintf(r->msg, sizeof r->msg, "out of memory");
            r->pass = 0;
        }
    }
    if (t->em)
        ete_model_free(t->em);
    if (t->tm)
        trbe_model_free(t->tm);
    if (t->sm)
        spe_model_free(t->sm);
    if (t->bm)
        brbe_model_free(t->bm);
    axi_free(&t->ax);
    free(t->tmem);
    free(t->smem);
    free(t->exp.b);
    free(t->act.b);
    free(t->marks);
    free(t->fed);
    free(t->blk);
    free(t->blk_end);
    free(t);
    return r->pass ? 0 : 1;
}
