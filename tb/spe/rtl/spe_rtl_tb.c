/* SPE RTL bench: spe_top against model/spe (spe_rtl_tb.h). */
#include "spe_rtl_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "pe_stream.h"
#include "progen.h"
#include "spe_model.h"
#include "spe_regs.h"

#define WIN_BASE   UINT64_C(0x80000000)
#define WIN_SIZE   (16u * 4096u)
#define MAX_EA     4u
#define STAGE_MAX  (256u * 16u)
#define WAIT_MAX   100000u      /* clocks before a handshake is declared hung */

typedef struct tb {
    const spe_tb_dut *d;
    const spe_rtl_opts *o;
    spe_rtl_result *r;
    spe_pins_in in;
    spe_pins_out out;
    spe_model *m;
    harness_rng rng;
    harness_rng axi_rng;        /* the AXI slave's own: the stimulus does not depend on timing */
    uint8_t *mem_rtl, *mem_mod;
    uint64_t lo, hi;            /* allowed write range: [programmed PMBPTR_EL1, LIMIT) */
    uint64_t base, limit;
    unsigned db;
    double p_aw, p_w;
    unsigned b_lat_max;
    /* AXI slave state */
    int aw_have, b_pending;
    uint64_t awaddr, first;
    unsigned awlen, beat, b_wait, resp;
    uint64_t st_addr[STAGE_MAX];
    uint8_t st_data[STAGE_MAX];
    unsigned nst;
    uint64_t ea[MAX_EA];
    int ea_used[MAX_EA];
    unsigned nea;
    uint64_t rec_idx;
    int stream;                 /* records back to back, compared every 16 records */
    int full_seen;              /* the buffer-full event in PMBSR_EL1 is counted */
    unsigned off_left;          /* records until the buffer is enabled again */
    int failed;
} tb;

void spe_rtl_opts_default(spe_rtl_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->records = 20000;
}

static void fail(tb *t, int rc, const char *fmt, ...)
{
    if (t->failed)
        return;
    t->failed = rc;
    int n = snprintf(t->r->msg, sizeof t->r->msg, "seed %" PRIu64 ", record %" PRIu64
                     ", cycle %" PRIu64 ": ", t->o->seed, t->rec_idx, t->r->cycles);
    if (n < 0 || (size_t)n >= sizeof t->r->msg)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->r->msg + n, sizeof t->r->msg - (size_t)n, fmt, ap);
    va_end(ap);
}

/* One clock with the AXI slave. */
static void clock1(tb *t)
{
    spe_pins_in *in = &t->in;
    in->awready = (uint8_t)(!t->aw_have && !t->b_pending &&
                            harness_rng_chance(&t->axi_rng, t->p_aw));
    in->wready = (uint8_t)(t->aw_have && harness_rng_chance(&t->axi_rng, t->p_w));
    in->bvalid = (uint8_t)(t->b_pending && t->b_wait == 0);
    in->bresp = (uint8_t)(in->bvalid ? t->resp : 0);
    in->bid = in->bvalid ? 0 : 0;
    t->d->step(t->d->ctx, in, &t->out);
    t->r->cycles++;
    const spe_pins_out *o = &t->out;
    for (unsigned e = 0; e < SPE_EV_N; e++)
        t->r->ev[e] += (o->pmu_event >> e) & 1u;
    t->r->cti += o->cti_trig & 1u;
    if (o->awvalid && in->awready) {
        unsigned nb = (o->awlen + 1u) * t->db;
        if (o->awburst != 1 || (1u << o->awsize) != t->db || o->awid != 0 ||
            (o->awaddr & (t->db - 1u)) != 0 || (o->awaddr & 0xFFFu) + nb > 4096u)
            fail(t, 1, "AXI: bad AW: addr 0x%" PRIx64 " len %u size %u burst %u (INCR, bus "
                 "width, aligned, within 4 KB expected)", o->awaddr, o->awlen, o->awsize,
                 o->awburst);
        t->aw_have = 1;
        t->awaddr = o->awaddr;
        t->awlen = o->awlen;
        t->beat = 0;
        t->nst = 0;
        t->first = UINT64_MAX;
        t->r->bursts++;
    }
    if (o->wvalid && in->wready) {
        for (unsigned j = 0; j < t->db; j++) {
            if (!((o->wstrb >> j) & 1u))
                continue;
            uint64_t a = t->awaddr + (uint64_t)t->beat * t->db + j;
            if (a < t->lo || a >= t->hi || a < WIN_BASE || a >= WIN_BASE + WIN_SIZE) {
                fail(t, 1, "AXI: write at 0x%" PRIx64 " outside [0x%" PRIx64 ", 0x%" PRIx64
                     ") (programmed PMBPTR_EL1, LIMIT)", a, t->lo, t->hi);
                continue;
            }
            if (t->first == UINT64_MAX)
                t->first = a;
            if (t->nst < STAGE_MAX) {
                t->st_addr[t->nst] = a;
                t->st_data[t->nst++] = o->wdata[j];
            }
        }
        if (o->wlast != (t->beat == t->awlen))
            fail(t, 1, "AXI: WLAST %u on beat %u of %u", o->wlast, t->beat, t->awlen + 1u);
        if (t->beat == t->awlen) {
            t->aw_have = 0;
            t->b_pending = 1;
            t->b_wait = (unsigned)harness_rng_below(&t->axi_rng, t->b_lat_max + 1u);
            t->resp = 0;
            for (unsigned k = 0; k < t->nea; k++)
                if (!t->ea_used[k] && t->ea[k] == t->first) {
                    t->ea_used[k] = 1;
                    t->resp = 2;        /* SLVERR: external abort */
                    t->r->aborts++;
                    break;
                }
        }
        t->beat++;
    }
    if (in->bvalid && o->bready) {
        if (t->resp == 0)
            for (unsigned k = 0; k < t->nst; k++)
                t->mem_rtl[t->st_addr[k] - WIN_BASE] = t->st_data[k];
        t->b_pending = 0;
        t->nst = 0;
    } else if (t->b_pending && t->b_wait) {
        t->b_wait--;
    }
}

static void wait_idle(tb *t)
{
    for (unsigned n = 0; n < WAIT_MAX && !t->failed; n++) {
        clock1(t);
        if (t->out.idle && !t->b_pending && !t->aw_have)
            return;
    }
    fail(t, -1, "spe_top did not return to idle");
}

static int sr_access(tb *t, int wr, unsigned enc, uint64_t val, uint64_t *rd)
{
    t->in.sr_valid = 1;
    t->in.sr_write = (uint8_t)wr;
    t->in.sr_enc = (uint16_t)enc;
    t->in.sr_wdata = val;
    for (unsigned n = 0; n < WAIT_MAX; n++) {
        clock1(t);
        if (t->out.sr_ready) {
            t->in.sr_valid = 0;
            if (rd)
                *rd = t->out.sr_rdata;
            return t->out.sr_err;
        }
    }
    t->in.sr_valid = 0;
    fail(t, -1, "system-register port never ready");
    return -1;
}

/* Write a register in both. */
static void wr_both(tb *t, unsigned enc, uint64_t val)
{
    int me = spe_model_write_reg(t->m, enc, val) != 0;
    int re = sr_access(t, 1, enc, val, NULL);
    if (me != re)
        fail(t, 1, "write %s: error model %d rtl %d", spe_reg_name(enc), me, re);
}

static void cmp_reg(tb *t, unsigned enc)
{
    uint64_t mv = 0, rv = 0;
    int me = spe_model_read_reg(t->m, enc, &mv) != 0;
    int re = sr_access(t, 0, enc, 0, &rv);
    t->r->compared++;
    if (me != re || mv != rv)
        fail(t, 1, "%s: model 0x%016" PRIx64 " rtl 0x%016" PRIx64, spe_reg_name(enc), mv, rv);
}

static void apply_model_writes(tb *t)
{
    const spe_write *w;
    size_t n = spe_model_drain(t->m, &w);
    for (size_t i = 0; i < n; i++) {
        if (w[i].addr < WIN_BASE || w[i].addr + w[i].len > WIN_BASE + WIN_SIZE) {
            fail(t, -1, "model wrote outside the window at 0x%" PRIx64, w[i].addr);
            return;
        }
        memcpy(t->mem_mod + (w[i].addr - WIN_BASE), w[i].data, w[i].len);
    }
}

static void cmp_mem(tb *t, const char *when)
{
    size_t off;
    if (harness_bytes_cmp(t->mem_mod, WIN_SIZE, t->mem_rtl, WIN_SIZE, &off) == 0)
        return;
    char ctx[1024];
    FILE *f = fmemopen(ctx, sizeof ctx, "w");
    if (f) {
        harness_bytes_context(f, "  ", t->mem_mod, WIN_SIZE, t->mem_rtl, WIN_SIZE, off, 8);
        fclose(f);
    } else {
        ctx[0] = 0;
    }
    ctx[sizeof ctx - 1] = 0;
    fail(t, 1, "memory differs (%s) at 0x%" PRIx64 " (buffer base 0x%" PRIx64
         "); expected = model, actual = rtl, offsets from the window base 0x%" PRIx64 ":\n%s",
         when, WIN_BASE + off, t->base, WIN_BASE, ctx);
}

static void set_ptr(tb *t, uint64_t ptr)
{
    wr_both(t, PMBPTR_EL1_ENC, ptr);
    /* the value the unit holds (low bits RES0 without synchronous aborts) */
    if (spe_model_read_reg(t->m, PMBPTR_EL1_ENC, &t->lo) != 0)
        t->lo = ptr;
}

static uint64_t rand_ptr(tb *t)
{
    uint64_t a = UINT64_C(1) << t->d->params.align;
    uint64_t p = t->base + (harness_rng_below(&t->rng, 512) & ~(a - 1));
    if (t->d->params.align && harness_rng_chance(&t->rng, 0.03))
        p += 1;                 /* Alignment fault (Table 6) */
    return p;
}

static void feed(tb *t, const pe_rec *x)
{
    spe_pins_in *in = &t->in;
    in->pe_kind = x->kind;
    in->pe_iclass = x->iclass;
    in->pe_isa = x->isa;
    in->pe_el = x->el;
    in->pe_from_el = x->from_el;
    in->pe_flags = (uint8_t)(x->flags & 63u);
    in->pe_ls = x->ls;
    in->pe_pc = x->pc;
    in->pe_target = x->target;
    in->pe_va = x->va;
    in->pe_pa = x->pa;
    in->pe_timestamp = x->timestamp;
    in->pe_lat_total = x->lat_total;
    in->pe_lat_issue = x->lat_issue;
    in->pe_lat_xlat = x->lat_xlat;
    in->pe_data_source = x->data_source;
    in->pe_spe_events = x->spe_events;
    in->pe_ctx1 = x->contextidr_el1;
    in->pe_ctx2 = x->contextidr_el2;
    in->pe_valid = 1;
    unsigned n = 0;
    for (; n < WAIT_MAX && !t->failed; n++) {
        clock1(t);
        if (t->out.pe_ready)
            break;
    }
    in->pe_valid = 0;
    if (n == WAIT_MAX)
        fail(t, -1, "PE port never ready");
    if (!t->stream)
        wait_idle(t);
    spe_model_feed(t->m, x);
    spe_status st;
    spe_model_status(t->m, &st);
    if (st.inflight > t->r->inflight_max)
        t->r->inflight_max = st.inflight;
}

static void psb(tb *t)
{
    t->in.psb_valid = 1;
    unsigned n = 0;
    for (; n < WAIT_MAX && !t->failed; n++) {
        clock1(t);
        if (t->out.psb_ready)
            break;
    }
    t->in.psb_valid = 0;
    wait_idle(t);
    spe_model_flush(t->m);
}

/* The pulses counted so far against the model's counters.  Called after
 * the unit has been idle for at least one clock (the pulses are registered:
 * they leave one clock after the clock that decides them). */
static void cmp_events(tb *t)
{
    static const char *const name[SPE_EV_N] = {
        "SAMPLE_POP", "SAMPLE_FEED", "SAMPLE_FILTRATE", "SAMPLE_COLLISION"
    };
    spe_status st;
    spe_model_status(t->m, &st);
    const uint64_t mv[SPE_EV_N] = {
        st.c.sample_pop, st.c.sample_feed, st.c.sample_filtrate, st.c.sample_collision
    };
    t->r->ev_checks++;
    for (unsigned e = 0; e < SPE_EV_N; e++)
        if (mv[e] != t->r->ev[e])
            fail(t, 1, "PMU event %s: model %" PRIu64 " rtl %" PRIu64 " pulses", name[e], mv[e],
                 t->r->ev[e]);
    if (st.c.written != t->r->cti)
        fail(t, 1, "CTI trigger 2 (records written): model %" PRIu64 " rtl %" PRIu64 " pulses",
             st.c.written, t->r->cti);
}

static void check_state(tb *t)
{
    apply_model_writes(t);
    spe_status st;
    spe_model_status(t->m, &st);
    if (st.irq != t->out.irq)
        fail(t, 1, "PMBIRQ: model %d rtl %u", st.irq, t->out.irq);
    if (st.serror != t->out.serror)
        fail(t, 1, "SError: model %d rtl %u", st.serror, t->out.serror);
    uint64_t ec = (st.pmbsr & PMBSR_EL1_EC_MASK) >> PMBSR_EL1_EC_SHIFT;
    if ((st.pmbsr & PMBSR_EL1_S) && ec == PMBSR_EC_OTHER &&
        (st.pmbsr & PMBSR_EL1_BSC_MASK) == PMBSR_BSC_FILLED) {
        if (!t->full_seen)
            t->r->full++;
        t->full_seen = 1;
    } else {
        t->full_seen = 0;
    }
    cmp_reg(t, PMBPTR_EL1_ENC);
    cmp_reg(t, PMBSR_EL1_ENC);
    cmp_reg(t, PMSICR_EL1_ENC);
    cmp_events(t);
}

static void program(tb *t)
{
    harness_rng *g = &t->rng;
    uint64_t scr1 = harness_rng_below(g, 0x80) & 0x7Bu;
    if (harness_rng_chance(g, 0.9))
        scr1 |= PMSCR_EL1_E0SPE | PMSCR_EL1_E1SPE;
    wr_both(t, PMSCR_EL1_ENC, scr1);
    uint64_t scr2 = harness_rng_below(g, 0x80) & 0x7Bu;
    if (harness_rng_chance(g, 0.7))
        scr2 |= PMSCR_EL2_E2SPE | PMSCR_EL2_E0HSPE;
    wr_both(t, PMSCR_EL2_ENC, scr2);
    /* small intervals: every operation, a random interval below 256, or 257 */
    unsigned pick = (unsigned)harness_rng_below(g, 4);
    uint64_t irr = pick < 2 ? 0 : pick == 2 ? PMSIRR_EL1_RND : (UINT64_C(1) << 8);
    wr_both(t, PMSIRR_EL1_ENC, irr);
    wr_both(t, PMSICR_EL1_ENC, harness_rng_chance(g, 0.7) ? 0 :
            (harness_rng_below(g, 300) | (harness_rng_below(g, 256) << 56)));
    wr_both(t, PMSFCR_EL1_ENC, harness_rng_chance(g, 0.5) ? 0 :
            (harness_rng_next(g) & PMSFCR_EL1_RW_MASK));
    wr_both(t, PMSEVFR_EL1_ENC, harness_rng_chance(g, 0.5) ? 0 : harness_rng_next(g));
    wr_both(t, PMSLATFR_EL1_ENC, harness_rng_below(g, 40));
}

int spe_rtl_run(const spe_tb_dut *dut, const spe_rtl_opts *o, spe_rtl_result *r)
{
    memset(r, 0, sizeof *r);
    tb *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(r->msg, sizeof r->msg, "out of memory");
        return -1;
    }
    t->d = dut;
    t->o = o;
    t->r = r;
    t->db = dut->params.data_w / 8u;
    harness_rng_init(&t->rng, o->seed, 0x5E5Eu);
    harness_rng_init(&t->axi_rng, o->seed, 0xA1A1u);
    harness_rng *g = &t->rng;
    char err[256];
    int rc = 0;
    pe_stream s;
    memset(&s, 0, sizeof s);

    spe_params p;
    spe_params_default(&p);
    p.align = dut->params.align;
    p.max_size = dut->params.max_size;
    p.ernd = dut->params.ernd;
    p.lds = dut->params.lds;
    p.have_tme = dut->params.have_tme;
    p.inflight_records = dut->params.inflight_records;
    p.max_inflight = dut->params.max_inflight;
    p.ext_headers = dut->params.ext_headers;
    p.align_cmd = dut->params.align_cmd;
    p.ea_report = dut->params.ea_report;
    p.ea_sync = dut->params.ea_sync;
    t->m = spe_model_new(&p, err, sizeof err);
    t->mem_rtl = calloc(1, WIN_SIZE);
    t->mem_mod = calloc(1, WIN_SIZE);
    if (!t->m || !t->mem_rtl || !t->mem_mod) {
        snprintf(r->msg, sizeof r->msg, "%s", t->m ? "out of memory" : err);
        rc = -1;
        goto out;
    }
    progen_cfg pc;
    progen_cfg_default(&pc, o->seed);
    pc.n_records = o->records ? o->records : 20000;
    if (progen_generate(&pc, &s, err, sizeof err) != 0) {
        snprintf(r->msg, sizeof r->msg, "progen: %s", err);
        rc = -1;
        goto out;
    }

    t->p_aw = 0.3 + 0.7 * harness_rng_unit(g);
    t->p_w = 0.3 + 0.7 * harness_rng_unit(g);
    t->b_lat_max = harness_rng_chance(g, 0.25) ? (unsigned)harness_rng_range(g, 8, 40)
                                               : (unsigned)harness_rng_below(g, 8);
    t->stream = (int)(o->seed & 1u);

    /* PE controls */
    spe_pe_ctl c;
    spe_pe_ctl_default(&c);
    c.have_el2 = harness_rng_chance(g, 0.85);
    c.have_el3 = harness_rng_chance(g, 0.85);
    c.nspb = harness_rng_chance(g, 0.9) ? 3u : (unsigned)harness_rng_below(g, 4);
    c.e2pb = harness_rng_chance(g, 0.7) ? 3u : (unsigned)harness_rng_below(g, 4);
    c.tge = harness_rng_chance(g, 0.15);
    c.tbi0 = (unsigned)harness_rng_below(g, 2);
    c.tbi1 = (unsigned)harness_rng_below(g, 2);
    c.cntvoff = harness_rng_chance(g, 0.5) ? 0 : harness_rng_next(g);
    c.reg_el = (unsigned)harness_rng_range(g, 1, 2);
    c.reg_ns = 1;
    spe_model_set_pe_ctl(t->m, &c);
    t->in.have_el2 = (uint8_t)c.have_el2;
    t->in.have_el3 = (uint8_t)c.have_el3;
    t->in.nspb = (uint8_t)c.nspb;
    t->in.e2pb = (uint8_t)c.e2pb;
    t->in.tge = (uint8_t)c.tge;
    t->in.tbi0 = (uint8_t)c.tbi0;
    t->in.tbi1 = (uint8_t)c.tbi1;
    t->in.cntvoff = c.cntvoff;
    t->in.reg_el = (uint8_t)c.reg_el;
    t->in.reg_ns = (uint8_t)c.reg_ns;

    /* reset */
    t->in.rst_n = 0;
    for (int i = 0; i < 3; i++)
        clock1(t);
    t->in.rst_n = 1;
    clock1(t);

    program(t);
    /* buffer placement: [base, limit) in the window, 1..8 pages */
    unsigned pages = (unsigned)harness_rng_range(g, 1, 4);
    t->base = WIN_BASE + 4096u * harness_rng_below(g, 16u - pages + 1u);
    t->limit = t->base + 4096u * pages;
    t->hi = t->limit;
    if (o->seed % 3u == 0) {
        /* external aborts at 4 KB boundaries inside the buffer */
        t->nea = (unsigned)harness_rng_range(g, 1, MAX_EA);
        for (unsigned k = 0; k < t->nea; k++) {
            t->ea[k] = t->base + 4096u * harness_rng_below(g, pages);
            spe_inject inj = { t->ea[k], SPE_INJ_EA, 0, 0 };
            if (spe_model_inject(t->m, &inj, err, sizeof err) != 0) {
                snprintf(r->msg, sizeof r->msg, "%s", err);
                rc = -1;
                goto out;
            }
        }
    }
    set_ptr(t, rand_ptr(t));
    wr_both(t, PMBSR_EL1_ENC, 0);
    wr_both(t, PMBLIMITR_EL1_ENC, t->limit | PMBLIMITR_EL1_E);

    for (size_t i = 0; i < s.nrec && !t->failed; i++) {
        t->rec_idx = i;
        if (harness_rng_chance(g, 0.003))
            psb(t);
        feed(t, &s.rec[i]);
        r->pe_records++;
        if (s.rec[i].kind == PE_KIND_RESET) {
            wr_both(t, PMBLIMITR_EL1_ENC, t->limit | PMBLIMITR_EL1_E);
            t->off_left = 0;
        }
        /* the buffer disabled for 1..48 records now and then: the samples
         * in flight complete meanwhile and are discarded (3.6.1), counted by
         * SAMPLE_FILTRATE when they pass the filters */
        if (t->off_left) {
            if (--t->off_left == 0)
                wr_both(t, PMBLIMITR_EL1_ENC, t->limit | PMBLIMITR_EL1_E);
        } else if (harness_rng_chance(g, 0.002)) {
            wr_both(t, PMBLIMITR_EL1_ENC, t->limit);
            t->off_left = (unsigned)harness_rng_range(g, 1, 48);
        }
        if (t->stream && i % 16u != 15u && s.rec[i].kind != PE_KIND_RESET)
            continue;
        wait_idle(t);
        check_state(t);
        if (t->out.irq && !t->failed && harness_rng_chance(g, 0.5)) {
            cmp_mem(t, "buffer service");
            r->services++;
            memset(t->mem_rtl, 0, WIN_SIZE);
            memset(t->mem_mod, 0, WIN_SIZE);
            if (harness_rng_chance(g, 0.2))
                program(t);
            set_ptr(t, rand_ptr(t));
            wr_both(t, PMBSR_EL1_ENC, 0);
            t->full_seen = 0;
        }
    }
    if (!t->failed) {
        psb(t);
        apply_model_writes(t);
        cmp_mem(t, "end");
        static const unsigned regs[] = {
            PMSCR_EL1_ENC, PMSCR_EL12_ENC, PMSCR_EL2_ENC, PMSICR_EL1_ENC, PMSIRR_EL1_ENC,
            PMSFCR_EL1_ENC, PMSEVFR_EL1_ENC, PMSLATFR_EL1_ENC, PMSIDR_EL1_ENC,
            PMBLIMITR_EL1_ENC, PMBPTR_EL1_ENC, PMBSR_EL1_ENC, PMBIDR_EL1_ENC,
        };
        for (size_t k = 0; k < sizeof regs / sizeof regs[0]; k++)
            cmp_reg(t, regs[k]);
        cmp_events(t);
    }
    spe_status st;
    spe_model_status(t->m, &st);
    r->written = st.c.written;
    r->bytes = st.c.bytes;
    r->mgmt = st.c.mgmt_events;
    r->collisions = st.c.sample_collision;
    if (o->verbose)
        fprintf(o->log ? o->log : stderr, "  model: %" PRIu64 " records, pop %" PRIu64
                " feed %" PRIu64 " filtrate %" PRIu64 " collision %" PRIu64 " filtered %" PRIu64
                " written %" PRIu64 " discarded %" PRIu64 " mgmt %" PRIu64 " serrors %" PRIu64
                "\n", st.c.records, st.c.sample_pop, st.c.sample_feed, st.c.sample_filtrate,
                st.c.sample_collision, st.c.filtered_out, st.c.written, st.c.discarded,
                st.c.mgmt_events, st.c.serrors);
    rc = t->failed;
out:
    pe_stream_free(&s);
    spe_model_free(t->m);
    free(t->mem_rtl);
    free(t->mem_mod);
    free(t);
    return rc;
}
