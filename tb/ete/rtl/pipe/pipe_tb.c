/* The ete_pipe bench: see pipe_tb.h. */
#include "pipe_tb.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ete_model.h"
#include "ete_roundtrip.h"
#include "ete_sync_lag.h"
#include "harness.h"
#include "pe_block.h"
#include "pipe_dut.h"
#include "progen.h"

#define CYC_SAT ((1u << 21) - 1u)

void pipe_tb_opts_default(pipe_tb_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->config = -1;
    o->records = 8000;
    o->max_insns = 0;
    o->idle = 0.2;
    o->backpressure = 0.3;
    o->markers = 0.002;
}

int pipe_tb_config_supported(unsigned config)
{
    return config < PIPE_TB_NUM_CONFIGS;
}

const char *pipe_tb_config_name(unsigned c)
{
    switch (c) {
    case PIPE_TB_RANGE_MID: return "range-mid";
    case PIPE_TB_SS_MID: return "startstop-mid";
    case PIPE_TB_MID_ALL: return "mid-all";
    case PIPE_TB_SS_ALIAS4M: return "startstop-alias4m";
    default: return ete_rt_config_name(c);
    }
}

/* An address strictly inside a run of at least 3 instructions, so that an
 * edge placed there splits the run (as tests/ete/test_ete_model_block.c). */
static uint64_t pick_mid(const pe_blk *b, size_t nb, harness_rng *rng, int el)
{
    for (int tries = 0; tries < 4000 && nb; tries++) {
        const pe_blk *x = &b[harness_rng_below(rng, nb)];
        if (x->kind != PE_BLK_INSN || x->last < 8 || (el >= 0 && x->el != (unsigned)el))
            continue;
        unsigned n = x->last / 4u + 1u;
        return x->addr + 4u * (1u + (unsigned)harness_rng_below(rng, n - 2u));
    }
    return 0;
}

/* The configurations of tests/ete/test_ete_model_block.c that put comparators
 * inside runs: range-mid, startstop-mid, mid-all. */
static void mid_config(unsigned c, uint64_t seed, const pe_stream *s, const pe_blk *b,
                       size_t nb, ete_params *p, ete_progregs *r)
{
    harness_rng rng;
    harness_rng_init(&rng, seed, c);
    ete_rt_config(c == PIPE_TB_MID_ALL ? ETE_RT_ALL : ETE_RT_PLAIN, seed, s, p, r);
    if (c == PIPE_TB_RANGE_MID || c == PIPE_TB_MID_ALL) {
        uint64_t lo = pick_mid(b, nb, &rng, -1), hi = pick_mid(b, nb, &rng, -1);
        if (lo > hi) {
            uint64_t t = lo;
            lo = hi;
            hi = t;
        }
        r->trcacvr[4] = lo - (seed % 4u);
        r->trcacvr[5] = hi + (seed / 4u % 4u);
        uint64_t x = pick_mid(b, nb, &rng, 0);
        r->trcacvr[6] = x - (seed & 1u);
        r->trcacvr[7] = x + (seed & 2u);
        uint64_t at = TRCACATR_EXLEVEL_NS(1) | TRCACATR_EXLEVEL_NS(2) | TRCACATR_EXLEVEL_S(3);
        r->trcacatr[6] = r->trcacatr[7] = at;
        r->trcviiectlr = (seed & 2) ? TRCVIIECTLR_INCLUDE(2) | TRCVIIECTLR_EXCLUDE(3)
                                    : TRCVIIECTLR_EXCLUDE(2) | TRCVIIECTLR_EXCLUDE(3);
    }
    if (c == PIPE_TB_SS_MID || c == PIPE_TB_MID_ALL) {
        for (int i = 0; i < 4; i++)
            r->trcacvr[i] = pick_mid(b, nb, &rng, -1);
        r->trcvictlr &= ~TRCVICTLR_SSSTATUS;
        r->trcvissctlr = TRCVISSCTLR_START(0) | TRCVISSCTLR_START(2) | TRCVISSCTLR_STOP(1) |
                         TRCVISSCTLR_STOP(3);
        if (c == PIPE_TB_MID_ALL) {
            r->trcacatr[3] = TRCACATR_EXLEVEL_NS(0);
            r->trcvictlr |= TRCVICTLR_EXLEVEL_NS(2);
        }
    }
}

/* startstop-alias4m: move the program (every record's pc and target) so
 * that a run of at least 3 A64/A32 instructions starts 4 bytes below a
 * 4 MiB boundary B, and put a stop comparator at B - 2^22 + 4, 4 MiB below
 * the run's instruction at B + 4: that address is never executed, so the
 * model never stops.  A start comparator inside another run and SSSTATUS 1
 * keep trace on.  0 when the stream has no such run. */
#define ALIAS_SPAN (UINT64_C(1) << 22)
static int alias4m_config(uint64_t seed, pe_stream *s, pe_blk *b, size_t nb, ete_params *p,
                          ete_progregs *r)
{
    harness_rng rng;
    harness_rng_init(&rng, seed, PIPE_TB_SS_ALIAS4M);
    const pe_blk *x = NULL;
    for (int tries = 0; tries < 4000 && nb && !x; tries++) {
        const pe_blk *y = &b[harness_rng_below(&rng, nb)];
        if (y->kind == PE_BLK_INSN && y->last >= 8 && y->isa != PE_ISA_T32)
            x = y;
    }
    if (!x)
        return 0;
    uint64_t bnd = (x->addr + 2 * ALIAS_SPAN) & ~(ALIAS_SPAN - 1u);
    uint64_t off = bnd - 4u - x->addr;
    for (size_t i = 0; i < s->nrec; i++) {
        s->rec[i].pc += off;
        s->rec[i].target += off;
    }
    for (size_t i = 0; i < nb; i++)
        if (b[i].kind == PE_BLK_INSN || b[i].kind == PE_BLK_EXC || b[i].kind == PE_BLK_TFAIL)
            b[i].addr += off;
    ete_rt_config(ETE_RT_PLAIN, seed, s, p, r);
    r->trcacvr[0] = bnd - ALIAS_SPAN + 4u;         /* stop: B + 4 - 2^22 */
    r->trcacvr[1] = pick_mid(b, nb, &rng, -1);     /* start */
    r->trcvissctlr = TRCVISSCTLR_START(1) | TRCVISSCTLR_STOP(0);
    return 1;
}

static void regs_of(const ete_progregs *r, pipe_dut_regs *d)
{
    memset(d, 0, sizeof *d);
    d->configr = r->trcconfigr;
    d->eventctl0r = r->trceventctl0r;
    d->eventctl1r = r->trceventctl1r;
    d->stallctlr = r->trcstallctlr;
    d->tsctlr = r->trctsctlr;
    d->syncpr = r->trcsyncpr;
    d->ccctlr = r->trcccctlr;
    d->bbctlr = r->trcbbctlr;
    d->traceidr = r->trctraceidr;
    d->victlr = r->trcvictlr;
    d->viiectlr = r->trcviiectlr;
    d->vissctlr = r->trcvissctlr;
    for (unsigned i = 0; i < 32; i++)
        d->rsctlr[i] = r->trcrsctlr[i];
    for (unsigned i = 0; i < 16; i++) {
        d->acvr[i] = r->trcacvr[i];
        d->acatr[i] = r->trcacatr[i];
    }
}

/* The ent_* fields of slot b; cyc = PE clocks since the previous slot. */
static void ent_of(const pe_blk *b, uint64_t cyc, pipe_dut_ent *e)
{
    memset(e, 0, sizeof *e);
    e->kind = b->kind;
    e->addr = b->addr;
    e->last = b->last;
    e->iclass = b->iclass;
    e->flags = (uint8_t)(((b->flags & PE_F_TAKEN) ? 1u : 0u) | ((b->flags & PE_F_NS) ? 2u : 0u) |
                         ((b->flags & PE_F_TSTATE) ? 4u : 0u) |
                         ((b->flags & PE_F_CCFAIL) ? 8u : 0u));
    e->isa = b->isa;
    e->el = b->el;
    e->from_el = b->from_el;
    e->exc_type = b->exc_type;
    e->ext_in = b->ext_in;
    e->cyc = (uint32_t)(cyc > CYC_SAT ? CYC_SAT : cyc);
    e->ts = b->timestamp;
}

/* The entry list: slot indices, ~0 for an overflow marker. */
#define MARK UINT32_MAX

int pipe_tb_run(const pipe_tb_opts *o, pipe_tb_result *res, FILE *log)
{
    memset(res, 0, sizeof *res);
    pipe_dut_params dp;
    pipe_dut_params_get(&dp);
    unsigned cfg = o->config >= 0 ? (unsigned)o->config
                                  : (unsigned)(o->seed % PIPE_TB_NUM_CONFIGS);
    res->config = cfg;
    int rc = -1;
    char err[256];
    pe_stream s;
    pe_blk *b = NULL;
    uint32_t *ent = NULL;
    ete_model *m = NULL;
    pipe_dut *d = NULL;
    harness_buf got = {0};

    progen_cfg pc;
    progen_cfg_default(&pc, o->seed);
    pc.n_records = o->records;
    if (o->branches ? progen_branches(o->seed, o->records, &s, err, sizeof err)
                    : progen_generate(&pc, &s, err, sizeof err)) {
        snprintf(res->msg, sizeof res->msg, "progen: %s", err);
        return -1;
    }
    ete_params p;
    ete_progregs r;
    b = malloc(pe_blk_max_slots(s.nrec) * sizeof *b);
    ent = malloc(2 * pe_blk_max_slots(s.nrec) * sizeof *ent);
    if (!b || !ent) {
        snprintf(res->msg, sizeof res->msg, "out of memory");
        goto out;
    }
    size_t bad = 0;
    if (cfg >= ETE_RT_NUM_CONFIGS) {
        long n0 = pe_blk_from_recs(s.rec, s.nrec, 0, b, &bad, err, sizeof err);
        if (n0 < 0) {
            snprintf(res->msg, sizeof res->msg, "pe_blk_from_recs: record %zu: %s", bad, err);
            goto out;
        }
        if (cfg == PIPE_TB_SS_ALIAS4M) {
            if (!alias4m_config(o->seed, &s, b, (size_t)n0, &p, &r)) {
                snprintf(res->msg, sizeof res->msg, "no run of 3 A64/A32 instructions");
                goto out;
            }
        } else {
            mid_config(cfg, o->seed, &s, b, (size_t)n0, &p, &r);
        }
    } else {
        ete_rt_config(cfg, o->seed, &s, &p, &r);
    }
    /* the unit the DUT was built as */
    p.rs_depth = dp.rs_depth;
    p.num_acpairs = dp.num_acpairs;
    p.num_events = dp.num_events;
    p.num_extin = dp.num_extin;
    p.ccsize = dp.ccsize;
    p.ccitmin = dp.ccitmin;
    p.commopt = dp.commopt;
    p.sync_lag = ETE_SYNC_LAG;             /* rtl/ete/ete_pipe_desc.vh, docs/ete-rtl-pipeline.md 3.3 */
    const char *lag = getenv("PIPE_TB_SYNC_LAG");   /* a check of the check: other lags fail */
    if (lag)
        p.sync_lag = (unsigned)atoi(lag);
    if (!p.rs_depth)
        r.trcconfigr &= ~TRCCONFIGR_RS;
    m = ete_model_new(&p, &r, err, sizeof err);
    if (!m) {
        snprintf(res->msg, sizeof res->msg, "ete_model_new: %s", err);
        goto out;
    }
    unsigned cap = ete_model_block_max_insns(m) ? 1u : o->max_insns;
    long nb = pe_blk_from_recs(s.rec, s.nrec, cap, b, &bad, err, sizeof err);
    if (nb < 0) {
        snprintf(res->msg, sizeof res->msg, "pe_blk_from_recs: record %zu: %s", bad, err);
        goto out;
    }

    /* the entries and the model */
    harness_rng rng;
    harness_rng_init(&rng, o->seed, 1);
    double pmark = o->throughput ? 0.0 : (cfg == ETE_RT_OVERFLOW ? 10 * o->markers : o->markers);
    size_t ne = 0;
    for (long i = 0; i < nb; i++) {
        if (i && harness_rng_chance(&rng, pmark)) {
            ent[ne++] = MARK;
            ete_model_overflow(m);
            res->markers++;
        }
        ent[ne++] = (uint32_t)i;
        ete_model_block(m, &b[i]);
        if (b[i].kind == PE_BLK_INSN ? pe_iclass_is_p0(b[i].iclass)
                                     : b[i].kind != PE_BLK_CTX)
            res->p0++;
    }
    ete_model_finish(m);
    if (ete_model_error(m)) {
        snprintf(res->msg, sizeof res->msg, "model: %s", ete_model_error(m));
        goto out;
    }
    res->entries = ne;
    size_t nexp;
    const uint8_t *exp = ete_model_bytes(m, &nexp);

    /* the DUT */
    d = pipe_dut_new();
    if (!d) {
        snprintf(res->msg, sizeof res->msg, "pipe_dut_new: out of memory");
        goto out;
    }
    if (o->waves && pipe_dut_waves(d, o->waves, err, sizeof err)) {
        snprintf(res->msg, sizeof res->msg, "%s", err);
        goto out;
    }
    pipe_dut_regs dr;
    regs_of(&r, &dr);
    pipe_dut_set_regs(d, &dr);
    pipe_dut_in in;
    pipe_dut_out out;
    memset(&in, 0, sizeof in);
    harness_rng_init(&rng, o->seed, 2);
    double pidle = o->throughput ? 0.0 : o->idle;
    double pbp = o->throughput ? 0.0 : o->backpressure;
    in.rst = 1;
    for (int k = 0; k < 3; k++) {
        pipe_dut_drive(d, &in);
        pipe_dut_eval(d, &out);
        pipe_dut_rise(d);
    }
    in.rst = 0;
    in.start = 1;
    pipe_dut_drive(d, &in);
    pipe_dut_eval(d, &out);
    pipe_dut_rise(d);
    in.start = 0;

    size_t next = 0;                       /* next entry to present */
    uint64_t prev_cycle = nb ? b[0].cycle : 0;
    int fin_sent = 0;
    uint64_t cyc = 0, first_acc = 0, last_acc = 0, limit = 200000 + 40 * ne;
    for (;;) {
        if (!in.ent_valid && next < ne && !harness_rng_chance(&rng, pidle)) {
            in.ent_valid = 1;
            if (ent[next] == MARK) {
                memset(&in.ent, 0, sizeof in.ent);
                in.ent.marker = 1;
            } else {
                const pe_blk *x = &b[ent[next]];
                ent_of(x, x->cycle - prev_cycle, &in.ent);
                prev_cycle = x->cycle;
            }
        }
        in.finish = 0;
        if (next == ne && !in.ent_valid && !fin_sent) {
            in.finish = 1;
            fin_sent = 1;
        }
        in.pkt_ready = !harness_rng_chance(&rng, pbp);
        pipe_dut_drive(d, &in);
        pipe_dut_eval(d, &out);
        if (out.pkt_valid && in.pkt_ready) {
            if (out.pkt_len < 1 || out.pkt_len > dp.pkt_bytes) {
                snprintf(res->msg, sizeof res->msg, "pkt_len_o %u out of range", out.pkt_len);
                goto out;
            }
            if (harness_buf_add(&got, out.pkt_data, out.pkt_len)) {
                snprintf(res->msg, sizeof res->msg, "out of memory");
                goto out;
            }
        }
        if (in.ent_valid && out.ent_ready) {
            if (!next)
                first_acc = cyc;
            last_acc = cyc;
            next++;
            in.ent_valid = 0;
            /* half the runs: finish_i in the clock the last entry is taken
             * (that entry is before the finish) */
            if (next == ne && !fin_sent && (o->seed & 2) && !getenv("PIPE_TB_FIN_LATE")) {
                pipe_dut_in now = in;
                now.ent_valid = 1;         /* still presented in this clock */
                now.finish = 1;
                in.finish = 1;
                fin_sent = 1;
                pipe_dut_drive(d, &now);
                pipe_dut_eval(d, &out);
            }
        }
        int done = fin_sent && !in.finish && out.finish_done;
        pipe_dut_rise(d);
        cyc++;
        if (done)
            break;
        if (cyc > limit) {
            snprintf(res->msg, sizeof res->msg, "timeout: %zu of %zu entries taken after %" PRIu64
                     " clocks", next, ne, cyc);
            goto out;
        }
    }
    res->cycles = cyc;
    res->feed_cycles = last_acc - first_acc + 1;
    res->bytes = nexp;
    res->ent_per_clk = (double)ne / (double)res->feed_cycles;
    res->p0_per_clk = (double)res->p0 / (double)res->feed_cycles;

    size_t first;
    if (harness_bytes_cmp(exp, nexp, got.b, got.n, &first)) {
        snprintf(res->msg, sizeof res->msg,
                 "seed %" PRIu64 " config %s max_insns %u: first difference at byte %zu "
                 "(model %zu bytes, RTL %zu)", o->seed, pipe_tb_config_name(cfg), o->max_insns,
                 first, nexp, got.n);
        const char *dump = getenv("PIPE_TB_DUMP");
        if (dump) {
            char fn[512];
            snprintf(fn, sizeof fn, "%s.exp", dump);
            FILE *f = fopen(fn, "wb");
            if (f) {
                fwrite(exp, 1, nexp, f);
                fclose(f);
            }
            snprintf(fn, sizeof fn, "%s.act", dump);
            f = fopen(fn, "wb");
            if (f) {
                if (got.n)
                    fwrite(got.b, 1, got.n, f);
                fclose(f);
            }
        }
        if (log) {
            fprintf(log, "MISMATCH %s\n", res->msg);
            harness_bytes_context(log, "  ", exp, nexp, got.b, got.n, first, 12);
            fprintf(log, "  replay: %s --seed %" PRIu64 " --config %u --records %" PRIu64
                    " --max-insns %u%s --waves pipe.fst\n", o->prog ? o->prog : "pipe-bench",
                    o->seed, cfg, o->records, o->max_insns, o->throughput ? " --throughput" : "");
        }
        goto out;
    }
    rc = 0;
out:
    free(got.b);
    if (d)
        pipe_dut_free(d);
    ete_model_free(m);
    free(ent);
    free(b);
    pe_stream_free(&s);
    return rc;
}
