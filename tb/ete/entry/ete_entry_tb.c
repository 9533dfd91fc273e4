/* Random bench of ete_entry: see ete_entry_tb.h. */
#include "ete_entry_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "harness.h"

#define QCAP    512u                  /* >= the largest DEPTH */
#define CYC_MAX ((1u << 21) - 1u)     /* the cycle stamp saturates here */

enum { S_IDLE, S_RUN, S_DRAIN };
/* slot patterns of a phase */
enum { M_RANDOM, M_FULL, M_BURST, M_GAPS, M_SPARSE, M_COUNT };

typedef struct set_state {
    ete_entry_ent q[QCAP];    /* entries written and not yet taken, oldest at head */
    unsigned head, n;
    /* the reference of the unit's registered state */
    int owe, gap;             /* a marker is owed; slots dropped since the last accepted one */
    uint32_t cyc;             /* clocks since the last accepted clock (or start), saturating */
    unsigned count;           /* entries held (written, not taken) */
    /* the session and the traffic */
    int state;
    uint64_t run_end, gap_end, sess_start;
    int stall_en, honest, prev_stall;
    unsigned stall_lvl;
    int mode;
    unsigned burst_on, burst_off;
    double pr;                /* ent_ready probability of the phase */
    uint64_t phase_end;
    unsigned wait;            /* clocks an entry has been held with ent_valid_o low */
    int first;                /* the first session of the run (first_gap) */
    harness_rng rng;
} set_state;

static int fail(ete_entry_tb_result *r, const ete_entry_tb_opts *o, unsigned s, uint64_t cyc,
                const char *fmt, ...)
{
    char what[480];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    const ete_entry_set *p = &ete_entry_sets[s];
    snprintf(r->msg, sizeof r->msg,
             "set %s (RETIRE_WIDTH %u DEPTH %u OUT_REG %u) cycle %" PRIu64 ": %s (seed %" PRIu64
             ")", p->name, p->rw, p->depth, p->out_reg, cyc, what, o->seed);
    if (o->log)
        fprintf(o->log, "ete_entry_tb: %s\n", r->msg);
    return 1;
}

static void new_phase(set_state *st, uint64_t c)
{
    static const double pr[] = {0.0, 0.2, 0.5, 0.9, 1.0, 1.0};
    st->mode = (int)harness_rng_below(&st->rng, M_COUNT);
    st->pr = pr[harness_rng_below(&st->rng, 6)];
    st->burst_on = (unsigned)harness_rng_range(&st->rng, 1, 40);
    st->burst_off = (unsigned)harness_rng_range(&st->rng, 1, 80);
    st->phase_end = c + harness_rng_range(&st->rng, 20, 1500);
}

static void reset_ref(set_state *st)
{
    st->head = st->n = 0;
    st->owe = st->gap = 0;
    st->cyc = 1;
    st->count = 0;
    st->state = S_IDLE;
    st->wait = 0;
    st->prev_stall = 0;
}

static void rand_slot(harness_rng *g, ete_entry_slot *f)
{
    uint64_t a = harness_rng_next(g), b = harness_rng_next(g);
    f->addr = a;
    f->kind = (uint8_t)(b % 5u);
    f->last = (uint8_t)((b >> 35) & 255u);
    f->iclass = (uint8_t)((b >> 8) & 15u);
    f->flags = (uint8_t)((b >> 12) & 15u);
    f->isa = (uint8_t)((b >> 16) & 3u);
    f->el = (uint8_t)((b >> 18) & 3u);
    f->from_el = (uint8_t)((b >> 20) & 3u);
    f->exc_type = (uint8_t)((b >> 22) & 31u);
    f->ext_in = (uint8_t)((b >> 27) & 255u);
}

static int ent_equal(const ete_entry_ent *a, const ete_entry_ent *b)
{
    return a->marker == b->marker && a->cyc == b->cyc && a->ts == b->ts &&
           a->f.addr == b->f.addr && a->f.kind == b->f.kind && a->f.last == b->f.last &&
           a->f.iclass == b->f.iclass && a->f.flags == b->f.flags && a->f.isa == b->f.isa &&
           a->f.el == b->f.el && a->f.from_el == b->f.from_el &&
           a->f.exc_type == b->f.exc_type && a->f.ext_in == b->f.ext_in;
}

static void ent_str(char *buf, size_t len, const ete_entry_ent *e)
{
    if (e->marker)
        snprintf(buf, len, "marker(cyc %" PRIu32 " ts %" PRIu64 " addr %" PRIx64 ")", e->cyc,
                 e->ts, e->f.addr);
    else
        snprintf(buf, len,
                 "slot(kind %u addr %016" PRIx64 " last %u iclass %u flags %x isa %u el %u "
                 "from %u exc %u ext %02x cyc %" PRIu32 " ts %016" PRIx64 ")",
                 e->f.kind, e->f.addr, e->f.last, e->f.iclass, e->f.flags, e->f.isa, e->f.el,
                 e->f.from_el, e->f.exc_type, e->f.ext_in, e->cyc, e->ts);
}

/* The inputs of set s for clock c. */
static void drive(set_state *st, const ete_entry_set *p, const ete_entry_tb_opts *o, uint64_t c,
                  ete_entry_tb_stats *sts, ete_entry_in *in)
{
    memset(in, 0, sizeof *in);
    in->stall_en = st->stall_en;
    in->stall_lvl = st->stall_lvl;
    if (c >= st->phase_end)
        new_phase(st, c);
    in->ent_ready = harness_rng_chance(&st->rng, st->pr);
    if (st->state == S_IDLE) {
        if (st->n == 0 && st->count == 0 && !st->owe && harness_rng_chance(&st->rng, 0.05)) {
            /* Enabling: start_i for one clock, slots not taken */
            in->start = 1;
            st->stall_en = harness_rng_chance(&st->rng, 0.5);
            st->stall_lvl = (unsigned)harness_rng_below(&st->rng, 4);
            st->honest = st->stall_en && harness_rng_chance(&st->rng, 0.6);
            in->stall_en = st->stall_en;
            in->stall_lvl = st->stall_lvl;
            uint64_t gap = st->first && o->first_gap ? o->first_gap
                                                     : harness_rng_below(&st->rng, 30);
            st->first = 0;
            st->sess_start = c + 1;
            st->gap_end = c + 1 + gap;
            st->run_end = st->gap_end + harness_rng_range(&st->rng, 50, 4000);
            st->state = S_RUN;
            st->prev_stall = 0;
            sts->sessions++;
            sts->honest_sessions += (uint64_t)st->honest;
        }
        return;
    }
    if (st->state == S_RUN && c >= st->run_end)
        st->state = S_DRAIN;
    if (st->state == S_DRAIN)
        return;
    in->take = 1;
    if (c < st->gap_end)
        return;
    unsigned rw = p->rw, n = 0;
    switch (st->mode) {
    case M_RANDOM:
        n = (unsigned)harness_rng_below(&st->rng, rw + 1u);
        break;
    case M_FULL:
        n = rw;
        break;
    case M_BURST:
        n = (c - st->sess_start) % (st->burst_on + st->burst_off) < st->burst_on ? rw : 0;
        break;
    case M_GAPS:
        n = harness_rng_chance(&st->rng, 0.3) ? (unsigned)harness_rng_range(&st->rng, 1, rw) : 0;
        break;
    default:
        n = harness_rng_chance(&st->rng, 0.1) ? 1u : 0u;
        break;
    }
    if (st->honest && st->prev_stall)
        n = 0;
    in->nvalid = n;
    for (unsigned k = 0; k < rw; k++)
        rand_slot(&st->rng, &in->slot[k]);
}

/* Check set s's outputs for clock c against the reference and advance it. */
static int check(set_state *st, const ete_entry_set *p, const ete_entry_tb_opts *o,
                 ete_entry_tb_result *r, unsigned s, uint64_t c, uint64_t ts,
                 const ete_entry_in *in, const ete_entry_out *out)
{
    ete_entry_tb_stats *sts = &r->st[s];
    unsigned n_pres = in->take ? in->nvalid : 0;
    unsigned free_ = p->depth - st->count;
    int acc = 0, drop = 0, mk = 0;
    int owe = st->owe, gap = st->gap;
    /* admission: all or none against the registered free space; an owed
       marker first, alone, as soon as an entry is free */
    if (n_pres) {
        if (!owe && free_ >= n_pres) {
            acc = 1;
            gap = 0;
        } else {
            drop = 1;
            if (!gap)
                owe = 1;           /* a new run owes one marker */
            gap = 1;
        }
    }
    if (!acc && owe && free_ != 0) {
        mk = 1;
        owe = 0;
    }
    unsigned tmax = p->depth - 2u * p->rw;
    unsigned thresh = tmax - in->stall_lvl * tmax / 4u;
    int exp_stall = in->stall_en && st->count > thresh;
    int exp_empty = st->count == 0 && !st->owe;
    if (out->pe_drop != drop)
        return fail(r, o, s, c, "pe_drop_o %d, expected %d (%u slots presented, %u entries free, "
                    "marker owed %d)", out->pe_drop, drop, n_pres, free_, st->owe);
    if (out->pe_stall != exp_stall)
        return fail(r, o, s, c, "pe_stall_o %d, expected %d (%u entries held, LEVEL %u)",
                    out->pe_stall, exp_stall, st->count, in->stall_lvl);
    if (out->empty != exp_empty)
        return fail(r, o, s, c, "empty_o %d, expected %d (%u entries held, marker owed %d)",
                    out->empty, exp_empty, st->count, st->owe);
    if (drop && st->honest && st->state != S_IDLE)
        return fail(r, o, s, c, "a PE honouring pe_stall_o saw a drop");
    /* the entry stream */
    int pop = out->ent_valid && in->ent_ready;
    if (out->ent_valid && st->n == 0)
        return fail(r, o, s, c, "ent_valid_o with no entry written");
    if (st->n && !out->ent_valid) {
        if (++st->wait > 2u + p->out_reg)
            return fail(r, o, s, c, "an entry held for %u clocks is not on the stream", st->wait);
    } else {
        st->wait = 0;
    }
    if (pop) {
        const ete_entry_ent *e = &st->q[st->head];
        if (!ent_equal(e, &out->ent)) {
            char a[240], b[240];
            ent_str(a, sizeof a, &out->ent);
            ent_str(b, sizeof b, e);
            return fail(r, o, s, c, "entry %" PRIu64 ": %s, expected %s", sts->entries, a, b);
        }
        st->head = (st->head + 1u) % QCAP;
        st->n--;
        sts->entries++;
        if (!e->marker && e->cyc == CYC_MAX)
            sts->cyc_saturated++;
        else if (!e->marker && e->cyc > sts->cyc_max)
            sts->cyc_max = e->cyc;
    }
    /* writes */
    unsigned wr = 0;
    if (acc) {
        for (unsigned k = 0; k < n_pres; k++) {
            ete_entry_ent *e = &st->q[(st->head + st->n) % QCAP];
            memset(e, 0, sizeof *e);
            e->f = in->slot[k];
            e->cyc = k == 0 ? st->cyc : 0;
            e->ts = ts;
            st->n++;
        }
        wr = n_pres;
        sts->slots_accepted += n_pres;
        if (st->honest)
            sts->honest_slots += n_pres;
    } else if (mk) {
        ete_entry_ent *e = &st->q[(st->head + st->n) % QCAP];
        memset(e, 0, sizeof *e);
        e->marker = 1;
        st->n++;
        wr = 1;
        sts->markers++;
    }
    if (st->n > QCAP - 8u)
        return fail(r, o, s, c, "reference queue overflow");
    sts->slots_presented += n_pres;
    if (drop) {
        sts->slots_dropped += n_pres;
        sts->drop_clocks++;
    }
    sts->full_clocks += n_pres == p->rw;
    sts->stall_clocks += (uint64_t)out->pe_stall;
    /* registered state */
    st->owe = owe;
    st->gap = gap;
    if (acc)
        st->cyc = 1;
    else if (st->cyc != CYC_MAX)
        st->cyc++;
    if (in->start) {
        st->owe = st->gap = 0;
        st->cyc = 1;
    }
    st->count = st->count + wr - (unsigned)pop;
    if (st->count > p->depth)
        return fail(r, o, s, c, "reference count %u above DEPTH", st->count);
    st->prev_stall = out->pe_stall;
    if (st->state == S_DRAIN && out->empty && st->n == 0 && st->count == 0 && !st->owe)
        st->state = S_IDLE;
    return 0;
}

int ete_entry_tb_run(ete_entry_dut *d, const ete_entry_tb_opts *o, ete_entry_tb_result *r)
{
    static set_state sts[ETE_ENTRY_SETS];
    ete_entry_in in[ETE_ENTRY_SETS];
    ete_entry_out out[ETE_ENTRY_SETS];
    harness_rng ctl;

    memset(r, 0, sizeof *r);
    memset(sts, 0, sizeof sts);
    harness_rng_init(&ctl, o->seed, 0);
    uint64_t ts_ratio = harness_rng_range(&ctl, 1, 7);
    uint64_t ts_off = harness_rng_next(&ctl);
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
        harness_rng_init(&sts[s].rng, o->seed, 1 + s);
        reset_ref(&sts[s]);
        sts[s].first = 1;
        new_phase(&sts[s], 0);
    }

    uint64_t rst_until = 3;       /* reset in clocks [0, rst_until) */
    for (uint64_t c = 0; c < o->cycles; c++) {
        r->cycles = c;
        int rst = c < rst_until;
        if (!rst && !o->first_gap && harness_rng_below(&ctl, 20000) == 0) {
            rst_until = c + 1 + harness_rng_below(&ctl, 2);
            rst = 1;
        }
        uint64_t ts = c * ts_ratio + ts_off;   /* the bench's system counter */
        for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
            if (rst || !(o->set_mask & (1u << s)))
                memset(&in[s], 0, sizeof in[s]);
            else
                drive(&sts[s], &ete_entry_sets[s], o, c, &r->st[s], &in[s]);
        }
        ete_entry_dut_step(d, !rst, ts, in, out);
        for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
            if (!(o->set_mask & (1u << s)))
                continue;
            if (rst) {
                if (c >= 3 && c + 1 == rst_until)
                    r->st[s].resets++;
                reset_ref(&sts[s]);
                continue;
            }
            if (check(&sts[s], &ete_entry_sets[s], o, r, s, c, ts, &in[s], &out[s]))
                return 1;
        }
    }
    r->cycles = o->cycles;
    return 0;
}
