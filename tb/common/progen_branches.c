/* Branch-heavy random programs (progen.h): progen_branches (every
 * instruction a branch) and progen_long_runs (long straight-line bodies
 * between branches).  One program builder and one executor serve both. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a64.h"
#include "harness.h"
#include "progen.h"

#define BR_CALLS 64u   /* call depth kept for RET */

enum br_op { BR_OP_NONE, BR_OP_BCOND, BR_OP_B, BR_OP_BL, BR_OP_RET, BR_OP_BR, BR_OP_BLR };

typedef struct br_site {
    uint8_t  op;       /* enum br_op; NONE: not a branch */
    uint8_t  bias;     /* B.cond: taken with probability bias / 256 */
    uint32_t to;       /* direct branches: target slot */
} br_site;

/* A program shape: the branch mix (cumulative thresholds in 1/100 for
 * B.cond, B, BL, RET, BR; the rest BLR), whether bodies of non-branch
 * instructions stand between branches, and the two random streams. */
typedef struct br_shape {
    uint8_t  mix[5];
    int      bodies;
    uint32_t slots;
    unsigned stream_prog, stream_exec;
} br_shape;

/* progen_branches: B.cond 60, B 12, BL 10, RET 8, BR 5, BLR 5 */
static const br_shape shape_branches = {{60, 72, 82, 90, 95}, 0, PROGEN_BR_SLOTS, 21, 22};
/* progen_long_runs: B.cond 45, B 15, BL 15, RET 10, BR 8, BLR 7 */
static const br_shape shape_long = {{45, 60, 75, 85, 93}, 1, PROGEN_LR_SLOTS, 23, 24};

static uint8_t pick_op(const br_shape *sh, harness_rng *r)
{
    uint64_t k = harness_rng_below(r, 100);
    if (k < sh->mix[0]) return BR_OP_BCOND;
    if (k < sh->mix[1]) return BR_OP_B;
    if (k < sh->mix[2]) return BR_OP_BL;
    if (k < sh->mix[3]) return BR_OP_RET;
    if (k < sh->mix[4]) return BR_OP_BR;
    return BR_OP_BLR;
}

/* Straight-line length before a branch: a quarter 0..15 instructions, a
 * quarter 16..63, half 64..PROGEN_LR_BODY_MAX (longer than a run's 64). */
static uint32_t pick_body(harness_rng *r)
{
    uint64_t k = harness_rng_below(r, 4);
    if (k == 0) return (uint32_t)harness_rng_below(r, 16);
    if (k == 1) return 16u + (uint32_t)harness_rng_below(r, 48);
    return 64u + (uint32_t)harness_rng_below(r, PROGEN_LR_BODY_MAX - 63u);
}

static uint32_t encode(const br_site *s, uint32_t slot, harness_rng *r)
{
    int64_t off = ((int64_t)s->to - (int64_t)slot) * 4;
    switch (s->op) {
    case BR_OP_NONE:
        return harness_rng_below(r, 4) ? a64_add_imm((unsigned)harness_rng_below(r, 16),
                                                     (unsigned)harness_rng_below(r, 16),
                                                     (unsigned)harness_rng_below(r, 4096))
                                       : a64_nop();
    case BR_OP_BCOND: return a64_bcond((unsigned)harness_rng_below(r, 14), off);
    case BR_OP_B:     return a64_b(off);
    case BR_OP_BL:    return a64_bl(off);
    case BR_OP_RET:   return a64_ret(30);
    case BR_OP_BR:    return a64_br(16);
    default:          return a64_blr(16);
    }
}

/* The program: sh->slots instructions at PROGEN_USER_BASE into out's
 * image, their sites into site.  The last slot is a BR, so execution never
 * runs off the end. */
static int build(const br_shape *sh, harness_rng *rb, br_site *site, pe_stream *out)
{
    static const uint8_t biases[] = {16, 64, 128, 192, 240};
    const uint32_t n = sh->slots;
    uint8_t *img = calloc(n, 4);
    if (!img)
        return -1;
    uint32_t body = sh->bodies ? pick_body(rb) : 0;
    for (uint32_t i = 0; i < n; i++) {
        br_site *s = &site[i];
        if (i + 1 == n) {
            s->op = BR_OP_BR;
        } else if (body) {
            s->op = BR_OP_NONE;
            body--;
        } else {
            s->op = pick_op(sh, rb);
            if (sh->bodies)
                body = pick_body(rb);
        }
        s->bias = biases[harness_rng_below(rb, sizeof biases)];
        /* B and BL go forward, B.cond anywhere (into the middle of a body
         * as often as not): a cycle of the program passes a B.cond (both
         * ways likely) or an indirect branch, so the execution never
         * settles into a loop */
        if (s->op == BR_OP_B || s->op == BR_OP_BL)
            s->to = i + 1 + (uint32_t)harness_rng_below(rb, n - 1 - i);
        else
            s->to = (uint32_t)harness_rng_below(rb, n - 1);
        if (s->to == i)
            s->to = i + 1;
        uint32_t w = encode(s, i, rb);
        for (unsigned k = 0; k < 4; k++)
            img[4u * i + k] = (uint8_t)(w >> (8u * k));
    }
    int rc = pe_image_add(&out->image, PROGEN_USER_BASE, img, 4ull * n);
    free(img);
    return rc ? -1 : 0;
}

/* Execute the program from slot 0 for n_records records. */
static int run(const br_shape *sh, harness_rng *rx, const br_site *site, uint64_t n_records,
               pe_stream *out)
{
    static const uint8_t iclass[] = {
        [BR_OP_NONE] = PE_IC_OTHER, [BR_OP_BCOND] = PE_IC_BCOND, [BR_OP_B] = PE_IC_B,
        [BR_OP_BL] = PE_IC_BL,      [BR_OP_RET] = PE_IC_RET,     [BR_OP_BR] = PE_IC_BR,
        [BR_OP_BLR] = PE_IC_BLR,
    };
    const uint32_t n = sh->slots;
    const uint64_t base = PROGEN_USER_BASE;
    /* the return addresses of the calls not yet returned from (the
     * program's stack of saved x30 values), the newest BR_CALLS kept */
    uint64_t calls[BR_CALLS];
    unsigned ncalls = 0, top = 0;
    uint32_t slot = 0;
    uint64_t cycle = 1000 + harness_rng_below(rx, 100000);
    uint64_t ts_base = 0x100000000ull + (harness_rng_next(rx) >> 24);
    for (uint64_t k = 0; k < n_records; k++) {
        const br_site *s = &site[slot];
        pe_rec r;
        memset(&r, 0, sizeof r);
        uint64_t pc = base + 4ull * slot;
        const uint8_t *op = &out->image.seg[0].data[4u * slot];
        r.pc = pc;
        r.opcode = (uint32_t)op[0] | (uint32_t)op[1] << 8 | (uint32_t)op[2] << 16 |
                   (uint32_t)op[3] << 24;
        r.kind = PE_KIND_INSN;
        r.iclass = iclass[s->op];
        r.isa = PE_ISA_A64;
        r.el = 0;
        r.flags = PE_F_NS;
        int taken = s->op != BR_OP_NONE;
        uint64_t to = 0;
        switch (s->op) {
        case BR_OP_NONE:
            break;
        case BR_OP_BCOND:
            r.flags |= PE_F_COND;
            taken = harness_rng_below(rx, 256) < s->bias;
            to = base + 4ull * s->to;
            break;
        case BR_OP_RET:
            if (ncalls) {
                top = (top + BR_CALLS - 1) % BR_CALLS;
                to = calls[top];
                ncalls--;
            } else {
                to = base + 4ull * harness_rng_below(rx, n);
            }
            break;
        case BR_OP_BR:
        case BR_OP_BLR:
            to = base + 4ull * harness_rng_below(rx, n);
            break;
        default:
            to = base + 4ull * s->to;
            break;
        }
        if (s->op == BR_OP_BL || s->op == BR_OP_BLR) {
            calls[top] = pc + 4;
            top = (top + 1) % BR_CALLS;
            if (ncalls < BR_CALLS)
                ncalls++;
        }
        r.target = to;
        /* docs/pe-interface.md 1.2, 1.4: Events bit 1 retired, bit 6 not
         * taken (branches); latencies on every INSN record */
        r.spe_events = 1u << 1;
        if (taken) {
            r.flags |= PE_F_TAKEN;
        } else if (s->op == BR_OP_BCOND) {
            r.flags |= PE_F_CCFAIL;
            r.spe_events |= 1u << 6;
        }
        r.lat_issue = (uint16_t)(1 + harness_rng_below(rx, 4));
        r.lat_total = (uint16_t)(r.lat_issue + 1 + harness_rng_below(rx, 8));
        cycle += 1 + harness_rng_below(rx, 3);
        r.cycle = cycle;
        r.timestamp = ts_base + (cycle >> 3);
        if (pe_stream_push(out, &r))
            return -1;
        slot = taken ? (uint32_t)((to - base) / 4) : slot + 1;
    }
    return 0;
}

static int generate(const br_shape *sh, uint64_t seed, uint64_t n_records, pe_stream *out,
                    char *err, size_t errlen)
{
    harness_rng rb, rx;
    harness_rng_init(&rb, seed, sh->stream_prog);   /* the program */
    harness_rng_init(&rx, seed, sh->stream_exec);   /* its execution */
    pe_stream_init(out);
    out->seed = seed;
    br_site *site = calloc(sh->slots, sizeof *site);
    if (!site || build(sh, &rb, site, out) || run(sh, &rx, site, n_records, out)) {
        free(site);
        pe_stream_free(out);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    free(site);
    return 0;
}

int progen_branches(uint64_t seed, uint64_t n_records, pe_stream *out, char *err,
                    size_t errlen)
{
    return generate(&shape_branches, seed, n_records, out, err, errlen);
}

int progen_long_runs(uint64_t seed, uint64_t n_records, pe_stream *out, char *err,
                     size_t errlen)
{
    return generate(&shape_long, seed, n_records, out, err, errlen);
}
