/* TRBE RTL bench run (trbe_rtl_tb.h). */
#include "trbe_rtl_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "axi_wr_mem.h"
#include "trbe_drv.h"
#include "trbe_model.h"

#define WIN_PAGES   16u
#define WIN_SIZE    (WIN_PAGES * 4096u)
#define SR_TIMEOUT  100000u   /* clocks a register access or TSB may take */

typedef struct tb {
    const trbe_tb_dut *dut;
    const trbe_tb_opts *o;
    trbe_tb_result *r;
    trbe_tb_params P;
    FILE *log;
    harness_rng rs;              /* stimulus */
    harness_rng rp;              /* the PE: programming decisions */
    trbe_pins_in in;
    trbe_pins_out out;
    uint64_t cycle;
    /* model and memories */
    trbe_model *m;
    uint8_t *mmem;
    axi_wr_mem ax;
    uint64_t win_base;
    axi_wr_txn *mlog;
    size_t nm, capm;
    /* responses */
    double p_err;
    uint64_t resp_seed;
    /* stream */
    uint64_t total;
    int beat_pending;
    unsigned beat_n;
    double p_gap, p_trig, p_tsb;
    /* trace unit flush */
    int fl_sched;
    unsigned fl_delay;
    /* TSB CSYNC: 0 idle, 1 request high, 2 waiting for the acknowledge to drop */
    int tsb_state, tsb_want;
    /* register access */
    int sr_done;
    uint64_t sr_result;
    /* RTL event pulses, for the counts */
    uint64_t rtl_wraps, rtl_trigs, rtl_flushes;
    int flush_seen;              /* flush_req_o at the previous clock */
    int flush_rose;              /* a new flush request: the PE may switch context */
    /* PE */
    trbe_drv drv;
    trbe_buf_cfg sess;
    int failed;
} tb;

static int tb_fail(tb *t, const char *fmt, ...)
{
    if (t->failed)
        return -1;
    t->failed = 1;
    int k = snprintf(t->r->msg, sizeof t->r->msg, "seed %" PRIu64 " cycle %" PRIu64 ": ",
                     t->o->seed, t->cycle);
    if (k > 0 && (size_t)k < sizeof t->r->msg) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->r->msg + k, sizeof t->r->msg - (size_t)k, fmt, ap);
        va_end(ap);
    }
    fprintf(t->log, "FAIL %s\n", t->r->msg);
    return -1;
}

/* ---- callbacks of the model and the slave --------------------------------------- */
static unsigned resp_cb(void *ctx, uint64_t i)
{
    tb *t = ctx;
    if (t->p_err <= 0)
        return TRBE_RESP_OKAY;
    uint64_t h = harness_mix64(t->resp_seed ^ (i * 0x9E3779B97F4A7C15ull));
    double u = (double)(h >> 11) * (1.0 / 9007199254740992.0);
    if (u < t->p_err) {
        static const unsigned bad[] = {TRBE_RESP_SLVERR, TRBE_RESP_DECERR, TRBE_RESP_SLVERR,
                                       TRBE_RESP_DECERR, TRBE_RESP_BADID};
        return bad[(h & 0xFFu) % 5u];
    }
    return (h & 0x100u) ? TRBE_RESP_EXOKAY : TRBE_RESP_OKAY;
}

/* the slave asks at each burst's response: the same pattern by index */
static unsigned ax_resp_cb(void *ctx, uint64_t i, uint64_t first, unsigned n)
{
    (void)first;
    (void)n;
    return resp_cb(ctx, i);
}

/* the AXI pins between trbe_top and the slave */
static void ax_in(const trbe_pins_in *p, axi_wr_mem_in *a)
{
    a->awready = p->awready;
    a->wready = p->wready;
    a->bvalid = p->bvalid;
    a->bresp = p->bresp;
    a->bid = p->bid;
}

static void ax_drive(axi_wr_mem *m, trbe_pins_in *p)
{
    axi_wr_mem_in a;
    axi_wr_mem_drive(m, &a);
    p->awready = a.awready;
    p->wready = a.wready;
    p->bvalid = a.bvalid;
    p->bresp = a.bresp;
    p->bid = a.bid;
}

static void ax_out(const trbe_pins_out *p, axi_wr_mem_out *a)
{
    memset(a, 0, sizeof *a);
    a->awid = p->awid;
    a->awaddr = p->awaddr;
    a->awlen = p->awlen;
    a->awsize = p->awsize;
    a->awburst = p->awburst;
    a->awlock = p->awlock;
    a->awcache = p->awcache;
    a->awprot = p->awprot;
    a->awvalid = p->awvalid;
    memcpy(a->wdata, p->wdata, sizeof p->wdata < sizeof a->wdata ? sizeof p->wdata
                                                                 : sizeof a->wdata);
    a->wstrb = p->wstrb;
    a->wlast = p->wlast;
    a->wvalid = p->wvalid;
    a->bready = p->bready;
}

static void mmem_cb(void *ctx, uint64_t addr, const uint8_t *d, size_t n)
{
    tb *t = ctx;
    if (addr < t->win_base || addr - t->win_base + n > WIN_SIZE) {
        tb_fail(t, "the model wrote 0x%" PRIx64 "+%zu outside the memory window", addr, n);
        return;
    }
    memcpy(&t->mmem[addr - t->win_base], d, n);
}

static void mtxn_cb(void *ctx, uint64_t index, uint64_t start, unsigned n, unsigned resp)
{
    tb *t = ctx;
    if (index != t->nm) {
        tb_fail(t, "model transaction index %" PRIu64 ", expected %zu", index, t->nm);
        return;
    }
    if (t->nm == t->capm) {
        size_t cap = t->capm ? 2 * t->capm : 256;
        axi_wr_txn *nl = realloc(t->mlog, cap * sizeof *nl);
        if (!nl) {
            tb_fail(t, "out of memory");
            return;
        }
        t->mlog = nl;
        t->capm = cap;
    }
    axi_wr_txn x = {start, n, resp};
    t->mlog[t->nm++] = x;
}

/* ---- one clock ---------------------------------------------------------------------- */
static int is_static_reg(uint16_t enc)
{
    return enc == TRBLIMITR_EL1_ENC || enc == TRBBASER_EL1_ENC || enc == TRBMAR_EL1_ENC ||
           enc == TRBIDR_EL1_ENC || enc == TRBMPAM_EL1_ENC;
}

static int cycle(tb *t)
{
    trbe_pins_in *in = &t->in;
    unsigned nin = t->P.in_bytes;
    trbe_model_out mo;

    if (t->failed)
        return -1;
    /* the trace byte stream: a beat holds until it is taken */
    if (!t->beat_pending) {
        in->in_valid = 0;
        uint64_t left = t->total - t->r->st.bytes_offered;
        if (left > 0 && !harness_rng_chance(&t->rs, t->p_gap)) {
            unsigned n = harness_rng_chance(&t->rs, 0.5) ? nin
                                                         : (unsigned)harness_rng_range(&t->rs, 1, nin);
            if (n > left)
                n = (unsigned)left;
            for (unsigned i = 0; i < TRBE_TB_MAX_IN; i++)
                in->in_data[i] = (uint8_t)harness_rng_next(&t->rs);
            in->in_keep = (1u << n) - 1u;
            in->in_valid = 1;
            t->beat_pending = 1;
            t->beat_n = n;
        }
    }
    in->trig = (uint8_t)harness_rng_chance(&t->rs, t->p_trig);
    in->flush_done = 0;
    if (t->fl_sched) {
        if (t->fl_delay == 0) {
            in->flush_done = 1;
            t->fl_sched = 0;
        } else {
            t->fl_delay--;
        }
    }
    int tsb_start = 0;
    if (t->tsb_state == 0 && (t->tsb_want || harness_rng_chance(&t->rs, t->p_tsb))) {
        t->tsb_state = 1;
        t->tsb_want = 0;
        in->tsb_req = 1;
        tsb_start = 1;
    }
    ax_drive(&t->ax, in);

    t->dut->step(t->dut->ctx, in, &t->out);
    t->cycle++;
    t->r->st.cycles++;
    const trbe_pins_out *out = &t->out;

    /* the edge, in the RTL's order: beat, register access, trigger, flush, TSB */
    if (in->in_valid && out->in_ready) {
        trbe_model_data(t->m, in->in_data, t->beat_n);
        t->r->st.bytes_offered += t->beat_n;
        t->beat_pending = 0;
        in->in_valid = 0;
    }
    if (in->sr_valid && out->sr_ready) {
        trbe_model_outputs(t->m, &mo);
        if (in->sr_write) {
            if (mo.enabled && !(in->sr_enc == TRBLIMITR_EL1_ENC && !(in->sr_wdata & TRBLIMITR_E)))
                t->r->st.ignored_writes++;
            trbe_model_write(t->m, in->sr_enc, in->sr_wdata);
            t->sr_result = 0;
        } else {
            uint64_t mv = trbe_model_read(t->m, in->sr_enc);
            /* exact when disabled; the static registers always */
            if (!mo.enabled || is_static_reg(in->sr_enc)) {
                t->r->st.reads_compared++;
                if (mv != out->sr_rdata) {
                    const char *nm = trbe_reg_name(in->sr_enc);
                    return tb_fail(t, "read %s (0x%04x): RTL 0x%016" PRIx64 ", model 0x%016" PRIx64,
                                   nm ? nm : "?", in->sr_enc, out->sr_rdata, mv);
                }
            }
            t->sr_result = out->sr_rdata;
        }
        t->sr_done = 1;
        in->sr_valid = 0;
    }
    if (in->trig) {
        trbe_model_trigger(t->m);
        t->r->st.triggers++;
    }
    if (in->flush_done) {
        trbe_model_flush_done(t->m);
        t->r->st.flushes++;
    }
    if (tsb_start) {
        trbe_model_tsb(t->m);
        t->r->st.tsbs++;
    }
    if (t->tsb_state == 1 && out->tsb_ack) {
        in->tsb_req = 0;
        t->tsb_state = 2;
    } else if (t->tsb_state == 2 && !out->tsb_ack) {
        t->tsb_state = 0;
    }
    /* the trace unit answers a flush request after a while */
    if (!out->flush_req)
        t->fl_sched = 0;
    else if (!t->fl_sched && !in->flush_done) {
        t->fl_sched = 1;
        t->fl_delay = (unsigned)harness_rng_below(&t->rs, 64);
    }
    t->rtl_wraps += out->evt_wrap;
    t->rtl_trigs += out->evt_trig;
    if (out->flush_req && !t->flush_seen) {
        t->rtl_flushes++;
        t->r->st.flush_reqs++;
        t->flush_rose = 1;
    }
    t->flush_seen = out->flush_req;
    axi_wr_mem_in ai;
    axi_wr_mem_out ao;
    ax_in(in, &ai);
    ax_out(out, &ao);
    if (axi_wr_mem_observe(&t->ax, &ai, &ao, t->cycle) != 0)
        return tb_fail(t, "%s", t->ax.err);
    return t->failed ? -1 : 0;
}

/* ---- the PE's operations ---------------------------------------------------------- */
static uint64_t sr_access(tb *t, int write, uint16_t enc, uint64_t v)
{
    if (t->failed)
        return 0;
    t->in.sr_valid = 1;
    t->in.sr_write = (uint8_t)write;
    t->in.sr_enc = enc;
    t->in.sr_wdata = v;
    t->sr_done = 0;
    for (unsigned k = 0; !t->sr_done; k++) {
        if (k > SR_TIMEOUT) {
            tb_fail(t, "system-register access to 0x%04x never completed", enc);
            return 0;
        }
        if (cycle(t) != 0)
            return 0;
    }
    return t->sr_result;
}

static uint64_t op_read(void *ctx, uint16_t enc) { return sr_access(ctx, 0, enc, 0); }
static void op_write(void *ctx, uint16_t enc, uint64_t v) { sr_access(ctx, 1, enc, v); }

static void op_tsb(void *ctx)
{
    tb *t = ctx;
    while (t->tsb_state != 0 && !t->failed)      /* a TSB of the stream is running */
        cycle(t);
    t->tsb_want = 1;
    for (unsigned k = 0; (t->tsb_want || t->tsb_state != 0) && !t->failed; k++) {
        if (k > SR_TIMEOUT) {
            tb_fail(t, "TSB CSYNC never completed");
            return;
        }
        cycle(t);
    }
}

static void idle(tb *t, unsigned n)
{
    for (unsigned i = 0; i < n && !t->failed; i++)
        cycle(t);
}

/* ---- sessions ------------------------------------------------------------------------- */
static void pick_session(tb *t, trbe_buf_cfg *c)
{
    harness_rng *r = &t->rp;
    unsigned pages = (unsigned)harness_rng_range(r, 1, 4);
    unsigned first = (unsigned)harness_rng_below(r, WIN_PAGES - pages + 1);
    uint64_t size = (uint64_t)pages * 4096u;
    static const unsigned fms[] = {TRBE_FM_FILL, TRBE_FM_WRAP, TRBE_FM_CBUF};
    static const unsigned tms[] = {TRBE_TM_STOP, TRBE_TM_IRQ, TRBE_TM_IGNR};
    static const uint64_t attrs[] = {0x00, 0x04, 0x0C, 0x44, 0xFF, 0xBB};
    memset(c, 0, sizeof *c);
    c->base = t->win_base + (uint64_t)first * 4096u;
    c->limit = c->base + size;
    switch (harness_rng_below(r, 4)) {
    case 0:  c->ptr = c->base; break;
    case 1:  c->ptr = c->limit - harness_rng_range(r, 1, 300); break;   /* wraps soon */
    default: c->ptr = c->base + harness_rng_below(r, size); break;
    }
    c->fill_mode = t->o->fill_mode >= 0 ? (unsigned)t->o->fill_mode
                                         : fms[harness_rng_below(r, 3)];
    if (t->o->throughput)
        c->fill_mode = TRBE_FM_CBUF;
    c->trig_mode = t->o->trig_mode >= 0 ? (unsigned)t->o->trig_mode
                                         : tms[harness_rng_below(r, 3)];
    c->trg_armed = harness_rng_chance(r, 0.3);
    switch (harness_rng_below(r, 5)) {
    case 0:  c->trig_count = 0; break;
    case 1:  c->trig_count = (uint32_t)harness_rng_range(r, 1, 64); break;
    case 2:  c->trig_count = (uint32_t)harness_rng_range(r, 1, size); break;
    case 3:
        /* the counter reaches 0 on the byte before the Limit pointer, or
         * one byte either side: a full buffer and a Trigger Event at once */
        c->trig_count = (uint32_t)(c->limit - c->ptr) - 1u + (uint32_t)harness_rng_below(r, 3);
        c->trg_armed = 1;
        break;
    default: c->trig_count = (uint32_t)harness_rng_range(r, 1, 3 * size); break;
    }
    c->nvm = harness_rng_chance(r, 0.5);
    c->mar = attrs[harness_rng_below(r, 6)] | (harness_rng_below(r, 4) << TRBMAR_SH_SHIFT) |
             (harness_rng_below(r, 4) << TRBMAR_PAS_SHIFT);
}

static void session_start(tb *t)
{
    char err[256];
    if (t->drv.running) {
        trbe_drv_state st;
        trbe_drv_stop(&t->drv, &st);
    }
    pick_session(t, &t->sess);
    axi_wr_mem_set_range(&t->ax, t->sess.base, t->sess.limit);
    t->r->st.sessions++;
    t->r->st.modes_seen |= 1u << (t->sess.fill_mode * 4u + t->sess.trig_mode);
    if (!t->o->throughput && harness_rng_chance(&t->rp, 0.04)) {
        /* a buffer the driver would refuse: the pointer out-of-range
         * (R_MSPSD); the unit takes an IMPLEMENTATION DEFINED event */
        uint64_t bad = harness_rng_chance(&t->rp, 0.5) ? t->sess.limit + harness_rng_below(&t->rp, 64)
                                                       : t->sess.base - 1u - harness_rng_below(&t->rp, 64);
        t->r->st.rogue_sessions++;
        op_write(t, TRBSR_EL1_ENC, 0);
        op_write(t, TRBBASER_EL1_ENC, t->sess.base);
        op_write(t, TRBPTR_EL1_ENC, bad);
        op_write(t, TRBLIMITR_EL1_ENC, t->sess.limit | TRBLIMITR_E);
        t->drv.running = 1;
        if (t->o->verbose)
            fprintf(t->log, "  cycle %" PRIu64 ": session with pointer 0x%" PRIx64 " out of range\n",
                    t->cycle, bad);
        return;
    }
    if (trbe_drv_start(&t->drv, &t->sess, err, sizeof err) != 0) {
        tb_fail(t, "driver refused a session it should take: %s", err);
        return;
    }
    if (t->o->verbose)
        fprintf(t->log, "  cycle %" PRIu64 ": session [0x%" PRIx64 ", 0x%" PRIx64 ") ptr 0x%" PRIx64
                " FM %u TM %u TRG %u%s\n", t->cycle, t->sess.base, t->sess.limit, t->sess.ptr,
                t->sess.fill_mode, t->sess.trig_mode, t->sess.trig_count,
                t->sess.trg_armed ? " armed" : "");
}

static void count_event(tb *t, enum trbe_drv_event ev)
{
    trbe_tb_stats *s = &t->r->st;
    switch (ev) {
    case TRBE_DRV_FULL:      s->ev_full++; break;
    case TRBE_DRV_WRAP:      s->ev_wrap++; break;
    case TRBE_DRV_TRIG_STOP: s->ev_trig_stop++; break;
    case TRBE_DRV_TRIG_IRQ:  s->ev_trig_irq++; break;
    case TRBE_DRV_ABORT:     s->ev_abort++; break;
    case TRBE_DRV_IMPDEF:    s->ev_impdef++; break;
    default: break;
    }
}

/* The management interrupt: stop, classify, then continue or start over. */
static void handle_irq(tb *t)
{
    trbe_drv_state st;
    char err[256];
    enum trbe_drv_event ev = trbe_drv_irq(&t->drv, &st);
    t->r->st.irqs++;
    count_event(t, ev);
    if (t->o->verbose)
        fprintf(t->log, "  cycle %" PRIu64 ": interrupt: %s, TRBSR 0x%" PRIx64 " TRBPTR 0x%" PRIx64
                "\n", t->cycle, trbe_drv_event_name(ev), st.sr, st.ptr);
    if (t->failed)
        return;
    if (ev == TRBE_DRV_ABORT || ev == TRBE_DRV_IMPDEF || ev == TRBE_DRV_NONE ||
        ev == TRBE_DRV_OTHER || !harness_rng_chance(&t->rp, 0.8)) {
        idle(t, (unsigned)harness_rng_below(&t->rp, 200));
        session_start(t);
        return;
    }
    if (trbe_drv_resume(&t->drv, &t->sess, &st, ev, err, sizeof err) != 0) {
        idle(t, (unsigned)harness_rng_below(&t->rp, 50));
        session_start(t);
    }
}

/* Save and restore around a context switch (G3.1). */
static void ctx_switch(tb *t)
{
    trbe_drv_state st;
    char err[256];
    trbe_drv_stop(&t->drv, &st);
    t->r->st.ctx_switches++;
    idle(t, (unsigned)harness_rng_below(&t->rp, 100));
    enum trbe_drv_event ev = trbe_drv_classify(st.sr);
    if (t->failed)
        return;
    if ((st.sr & TRBSR_S) || (st.sr & TRBSR_IRQ) || !harness_rng_chance(&t->rp, 0.7) ||
        trbe_drv_resume(&t->drv, &t->sess, &st, ev, err, sizeof err) != 0)
        session_start(t);
}

/* A write the unit must ignore while enabled (R_DJMDD). */
static void ignored_write(tb *t)
{
    static const uint16_t regs[] = {TRBPTR_EL1_ENC, TRBBASER_EL1_ENC, TRBSR_EL1_ENC,
                                    TRBMAR_EL1_ENC, TRBTRG_EL1_ENC, TRBLIMITR_EL1_ENC,
                                    TRBIDR_EL1_ENC, TRBMPAM_EL1_ENC};
    uint16_t enc = regs[harness_rng_below(&t->rp, 8)];
    uint64_t v = harness_rng_next(&t->rp);
    if (enc == TRBLIMITR_EL1_ENC)
        v |= TRBLIMITR_E;      /* keeps E set: ignored */
    op_write(t, enc, v);
}

/* ---- final comparison ----------------------------------------------------------------- */
static int compare_end(tb *t)
{
    trbe_model_out mo;
    trbe_model_outputs(t->m, &mo);
    t->r->st.bytes_written = mo.bytes_written;
    t->r->st.txns = mo.txns;
    t->r->st.txn_errors = t->ax.errors;
    t->r->st.axi_orphans = t->ax.orphans;
    t->r->st.axi_max_inflight = t->ax.max_inflight;
    /* every register, read with the unit disabled (compared in cycle()) */
    static const uint16_t regs[] = {TRBLIMITR_EL1_ENC, TRBPTR_EL1_ENC, TRBBASER_EL1_ENC,
                                    TRBSR_EL1_ENC, TRBMAR_EL1_ENC, TRBTRG_EL1_ENC,
                                    TRBIDR_EL1_ENC, TRBMPAM_EL1_ENC};
    for (unsigned i = 0; i < 8 && !t->failed; i++)
        op_read(t, regs[i]);
    if (t->failed)
        return -1;
    idle(t, 4);
    trbe_model_outputs(t->m, &mo);
    if (t->out.irq != mo.irq || t->out.enabled != mo.enabled)
        return tb_fail(t, "irq %u enabled %u, model %d %d", t->out.irq, t->out.enabled, mo.irq,
                       mo.enabled);
    if (!axi_wr_mem_idle(&t->ax))
        return tb_fail(t, "a write transaction is still outstanding after the drain");
    /* the write transactions */
    size_t n = t->nm < t->ax.nlog ? t->nm : t->ax.nlog;
    for (size_t i = 0; i < n; i++) {
        const axi_wr_txn *a = &t->mlog[i], *b = &t->ax.log[i];
        int ok = a->start == b->start && a->resp == b->resp &&
                 (a->nbytes == b->nbytes || a->resp >= TRBE_RESP_SLVERR);
        if (!ok)
            return tb_fail(t, "write transaction %zu: model 0x%" PRIx64 "+%u resp %u, RTL 0x%" PRIx64
                           "+%u resp %u", i, a->start, a->nbytes, a->resp, b->start, b->nbytes,
                           b->resp);
    }
    if (t->nm != t->ax.nlog)
        return tb_fail(t, "%zu write transactions from the model, %zu from the RTL", t->nm,
                       t->ax.nlog);
    /* the memory image, but for the bytes last written by the bursts the
     * unit had issued after a failing one (written after the fault
     * address, and not part of the model's stream) */
    size_t first;
    if (axi_wr_mem_cmp(&t->ax, t->mmem, &first)) {
        fprintf(t->log, "memory differs first at 0x%" PRIx64 " (window offset 0x%zx):\n",
                t->win_base + first, first);
        harness_bytes_context(t->log, "  ", t->mmem, WIN_SIZE, t->ax.mem, WIN_SIZE, first, 8);
        return tb_fail(t, "memory image differs first at 0x%" PRIx64 ": model 0x%02x, RTL 0x%02x",
                       t->win_base + first, t->mmem[first], t->ax.mem[first]);
    }
    /* event counts: exact when no write failed (an External Abort rolls
     * back bytes whose events the RTL may already have signalled) */
    if (t->ax.errors == 0 && (t->rtl_wraps != mo.wrap_events || t->rtl_trigs != mo.trig_events ||
                              t->rtl_flushes != mo.flush_reqs))
        return tb_fail(t, "TRB_WRAP/TRB_TRIG events, flush requests: RTL %" PRIu64 "/%" PRIu64
                       "/%" PRIu64 ", model %" PRIu64 "/%" PRIu64 "/%" PRIu64, t->rtl_wraps,
                       t->rtl_trigs, t->rtl_flushes, mo.wrap_events, mo.trig_events,
                       mo.flush_reqs);
    return 0;
}

void trbe_tb_opts_default(trbe_tb_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->bytes = 20000;
    o->fill_mode = -1;
    o->trig_mode = -1;
    o->errors = -1;
}

int trbe_tb_run(const trbe_tb_dut *dut, const trbe_tb_opts *o, trbe_tb_result *r)
{
    tb T;
    tb *t = &T;
    char err[256];
    memset(t, 0, sizeof *t);
    memset(r, 0, sizeof *r);
    t->dut = dut;
    t->o = o;
    t->r = r;
    t->P = dut->params;
    t->log = o->log ? o->log : stderr;
    harness_rng_init(&t->rs, o->seed, 1);
    harness_rng_init(&t->rp, o->seed, 2);
    t->total = o->bytes ? o->bytes : 20000;
    /* the run's character: gaps, events, error responses */
    t->p_gap = harness_rng_unit(&t->rp) * 0.6;
    t->p_trig = harness_rng_chance(&t->rp, 0.7) ? 0.0005 + harness_rng_unit(&t->rp) * 0.003 : 0;
    t->p_tsb = harness_rng_unit(&t->rp) * 0.002;
    int errs = o->errors < 0 ? (o->seed % 3u == 0) : o->errors;
    t->p_err = errs ? 0.01 + harness_rng_unit(&t->rp) * 0.07 : 0;
    t->resp_seed = harness_mix64(o->seed ^ 0x52455350ull);
    if (o->throughput) {
        t->p_gap = 0;
        t->p_trig = 0;
        t->p_tsb = 0;
        t->p_err = 0;
    }
    uint64_t tag = harness_rng_chance(&t->rp, 0.3) ? harness_rng_below(&t->rp, 256) : 0;
    t->win_base = (tag << 56) | 0x80000000ull;

    uint8_t *init = malloc(WIN_SIZE);
    t->mmem = malloc(WIN_SIZE);
    if (!init || !t->mmem) {
        free(init);
        free(t->mmem);
        snprintf(r->msg, sizeof r->msg, "out of memory");
        return 1;
    }
    for (size_t i = 0; i < WIN_SIZE; i++)
        init[i] = (uint8_t)harness_mix64(o->seed * 31u + i);
    memcpy(t->mmem, init, WIN_SIZE);

    axi_wr_mem_cfg ac;
    memset(&ac, 0, sizeof ac);
    ac.win_base = t->win_base;
    ac.win_size = WIN_SIZE;
    ac.data_bytes = t->P.data_bytes;
    ac.awid = t->P.axi_id;
    ac.p_awready = 0.2 + harness_rng_unit(&t->rp) * 0.8;
    ac.p_wready = 0.2 + harness_rng_unit(&t->rp) * 0.8;
    ac.b_lat_min = (unsigned)harness_rng_below(&t->rp, 4);
    ac.b_lat_max = ac.b_lat_min + (unsigned)harness_rng_below(&t->rp, 40);
    if (o->throughput) {
        ac.p_awready = 1;
        ac.p_wready = 1;
        ac.b_lat_min = ac.b_lat_max = o->b_latency;
    }
    ac.max_out = 1u + (unsigned)harness_rng_below(&t->rp, 4);
    if (o->throughput)
        ac.max_out = 0;
    ac.resp = ax_resp_cb;
    ac.resp_ctx = t;
    ac.seed = harness_mix64(o->seed ^ 0x4158ull);
    int rc = axi_wr_mem_init(&t->ax, &ac, init, err, sizeof err);
    free(init);
    if (rc != 0) {
        free(t->mmem);
        snprintf(r->msg, sizeof r->msg, "%s", err);
        return 1;
    }
    trbe_model_cfg mc = {t->P.burst_beats * t->P.data_bytes, 0, resp_cb, mmem_cb, mtxn_cb, t};
    t->m = trbe_model_new(&mc, err, sizeof err);
    if (!t->m) {
        axi_wr_mem_free(&t->ax);
        free(t->mmem);
        snprintf(r->msg, sizeof r->msg, "%s", err);
        return 1;
    }

    /* reset */
    memset(&t->in, 0, sizeof t->in);
    for (unsigned i = 0; i < 5; i++)
        dut->step(dut->ctx, &t->in, &t->out);
    t->in.rst_n = 1;

    trbe_drv_ops ops = {op_read, op_write, op_tsb, NULL, NULL, t};
    if (trbe_drv_probe(&t->drv, &ops, err, sizeof err) != 0)
        tb_fail(t, "probe: %s", err);
    else if (t->drv.align != 1)
        tb_fail(t, "TRBIDR_EL1.Align: %u-byte alignment, this unit has byte alignment", t->drv.align);

    unsigned irq_wait = 0, pause = 0;
    if (!t->failed)
        session_start(t);
    while (!t->failed && r->st.bytes_offered < t->total) {
        if (cycle(t) != 0)
            break;
        if (pause) {
            if (--pause == 0)
                session_start(t);
            continue;
        }
        if (t->out.irq && t->drv.running) {
            if (irq_wait == 0)
                irq_wait = 1 + (unsigned)harness_rng_below(&t->rp, 30);
            else if (--irq_wait == 0)
                handle_irq(t);
            continue;
        }
        if (o->throughput)
            continue;
        if (t->flush_rose) {
            /* sometimes the PE switches context while the trace unit
             * flushes: the flush request is dropped with the disable */
            t->flush_rose = 0;
            if (t->drv.running && harness_rng_chance(&t->rp, 0.2)) {
                idle(t, (unsigned)harness_rng_below(&t->rp, 40));
                ctx_switch(t);
                continue;
            }
        }
        if (t->drv.running && harness_rng_chance(&t->rp, 0.0005))
            ctx_switch(t);
        else if (t->drv.running && harness_rng_chance(&t->rp, 0.0005))
            ignored_write(t);
        else if (!t->drv.running && harness_rng_chance(&t->rp, 0.01))
            pause = 1 + (unsigned)harness_rng_below(&t->rp, 100);
    }
    if (!t->failed) {
        trbe_drv_state st;
        if (t->out.enabled || t->drv.running)
            trbe_drv_stop(&t->drv, &st);
        else
            op_tsb(t);
        compare_end(t);
    }
    r->pass = !t->failed;
    if (o->verbose || t->failed)
        fprintf(t->log, "seed %" PRIu64 ": %s: %" PRIu64 " cycles, %" PRIu64 " bytes offered, %"
                PRIu64 " written, %" PRIu64 " transactions (%" PRIu64 " failed), %" PRIu64
                " sessions, %" PRIu64 " interrupts\n", o->seed, r->pass ? "pass" : "FAIL",
                r->st.cycles, r->st.bytes_offered, r->st.bytes_written, r->st.txns,
                r->st.txn_errors, r->st.sessions, r->st.irqs);
    trbe_model_free(t->m);
    axi_wr_mem_free(&t->ax);
    free(t->mmem);
    free(t->mlog);
    return r->pass ? 0 : 1;
}
