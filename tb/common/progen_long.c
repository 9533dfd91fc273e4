/* Random programs of long straight-line runs (progen.h, progen_long_runs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a64.h"
#include "harness.h"
#include "progen.h"

#define LR_CALLS 64u   /* call depth kept for RET */

enum lr_op { LR_OP_NONE, LR_OP_BCOND, LR_OP_B, LR_OP_BL, LR_OP_RET, LR_OP_BR, LR_OP_BLR };

typedef struct lr_site {
    uint8_t  op;       /* enum lr_op; NONE: not a branch */
    uint8_t  bias;     /* B.cond: taken with probability bias / 256 */
    uint32_t to;       /* direct branches: target slot */
} lr_site;

/* Branch mix in 1/100: B.cond 45, B 15, BL 15, RET 10, BR 8, BLR 7. */
static uint8_t pick_op(harness_rng *r)
{
    uint64_t k = harness_rng_below(r, 100);
    if (k < 45) return LR_OP_BCOND;
    if (k < 60) return LR_OP_B;
    if (k < 75) return LR_OP_BL;
    if (k < 85) return LR_OP_RET;
    if (k < 93) return LR_OP_BR;
    return LR_OP_BLR;
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

static uint32_t encode(const lr_site *s, uint32_t slot, harness_rng *r)
{
    int64_t off = ((int64_t)s->to - (int64_t)slot) * 4;
    switch (s->op) {
    case LR_OP_NONE:
        return harness_rng_below(r, 4) ? a64_add_imm((unsigned)harness_rng_below(r, 16),
                                                     (unsigned)harness_rng_below(r, 16),
                                                     (unsigned)harness_rng_below(r, 4096))
                                       : a64_nop();
    case LR_OP_BCOND: return a64_bcond((unsigned)harness_rng_below(r, 14), off);
    case LR_OP_B:     return a64_b(off);
    case LR_OP_BL:    return a64_bl(off);
    case LR_OP_RET:   return a64_ret(30);
    case LR_OP_BR:    return a64_br(16);
    default:          return a64_blr(16);
    }
}

int progen_long_runs(uint64_t seed, uint64_t n_records, pe_stream *out, char *err,
                     size_t errlen)
{
    static const uint8_t biases[] = {16, 64, 128, 192, 240};
    static const uint8_t iclass[] = {
        [LR_OP_NONE] = PE_IC_OTHER, [LR_OP_BCOND] = PE_IC_BCOND, [LR_OP_B] = PE_IC_B,
        [LR_OP_BL] = PE_IC_BL,      [LR_OP_RET] = PE_IC_RET,     [LR_OP_BR] = PE_IC_BR,
        [LR_OP_BLR] = PE_IC_BLR,
    };
    const uint32_t n = PROGEN_LR_SLOTS;
    const uint64_t base = PROGEN_USER_BASE;
    harness_rng rb, rx;
    harness_rng_init(&rb, seed, 23);   /* the program */
    harness_rng_init(&rx, seed, 24);   /* its execution */

    pe_stream_init(out);
    out->seed = seed;
    lr_site *site = calloc(n, sizeof *site);
    uint8_t *img = calloc(n, 4);
    if (!site || !img) {
        free(site);
        free(img);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* blocks: a body of straight-line instructions, then a branch; the
     * last slot is a BR, so execution never runs off the end */
    uint32_t body = pick_body(&rb);
    for (uint32_t i = 0; i < n; i++) {
        lr_site *s = &site[i];
        if (i + 1 == n) {
            s->op = LR_OP_BR;
        } else if (body) {
            s->op = LR_OP_NONE;
            body--;
        } else {
            s->op = pick_op(&rb);
            body = pick_body(&rb);
        }
        s->bias = biases[harness_rng_below(&rb, sizeof biases)];
        /* B and BL go forward, B.cond anywhere, into the middle of a body
         * as often as not: runs of every length up to the body's */
        if (s->op == LR_OP_B || s->op == LR_OP_BL)
            s->to = i + 1 + (uint32_t)harness_rng_below(&rb, n - 1 - i);
        else
            s->to = (uint32_t)harness_rng_below(&rb, n - 1);
        if (s->to == i)
            s->to = i + 1;
        uint32_t w = encode(s, i, &rb);
        for (unsigned k = 0; k < 4; k++)
            img[4u * i + k] = (uint8_t)(w >> (8u * k));
    }
    int rc = pe_image_add(&out->image, base, img, 4ull * n);
    free(img);
    if (rc) {
        free(site);
        snprintf(err, errlen, "out of memory");
        return -1;
    }

    uint64_t calls[LR_CALLS];
    unsigned ncalls = 0, top = 0;
    uint32_t slot = 0;
    uint64_t cycle = 1000 + harness_rng_below(&rx, 100000);
    uint64_t ts_base = 0x100000000ull + (harness_rng_next(&rx) >> 24);
    for (uint64_t k = 0; k < n_records; k++) {
        const lr_site *s = &site[slot];
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
        int taken = s->op != LR_OP_NONE;
        uint64_t to = 0;
        switch (s->op) {
        case LR_OP_NONE:
            break;
        case LR_OP_BCOND:
            r.flags |= PE_F_COND;
            taken = harness_rng_below(&rx, 256) < s->bias;
            to = base + 4ull * s->to;
            break;
        case LR_OP_RET:
            if (ncalls) {
                top = (top + LR_CALLS - 1) % LR_CALLS;
                to = calls[top];
                ncalls--;
            } else {
                to = base + 4ull * harness_rng_below(&rx, n);
            }
            break;
        case LR_OP_BR:
        case LR_OP_BLR:
            to = base + 4ull * harness_rng_below(&rx, n);
            break;
        default:
            to = base + 4ull * s->to;
            break;
        }
        if (s->op == LR_OP_BL || s->op == LR_OP_BLR) {
            calls[top] = pc + 4;
            top = (top + 1) % LR_CALLS;
            if (ncalls < LR_CALLS)
                ncalls++;
        }
        r.target = to;
        /* docs/pe-interface.md 1.2, 1.4: Events bit 1 retired, bit 6 not
         * taken (branches); latencies on every INSN record */
        r.spe_events = 1u << 1;
        if (taken) {
            r.flags |= PE_F_TAKEN;
        } else if (s->op == LR_OP_BCOND) {
            r.flags |= PE_F_CCFAIL;
            r.spe_events |= 1u << 6;
        }
        r.lat_issue = (uint16_t)(1 + harness_rng_below(&rx, 4));
        r.lat_total = (uint16_t)(r.lat_issue + 1 + harness_rng_below(&rx, 8));
        cycle += 1 + harness_rng_below(&rx, 3);
        r.cycle = cycle;
        r.timestamp = ts_base + (cycle >> 3);
        if (pe_stream_push(out, &r)) {
            free(site);
            pe_stream_free(out);
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        slot = taken ? (uint32_t)((to - base) / 4) : slot + 1;
    }
    free(site);
    return 0;
}
