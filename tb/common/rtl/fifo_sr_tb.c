/* Random bench of common_fifo_sr: see fifo_sr_tb.h. */
#include "fifo_sr_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "harness.h"

#define QCAP 256u   /* >= the largest DEPTH */
#define LATENCY 3u  /* written in clock t: valid at clock t + LATENCY + OUT_REG at the latest */

typedef struct elem {
    uint64_t v, wcyc;
} elem;

typedef struct set_state {
    elem q[QCAP];
    unsigned head, n;
    int prev_stall;        /* last clock had rd_valid_o && !rd_ready_i */
    uint64_t prev_data;
    int was_full;
    uint64_t run;
    double pw, pr;         /* write and ready probabilities of the phase */
    int wmax;              /* the phase writes as much as it may */
    harness_rng rng;
} set_state;

static int fail(fifo_sr_tb_result *r, const fifo_sr_tb_opts *o, unsigned s, uint64_t cyc,
                const char *fmt, ...)
{
    char what[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    const fifo_sr_set *p = &fifo_sr_sets[s];
    snprintf(r->msg, sizeof r->msg,
             "set %s (WR_N %u DEPTH %u WIDTH %u OUT_REG %u) cycle %" PRIu64 ": %s (seed %" PRIu64
             ")", p->name, p->wr_n, p->depth, p->width, p->out_reg, cyc, what, o->seed);
    if (o->log)
        fprintf(o->log, "fifo_sr_tb: %s\n", r->msg);
    return 1;
}

static void new_phase(set_state *st)
{
    static const double probs[] = {0.05, 0.3, 0.5, 0.8, 1.0, 1.0};
    st->pw = probs[harness_rng_below(&st->rng, 6)];
    st->pr = probs[harness_rng_below(&st->rng, 6)];
    st->wmax = harness_rng_chance(&st->rng, 0.5);
}

int fifo_sr_tb_run(fifo_sr_dut *d, const fifo_sr_tb_opts *o, fifo_sr_tb_result *r)
{
    static set_state sts[FIFO_SR_SETS];
    fifo_sr_in in[FIFO_SR_SETS];
    fifo_sr_out out[FIFO_SR_SETS];
    harness_rng ctl;

    memset(r, 0, sizeof *r);
    memset(sts, 0, sizeof sts);
    harness_rng_init(&ctl, o->seed, 0);
    for (unsigned s = 0; s < FIFO_SR_SETS; s++) {
        harness_rng_init(&sts[s].rng, o->seed, 1 + s);
        new_phase(&sts[s]);
    }

    uint64_t rst_until = 3;       /* reset in clocks [0, rst_until) */
    int prev_rst = 1;
    for (uint64_t c = 0; c < o->cycles; c++) {
        r->cycles = c;
        int rst = c < rst_until;
        if (!rst && harness_rng_below(&ctl, 4000) == 0) {   /* a reset now and then */
            rst_until = c + 1 + harness_rng_below(&ctl, 2);
            rst = 1;
        }
        fifo_sr_dut_sample(d, out);
        memset(in, 0, sizeof in);
        for (unsigned s = 0; s < FIFO_SR_SETS; s++) {
            if (!(o->set_mask >> s & 1u))
                continue;
            const fifo_sr_set *p = &fifo_sr_sets[s];
            set_state *st = &sts[s];
            fifo_sr_tb_stats *ss = &r->st[s];
            const fifo_sr_out *y = &out[s];
            uint64_t mask = p->width >= 64 ? ~0ull : (1ull << p->width) - 1u;

            /* ---- checks of the outputs after the last edge ---- */
            if (c > 0) {
                if (y->count != st->n || y->free != p->depth - st->n)
                    return fail(r, o, s, c, "count_o %u free_o %u, expected %u and %u", y->count,
                                y->free, st->n, p->depth - st->n);
                for (unsigned l = 1; l <= p->wr_n; l++)
                    if (((y->free_ge >> (l - 1)) & 1u) != (p->depth - st->n >= l))
                        return fail(r, o, s, c, "free_ge_o bit %u is %u with %u free", l - 1,
                                    (y->free_ge >> (l - 1)) & 1u, p->depth - st->n);
                if (!prev_rst && st->prev_stall) {
                    if (!y->rd_valid)
                        return fail(r, o, s, c, "rd_valid_o dropped while stalled");
                    if (y->rd_data != st->prev_data)
                        return fail(r, o, s, c,
                                    "rd_data_o changed while stalled: expected 0x%" PRIx64
                                    " got 0x%" PRIx64, st->prev_data, y->rd_data);
                }
                if (y->rd_valid) {
                    if (st->n == 0)
                        return fail(r, o, s, c, "rd_valid_o with the FIFO empty");
                    uint64_t exp = st->q[st->head].v;
                    if (y->rd_data != exp)
                        return fail(r, o, s, c,
                                    "rd_data_o expected 0x%" PRIx64 " got 0x%" PRIx64
                                    " (element written at cycle %" PRIu64 ")",
                                    exp, y->rd_data, st->q[st->head].wcyc);
                } else if (st->n > 0 && c >= st->q[st->head].wcyc + LATENCY + p->out_reg) {
                    return fail(r, o, s, c,
                                "bubble: no rd_valid_o, oldest element 0x%" PRIx64
                                " written at cycle %" PRIu64, st->q[st->head].v,
                                st->q[st->head].wcyc);
                }
            }

            /* ---- this clock's inputs ---- */
            if (harness_rng_below(&st->rng, 200) == 0)
                new_phase(st);
            unsigned room = rst ? p->wr_n : y->free;   /* during reset: anything */
            unsigned lim = room < p->wr_n ? room : p->wr_n;
            unsigned n = 0;
            if (lim > 0 && harness_rng_chance(&st->rng, st->pw))
                n = st->wmax ? lim : (unsigned)harness_rng_range(&st->rng, 1, lim);
            in[s].wr_cnt = n;
            for (unsigned l = 0; l < 4; l++)
                in[s].wr_data[l] = harness_rng_next(&st->rng) & mask;
            in[s].rd_ready = harness_rng_chance(&st->rng, st->pr);

            /* ---- the reference queue after the edge ---- */
            if (rst) {
                if (c > 0 && !prev_rst)
                    ss->resets++;
                st->n = 0;
                st->prev_stall = 0;
                st->was_full = 0;
                st->run = 0;
                continue;
            }
            int pop = y->rd_valid && in[s].rd_ready;
            st->prev_stall = y->rd_valid && !in[s].rd_ready;
            st->prev_data = y->rd_data;
            if (pop) {
                st->head = (st->head + 1) % QCAP;
                st->n--;
                ss->read++;
                if (++st->run > ss->max_run)
                    ss->max_run = st->run;
            } else {
                st->run = 0;
            }
            for (unsigned l = 0; l < n; l++) {
                elem *e = &st->q[(st->head + st->n) % QCAP];
                e->v = in[s].wr_data[l];
                e->wcyc = c;
                st->n++;
            }
            ss->written += n;
            if (y->count == p->depth) {
                ss->full++;
                st->was_full = 1;
            }
            if (st->was_full && y->count == 0) {
                ss->empty_after_full++;
                st->was_full = 0;
            }
        }
        fifo_sr_dut_step(d, !rst, in);
        prev_rst = rst;
    }
    r->cycles = o->cycles;
    return 0;
}
