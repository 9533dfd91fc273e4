/* etmv1_baddr RTL bench: the device against model/etmv1, packet for packet. */
#include "etmv1_rtl_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "etmv1_model.h"
#include "harness.h"

#define QCAP 16u   /* packets in flight: at most 2 in the device */
#define HIST 24u

typedef struct pkt {
    unsigned n;
    uint8_t b[ETMV1_BA_MAX_LEN];
    etmv1_branch br;
    uint64_t idx;
} pkt;

typedef struct tb {
    const etmv1_tb_dut *d;
    const etmv1_rtl_opts *o;
    etmv1_rtl_result *r;
    harness_rng stim, bp;
    etmv1_model m;
    pkt q[QCAP];
    unsigned qh, qn;
    char hist[HIST][160];
    unsigned nhist;
} tb;

static void note(tb *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->hist[t->nhist % HIST], sizeof t->hist[0], fmt, ap);
    va_end(ap);
    if (t->o->verbose)
        fprintf(t->o->log ? t->o->log : stderr, "  %s\n", t->hist[t->nhist % HIST]);
    t->nhist++;
}

static int fail(tb *t, const char *fmt, ...)
{
    char head[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    size_t len = (size_t)snprintf(t->r->msg, sizeof t->r->msg,
                                  "seed %" PRIu64 ", cycle %" PRIu64 ": %s\nlast events:",
                                  t->o->seed, t->r->cycles, head);
    unsigned first = t->nhist > HIST ? t->nhist - HIST : 0;
    for (unsigned i = first; i < t->nhist && len < sizeof t->r->msg; i++)
        len += (size_t)snprintf(t->r->msg + len, sizeof t->r->msg - len, "\n  %s",
                                t->hist[i % HIST]);
    return 1;
}

void etmv1_rtl_opts_default(etmv1_rtl_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->branches = 20000;
    o->p_valid = 0.7;
    o->p_ready = 0.7;
}

/* The next branch: near the last target, a jump, the same again, or an
 * exception vector; sometimes a state change or a forced full address. */
static etmv1_branch gen(tb *t, const etmv1_branch *last)
{
    harness_rng *r = &t->stim;
    etmv1_branch b;
    memset(&b, 0, sizeof b);
    unsigned kind = (unsigned)harness_rng_below(r, 100);
    b.isa = harness_rng_chance(r, 0.1) ? !last->isa : last->isa;
    if (kind < 55)
        b.target = last->target + (uint32_t)(harness_rng_below(r, 2) ? 1 : -1) *
                                      (uint32_t)harness_rng_below(r, 1u << harness_rng_range(r, 2, 29));
    else if (kind < 82)
        b.target = (uint32_t)harness_rng_next(r);
    else if (kind < 92)
        b.target = last->target;
    else {
        b.target = (uint32_t)harness_rng_below(r, 8) * 4u | (harness_rng_below(r, 2) ? 0xFFFF0000u : 0u);
        b.isa = ETMV1_ISA_ARM;
        b.exc = harness_rng_chance(r, 0.7);
    }
    b.target &= b.isa == ETMV1_ISA_THUMB ? ~1u : ~3u;
    b.full = harness_rng_chance(r, 0.03);
    return b;
}

int etmv1_rtl_run(const etmv1_tb_dut *dut, const etmv1_rtl_opts *o, etmv1_rtl_result *r)
{
    static tb t;
    memset(&t, 0, sizeof t);
    memset(r, 0, sizeof *r);
    t.d = dut;
    t.o = o;
    t.r = r;
    harness_rng_init(&t.stim, o->seed, 1);
    harness_rng_init(&t.bp, o->seed, 2);
    etmv1_model_reset(&t.m);
    uint64_t nbr = o->branches ? o->branches : 20000u;
    /* backpressure and valid gaps change character from phase to phase */
    double p_valid = o->p_valid, p_ready = o->p_ready;

    etmv1_pins_in in;
    etmv1_pins_out out, prev;
    memset(&in, 0, sizeof in);
    memset(&prev, 0, sizeof prev);
    uint8_t prev_stall = 0;
    /* two clocks of reset */
    for (int i = 0; i < 2; i++) {
        in.rst_n = 0;
        dut->step(dut->ctx, &in, &out);
        r->cycles++;
    }
    etmv1_branch last = { (uint32_t)harness_rng_next(&t.stim) & ~3u, ETMV1_ISA_ARM, 0, 0 };
    etmv1_branch cur = gen(&t, &last);
    uint64_t offered = 0, idle = 0;
    char err[200];

    while (offered < nbr || t.qn > 0) {
        if (++idle > 1000)
            return fail(&t, "no progress for 1000 clocks (%u packets expected)", t.qn);
        if (harness_rng_chance(&t.bp, 0.002)) {
            p_valid = harness_rng_chance(&t.bp, 0.3) ? 1.0 : 0.2 + 0.8 * harness_rng_unit(&t.bp);
            p_ready = harness_rng_chance(&t.bp, 0.3) ? 1.0 : 0.1 + 0.9 * harness_rng_unit(&t.bp);
        }
        /* a reset now and then, with whatever is in flight dropped */
        int reset = offered < nbr && harness_rng_chance(&t.bp, 0.0015);
        memset(&in, 0, sizeof in);
        in.rst_n = !reset;
        in.in_valid = !reset && offered < nbr && harness_rng_chance(&t.stim, p_valid);
        if (in.in_valid) {
            in.in_addr = cur.target;
            in.in_thumb = (uint8_t)cur.isa;
            in.in_exc = (uint8_t)cur.exc;
            in.full = (uint8_t)cur.full;
        } else {
            /* noise on the data of an idle input */
            uint64_t x = harness_rng_next(&t.stim);
            in.in_addr = (uint32_t)x;
            in.in_thumb = (uint8_t)(x >> 32 & 1u);
            in.in_exc = (uint8_t)(x >> 33 & 1u);
            in.full = (uint8_t)(x >> 34 & 1u);
        }
        in.out_ready = !reset && harness_rng_chance(&t.bp, p_ready);
        dut->step(dut->ctx, &in, &out);
        r->cycles++;

        if (reset) {
            note(&t, "reset: %u packets in flight dropped", t.qn);
            r->resets++;
            r->dropped += t.qn;
            t.qn = 0;
            etmv1_model_reset(&t.m);
            prev_stall = 0;
            idle = 0;
            continue;
        }
        /* the output's rules: hold while valid && !ready */
        if (prev_stall) {
            if (!out.out_valid || out.out_data != prev.out_data || out.out_cnt != prev.out_cnt)
                return fail(&t, "output changed while stalled: valid %u cnt %u data %010" PRIx64
                            ", before cnt %u data %010" PRIx64,
                            out.out_valid, out.out_cnt, out.out_data, prev.out_cnt, prev.out_data);
            r->holds++;
        }
        if (out.out_valid && in.out_ready) {
            if (t.qn == 0)
                return fail(&t, "packet out (cnt %u, %010" PRIx64 ") with none expected",
                            out.out_cnt, out.out_data);
            pkt *e = &t.q[t.qh];
            uint64_t want = 0;
            for (unsigned k = 0; k < e->n; k++)
                want |= (uint64_t)e->b[k] << (8u * k);
            if (out.out_cnt != e->n || out.out_data != want)
                return fail(&t, "branch %" PRIu64 " to 0x%08" PRIx32 " %s%s%s: device cnt %u "
                            "data %010" PRIx64 ", model cnt %u data %010" PRIx64,
                            e->idx, e->br.target, e->br.isa ? "Thumb" : "ARM",
                            e->br.exc ? " E" : "", e->br.full ? " full" : "", out.out_cnt,
                            out.out_data, e->n, want);
            note(&t, "packet of branch %" PRIu64 ": %u bytes %010" PRIx64, e->idx, e->n, want);
            r->packets++;
            r->bytes += e->n;
            r->by_len[e->n]++;
            t.qh = (t.qh + 1u) % QCAP;
            t.qn--;
            idle = 0;
        }
        if (in.in_valid && !out.in_ready)
            r->in_stalls++;
        if (in.in_valid && out.in_ready) {
            if (t.qn == QCAP)
                return fail(&t, "more than %u packets in flight", QCAP);
            pkt *e = &t.q[(t.qh + t.qn) % QCAP];
            int n = etmv1_model_encode(&t.m, &cur, e->b, err, sizeof err);
            if (n < 0)
                return fail(&t, "bench generated a branch the model refuses: %s", err);
            e->n = (unsigned)n;
            e->br = cur;
            e->idx = offered;
            t.qn++;
            note(&t, "branch %" PRIu64 " taken: 0x%08" PRIx32 " %s%s%s", offered, cur.target,
                 cur.isa ? "Thumb" : "ARM", cur.exc ? " E" : "", cur.full ? " full" : "");
            r->branches++;
            r->e_bits += cur.exc;
            r->thumb += cur.isa == ETMV1_ISA_THUMB;
            r->forced += cur.full;
            offered++;
            last = cur;
            cur = gen(&t, &last);
            idle = 0;
        }
        prev = out;
        prev_stall = out.out_valid && !in.out_ready;
    }
    return 0;
}
