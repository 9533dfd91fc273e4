/* Capture -> PE retirement stream (see wl_import.h, docs/workloads.md). */
#include "wl_import.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "a64.h"
#include "wl_cache.h"
#include "wl_capture.h"

#define VEC_SYNC_LOWER 0x400u   /* synchronous, from a lower EL using AArch64 */
#define VEC_IRQ_LOWER  0x480u   /* IRQ, from a lower EL using AArch64 */
#define BIMODAL_SIZE   4096u
#define BTB_SIZE       1024u
#define RAS_SIZE       16u

void wl_import_opts_default(wl_import_opts *o)
{
    memset(o, 0, sizeof *o);
    o->contextidr = 1000;
    o->vbar_el1 = WL_VBAR_EL1_DEFAULT;
    o->cycle0 = 0x10000;
    o->ts0 = 0x1000000;
    o->ts_div = 8;
    o->syscall_cycles = 300;
    o->signal_cycles = 2000;
    o->mispred_cycles = 11;
    o->image_gap = 256;
}

/* ---- the executed instructions, for the image ------------------------ */
typedef struct img_ent {
    uint64_t pc;
    uint64_t count;
    uint32_t word;
} img_ent;

typedef struct img_map {
    img_ent *e;
    size_t n, cap;
    uint32_t *slot;     /* hash table of entry index + 1 */
    size_t nslot;
} img_map;

typedef struct def_ent {
    uint64_t pc;
    uint32_t word;
    uint32_t img;       /* entry index + 1 once executed, 0 before */
} def_ent;

typedef struct acc_ent {
    uint64_t va;
    uint8_t shift;
    uint8_t store;
} acc_ent;

typedef struct ctx {
    const wl_import_opts *o;
    pe_stream *out;
    wl_import_stats *st;
    wl_cache *cache;
    char *err;
    size_t errlen;
    int failed;
    /* branch prediction */
    uint8_t bimodal[BIMODAL_SIZE];
    uint64_t btb[BTB_SIZE];
    uint64_t ras[RAS_SIZE];
    unsigned ras_n, ras_top;
    /* timing */
    int have_cycle;
    uint64_t cycle;
    unsigned in_cycle;
    int last_simple;
    unsigned penalty;
    /* EL1 vectors used */
    uint64_t vec_sync_uses, vec_irq_uses;
} ctx;

static void fail(ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(ctx *c, const char *fmt, ...)
{
    if (c->failed)
        return;
    c->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->errlen, fmt, ap);
    va_end(ap);
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* ---- image map ------------------------------------------------------- */
static size_t slot_of(const uint32_t *slot, size_t nslot, const img_ent *e, uint64_t pc)
{
    size_t i = (size_t)((pc >> 2) * 0x9E3779B97F4A7C15ull >> 17) & (nslot - 1u);
    while (slot[i] && e[slot[i] - 1u].pc != pc)
        i = (i + 1u) & (nslot - 1u);
    return i;
}

/* Index of pc's entry, inserting (pc, word) when new; -1 on out of memory. */
static long img_find_or_add(img_map *m, uint64_t pc, uint32_t word)
{
    if ((m->n + 1u) * 2u > m->nslot) {
        size_t ns = m->nslot ? m->nslot * 2u : 4096u;
        uint32_t *nsl = calloc(ns, sizeof *nsl);
        if (!nsl)
            return -1;
        for (size_t i = 0; i < m->n; i++)
            nsl[slot_of(nsl, ns, m->e, m->e[i].pc)] = (uint32_t)(i + 1u);
        free(m->slot);
        m->slot = nsl;
        m->nslot = ns;
    }
    size_t s = slot_of(m->slot, m->nslot, m->e, pc);
    if (m->slot[s])
        return (long)(m->slot[s] - 1u);
    if (m->n == m->cap) {
        size_t nc = m->cap ? m->cap * 2u : 4096u;
        img_ent *ne = realloc(m->e, nc * sizeof *ne);
        if (!ne)
            return -1;
        m->e = ne;
        m->cap = nc;
    }
    m->e[m->n].pc = pc;
    m->e[m->n].word = word;
    m->e[m->n].count = 0;
    m->slot[s] = (uint32_t)(m->n + 1u);
    return (long)m->n++;
}

static void img_free(img_map *m)
{
    free(m->e);
    free(m->slot);
    memset(m, 0, sizeof *m);
}

/* ---- timing ---------------------------------------------------------- */
/* Cycle of the next record.  Two simple instructions (no data access, not
 * a branch) may retire in one cycle; anything else retires a cycle after
 * its predecessor plus its own stall and any refill penalty. */
static uint64_t take_cycle(ctx *c, int simple, unsigned stall)
{
    if (!c->have_cycle) {
        c->have_cycle = 1;
        c->cycle = c->o->cycle0;
        c->in_cycle = 1;
    } else if (simple && c->last_simple && c->in_cycle < 2 && !c->penalty && !stall) {
        c->in_cycle++;
    } else {
        c->cycle += 1u + stall + c->penalty;
        c->in_cycle = 1;
    }
    c->penalty = 0;
    c->last_simple = simple;
    return c->cycle;
}

static void stamp(ctx *c, pe_rec *r)
{
    r->timestamp = c->o->ts0 + r->cycle / (c->o->ts_div ? c->o->ts_div : 1u);
}

static void push(ctx *c, const pe_rec *r)
{
    if (c->failed)
        return;
    if (pe_stream_push(c->out, r)) {
        fail(c, "out of memory after %zu records", c->out->nrec);
        return;
    }
    c->st->records++;
}

/* ---- branch prediction ----------------------------------------------- */
static void ras_push(ctx *c, uint64_t ret)
{
    c->ras_top = (c->ras_top + 1u) % RAS_SIZE;
    c->ras[c->ras_top] = ret;
    if (c->ras_n < RAS_SIZE)
        c->ras_n++;
}

/* Whether a simple predictor (bimodal counters for conditional branches,
 * a BTB for indirect branches, a return stack) got the branch wrong. */
static int mispredicted(ctx *c, unsigned iclass, uint64_t pc, int taken, uint64_t target)
{
    switch (iclass) {
    case PE_IC_BCOND: {
        uint8_t *ctr = &c->bimodal[(pc >> 2) % BIMODAL_SIZE];
        int pred = *ctr >= 2u;
        if (taken && *ctr < 3u)
            (*ctr)++;
        if (!taken && *ctr > 0u)
            (*ctr)--;
        return pred != taken;
    }
    case PE_IC_BL:
        ras_push(c, pc + 4u);
        return 0;
    case PE_IC_BR:
    case PE_IC_BLR: {
        uint64_t *e = &c->btb[(pc >> 2) % BTB_SIZE];
        int mis = *e != target;
        *e = target;
        if (iclass == PE_IC_BLR)
            ras_push(c, pc + 4u);
        return mis;
    }
    case PE_IC_RET: {
        if (!c->ras_n)
            return 1;
        uint64_t pred = c->ras[c->ras_top];
        c->ras_top = (c->ras_top + RAS_SIZE - 1u) % RAS_SIZE;
        c->ras_n--;
        return pred != target;
    }
    default:
        return 0;
    }
}

/* Execution latency of an instruction without a data access. */
static unsigned exec_latency(uint32_t w)
{
    if ((w & 0x1F000000u) == 0x1B000000u)               /* data processing, 3 source */
        return 3;
    if ((w & 0x5FE0F800u) == 0x1AC00800u)               /* UDIV, SDIV */
        return 12;
    if ((w & 0x0E000000u) == 0x0E000000u)               /* SIMD and floating point */
        return 4;
    return 1;
}

/* ---- records ----------------------------------------------------------*/
static void emit_insn(ctx *c, uint64_t pc, uint32_t word, const a64_insn *in, int taken,
                      uint64_t target, const acc_ent *acc, size_t nacc)
{
    wl_import_stats *st = c->st;
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_INSN;
    r.pc = pc;
    r.opcode = word;
    r.iclass = in->iclass;
    r.isa = PE_ISA_A64;
    r.el = 0;
    r.contextidr_el1 = c->o->contextidr;
    r.flags = PE_F_NS;
    r.spe_events = WL_EV_RETIRED;
    if (in->cond)
        r.flags |= PE_F_COND;
    switch (in->iclass) {
    case PE_IC_B: case PE_IC_BL: case PE_IC_BR: case PE_IC_BLR: case PE_IC_RET:
        r.target = target;
        r.flags |= PE_F_TAKEN;
        st->taken++;
        break;
    case PE_IC_BCOND:
        r.target = target;
        if (taken) {
            r.flags |= PE_F_TAKEN;
            st->taken++;
        } else {
            r.flags |= PE_F_CCFAIL;
            r.spe_events |= WL_EV_NOT_TAKEN;
        }
        break;
    case PE_IC_ISB: case PE_IC_WFX:
        r.target = pc + 4u;             /* "considered as taken", D3.1.4 */
        r.flags |= PE_F_TAKEN;
        break;
    case PE_IC_EXCGEN:
        r.spe_events |= WL_EV_EXC;
        break;
    default:
        break;
    }
    if (mispredicted(c, in->iclass, pc, (r.flags & PE_F_TAKEN) != 0, r.target)) {
        r.flags |= PE_F_MISPRED;
        r.spe_events |= WL_EV_MISPRED;
        st->mispredicted++;
    }
    unsigned stall = 0;
    r.lat_issue = 1;
    if (in->ls) {
        unsigned cls = in->ls & PE_LS_MASK;
        int is_store = cls == PE_LS_STORE || (in->ls & PE_LS_STORE_F);
        r.ls = in->ls;
        r.size_log2 = in->size_log2;
        st->ls_class[cls]++;
        if (in->ls & PE_LS_SIMDFP)
            st->ls_simd++;
        if (in->ls & PE_LS_SVE)
            st->ls_sve++;
        if (cls == PE_LS_ATOMIC || is_store)
            st->stores++;
        if (cls != PE_LS_STORE && !(in->ls & PE_LS_STORE_F))
            st->loads++;
        if (!nacc) {
            st->ls_no_access++;
            r.lat_total = 2;
        } else {
            wl_mem_result mr;
            wl_mem_result_init(&mr);
            unsigned bytes = 0;
            for (size_t i = 0; i < nacc; i++) {
                if (wl_cache_access(c->cache, acc[i].va, 1u << acc[i].shift, &mr)) {
                    fail(c, "out of memory in the page table");
                    return;
                }
                if (acc[i].store == (uint8_t)is_store || cls == PE_LS_ATOMIC)
                    bytes += 1u << acc[i].shift;
            }
            if (in->ls & PE_LS_SVE) {
                uint8_t l = 0;
                while ((1u << l) < bytes && l < 7u)
                    l++;
                r.size_log2 = l;
            }
            r.va = acc[0].va;
            r.pa = mr.pa;
            r.spe_events |= mr.events;
            r.lat_xlat = mr.lat_xlat;
            r.lat_total = (uint16_t)(r.lat_issue + mr.lat_xlat + mr.lat_mem);
            if (!is_store)
                r.data_source = mr.data_source;
            /* a load waits for its data, a store only for its translation */
            stall = mr.lat_xlat - WL_LAT_TLB1;
            if (!is_store)
                stall += mr.lat_mem - WL_LAT_L1;
        }
    } else {
        st->stray_accesses += nacc;
        r.lat_total = (uint16_t)(r.lat_issue + exec_latency(word));
    }
    int simple = in->iclass == PE_IC_OTHER && !in->ls;
    r.cycle = take_cycle(c, simple, stall);
    stamp(c, &r);
    if (r.flags & PE_F_MISPRED)
        c->penalty = c->o->mispred_cycles;
    st->insns++;
    st->iclass[in->iclass]++;
    push(c, &r);
}

static void emit_exc(ctx *c, unsigned type, uint64_t pref, unsigned vec)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_EXC;
    r.pc = pref;                        /* preferred return address, D2.2.2 */
    r.target = c->o->vbar_el1 + vec;
    r.el = 1;
    r.from_el = 0;
    r.exc_type = (uint8_t)type;
    r.isa = PE_ISA_A64;
    r.flags = PE_F_NS;
    r.contextidr_el1 = c->o->contextidr;
    r.cycle = take_cycle(c, 0, 0);
    stamp(c, &r);
    if (vec == VEC_IRQ_LOWER)
        c->vec_irq_uses++;
    else
        c->vec_sync_uses++;
    push(c, &r);
}

/* The kernel's return to EL0: one ERET at the vector, after el1_cycles. */
static void emit_eret(ctx *c, unsigned vec, uint64_t ret, unsigned el1_cycles)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_INSN;
    r.pc = c->o->vbar_el1 + vec;
    r.target = ret;
    r.opcode = WL_ERET_WORD;
    r.iclass = PE_IC_ERET;
    r.isa = PE_ISA_A64;
    r.el = 1;
    r.flags = PE_F_NS | PE_F_TAKEN;
    r.contextidr_el1 = c->o->contextidr;
    r.spe_events = WL_EV_RETIRED;
    r.lat_issue = 1;
    r.lat_total = 2;
    r.cycle = take_cycle(c, 0, el1_cycles > 1u ? el1_cycles - 1u : 0u);
    stamp(c, &r);
    push(c, &r);
}

/* One executed instruction, now that the next one (if any) is known. */
static void finalize(ctx *c, uint64_t pc, uint32_t word, const acc_ent *acc, size_t nacc,
                     int have_next, uint64_t next)
{
    a64_insn in;
    a64_classify(word, &in);
    wl_import_stats *st = c->st;
    uint64_t seq = pc + 4u;

    if (in.excgen == A64_EXCGEN_SVC) {
        /* SVC retires, then the exception: preferred return address is the
         * next instruction (D2.2.2); the kernel returns to wherever the
         * process continues (the same place, a signal handler, the context
         * restored by rt_sigreturn). */
        emit_insn(c, pc, word, &in, 0, 0, acc, nacc);
        emit_exc(c, PE_EXC_CALL, seq, VEC_SYNC_LOWER);
        if (have_next)
            emit_eret(c, VEC_SYNC_LOWER, next, c->o->syscall_cycles);
        st->syscalls++;
        return;
    }
    if (in.excgen == A64_EXCGEN_BRK) {
        /* Inst debug: the preferred return address is the BRK itself
         * (D2.2.2 Table D2.1), so the BRK does not retire (as in the
         * generated streams, tb/common/progen.c) */
        emit_exc(c, PE_EXC_INST_DEBUG, pc, VEC_SYNC_LOWER);
        if (have_next)
            emit_eret(c, VEC_SYNC_LOWER, next, c->o->signal_cycles);
        st->inst_debug++;
        return;
    }

    int ok = 0, taken = 0;
    uint64_t target = 0;
    switch (in.iclass) {
    case PE_IC_B:
    case PE_IC_BL:
        target = a64_direct_target(pc, &in);
        taken = 1;
        ok = have_next && next == target;
        break;
    case PE_IC_BCOND:
        target = a64_direct_target(pc, &in);
        if (have_next && next == seq) {
            ok = 1;
        } else if (have_next && next == target) {
            ok = 1;
            taken = 1;
        }
        break;
    case PE_IC_BR:
    case PE_IC_BLR:
    case PE_IC_RET:
        target = next;
        taken = 1;
        ok = have_next;
        break;
    case PE_IC_OTHER:
    case PE_IC_ISB:
    case PE_IC_WFX:
        ok = have_next && next == seq;
        break;
    default:
        /* ERET, HVC, SMC, TSTART, TCOMMIT, TCANCEL: UNDEFINED at EL0 or
         * not implemented by the emulated PE */
        ok = 0;
        break;
    }
    if (ok && !in.udf) {
        emit_insn(c, pc, word, &in, taken, target, acc, nacc);
        return;
    }
    /* The flow did not go where the instruction leads: an exception. */
    unsigned el1 = c->o->signal_cycles;
    if (in.ls && !in.udf) {
        /* a load or store that faulted (QEMU reported no access for it, or
         * not all): the instruction does not retire; Data Abort */
        emit_exc(c, PE_EXC_DATA_FAULT, pc, VEC_SYNC_LOWER);
        st->data_faults++;
        if (have_next)
            emit_eret(c, VEC_SYNC_LOWER, next, el1);
        return;
    }
    if (have_next && (in.iclass == PE_IC_B || in.iclass == PE_IC_BL ||
                      in.iclass == PE_IC_BCOND || in.iclass == PE_IC_ISB ||
                      in.iclass == PE_IC_WFX)) {
        /* the instruction retired and an asynchronous signal was delivered
         * before the next one: an interrupt whose preferred return address
         * is where the instruction leads (a conditional branch is taken as
         * not taken: the capture cannot tell) */
        uint64_t pref = in.iclass == PE_IC_B || in.iclass == PE_IC_BL ? target : seq;
        emit_insn(c, pc, word, &in, taken, target, acc, nacc);
        emit_exc(c, PE_EXC_IRQ, pref, VEC_IRQ_LOWER);
        st->irqs++;
        emit_eret(c, VEC_IRQ_LOWER, next, el1);
        return;
    }
    /* UNDEFINED or trapped (SIGILL), or the last instruction of a process
     * that a signal ended: the instruction does not retire */
    emit_exc(c, PE_EXC_TRAP, pc, VEC_SYNC_LOWER);
    st->traps++;
    if (have_next)
        emit_eret(c, VEC_SYNC_LOWER, next, el1);
}

/* ---- the image ------------------------------------------------------- */
typedef struct seg_build {
    uint64_t base, len, weight;
    size_t first, last;         /* entry range in the sorted array */
} seg_build;

static int cmp_pc(const void *a, const void *b)
{
    const img_ent *x = a, *y = b;
    return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static int cmp_weight(const void *a, const void *b)
{
    const seg_build *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    return x->base < y->base ? -1 : x->base > y->base;
}

static int build_image(ctx *c, img_map *m)
{
    img_ent *e = m->e;
    size_t n = m->n;
    qsort(e, n, sizeof *e, cmp_pc);
    seg_build *sb = malloc((n + 2u) * sizeof *sb);
    if (!sb) {
        fail(c, "out of memory building the image");
        return -1;
    }
    size_t ns = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t end = ns ? sb[ns - 1].base + sb[ns - 1].len : 0;
        if (ns && e[i].pc >= end && e[i].pc - end <= c->o->image_gap) {
            sb[ns - 1].len = e[i].pc + 4u - sb[ns - 1].base;
            sb[ns - 1].weight += e[i].count;
            sb[ns - 1].last = i;
        } else {
            sb[ns].base = e[i].pc;
            sb[ns].len = 4;
            sb[ns].weight = e[i].count;
            sb[ns].first = sb[ns].last = i;
            ns++;
        }
    }
    /* the EL1 vectors the stream returns from */
    if (c->vec_sync_uses) {
        sb[ns].base = c->o->vbar_el1 + VEC_SYNC_LOWER;
        sb[ns].len = 4;
        sb[ns].weight = c->vec_sync_uses;
        sb[ns].first = sb[ns].last = SIZE_MAX;
        ns++;
    }
    if (c->vec_irq_uses) {
        sb[ns].base = c->o->vbar_el1 + VEC_IRQ_LOWER;
        sb[ns].len = 4;
        sb[ns].weight = c->vec_irq_uses;
        sb[ns].first = sb[ns].last = SIZE_MAX;
        ns++;
    }
    /* the most executed segments first: image look-ups scan in order */
    qsort(sb, ns, sizeof *sb, cmp_weight);
    int rc = 0;
    for (size_t s = 0; s < ns && !rc; s++) {
        uint8_t *data = calloc((size_t)sb[s].len, 1);
        if (!data) {
            rc = -1;
            break;
        }
        if (sb[s].first == SIZE_MAX) {
            for (unsigned k = 0; k < 4; k++)
                data[k] = (uint8_t)(WL_ERET_WORD >> (8u * k));
        } else {
            for (size_t i = sb[s].first; i <= sb[s].last; i++) {
                uint64_t off = e[i].pc - sb[s].base;
                for (unsigned k = 0; k < 4; k++)
                    data[off + k] = (uint8_t)(e[i].word >> (8u * k));
            }
        }
        if (pe_image_add(&c->out->image, sb[s].base, data, sb[s].len))
            rc = -1;
        else
            c->st->image_bytes += sb[s].len;
        free(data);
    }
    c->st->segments = c->out->image.nseg;
    c->st->distinct_pcs = 0;
    for (size_t i = 0; i < n; i++)
        c->st->distinct_pcs += e[i].count != 0;
    free(sb);
    if (rc)
        fail(c, "out of memory building the image");
    return rc;
}

/* ---- the capture ----------------------------------------------------- */
int wl_import_buf(const uint8_t *cap, size_t len, const wl_import_opts *o, pe_stream *out,
                  wl_import_stats *st, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    c->o = o;
    c->out = out;
    c->st = st;
    c->err = err;
    c->errlen = errlen;
    memset(c->bimodal, 2, sizeof c->bimodal);
    c->cache = wl_cache_new();
    img_map img = {0};
    def_ent *defs = NULL;
    size_t ndefs = 0, capdefs = 0;
    acc_ent *acc = NULL;
    size_t nacc = 0, capacc = 0;
    img_ent *extra = NULL;      /* WORD entries */
    size_t nextra = 0, capextra = 0;
    int have_cur = 0, ended = 0;
    uint64_t cur_pc = 0;
    uint32_t cur_word = 0;
    size_t off = WL_CAP_HDR_SIZE;

    if (!c->cache) {
        fail(c, "out of memory");
        goto done;
    }
    if (len < WL_CAP_HDR_SIZE || memcmp(cap, WL_CAP_MAGIC, 8) != 0) {
        fail(c, "byte 0: not a capture (no \"%s\" header)", WL_CAP_MAGIC);
        goto done;
    }
    if (rd32(cap + 8) != WL_CAP_VERSION) {
        fail(c, "byte 8: capture version %" PRIu32 ", expected %u", rd32(cap + 8),
             WL_CAP_VERSION);
        goto done;
    }
    while (off < len && !c->failed) {
        if (ended) {
            fail(c, "byte %zu: data after the END entry", off);
            break;
        }
        if (len - off < 4) {
            fail(c, "byte %zu: truncated entry (%zu bytes left)", off, len - off);
            break;
        }
        uint32_t w = rd32(cap + off);
        if (!(w & 0x80000000u)) {                       /* EXEC */
            if (w >= ndefs) {
                fail(c, "byte %zu: instruction id %" PRIu32 " used before its definition "
                     "(%zu defined)", off, w, ndefs);
                break;
            }
            def_ent *d = &defs[w];
            if (!d->img) {
                long k = img_find_or_add(&img, d->pc, d->word);
                if (k < 0) {
                    fail(c, "out of memory");
                    break;
                }
                if (img.e[k].word != d->word) {
                    fail(c, "byte %zu: the instruction at 0x%" PRIx64 " is %08" PRIx32
                         " but was %08" PRIx32 " earlier: code that changes while it "
                         "runs is not supported", off, d->pc, d->word, img.e[k].word);
                    break;
                }
                d->img = (uint32_t)k + 1u;
            }
            img.e[d->img - 1u].count++;
            if (have_cur)
                finalize(c, cur_pc, cur_word, acc, nacc, 1, d->pc);
            have_cur = 1;
            cur_pc = d->pc;
            cur_word = d->word;
            nacc = 0;
            st->capture_insns++;
            off += 4;
            continue;
        }
        switch (w & WL_CAP_TAG_MASK) {
        case WL_CAP_DEF:
            if (w != WL_CAP_DEF || len - off < 16) {
                fail(c, "byte %zu: %s DEF entry", off, w != WL_CAP_DEF ? "malformed" :
                     "truncated");
                break;
            }
            if (ndefs > WL_CAP_MAX_ID) {
                fail(c, "byte %zu: too many instruction definitions", off);
                break;
            }
            if (ndefs == capdefs) {
                size_t nc = capdefs ? capdefs * 2u : 65536u;
                def_ent *nd = realloc(defs, nc * sizeof *nd);
                if (!nd) {
                    fail(c, "out of memory");
                    break;
                }
                defs = nd;
                capdefs = nc;
            }
            defs[ndefs].pc = rd64(cap + off + 4);
            defs[ndefs].word = rd32(cap + off + 12);
            defs[ndefs].img = 0;
            if (defs[ndefs].pc & 3u) {
                fail(c, "byte %zu: instruction address 0x%" PRIx64 " is not word aligned",
                     off, defs[ndefs].pc);
                break;
            }
            ndefs++;
            st->defs++;
            off += 16;
            break;
        case WL_CAP_WORD:
            if (w != WL_CAP_WORD || len - off < 16) {
                fail(c, "byte %zu: %s WORD entry", off, w != WL_CAP_WORD ? "malformed" :
                     "truncated");
                break;
            }
            if (nextra == capextra) {
                size_t nc = capextra ? capextra * 2u : 1024u;
                img_ent *ne = realloc(extra, nc * sizeof *ne);
                if (!ne) {
                    fail(c, "out of memory");
                    break;
                }
                extra = ne;
                capextra = nc;
            }
            extra[nextra].pc = rd64(cap + off + 4);
            extra[nextra].word = rd32(cap + off + 12);
            extra[nextra].count = 0;
            if (extra[nextra].pc & 3u) {
                fail(c, "byte %zu: WORD address 0x%" PRIx64 " is not word aligned", off,
                     extra[nextra].pc);
                break;
            }
            nextra++;
            off += 16;
            break;
        case WL_CAP_MEM:
            if ((w & ~(WL_CAP_TAG_MASK | WL_CAP_MEM_STORE | WL_CAP_MEM_SHIFT)) ||
                (w & WL_CAP_MEM_SHIFT) > 6u) {
                fail(c, "byte %zu: malformed MEM entry %08" PRIx32, off, w);
                break;
            }
            if (len - off < 12) {
                fail(c, "byte %zu: truncated MEM entry", off);
                break;
            }
            if (!have_cur) {
                fail(c, "byte %zu: memory access before any instruction", off);
                break;
            }
            if (nacc == capacc) {
                size_t nc = capacc ? capacc * 2u : 64u;
                acc_ent *na = realloc(acc, nc * sizeof *na);
                if (!na) {
                    fail(c, "out of memory");
                    break;
                }
                acc = na;
                capacc = nc;
            }
            acc[nacc].va = rd64(cap + off + 4);
            acc[nacc].shift = (uint8_t)(w & WL_CAP_MEM_SHIFT);
            acc[nacc].store = (w & WL_CAP_MEM_STORE) != 0;
            nacc++;
            st->capture_accesses++;
            off += 12;
            break;
        case WL_CAP_END: {
            unsigned how = w & 0x0FFFFFFFu;
            if (how == WL_END_ERROR) {
                fail(c, "byte %zu: the plugin could not record every instruction (see "
                     "QEMU's log)", off);
                break;
            }
            if (how > WL_END_ERROR) {
                fail(c, "byte %zu: END entry with unknown reason %u", off, how);
                break;
            }
            if (len - off < 28) {
                fail(c, "byte %zu: truncated END entry", off);
                break;
            }
            uint64_t ni = rd64(cap + off + 4), nm = rd64(cap + off + 12);
            uint64_t next_pc = rd64(cap + off + 20);
            if (ni != st->capture_insns || nm != st->capture_accesses) {
                fail(c, "byte %zu: END counts %" PRIu64 " instructions and %" PRIu64
                     " accesses, the capture holds %" PRIu64 " and %" PRIu64, off, ni, nm,
                     st->capture_insns, st->capture_accesses);
                break;
            }
            st->end = how;
            if (have_cur)
                finalize(c, cur_pc, cur_word, acc, nacc, how == WL_END_CAPPED, next_pc);
            have_cur = 0;
            ended = 1;
            off += 28;
            break;
        }
        default:
            fail(c, "byte %zu: unknown entry %08" PRIx32, off, w);
            break;
        }
    }
    if (!c->failed && !ended)
        fail(c, "byte %zu: the capture has no END entry (QEMU did not finish it)", len);
    /* words known but not executed (after an SVC): where an executed
     * instruction is at the same address, it is the one the image holds */
    for (size_t i = 0; i < nextra && !c->failed; i++)
        if (img_find_or_add(&img, extra[i].pc, extra[i].word) < 0)
            fail(c, "out of memory");
    if (!c->failed)
        build_image(c, &img);
    if (!c->failed) {
        wl_cache_stats cs;
        wl_cache_get_stats(c->cache, &cs);
        st->l1_miss = cs.l1_miss;
        st->l2_miss = cs.l2_miss;
        st->llc_miss = cs.llc_miss;
        st->tlb_walks = cs.tlb_walks;
        st->pages = cs.pages;
        if (out->nrec)
            st->cycles = out->rec[out->nrec - 1].cycle - out->rec[0].cycle;
    }
done:;
    int rc = c->failed ? -1 : 0;
    wl_cache_free(c->cache);
    img_free(&img);
    free(defs);
    free(acc);
    free(extra);
    free(c);
    return rc;
}

int wl_import_file(const char *path, const wl_import_opts *o, pe_stream *out,
                   wl_import_stats *st, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* read to the end: the capture may come through a FIFO */
    size_t cap = 1u << 20, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap * 2u);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2u;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int rerr = ferror(f);
    fclose(f);
    if (!buf || rerr) {
        snprintf(err, errlen, "%s: %s", path, buf ? "read error" : "out of memory");
        free(buf);
        return -1;
    }
    char inner[512];
    int rc = wl_import_buf(buf, len, o, out, st, inner, sizeof inner);
    if (rc)
        snprintf(err, errlen, "%s: %s", path, inner);
    free(buf);
    return rc;
}

void wl_import_stats_print(FILE *f, const char *name, const wl_import_stats *st)
{
    static const char *const end_name[] = {"exit", "cap", "second thread"};
    fprintf(f, "%s: captured %" PRIu64 " instructions, %" PRIu64 " accesses, %" PRIu64
            " translated, end: %s\n", name, st->capture_insns, st->capture_accesses, st->defs,
            st->end <= WL_END_THREAD ? end_name[st->end] : "?");
    fprintf(f, "%s: %" PRIu64 " records, %" PRIu64 " EL0 instructions, %" PRIu64
            " cycles\n", name, st->records, st->insns, st->cycles);
    uint64_t br = 0;
    for (unsigned k = PE_IC_B; k <= PE_IC_RET; k++)
        br += st->iclass[k];
    fprintf(f, "%s: branches %" PRIu64 " (taken %" PRIu64 ", mispredicted %" PRIu64
            "): B %" PRIu64 " B.cond %" PRIu64 " BL %" PRIu64 " BR %" PRIu64 " BLR %" PRIu64
            " RET %" PRIu64 "\n", name, br, st->taken, st->mispredicted, st->iclass[PE_IC_B],
            st->iclass[PE_IC_BCOND], st->iclass[PE_IC_BL], st->iclass[PE_IC_BR],
            st->iclass[PE_IC_BLR], st->iclass[PE_IC_RET]);
    fprintf(f, "%s: exceptions: %" PRIu64 " system calls, %" PRIu64 " data faults, %" PRIu64
            " traps, %" PRIu64 " breakpoints, %" PRIu64 " interrupts\n", name, st->syscalls,
            st->data_faults, st->traps, st->inst_debug, st->irqs);
    fprintf(f, "%s: loads %" PRIu64 ", stores %" PRIu64 " (atomic %" PRIu64 ", exclusive %"
            PRIu64 ", acquire/release %" PRIu64 ", SIMD&FP %" PRIu64 ", SVE %" PRIu64
            "), without access %" PRIu64 ", stray accesses %" PRIu64 "\n", name, st->loads,
            st->stores, st->ls_class[PE_LS_ATOMIC], st->ls_class[PE_LS_EXCL],
            st->ls_class[PE_LS_ACQREL], st->ls_simd, st->ls_sve, st->ls_no_access,
            st->stray_accesses);
    fprintf(f, "%s: L1D misses %" PRIu64 ", L2 misses %" PRIu64 ", LLC misses %" PRIu64
            ", TLB walks %" PRIu64 ", pages %" PRIu64 "\n", name, st->l1_miss, st->l2_miss,
            st->llc_miss, st->tlb_walks, st->pages);
    fprintf(f, "%s: image: %zu segments, %" PRIu64 " bytes, %" PRIu64
            " distinct instructions\n", name, st->segments, st->image_bytes, st->distinct_pcs);
}
