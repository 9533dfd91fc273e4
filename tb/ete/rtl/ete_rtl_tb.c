/* One run of the ETE RTL bench (see ete_rtl_tb.h, docs/ete-bench.md). */
#include "ete_rtl_tb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ete_driver.h"
#include "ete_dut.h"
#include "ete_roundtrip.h"
#include "harness.h"
#include "ocsd_ete.h"
#include "pe_block.h"
#include "progen.h"

#define RESET_CYCLES   5
#define APB_MAX_WAIT   64
#define DRV_MAX_POLLS  400000u
#define STALL_LIMIT    100000u  /* consecutive cycles pe_stall_o may hold the PE */
#define TAIL_CYCLES    64u      /* cycles run after a mismatch to show context */
#define POST_IDLE      32u      /* cycles checked for silence after IDLE */
#define CONTEXT_BYTES  8u

/* ---- configurations and packet types --------------------------------------- */
unsigned ete_rtl_num_configs(void)
{
    return ETE_RT_NUM_CONFIGS;
}

const char *ete_rtl_config_name(unsigned idx)
{
    return ete_rt_config_name(idx);
}

int ete_rtl_config_index(const char *name)
{
    for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
        if (!strcmp(name, ete_rt_config_name(c)))
            return (int)c;
    return -1;
}

void ete_rtl_fit_config(const ete_dut_params *dp, ete_params *p, ete_progregs *r)
{
    /* the model is the unit the RTL was built as (mk/ete_rtl.mk -G values) */
    p->rs_depth = dp->rs_depth;
    p->num_acpairs = dp->num_acpairs;
    p->num_events = dp->num_events;
    p->num_extin = dp->num_extin;
    p->ccsize = dp->ccsize;
    p->ccitmin = dp->ccitmin;
    p->commopt = dp->commopt;
    ete_rt_fit(p, r);
}

int ete_rtl_config_supported(unsigned idx)
{
    return idx < ETE_RT_NUM_CONFIGS;
}

int ete_rtl_is_p0(const pe_rec *r)
{
    if (r->kind == PE_KIND_EXC || r->kind == PE_KIND_RESET)
        return 1;
    if (r->kind != PE_KIND_INSN)
        return 0;
    switch (r->iclass) {
    case PE_IC_B: case PE_IC_BCOND: case PE_IC_BL: case PE_IC_BR: case PE_IC_BLR:
    case PE_IC_RET: case PE_IC_ERET: case PE_IC_ISB: case PE_IC_WFX: case PE_IC_TSTART:
        return 1;
    default:
        return 0;
    }
}

void ete_rtl_opts_default(ete_rtl_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->records = 20000;
    o->config = -1;
    o->backpressure = -1.0;
    o->idle = -1.0;
    o->stall = -1;
    o->ocsd = -1;
    o->end_in_txn = -1;
    o->prog = "ete-rtl-bench";
}

typedef struct beat {
    uint64_t off, cycle;
} beat;

/* ---- the bench state ------------------------------------------------------------- */
enum { PH_SETUP = 0, PH_RECORDS, PH_DRAIN, PH_POST };

typedef struct bench {
    const ete_rtl_opts *o;
    ete_rtl_result *res;
    FILE *log;
    ete_dut *d;
    ete_dut_params dp;
    harness_rng rng_pe, rng_out, rng_chk;
    ete_pkt_cfg pcfg;

    /* stimulus */
    const pe_stream *s;
    size_t next, limit;        /* slots */
    /* the slots of the records, the first record of each, the bench's
     * system counter ts_i = cycle * ratio + off */
    pe_blk *blk;
    size_t nblk, *blk_rec;
    size_t rec_retired;        /* rate modes: records the PE has retired so far */
    uint64_t ts_ratio, ts_off, ts_now;
    uint64_t burst_t;        /* record-phase cycles, for the burst pattern */
    int phase;
    unsigned presented;        /* slots presented in this cycle */
    size_t first_presented;    /* slot index of port slot 0 */
    int stall_prev;            /* pe_stall_o at the previous edge */
    uint64_t stall_run;
    int rec_seen;              /* rate window: first and last cycle that */
    uint64_t rec_first, rec_last;  /* presented records */

    /* model: the accepted records, in order, and the overflow resume
     * points as indices into them */
    ete_model *m;
    int in_drop_run, need_resume;
    pe_rec *fed;
    size_t nfed, capfed;
    size_t *resume, nresume, capresume;

    /* output */
    int ready;
    double bp_enter, bp_leave;
    ete_dut_out prev;
    int prev_hold;
    harness_buf exp, act;
    beat *beats;
    size_t nbeats, capbeats;
    size_t cmp_pos;
    int mismatch;
    size_t mm_off;
    uint64_t mm_cycle;
    unsigned tail;

    int failed, oom;
    char fail[1024];
    char apb_err[256];
} bench;

static void failf(bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void failf(bench *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    b->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->fail, sizeof b->fail, fmt, ap);
    va_end(ap);
}

static void copy_msg(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

/* ---- model side ----------------------------------------------------------------- */
static void pull_model(bench *b)
{
    size_t n;
    const uint8_t *p = ete_model_bytes(b->m, &n);
    if (n) {
        if (harness_buf_add(&b->exp, p, n))
            b->oom = 1;
        ete_model_take(b->m);
    }
}

static uint64_t beat_cycle(const bench *b, size_t off)
{
    size_t lo = 0, hi = b->nbeats;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->beats[mid].off <= off)
            lo = mid;
        else
            hi = mid;
    }
    return b->nbeats ? b->beats[lo].cycle : 0;
}

/* Compare what both sides have produced so far. */
static void compare(bench *b)
{
    if (b->mismatch)
        return;
    size_t n = b->exp.n < b->act.n ? b->exp.n : b->act.n;
    for (size_t i = b->cmp_pos; i < n; i++) {
        if (b->exp.b[i] != b->act.b[i]) {
            b->mismatch = 1;
            b->mm_off = i;
            b->mm_cycle = beat_cycle(b, i);
            return;
        }
    }
    b->cmp_pos = n;
}

/* The port fields of a slot (docs/pe-blocks.md section 1). */
static void to_blk(const pe_blk *k, ete_dut_blk *x)
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

/* The slot stream of records 0 .. nr: pe_blk_from_recs over the whole
 * stream, runs of up to cap instructions.  Normal mode presents them 1 ..
 * RETIRE_WIDTH per clock; the rate modes pace them by the records the PE
 * retires (blocks_due).  Returns the number of slots, or -1 with *bad and
 * err. */
static long derive_slots(bench *b, size_t nr, unsigned cap, size_t *bad, char *err,
                         size_t errlen)
{
    return pe_blk_from_recs(b->s->rec, nr, cap, b->blk, bad, err, errlen);
}

/* Throughput: the records the PE retires in this clock, from the first not
 * yet retired: up to RETIRE_WIDTH, ending after the first P0 record (at
 * most one P0 element per clock). */
static unsigned group_len(const bench *b)
{
    size_t first = b->blk_rec[b->next];
    size_t p = b->rec_retired > first ? b->rec_retired : first;
    size_t nr = b->blk_rec[b->limit];
    unsigned len = 0;
    while (p + len < nr && len < b->dp.retire_width) {
        len++;
        if (ete_rtl_is_p0(&b->s->rec[p + len - 1]))
            break;
    }
    return len;
}

/* Rate modes: `nrec` records retire in this cycle (full rate: RETIRE_WIDTH
 * a clock; throughput: group_len); the slots due are those from b->next
 * whose records have all retired, RETIRE_WIDTH at most (the port's width).
 * A run longer than a clock's records is presented in the clock its last
 * instruction retires (docs/pe-blocks.md 1); CTX slots stand for no record
 * and go with the next.  When more slots are due than the port has (CTX
 * slots), the PE retires no further than one clock's records past the last
 * slot presented. */
static unsigned blocks_due(bench *b, unsigned nrec)
{
    size_t first = b->blk_rec[b->next];
    if (b->rec_retired < first)
        b->rec_retired = first;
    b->rec_retired += nrec;
    unsigned k = 0;
    while (k < b->dp.retire_width && b->next + k < b->limit &&
           b->blk_rec[b->next + k + 1] <= b->rec_retired)
        k++;
    size_t cap = b->blk_rec[b->next + k] + b->dp.retire_width;
    if (k == b->dp.retire_width && b->rec_retired > cap)
        b->rec_retired = cap;
    return k;
}

/* ---- the per-cycle hook ----------------------------------------------------------- */
static void drive(bench *b)
{
    ete_dut *d = b->d;
    ete_dut_clear_pe(d);
    b->presented = 0;
    /* the system counter: a fixed ratio to the PE clock */
    b->ts_now = ete_dut_cycles(d) * b->ts_ratio + b->ts_off;
    ete_dut_set_ts(d, b->ts_now);
    if (b->phase == PH_RECORDS) {
        uint64_t cyc = ete_dut_cycles(d);
        if (b->next >= b->limit || (b->o->max_cycles && cyc >= b->o->max_cycles)) {
            b->phase = PH_DRAIN;
        } else if (b->res->stall && b->stall_prev) {
            /* contract: no valid slot in a cycle after pe_stall_o was high */
            b->res->stall_cycles++;
            if (++b->stall_run > STALL_LIMIT)
                failf(b, "pe_stall_o high for %u consecutive cycles (cycle %" PRIu64 ")",
                      STALL_LIMIT, cyc);
        } else {
            b->stall_run = 0;
            /* bursts: B cycles presenting, then B * RETIRE_WIDTH without */
            uint64_t bper = (uint64_t)b->o->burst * (1u + b->dp.retire_width);
            int gap = b->o->mode != ETE_RTL_MODE_NORMAL && b->o->burst &&
                      b->burst_t++ % bper >= b->o->burst;
            if (gap) {
                /* the PE retires nothing this cycle */
            } else if (b->o->mode != ETE_RTL_MODE_NORMAL ||
                       !harness_rng_chance(&b->rng_pe, b->res->idle)) {
                unsigned n = b->o->mode != ETE_RTL_MODE_NORMAL
                                 ? b->dp.retire_width
                                 : 1u + (unsigned)harness_rng_below(&b->rng_pe,
                                                                    b->dp.retire_width);
                /* rate modes: n records retire (full rate: RETIRE_WIDTH;
                 * throughput: up to the first P0 record), and the slots
                 * presented are those whose last record is among them (a
                 * run is presented when it ends) */
                if (b->o->mode == ETE_RTL_MODE_THROUGHPUT)
                    n = blocks_due(b, group_len(b));
                else if (b->o->mode == ETE_RTL_MODE_FULL_RATE)
                    n = blocks_due(b, n);
                if (n > b->limit - b->next)
                    n = (unsigned)(b->limit - b->next);
                if (!b->rec_seen) {
                    b->rec_seen = 1;
                    b->rec_first = cyc;
                }
                b->rec_last = cyc;
                b->first_presented = b->next;
                for (unsigned k = 0; k < n; k++) {
                    ete_dut_blk slot;
                    to_blk(&b->blk[b->next + k], &slot);
                    ete_dut_set_blk(d, k, &slot);
                }
                b->presented = n;
                b->next += n;
            }
        }
    }
    /* output backpressure: a two-state chain, stalls of mean length
     * 1/bp_leave; after IDLE the sink is always ready */
    if (b->phase == PH_POST)
        b->ready = 1;
    else if (b->ready && harness_rng_chance(&b->rng_out, b->bp_enter))
        b->ready = 0;
    else if (!b->ready && harness_rng_chance(&b->rng_out, b->bp_leave))
        b->ready = 1;
    ete_dut_set_out_ready(d, b->ready);
}

/* The next accepted record (index nfed of the accepted stream) is the
 * first after an overflow the trace reports (ete_oracle_check resume). */
static void add_resume(bench *b)
{
    if (b->nresume == b->capresume) {
        size_t nc = b->capresume ? 2 * b->capresume : 16;
        size_t *nr = realloc(b->resume, nc * sizeof *nr);
        if (!nr) {
            b->oom = 1;
            return;
        }
        b->resume = nr;
        b->capresume = nc;
    }
    b->resume[b->nresume++] = b->nfed;
    b->need_resume = 0;
}

static void sample_pe(bench *b, const ete_dut_out *o)
{
    uint64_t cyc = ete_dut_cycles(b->d);
    if (!b->presented) {
        if (o->pe_drop)
            failf(b, "pe_drop_o high in cycle %" PRIu64 " with no valid slot", cyc);
        return;
    }
    /* the records the presented slots stand for */
    size_t rec0 = b->blk_rec[b->first_presented];
    size_t nrec = b->blk_rec[b->first_presented + b->presented] - rec0;
    b->res->slots += b->presented;
    b->res->records += nrec;
    if (o->pe_drop) {
        if (b->res->stall)
            failf(b, "pe_drop_o in cycle %" PRIu64 " although the PE honours pe_stall_o "
                  "(contract: an honouring PE never overflows the unit)", cyc);
        b->res->dropped += nrec;
        /* contract: one overflow marker per run of dropping cycles, where
         * the model's ete_model_overflow() is called.  A run ends only at
         * an accepted record: cycles without records do not end it
         * (docs/ete-rtl.md, "Input FIFO") */
        if (!b->in_drop_run) {
            /* the model emits an Overflow packet unless nothing was output
             * yet (then nothing traced is lost): only those are resume
             * points for the oracle */
            uint64_t before = ete_model_pkt_counts(b->m)[ETE_ENC_OVERFLOW];
            ete_model_overflow(b->m);
            b->res->overflows++;
            if (ete_model_pkt_counts(b->m)[ETE_ENC_OVERFLOW] != before)
                b->need_resume = 1;
        }
        b->in_drop_run = 1;
        return;
    }
    b->in_drop_run = 0;
    if (b->need_resume)
        add_resume(b);
    if (b->nfed + nrec > b->capfed) {
        size_t nc = b->capfed ? 2 * b->capfed : 4096;
        while (nc < b->nfed + nrec)
            nc *= 2;
        pe_rec *nf = realloc(b->fed, nc * sizeof *nf);
        if (!nf) {
            b->oom = 1;
            return;
        }
        b->fed = nf;
        b->capfed = nc;
    }
    if (nrec)   /* (a clock of CTX slots alone stands for no record) */
        memcpy(&b->fed[b->nfed], &b->s->rec[rec0], nrec * sizeof *b->fed);
    for (size_t k = 0; k < nrec; k++)
        b->res->p0 += (uint64_t)ete_rtl_is_p0(&b->s->rec[rec0 + k]);
    /* what the unit saw: each slot's cycle is the clock it was presented
     * in, its timestamp ts_i in that clock; the records the oracle follows
     * carry the same */
    for (size_t k = 0; k < nrec; k++) {
        b->fed[b->nfed + k].cycle = cyc;
        b->fed[b->nfed + k].timestamp = b->ts_now;
    }
    for (unsigned k = 0; k < b->presented; k++) {
        pe_blk slot = b->blk[b->first_presented + k];
        slot.cycle = cyc;
        slot.timestamp = b->ts_now;
        ete_model_block(b->m, &slot);
    }
    b->res->slots_fed += b->presented;
    b->nfed += nrec;
    b->res->fed += nrec;
}

static void sample_out(bench *b, const ete_dut_out *o)
{
    uint64_t cyc = ete_dut_cycles(b->d);
    unsigned ob = b->dp.out_bytes;
    if (b->prev_hold &&
        (!o->out_valid || o->out_keep != b->prev.out_keep ||
         memcmp(o->out_data, b->prev.out_data, ob) != 0))
        failf(b, "cycle %" PRIu64 ": out_valid_o/out_keep_o/out_data_o changed while "
              "out_ready_i was low (contract: they hold)", cyc);
    if (o->out_valid) {
        uint32_t k = o->out_keep;
        if (k == 0 || (k & (k + 1u)) != 0 || (ob < 32 && (k >> ob) != 0))
            failf(b, "cycle %" PRIu64 ": out_keep_o = 0x%" PRIx32 " with out_valid_o "
                  "(contract: nonzero, contiguous from byte 0)", cyc, k);
        for (unsigned i = 0; i < ob; i++)
            if (!(k >> i & 1u) && o->out_data[i]) {
                failf(b, "cycle %" PRIu64 ": out_data_o byte %u = 0x%02x above out_keep_o = "
                      "0x%" PRIx32 " (contract: lanes above the kept ones are zero)", cyc, i,
                      o->out_data[i], k);
                break;
            }
    } else if (o->out_keep != 0) {
        failf(b, "cycle %" PRIu64 ": out_keep_o = 0x%" PRIx32 " while out_valid_o is low "
              "(contract: zero)", cyc, o->out_keep);
    }
    if (o->out_valid && b->ready) {
        unsigned n = 0;
        while (n < ob && (o->out_keep >> n & 1u))
            n++;
        if (b->nbeats == b->capbeats) {
            size_t nc = b->capbeats ? 2 * b->capbeats : 1024;
            beat *nbt = realloc(b->beats, nc * sizeof *nbt);
            if (!nbt) {
                b->oom = 1;
                return;
            }
            b->beats = nbt;
            b->capbeats = nc;
        }
        b->beats[b->nbeats].off = b->act.n;
        b->beats[b->nbeats].cycle = cyc;
        b->nbeats++;
        if (harness_buf_add(&b->act, o->out_data, n))
            b->oom = 1;
        if (b->phase == PH_RECORDS)
            b->res->rec_bytes = b->act.n;
        if (b->phase == PH_POST)
            failf(b, "cycle %" PRIu64 ": %u trace bytes output after TRCSTATR.IDLE = 1 "
                  "(contract: the output drains before IDLE)", cyc, n);
    }
    b->prev_hold = o->out_valid && !b->ready;
    b->prev = *o;

    /* out_valid_o never depends combinationally on out_ready_i: flip the
     * input and evaluate again on some cycles */
    if (harness_rng_below(&b->rng_chk, 8) == 0) {
        uint8_t v = o->out_valid;
        ete_dut_set_out_ready(b->d, !b->ready);
        ete_dut_eval(b->d);
        uint8_t v2 = ete_dut_outputs(b->d)->out_valid;
        ete_dut_set_out_ready(b->d, b->ready);
        ete_dut_eval(b->d);
        if (v != v2)
            failf(b, "cycle %" PRIu64 ": out_valid_o changed with out_ready_i in the same "
                  "cycle (contract: no combinational path)", cyc);
    }
}

static void hook(void *ctx, ete_dut *d, int phase)
{
    bench *b = ctx;
    (void)d;
    if (phase == ETE_DUT_DRIVE) {
        drive(b);
        return;
    }
    const ete_dut_out *o = ete_dut_outputs(b->d);
    ete_dut_out snap = *o;    /* the combinational probe re-evaluates */
    if (b->m)
        sample_pe(b, &snap);
    else if (snap.pe_drop)
        failf(b, "pe_drop_o high in cycle %" PRIu64 " before trace was enabled",
              ete_dut_cycles(b->d));
    sample_out(b, &snap);
    b->stall_prev = snap.pe_stall;
    if (b->m) {
        pull_model(b);
        compare(b);
    } else if (b->act.n) {
        /* bytes before the model exists: nothing may come out before enable */
        failf(b, "cycle %" PRIu64 ": trace bytes output before the unit was enabled",
              ete_dut_cycles(b->d));
    }
    if (b->mismatch)
        b->tail++;
}

/* ---- register access for the driver -------------------------------------------------- */
static int bus_write(void *ctx, uint32_t off, uint32_t v)
{
    bench *b = ctx;
    if (ete_dut_apb_write(b->d, off, v, APB_MAX_WAIT, b->apb_err, sizeof b->apb_err))
        return -1;
    return 0;
}

static int bus_read(void *ctx, uint32_t off, uint32_t *v)
{
    bench *b = ctx;
    if (ete_dut_apb_read(b->d, off, v, APB_MAX_WAIT, b->apb_err, sizeof b->apb_err))
        return -1;
    return 0;
}

/* ---- reports ------------------------------------------------------------------------- */
static void replay_line(const bench *b, char *buf, size_t len)
{
    const ete_rtl_opts *o = b->o;
    size_t u = 0;
#define ADD(...) do { if (u < len) { int k_ = snprintf(buf + u, len - u, __VA_ARGS__); \
                                     if (k_ > 0) u += (size_t)k_; } } while (0)
    ADD("%s --seed %" PRIu64 " --records %" PRIu64, o->prog, o->seed, o->records);
    if (o->config >= 0)
        ADD(" --config %s", ete_rt_config_name((unsigned)o->config));
    if (o->pe_path)
        ADD(" --pe %s", o->pe_path);
    else if (o->branches)
        ADD(" --branches");
    else if (o->long_runs)
        ADD(" --long-runs");
    if (o->max_cycles)
        ADD(" --cycles %" PRIu64, o->max_cycles);
    if (o->backpressure >= 0)
        ADD(" --backpressure %g", o->backpressure);
    if (o->idle >= 0)
        ADD(" --idle %g", o->idle);
    if (o->stall == 1)
        ADD(" --stall");
    if (o->end_in_txn == 1)
        ADD(" --end-in-txn");
    else if (o->end_in_txn == 0)
        ADD(" --no-end-in-txn");
    if (o->mode == ETE_RTL_MODE_THROUGHPUT)
        ADD(" --throughput");
    else if (o->mode == ETE_RTL_MODE_FULL_RATE)
        ADD(" --full-rate");
    if (o->burst)
        ADD(" --burst %u", o->burst);
    ADD(" --waves ete-%s-%" PRIu64 ".fst", b->dp.set, o->seed);
#undef ADD
}

/* Print the packet of stream x that contains offset off. */
static void packet_at(FILE *f, const ete_pkt_cfg *cfg, const char *label, const uint8_t *x,
                      size_t n, size_t off)
{
    size_t pos = 0, prev = SIZE_MAX;
    ete_pkt p, pp;
    memset(&pp, 0, sizeof pp);
    while (pos < n) {
        int rc = ete_pkt_parse(cfg, x + pos, n - pos, &p);
        if (rc == ETE_PKT_NEED_MORE) {
            fprintf(f, "    %s: incomplete packet at 0x%zx (stream ends at 0x%zx)\n", label,
                    pos, n);
            return;
        }
        if (rc < 0) {
            fprintf(f, "    %s: bad packet at 0x%zx: %s (byte 0x%zx)\n", label, pos,
                    p.err ? p.err : "?", pos + p.err_off);
            return;
        }
        if (pos + (size_t)rc > off) {
            char line[256];
            if (prev != SIZE_MAX) {
                ete_pkt_format(&pp, line, sizeof line);
                fprintf(f, "    %s previous packet @0x%zx: %s\n", label, prev, line);
            }
            ete_pkt_format(&p, line, sizeof line);
            fprintf(f, "    %s packet @0x%zx (%d bytes): %s\n", label, pos, rc, line);
            return;
        }
        prev = pos;
        pp = p;
        pos += (size_t)rc;
    }
    fprintf(f, "    %s: offset 0x%zx is past the end (0x%zx bytes)\n", label, off, n);
}

static void report_mismatch(bench *b, size_t off, uint64_t cycle, const char *what)
{
    FILE *f = b->log;
    char rl[512];
    replay_line(b, rl, sizeof rl);
    fprintf(f, "  MISMATCH seed %" PRIu64 " set %s config %s: %s at byte offset %zu (0x%zx), "
            "cycle %" PRIu64 "\n", b->o->seed, b->dp.set, ete_rt_config_name(b->res->config),
            what, off, off, cycle);
    fprintf(f, "    model %zu bytes, RTL %zu bytes so far; %zu records accepted, %zu dropped",
            b->exp.n, b->act.n, b->nfed, (size_t)b->res->dropped);
    if (b->nresume)
        fprintf(f, ", last overflow before accepted record %zu", b->resume[b->nresume - 1]);
    fputc('\n', f);
    harness_bytes_context(f, "    ", b->exp.b, b->exp.n, b->act.b, b->act.n, off,
                          CONTEXT_BYTES);
    packet_at(f, &b->pcfg, "expected", b->exp.b, b->exp.n, off);
    packet_at(f, &b->pcfg, "actual  ", b->act.b, b->act.n, off);
    fprintf(f, "    replay: %s\n", rl);
}

/* ---- after the run: packets, decoders, oracle -------------------------------------- */
static int count_packets(bench *b, const uint8_t *x, size_t n)
{
    size_t pos = 0;
    ete_pkt p;
    while (pos < n) {
        int rc = ete_pkt_parse(&b->pcfg, x + pos, n - pos, &p);
        if (rc == ETE_PKT_NEED_MORE) {
            failf(b, "the RTL's trace ends inside a packet at offset %zu", pos);
            return -1;
        }
        if (rc < 0) {
            failf(b, "the RTL's trace has a bad packet at offset %zu: %s (byte %zu)", pos,
                  p.err ? p.err : "?", pos + p.err_off);
            return -1;
        }
        b->res->pkt[p.type]++;
        pos += (size_t)rc;
    }
    return 0;
}

/* Debugging aid (--dump): the RTL's trace (PREFIX.trace, for ete-decode),
 * the model's (PREFIX.model), the accepted records with the image
 * (PREFIX.pe, for ete-encode); after decoding also the elements and the
 * resume points (PREFIX.elems). */
static void write_file(bench *b, const char *suffix, const uint8_t *p, size_t n)
{
    char path[600];
    snprintf(path, sizeof path, "%s.%s", b->o->dump, suffix);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n)
        fprintf(b->log, "  cannot write %s\n", path);
    if (f)
        fclose(f);
}

static void dump_streams(bench *b)
{
    write_file(b, "trace", b->act.b, b->act.n);
    write_file(b, "model", b->exp.b, b->exp.n);
    pe_stream fs = *b->s;
    fs.rec = b->fed;
    fs.nrec = fs.cap = b->nfed;
    char path[600], err[300];
    snprintf(path, sizeof path, "%s.pe", b->o->dump);
    if (pe_stream_write(&fs, path, err, sizeof err))
        fprintf(b->log, "  %s\n", err);
}

static void dump_elems(bench *b, const ete_elem_list *l)
{
    char path[600];
    snprintf(path, sizeof path, "%s.elems", b->o->dump);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(b->log, "  cannot write %s\n", path);
        return;
    }
    for (size_t i = 0; i < l->n; i++) {
        char line[256];
        ete_elem_format(&l->e[i], line, sizeof line);
        fprintf(f, "%zu @%" PRIx64 " %s\n", i, l->e[i].offset, line);
    }
    for (size_t i = 0; i < b->nresume; i++)
        fprintf(f, "resume %zu (accepted record index)\n", b->resume[i]);
    fclose(f);
}

static int decode_and_check(bench *b, const ete_idregs *id, const ete_progregs *r,
                            const ete_params *p, int with_ocsd)
{
    /* the oracle checks against the records the unit accepted, the
     * stream the model saw: dropped records were never seen by the unit
     * (they do not move its ViewInst start/stop state either) */
    if (b->need_resume)
        add_resume(b);
    pe_stream view = *b->s;
    view.rec = b->fed;
    view.nrec = b->nfed;
    view.cap = b->nfed;
    ete_dec_cfg dc;
    memset(&dc, 0, sizeof dc);
    dc.id = *id;
    dc.trcconfigr = r->trcconfigr;
    dc.trctraceidr = r->trctraceidr;
    ete_elem_list l = {0};
    char msg[900];
    int rc = -1;
    ete_decoder *dec = ete_decoder_new(&dc, ete_rt_mem_read, (void *)&b->s->image,
                                       ete_elem_list_push, &l, msg, sizeof msg);
    if (!dec) {
        failf(b, "decoder: %s", msg);
        goto out;
    }
    size_t used = 0;
    if (ete_decoder_feed(dec, b->act.b, b->act.n, &used) != 0 || used != b->act.n) {
        failf(b, "decoder failed after %zu of %zu bytes", used, b->act.n);
        ete_decoder_free(dec);
        goto out;
    }
    ete_decoder_finish(dec);
    b->res->insns = ete_decoder_insn_count(dec);
    if (ete_decoder_errors(dec)) {
        failf(b, "decoder: %u errors in the RTL's trace, last: %s", ete_decoder_errors(dec),
              ete_decoder_last_error(dec));
        ete_decoder_free(dec);
        goto out;
    }
    ete_decoder_free(dec);
    if (l.oom) {
        b->oom = 1;
        goto out;
    }
    if (b->o->dump)
        dump_elems(b, &l);
    uint8_t *vi = malloc(view.nrec ? view.nrec : 1);
    if (!vi) {
        b->oom = 1;
        goto out;
    }
    ete_oracle_viewinst(&view, r, p->num_acpairs, vi);
    for (size_t i = 0; i < view.nrec; i++)
        b->res->traced += view.rec[i].kind == PE_KIND_INSN && vi[i] == ETE_VI_TRACED;
    free(vi);
    ete_oracle_stats st;
    memset(&st, 0, sizeof st);
    if (ete_oracle_check(&view, r, p->num_acpairs, p->ccsize, b->resume, b->nresume, l.e, l.n,
                         &st, msg, sizeof msg)) {
        if (!b->res->dropped) {
            failf(b, "oracle: %s", msg);
            goto out;
        }
        /* With dropped records the unit saw an execution with gaps (a
         * transaction without its outcome, ...): the oracle's reference
         * is then not an execution it can follow.  The bytes equal the
         * model's, which is what the RTL must do; note it. */
        b->res->oracle_skipped = 1;
        fprintf(b->log, "  note: seed %" PRIu64 ": oracle not applicable after %" PRIu64
                " dropped records: %s\n", b->o->seed, b->res->dropped, msg);
    }
    if (with_ocsd) {
        ocsd_ete_result oc;
        if (ocsd_ete_decode(id, r->trcconfigr, r->trctraceidr, &b->s->image, b->act.b,
                            b->act.n, &oc, msg, sizeof msg)) {
            failf(b, "OpenCSD: %s", msg);
            goto out;
        }
        int c = ocsd_ete_compare(&oc, l.e, l.n, msg, sizeof msg);
        ocsd_ete_result_free(&oc);
        if (c && !b->res->dropped) {
            failf(b, "OpenCSD disagrees: %s", msg);
            goto out;
        }
        if (c) {
            /* the bytes are the model's: a disagreement of the two decoders
             * on a trace with overflows is theirs, not the RTL's; note it */
            b->res->ocsd_differs = 1;
            fprintf(b->log, "  note: seed %" PRIu64 ": OpenCSD and our decoder disagree on "
                    "this trace with %" PRIu64 " overflows: %s\n", b->o->seed,
                    b->res->overflows, msg);
        } else {
            b->res->ocsd_checked = 1;
        }
    }
    rc = 0;
out:
    ete_elem_list_free(&l);
    return rc;
}

/* ---- ending inside a transaction --------------------------------------------------- */
/* The record count that ends the first `limit` records of s inside a
 * transaction: after the last TSTART that opens an outer transaction
 * (nested: one inside another, when `nested` and the stream has one) and
 * up to 3 further instructions of its body, none of them a TCOMMIT or
 * TCANCEL.  The depth follows the records: TSTART +1, TCOMMIT -1, and a
 * TFAIL, exception or PE Reset ends every transaction (R_HVFD).  Returns
 * 0 when no TSTART lies in the first limit records. */
static size_t txn_cut(const pe_stream *s, size_t limit, int nested)
{
    size_t outer = 0, inner = 0;
    int have_outer = 0, have_inner = 0;
    unsigned depth = 0;
    for (size_t i = 0; i < limit; i++) {
        const pe_rec *r = &s->rec[i];
        if (r->kind != PE_KIND_INSN) {
            depth = 0;
        } else if (r->iclass == PE_IC_TSTART) {
            depth++;
            if (depth == 1) {
                outer = i;
                have_outer = 1;
            } else {
                inner = i;
                have_inner = 1;
            }
        } else if (r->iclass == PE_IC_TCOMMIT && depth) {
            depth--;
        }
    }
    if (!have_outer)
        return 0;
    size_t t = nested && have_inner ? inner : outer;
    size_t end = t + 1;
    while (end < limit && end < t + 4 && s->rec[end].kind == PE_KIND_INSN &&
           s->rec[end].iclass != PE_IC_TCOMMIT && s->rec[end].iclass != PE_IC_TCANCEL &&
           s->rec[end].iclass != PE_IC_TSTART)
        end++;
    return end;
}

/* ---- stimulus profile ------------------------------------------------------------- */
/* From the seed: the offered load (records per cycle, which sets the chance
 * of an idle PE cycle for this RETIRE_WIDTH), output backpressure and
 * stalling.  Heavy seeds (configuration overflow and one seed in four)
 * hold out_ready_i low for long stretches so that the unit overflows;
 * about one other seed in five offers more records than the encoder
 * takes; stalling seeds offer that much too, so that pe_stall_o acts. */
static void choose_profile(bench *b, unsigned cfg)
{
    const ete_rtl_opts *o = b->o;
    ete_rtl_result *res = b->res;
    harness_rng pr;
    harness_rng_init(&pr, o->seed, 1);
    static const double loads[] = {0.2, 0.4, 0.6, 0.8, 1.5};
    static const double bps[] = {0.0, 0.1, 0.2, 0.3};
    res->heavy = cfg == ETE_RT_OVERFLOW || o->seed % 4 == 3;
    double mean;               /* mean length of a backpressure stall, cycles */
    double load;
    if (res->heavy) {
        res->backpressure = 0.6 + 0.35 * harness_rng_unit(&pr);
        mean = 50.0 + (double)harness_rng_below(&pr, 1000);
        load = harness_rng_below(&pr, 2) ? 1.0 : 0.5;
    } else {
        res->backpressure = bps[harness_rng_below(&pr, 4)];
        mean = 1.0 + (double)harness_rng_below(&pr, 32);
        load = loads[harness_rng_below(&pr, 5)];
    }
    res->stall = o->stall;
    if (res->stall < 0)
        res->stall = !res->heavy && harness_rng_below(&pr, 3) == 0 ? 1 : 0;
    res->stall_level = (int)harness_rng_below(&pr, 4);
    if (res->stall)
        load = 2.0;
    /* a busy cycle presents 1..RETIRE_WIDTH records, (W + 1) / 2 on average */
    double per_busy = (b->dp.retire_width + 1) / 2.0;
    res->idle = 1.0 - load / per_busy;
    if (res->idle < 0.0)
        res->idle = 0.0;
    if (res->idle > 0.95)
        res->idle = 0.95;
    if (o->backpressure >= 0)
        res->backpressure = o->backpressure;
    if (o->idle >= 0)
        res->idle = o->idle;
    if (o->mode != ETE_RTL_MODE_NORMAL) {
        /* the rate modes: the sink always ready, the PE never idle or held */
        res->backpressure = 0.0;
        res->idle = 0.0;
        res->stall = 0;
    }
    /* the sink must drain in the end: at most 99% of cycles not ready */
    double f = res->backpressure > 0.99 ? 0.99 : res->backpressure;
    b->bp_leave = 1.0 / mean;
    b->bp_enter = f <= 0 ? 0.0 : f * b->bp_leave / (1.0 - f);
    if (b->bp_enter > 1.0)
        b->bp_enter = 1.0;
    /* the rate modes measure the unit, not the sink: ready from the start */
    if (o->mode != ETE_RTL_MODE_NORMAL)
        b->ready = 1;
}

/* ---- the run ---------------------------------------------------------------------- */
static int run_cycles_until(bench *b, int stop_phase)
{
    while (b->phase != stop_phase && !b->failed && !b->oom && b->tail < TAIL_CYCLES)
        ete_dut_cycle(b->d);
    return b->failed || b->oom || b->mismatch;
}

static int check_idregs(bench *b, const ete_idregs *got, const ete_params *p)
{
    ete_idregs want;
    ete_model_idregs(p, &want);
    char msg[800];
    size_t u = 0;
    msg[0] = 0;
    for (unsigned i = 0; i < 14; i++)
        if (got->trcidr[i] != want.trcidr[i] && u < sizeof msg) {
            int k = snprintf(msg + u, sizeof msg - u, " TRCIDR%u 0x%08" PRIx32 " (model 0x%08"
                             PRIx32 ")", i, got->trcidr[i], want.trcidr[i]);
            if (k > 0)
                u += (size_t)k;
        }
    if (got->trcdevarch != want.trcdevarch && u < sizeof msg)
        snprintf(msg + u, sizeof msg - u, " TRCDEVARCH 0x%08" PRIx32 " (model 0x%08" PRIx32 ")",
                 got->trcdevarch, want.trcdevarch);
    if (msg[0]) {
        failf(b, "ID registers differ from ete_model_idregs() for the set's parameters:%s", msg);
        return -1;
    }
    return 0;
}

/* The CoreSight management registers the driver does not use: the claim
 * tag (TRCCLAIMSET reads the implemented bits, 4; a write of 1 sets a bit,
 * to TRCCLAIMCLR clears it, and TRCCLAIMCLR reads the tag), TRCAUTHSTATUS
 * (non-secure and secure non-invasive debug implemented and enabled,
 * NSNID = SNID = 0b11: 0xCC, as rtl/ete/ete_regs.v states) and TRCDEVTYPE
 * (a trace source associated with a PE: 0x13).  The tag is left clear. */
static int check_mgmt_regs(bench *b)
{
    static const struct {
        uint32_t off, wr, clr, want;   /* write wr to TRCCLAIMSET, clr to
                                          TRCCLAIMCLR, then TRCCLAIMCLR reads want */
    } steps[] = {{TRCCLAIMSET, 0x5u, 0x0u, 0x5u}, {TRCCLAIMSET, 0xAu, 0x1u, 0xEu},
                 {TRCCLAIMSET, 0x0u, 0xFu, 0x0u}};
    uint32_t v;
    if (bus_read(b, TRCCLAIMSET, &v))
        goto apb;
    if (v != 0xFu) {
        failf(b, "TRCCLAIMSET reads 0x%08" PRIx32 ", not 0x0000000F (4 claim bits)", v);
        return -1;
    }
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        if ((steps[i].wr && bus_write(b, TRCCLAIMSET, steps[i].wr)) ||
            (steps[i].clr && bus_write(b, TRCCLAIMCLR, steps[i].clr)) ||
            bus_read(b, TRCCLAIMCLR, &v))
            goto apb;
        if (v != steps[i].want) {
            failf(b, "claim tag: after TRCCLAIMSET 0x%" PRIx32 " and TRCCLAIMCLR 0x%" PRIx32
                  " TRCCLAIMCLR reads 0x%08" PRIx32 ", not 0x%" PRIx32, steps[i].wr,
                  steps[i].clr, v, steps[i].want);
            return -1;
        }
    }
    if (bus_read(b, TRCAUTHSTATUS, &v))
        goto apb;
    if (v != 0xCCu) {
        failf(b, "TRCAUTHSTATUS reads 0x%08" PRIx32 ", not 0x000000CC", v);
        return -1;
    }
    if (bus_read(b, TRCDEVTYPE, &v))
        goto apb;
    if (v != 0x13u) {
        failf(b, "TRCDEVTYPE reads 0x%08" PRIx32 ", not 0x00000013", v);
        return -1;
    }
    return 0;
apb:
    failf(b, "APB: %s", b->apb_err);
    return -1;
}

int ete_rtl_run(const ete_rtl_opts *o, ete_rtl_result *res, FILE *log)
{
    bench bb, *b = &bb;
    memset(b, 0, sizeof *b);
    memset(res, 0, sizeof *res);
    b->o = o;
    b->res = res;
    b->log = log;
    ete_dut_params_get(&b->dp);
    harness_rng_init(&b->rng_pe, o->seed, 2);
    harness_rng_init(&b->rng_out, o->seed, 3);
    harness_rng_init(&b->rng_chk, o->seed, 4);
    int rc = -1;

    pe_stream own;
    pe_stream_init(&own);
    if (o->pe) {
        b->s = o->pe;
    } else if (o->branches) {
        if (progen_branches(o->seed, o->records, &own, res->msg, sizeof res->msg)) {
            pe_stream_free(&own);
            return -1;
        }
        b->s = &own;
    } else if (o->long_runs) {
        if (progen_long_runs(o->seed, o->records, &own, res->msg, sizeof res->msg)) {
            pe_stream_free(&own);
            return -1;
        }
        b->s = &own;
    } else {
        progen_cfg pc;
        progen_cfg_default(&pc, o->seed);
        pc.n_records = o->records;
        if (progen_generate(&pc, &own, res->msg, sizeof res->msg)) {
            pe_stream_free(&own);
            return -1;
        }
        b->s = &own;
    }
    b->limit = b->s->nrec;
    if (o->records && o->records < b->limit)
        b->limit = (size_t)o->records;
    res->end_in_txn = o->end_in_txn >= 0 ? o->end_in_txn
                      : o->mode == ETE_RTL_MODE_NORMAL && o->seed % 4 == 1;
    if (res->end_in_txn) {
        size_t cut = txn_cut(b->s, b->limit, (int)(o->seed & 1u));
        if (cut)
            b->limit = cut;
        else
            res->end_in_txn = 0;       /* no transaction in the records */
    }

    unsigned cfg = o->config >= 0 ? (unsigned)o->config
                                  : (unsigned)(o->seed % ETE_RT_NUM_CONFIGS);
    res->config = cfg;
    if (!ete_rtl_config_supported(cfg)) {
        snprintf(res->msg, sizeof res->msg, "configuration %u: not supported by the set's unit",
                 cfg);
        pe_stream_free(&own);
        return -1;
    }
    ete_params p;
    ete_progregs r;
    ete_rt_config(cfg, o->seed, b->s, &p, &r);
    ete_rtl_fit_config(&b->dp, &p, &r);
    /* ete_pipe services a periodic synchronisation request ETE_RTL_SYNC_LAG
     * items after the one that raised it (its SYNC_LAG parameter,
     * docs/ete-rtl-pipeline.md 3.3) */
    p.sync_lag = ETE_RTL_SYNC_LAG;
    choose_profile(b, cfg);

    char err[512];
    b->d = ete_dut_new(err, sizeof err);
    if (!b->d) {
        snprintf(res->msg, sizeof res->msg, "DUT: %s", err);
        goto out;
    }
    if (o->waves && ete_dut_waves(b->d, o->waves, err, sizeof err)) {
        snprintf(res->msg, sizeof res->msg, "%s", err);
        goto out;
    }
    ete_dut_set_hook(b->d, hook, b);
    b->phase = PH_SETUP;
    ete_dut_set_reset(b->d, 1);
    for (int i = 0; i < RESET_CYCLES; i++)
        ete_dut_cycle(b->d);
    ete_dut_set_reset(b->d, 0);
    ete_dut_cycle(b->d);
    ete_dut_cycle(b->d);

    rc = 1;
    ete_drv_bus bus = {b, bus_write, bus_read};
    ete_idregs id;
    if (ete_drv_probe(&bus, &id, err, sizeof err)) {
        failf(b, "driver probe: %s%s%s", err, b->apb_err[0] ? ": " : "", b->apb_err);
        goto check;
    }
    if (check_idregs(b, &id, &p) || check_mgmt_regs(b))
        goto check;
    {
        /* before any programming every trace register the unit implements
         * reads its reset value: zero, but for TRCCONFIGR's RES1 bit 0
         * (docs/ete-rtl-interface.md, "Reset") */
        ete_progregs r0;
        memset(&r0, 0, sizeof r0);
        r0.trcconfigr = TRCCONFIGR_RES1;
        char rmsg[800];
        int nr = ete_drv_verify(&bus, &id, &r0, rmsg, sizeof rmsg);
        if (nr != 0) {
            failf(b, "after reset, before programming: %s", nr < 0 ? b->apb_err : rmsg);
            goto check;
        }
    }
    ete_pkt_cfg_from_regs(&b->pcfg, &id, r.trcconfigr);
    /* Stalling: the contract defines TRCSTALLCTLR.ISTALL/LEVEL and
     * pe_stall_o; when the ID registers deny stall control (TRCIDR3.STALLCTL
     * = 0) the driver rightly leaves TRCSTALLCTLR alone, so the bench
     * writes it itself after the driver has programmed the rest. */
    uint32_t stallctlr = 0;
    int stall_direct = 0;
    if (res->stall) {
        stallctlr = TRCSTALLCTLR_ISTALL |
                    ((uint32_t)res->stall_level << TRCSTALLCTLR_LEVEL_SHIFT);
        if (id.trcidr[3] & TRCIDR3_STALLCTL)
            r.trcstallctlr = stallctlr;
        else
            stall_direct = 1;
    }
    /* D8.3 Figure D8.2 */
    if (ete_drv_disable(&bus, DRV_MAX_POLLS, NULL, err, sizeof err) ||
        ete_drv_program(&bus, &id, &r, err, sizeof err)) {
        failf(b, "driver: %s%s%s", err, b->apb_err[0] ? ": " : "", b->apb_err);
        goto check;
    }
    if (stall_direct) {
        uint32_t v;
        if (bus_write(b, TRCSTALLCTLR, stallctlr) || bus_read(b, TRCSTALLCTLR, &v)) {
            failf(b, "APB: %s", b->apb_err);
            goto check;
        }
        if (v != stallctlr) {
            failf(b, "TRCSTALLCTLR wrote 0x%08" PRIx32 " read 0x%08" PRIx32 " (contract: "
                  "ISTALL and LEVEL)", stallctlr, v);
            goto check;
        }
        r.trcstallctlr = stallctlr;
    }
    char vmsg[800];
    int nv = ete_drv_verify(&bus, &id, &r, vmsg, sizeof vmsg);
    if (nv < 0) {
        failf(b, "driver verify: %s", vmsg);
        goto check;
    }
    if (nv > 0) {
        res->reg_warnings = nv;
        fprintf(log, "  note: %d registers read back differently: %s\n", nv, vmsg);
    }
    if (ete_drv_enable(&bus, DRV_MAX_POLLS, NULL, err, sizeof err)) {
        failf(b, "driver: %s%s%s", err, b->apb_err[0] ? ": " : "", b->apb_err);
        goto check;
    }
    /* D8.3: trace registers ignore writes while enabled (contract).
     * TRCTRACEIDR does not change the trace bytes, so it is the probe. */
    uint32_t v0, v1;
    if (bus_read(b, TRCTRACEIDR, &v0) || bus_write(b, TRCTRACEIDR, v0 ^ 1u) ||
        bus_read(b, TRCTRACEIDR, &v1) || bus_write(b, TRCTRACEIDR, v0)) {
        failf(b, "APB: %s", b->apb_err);
        goto check;
    }
    if (v1 != v0) {
        failf(b, "TRCTRACEIDR written while TRCPRGCTLR.EN = 1 changed from 0x%" PRIx32
              " to 0x%" PRIx32 " (D8.3, contract: writes while enabled are ignored)", v0, v1);
        goto check;
    }
    if (b->failed)
        goto check;

    /* enable = ete_model_new with the registers programmed (contract) */
    b->m = ete_model_new(&p, &r, err, sizeof err);
    if (!b->m) {
        snprintf(res->msg, sizeof res->msg, "model: %s", err);
        rc = -1;
        goto out;
    }
    /* the slots: RETIRE_WIDTH instructions per run at most (normal mode,
     * even seeds), or the port's PE_BLK_PORT_MAX_INSNS (its 8-bit `last`:
     * normal mode, odd seeds; the rate modes, runs spanning clocks as a PE
     * presents them); 1 when an event fires on every instruction
     * (docs/pe-blocks.md 3) */
    unsigned cap = ete_model_block_max_insns(b->m) ? 1u
                   : o->mode == ETE_RTL_MODE_NORMAL && !(o->seed & 1u) ? b->dp.retire_width
                   : PE_BLK_PORT_MAX_INSNS;
    size_t nr = b->limit;
    b->blk = malloc(pe_blk_max_slots(nr) * sizeof *b->blk);
    b->blk_rec = malloc((pe_blk_max_slots(nr) + 1) * sizeof *b->blk_rec);
    if (!b->blk || !b->blk_rec) {
        b->oom = 1;
        goto check;
    }
    size_t bad = 0;
    long nb = derive_slots(b, nr, cap, &bad, err, sizeof err);
    if (nb < 0) {
        snprintf(res->msg, sizeof res->msg, "pe_blk_from_recs: record %zu: %s", bad, err);
        rc = -1;
        goto out;
    }
    b->nblk = (size_t)nb;
    size_t rn = 0;
    for (size_t i = 0; i < b->nblk; i++) {
        b->blk_rec[i] = rn;
        rn += pe_blk_nrecs(&b->blk[i]);
    }
    b->blk_rec[b->nblk] = rn;
    if (rn != nr) {
        snprintf(res->msg, sizeof res->msg, "pe_blk_from_recs: %zu slots stand for %zu "
                 "records, not %zu", b->nblk, rn, nr);
        rc = -1;
        goto out;
    }
    b->limit = b->nblk;
    harness_rng tr;
    harness_rng_init(&tr, o->seed, 5);
    b->ts_ratio = harness_rng_range(&tr, 1, 8);
    b->ts_off = harness_rng_next(&tr) >> 8;
    /* seeds = 7 mod 8: a counter past 2^63, so that full timestamps take
     * the ninth byte (bits 63:56, D5.9); it does not wrap in a run */
    if (o->seed % 8 == 7)
        b->ts_off |= 1ull << 63;
    b->phase = PH_RECORDS;
    if (run_cycles_until(b, PH_DRAIN))
        goto check;
    /* disable = ete_model_finish (contract) */
    ete_model_finish(b->m);
    pull_model(b);
    if (ete_drv_disable(&bus, DRV_MAX_POLLS, NULL, err, sizeof err)) {
        failf(b, "driver: %s%s%s", err, b->apb_err[0] ? ": " : "", b->apb_err);
        goto check;
    }
    b->phase = PH_POST;
    for (unsigned i = 0; i < POST_IDLE && !b->failed && !b->mismatch; i++)
        ete_dut_cycle(b->d);
    compare(b);
    if (!b->mismatch && b->exp.n != b->act.n) {
        b->mismatch = 1;
        b->mm_off = b->cmp_pos;
        b->mm_cycle = ete_dut_cycles(b->d);
    }

check:
    if (o->dump)
        dump_streams(b);
    res->cycles = ete_dut_cycles(b->d);
    res->sim_seconds = ete_dut_sim_seconds(b->d);
    res->bytes = b->act.n;
    res->rec_cycles = b->rec_seen ? b->rec_last - b->rec_first + 1u : 0;
    if (b->oom) {
        snprintf(res->msg, sizeof res->msg, "out of memory");
        rc = -1;
        goto out;
    }
    if (b->mismatch) {
        const char *what = b->mm_off >= b->act.n ? "RTL output ends early"
                         : b->mm_off >= b->exp.n ? "RTL emits more bytes than the model"
                                                 : "byte differs";
        report_mismatch(b, b->mm_off, b->mm_cycle, what);
        snprintf(res->msg, sizeof res->msg, "%s at byte %zu (cycle %" PRIu64 ")", what,
                 b->mm_off, b->mm_cycle);
        if (b->failed)
            fprintf(log, "  also: %s\n", b->fail);
        goto out;
    }
    if (b->failed) {
        char rl[512];
        replay_line(b, rl, sizeof rl);
        fprintf(log, "  FAIL seed %" PRIu64 " set %s: %s\n    replay: %s\n", o->seed, b->dp.set,
                b->fail, rl);
        copy_msg(res->msg, sizeof res->msg, b->fail);
        goto out;
    }
    if (count_packets(b, b->act.b, b->act.n) ||
        decode_and_check(b, &id, &r, &p,
                         o->ocsd == 1 || (o->ocsd < 0 && o->seed % 5 == 0))) {
        char rl[512];
        replay_line(b, rl, sizeof rl);
        fprintf(log, "  FAIL seed %" PRIu64 " set %s: %s\n    replay: %s\n", o->seed, b->dp.set,
                b->fail, rl);
        copy_msg(res->msg, sizeof res->msg, b->fail);
        if (b->oom)
            rc = -1;
        goto out;
    }
    res->pass = 1;
    rc = 0;
out:
    if (b->d) {
        if (o->coverage && ete_dut_coverage_write(b->d, o->coverage, err, sizeof err) &&
            rc == 0) {
            snprintf(res->msg, sizeof res->msg, "%s", err);
            res->pass = 0;
            rc = -1;
        }
        ete_dut_free(b->d);
    }
    if (b->m) {
        if (rc == 0 && ete_model_error(b->m)) {
            snprintf(res->msg, sizeof res->msg, "model: %s", ete_model_error(b->m));
            res->pass = 0;
            rc = -1;
        }
        ete_model_free(b->m);
    }
    free(b->blk);
    free(b->blk_rec);
    free(b->exp.b);
    free(b->act.b);
    free(b->beats);
    free(b->resume);
    free(b->fed);
    pe_stream_free(&own);
    return rc;
}
