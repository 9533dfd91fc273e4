/* Tests of the random A64 program generator (tb/common/progen.h): the
 * stream is deterministic per seed, every record is consistent with the
 * program image and with the ordering rules of docs/pe-interface.md, and
 * across seeds every feature shows up. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "a64.h"
#include "pe_stream.h"
#include "progen.h"

/* ---- an independent A64 decode, written from the encoding tables ------ */
static unsigned bits(uint32_t w, unsigned hi, unsigned lo)
{
    return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

static unsigned my_iclass(uint32_t w)
{
    unsigned op0 = bits(w, 28, 25);
    if ((op0 & 0xEu) != 0xAu)              /* not "branches, exception, system" */
        return PE_IC_OTHER;
    unsigned top3 = bits(w, 31, 29);
    if (top3 == 0 || top3 == 4)            /* B / BL */
        return top3 ? PE_IC_BL : PE_IC_B;
    if (top3 == 1 || top3 == 5) {          /* compare / test and branch */
        return PE_IC_BCOND;
    }
    if (top3 == 2)                          /* B.cond (bit 4 = 0), BC.cond */
        return bits(w, 25, 24) == 0 && bits(w, 4, 4) == 0 ? PE_IC_BCOND : PE_IC_OTHER;
    if (top3 != 6)
        return PE_IC_OTHER;
    if (bits(w, 25, 24) == 0) {            /* exception generation */
        unsigned opc = bits(w, 23, 21), ll = bits(w, 1, 0);
        if (bits(w, 4, 2) != 0)
            return PE_IC_OTHER;
        if (opc == 0 && ll != 0)
            return PE_IC_EXCGEN;           /* SVC HVC SMC */
        if (opc == 1 && ll == 0)
            return PE_IC_EXCGEN;           /* BRK */
        if (opc == 3 && ll == 0)
            return PE_IC_TCANCEL;
        return PE_IC_OTHER;
    }
    if (bits(w, 25, 22) == 4) {            /* system */
        if (w == 0xD503207Fu || w == 0xD503205Fu)
            return PE_IC_WFX;
        if (bits(w, 31, 12) == 0xD5033u && bits(w, 7, 0) == 0xDFu)
            return PE_IC_ISB;
        if (w == 0xD503307Fu)
            return PE_IC_TCOMMIT;
        if (bits(w, 31, 5) == (0xD5233060u >> 5))
            return PE_IC_TSTART;
        return PE_IC_OTHER;
    }
    if (bits(w, 25, 25) == 1 && bits(w, 20, 16) == 31) {   /* branch (register) */
        switch (bits(w, 24, 21)) {
        case 0: return PE_IC_BR;
        case 1: return PE_IC_BLR;
        case 2: return PE_IC_RET;
        case 4: return PE_IC_ERET;
        default: return PE_IC_OTHER;
        }
    }
    return PE_IC_OTHER;
}

static int64_t sx(uint64_t v, unsigned n)
{
    return (v & (1ull << (n - 1))) ? (int64_t)(v | ~((1ull << n) - 1u)) : (int64_t)v;
}

/* target of a direct branch at pc */
static uint64_t my_target(uint32_t w, uint64_t pc)
{
    unsigned top3 = bits(w, 31, 29);
    int64_t off;
    if (top3 == 0 || top3 == 4)
        off = sx(bits(w, 25, 0), 26) * 4;
    else if (bits(w, 30, 25) == 0x1B)      /* TBZ/TBNZ */
        off = sx(bits(w, 18, 5), 14) * 4;
    else                                    /* CBZ/CBNZ, B.cond */
        off = sx(bits(w, 23, 5), 19) * 4;
    return pc + (uint64_t)off;
}

/* ---- the stream checker ------------------------------------------------ */
#define NKEY 16

typedef struct stk {
    uint32_t key;
    unsigned sp;
    uint64_t ret[256];
} stk;

typedef struct stats {
    uint64_t insn, branches, kinds[PE_KIND_COUNT], iclass[PE_IC_COUNT], exc[32];
    uint64_t tfail_cause[8], ls[8], simdfp, mispred, extin, stalls, tstate, nested_tx;
    uint64_t cid1_changes, cid2_changes, vmid_changes, el2, exc_el1_el1, exc_el0_el1;
    unsigned max_depth;
    /* far code and libraries (progen.h address map) */
    uint64_t el0_insn, far_insn, lib_insn, lib_4g_insn;
    uint64_t bl_to_far, bl_from_far, br_to_lib, blr_to_lib, ret_from_lib, lib_callback;
    uint64_t exc_far[32], exc_lib[32];
    uint64_t exc_hist32, exc_hist64;   /* see last_addr */
} stats;

/* what a segment holds */
enum { SEG_KERN, SEG_HYP, SEG_MAIN, SEG_FAR, SEG_LIB };
#define MAXSEG 32

typedef struct ck {
    const pe_image *img;
    char msg[600];
    int have_prev;
    pe_rec prev;
    uint64_t next_pc;
    unsigned el;
    int need_exc, need_tfail;
    int boot;            /* since reset, before the first ERET */
    unsigned same;       /* records so far in the current cycle */
    uint64_t exc_pc;
    int allow_cid1, allow_cid2, allow_vmid;
    uint64_t vbar[3];
    stk st[NKEY];
    unsigned nst;
    struct { uint64_t ret; unsigned el; uint32_t cid1; } fr[16];
    unsigned nfr;
    struct { uint32_t cid; uint64_t pc; } rs[NKEY];
    unsigned nrs;
    unsigned txdepth, tx_key;
    uint64_t tx_restart;
    unsigned tx_sp;
    /* layout: class and process slot of each image segment */
    unsigned nseg, lastseg;
    uint8_t segcls[MAXSEG], segslot[MAXSEG];
    /* The last address a trace without return stack would carry (target
     * of an indirect branch or ERET, or an exception's preferred return
     * address): EL0 exceptions whose address differs from it in bits
     * [63:32] or only in [31:17] are counted. */
    uint64_t last_addr;
    stats s;
} ck;

static stk *stack_of(ck *c, unsigned el, uint32_t cid1)
{
    uint32_t key = el == 0 ? cid1 : 0xFFFF0000u + el;
    for (unsigned i = 0; i < c->nst; i++)
        if (c->st[i].key == key)
            return &c->st[i];
    if (c->nst == NKEY)
        return NULL;
    c->st[c->nst].key = key;
    c->st[c->nst].sp = 0;
    return &c->st[c->nst++];
}

static void ck_reset_state(ck *c)
{
    c->nst = 0;
    c->nfr = 0;
    c->nrs = 0;
    c->txdepth = 0;
    c->need_exc = c->need_tfail = 0;
}

#define FAIL(...) do { snprintf(c->msg, sizeof c->msg, __VA_ARGS__); return -1; } while (0)

/* Check the address map of progen.h and classify the segments. */
static int check_layout(ck *c)
{
    const pe_image *img = c->img;
    if (img->nseg > MAXSEG)
        FAIL("%zu image segments", img->nseg);
    c->nseg = (unsigned)img->nseg;
    int main_of[PROGEN_MAX_PROC];
    for (unsigned p = 0; p < PROGEN_MAX_PROC; p++)
        main_of[p] = -1;
    for (unsigned k = 0; k < c->nseg; k++) {
        uint64_t b = img->seg[k].base, len = img->seg[k].len;
        if (b == PROGEN_VBAR_EL1) {
            c->segcls[k] = SEG_KERN;
        } else if (b == PROGEN_VBAR_EL2) {
            c->segcls[k] = SEG_HYP;
        } else if (b >= PROGEN_USER_BASE &&
                   b < PROGEN_USER_BASE + PROGEN_MAX_PROC * PROGEN_USER_STRIDE) {
            unsigned p = (unsigned)((b - PROGEN_USER_BASE) / PROGEN_USER_STRIDE);
            uint64_t slot = PROGEN_USER_BASE + p * PROGEN_USER_STRIDE;
            c->segslot[k] = (uint8_t)p;
            c->segcls[k] = b == slot ? SEG_MAIN : SEG_FAR;
            if (b == slot)
                main_of[p] = (int)k;
            if (b + len > slot + PROGEN_USER_STRIDE)
                FAIL("segment 0x%" PRIx64 " leaves its process slot", b);
        } else if (b >= PROGEN_LIB_BASE + 0x100000000ull &&
                   b < PROGEN_LIB_BASE + PROGEN_MAX_PROC * PROGEN_LIB_STRIDE) {
            unsigned p = (unsigned)((b - PROGEN_LIB_BASE) / PROGEN_LIB_STRIDE);
            c->segslot[k] = (uint8_t)p;
            c->segcls[k] = SEG_LIB;
            if (b + len > PROGEN_LIB_BASE + (p + 1) * PROGEN_LIB_STRIDE)
                FAIL("library segment 0x%" PRIx64 " leaves its window", b);
        } else {
            FAIL("segment 0x%" PRIx64 " outside the address map", b);
        }
    }
    unsigned nfar[PROGEN_MAX_PROC] = {0}, nlib[PROGEN_MAX_PROC] = {0};
    for (unsigned k = 0; k < c->nseg; k++) {
        uint64_t b = img->seg[k].base, e = b + img->seg[k].len;
        for (unsigned j = 0; j < k; j++) {
            uint64_t b2 = img->seg[j].base, e2 = b2 + img->seg[j].len;
            if (b < e2 && b2 < e)
                FAIL("segments 0x%" PRIx64 " and 0x%" PRIx64 " overlap", b, b2);
        }
        if (c->segcls[k] == SEG_FAR || c->segcls[k] == SEG_LIB) {
            unsigned p = c->segslot[k];
            if (main_of[p] < 0)
                FAIL("segment 0x%" PRIx64 " without the main code of its process", b);
            const pe_segment *m = &img->seg[main_of[p]];
            if (c->segcls[k] == SEG_FAR && b <= m->base + m->len + PROGEN_FAR_GAP)
                FAIL("far segment 0x%" PRIx64 " within 128 KB of the main code", b);
            if (c->segcls[k] == SEG_FAR ? nfar[p]++ : nlib[p]++)
                FAIL("process %u has two far or library segments", p);
        }
    }
    for (unsigned p = 0; p < PROGEN_MAX_PROC; p++)
        if (main_of[p] >= 0 && (!nfar[p] || !nlib[p]))
            FAIL("process %u without far code or library", p);
    return 0;
}

/* index of the segment holding pc (checked to exist by the caller) */
static unsigned seg_of(ck *c, uint64_t pc)
{
    const pe_segment *sg = &c->img->seg[c->lastseg];
    if (pc - sg->base < sg->len)
        return c->lastseg;
    for (unsigned k = 0; k < c->nseg; k++)
        if (pc - c->img->seg[k].base < c->img->seg[k].len)
            return c->lastseg = k;
    return 0;
}

static unsigned cls_of(ck *c, uint64_t pc)
{
    return c->segcls[seg_of(c, pc)];
}

static unsigned vec_kind(unsigned type)
{
    switch (type) {
    case PE_EXC_IRQ: return 1;
    case PE_EXC_FIQ: return 2;
    case PE_EXC_SERROR: return 3;
    default: return 0;
    }
}

static int is_branch(unsigned ic)
{
    return ic == PE_IC_B || ic == PE_IC_BCOND || ic == PE_IC_BL || ic == PE_IC_BR ||
           ic == PE_IC_BLR || ic == PE_IC_RET || ic == PE_IC_ERET;
}

static int check_rec(ck *c, size_t i, const pe_rec *r)
{
    const pe_rec *p = c->have_prev ? &c->prev : NULL;
    if (r->kind >= PE_KIND_COUNT)
        FAIL("rec %zu: kind %u", i, r->kind);
    c->s.kinds[r->kind]++;
    if (r->isa != PE_ISA_A64 || !(r->flags & PE_F_NS) || r->reserved != 0 || r->el > 2)
        FAIL("rec %zu: isa %u flags %x el %u reserved %" PRIx64, i, r->isa, r->flags, r->el,
             r->reserved);
    if (p && (r->cycle < p->cycle || r->timestamp < p->timestamp))
        FAIL("rec %zu: cycle/timestamp go backwards", i);
    if (p && r->cycle - p->cycle >= 100)
        c->s.stalls++;
    /* at most two records per cycle; events and resets start a new cycle,
     * nothing shares a cycle with a RESET record */
    c->same = p && r->cycle == p->cycle ? c->same + 1 : 1;
    if (c->same > 2)
        FAIL("rec %zu: three records in cycle %" PRIu64, i, r->cycle);
    if (p && r->cycle == p->cycle && (r->kind != PE_KIND_INSN || p->kind == PE_KIND_RESET))
        FAIL("rec %zu: shares cycle %" PRIu64 " with an event record", i, r->cycle);
    if (r->kind != PE_KIND_INSN &&
        (r->opcode || r->iclass || r->ls || r->va || r->pa || r->lat_total || r->lat_issue ||
         r->lat_xlat || r->data_source || r->spe_events || r->size_log2))
        FAIL("rec %zu: %s record with instruction fields set", i, pe_kind_name(r->kind));
    if (r->kind == PE_KIND_INSN) {
        if (!(r->spe_events & 2u) || r->lat_total < r->lat_issue + r->lat_xlat)
            FAIL("rec %zu: SPE events %x / latencies %u<%u+%u", i, r->spe_events,
                 r->lat_total, r->lat_issue, r->lat_xlat);
        if (!(r->ls & PE_LS_MASK) &&
            (r->va || r->pa || r->lat_xlat || r->data_source || r->size_log2 || r->ls))
            FAIL("rec %zu: data fields on a non-load/store", i);
        if ((r->flags & PE_F_MISPRED) && !is_branch(r->iclass))
            FAIL("rec %zu: mispredicted non-branch", i);
        if (r->iclass == PE_IC_BCOND &&
            (!(r->flags & PE_F_COND) || !(r->flags & PE_F_TAKEN) != !!(r->flags & PE_F_CCFAIL)))
            FAIL("rec %zu: conditional branch flags %x", i, r->flags);
    }
    if (r->ext_in)
        c->s.extin++;
    if (c->need_exc && r->kind != PE_KIND_EXC)
        FAIL("rec %zu: exception-generating instruction not followed by EXC", i);
    if (c->need_tfail && r->kind != PE_KIND_TFAIL)
        FAIL("rec %zu: TCANCEL not followed by TFAIL", i);

    /* context: changes only at reset or after an MSR of the register */
    if (r->kind == PE_KIND_RESET) {
        if (r->contextidr_el1 || r->contextidr_el2 || r->vmid)
            FAIL("rec %zu: RESET with non-zero context (R_HTYGF)", i);
    } else if (p) {
        if (r->contextidr_el1 != p->contextidr_el1) {
            if (!c->allow_cid1)
                FAIL("rec %zu: CONTEXTIDR_EL1 changed without MSR", i);
            c->s.cid1_changes++;
        }
        if (r->contextidr_el2 != p->contextidr_el2) {
            if (!c->allow_cid2)
                FAIL("rec %zu: CONTEXTIDR_EL2 changed without MSR", i);
            c->s.cid2_changes++;
        }
        if (r->vmid != p->vmid) {
            if (!c->allow_vmid)
                FAIL("rec %zu: VMID changed without MSR VTTBR_EL2", i);
            c->s.vmid_changes++;
        }
    }
    c->allow_cid1 = c->allow_cid2 = c->allow_vmid = 0;
    if (r->el == 2)
        c->s.el2++;

    switch (r->kind) {
    case PE_KIND_INSN: {
        uint32_t w;
        if (pe_image_read32(c->img, r->pc, &w))
            FAIL("rec %zu: pc 0x%" PRIx64 " not in the image", i, r->pc);
        if (w != r->opcode)
            FAIL("rec %zu: opcode %08x but image has %08x at 0x%" PRIx64, i, r->opcode, w,
                 r->pc);
        unsigned ic = my_iclass(w);
        if (ic != r->iclass)
            FAIL("rec %zu: iclass %u, decode says %u (op %08x)", i, r->iclass, ic, w);
        if (p && r->pc != c->next_pc)
            FAIL("rec %zu: pc 0x%" PRIx64 ", expected 0x%" PRIx64, i, r->pc, c->next_pc);
        if (p && r->el != c->el)
            FAIL("rec %zu: el %u, expected %u", i, r->el, c->el);
        if (!!(r->flags & PE_F_TSTATE) != (c->txdepth > 0))
            FAIL("rec %zu: TSTATE flag %d but transaction depth %u", i,
                 !!(r->flags & PE_F_TSTATE), c->txdepth);
        if (r->flags & PE_F_TSTATE)
            c->s.tstate++;
        unsigned cls = cls_of(c, r->pc);
        static const uint8_t cls_el[] = {[SEG_KERN] = 1, [SEG_HYP] = 2, [SEG_MAIN] = 0,
                                         [SEG_FAR] = 0, [SEG_LIB] = 0};
        if (cls_el[cls] != r->el)
            FAIL("rec %zu: el%u code at 0x%" PRIx64, i, r->el, r->pc);
        if (r->el == 0) {
            c->s.el0_insn++;
            c->s.far_insn += cls == SEG_FAR;
            if (cls == SEG_LIB) {
                c->s.lib_insn++;
                c->s.lib_4g_insn += (r->pc >> 32) != (c->img->seg[seg_of(c, r->pc)].base >> 32);
            }
        }
        c->s.insn++;
        c->s.iclass[ic]++;
        if (is_branch(ic))
            c->s.branches++;
        if (r->flags & PE_F_MISPRED)
            c->s.mispred++;
        if (r->ls & PE_LS_MASK) {
            unsigned sz = r->size_log2;
            if (sz > 4 || (r->va & ((1ull << sz) - 1u)) || (r->pa & 0xFFFu) != (r->va & 0xFFFu))
                FAIL("rec %zu: bad load/store fields", i);
            c->s.ls[r->ls & 7u]++;
            if (r->ls & PE_LS_SIMDFP)
                c->s.simdfp++;
        }
        int taken = !!(r->flags & PE_F_TAKEN);
        uint64_t next = r->pc + 4;
        stk *s = stack_of(c, r->el, r->contextidr_el1);
        if (!s)
            FAIL("rec %zu: too many contexts", i);
        switch (ic) {
        case PE_IC_B: case PE_IC_BL: case PE_IC_BCOND:
            if (r->target != my_target(w, r->pc))
                FAIL("rec %zu: target 0x%" PRIx64 " but encoding gives 0x%" PRIx64, i,
                     r->target, my_target(w, r->pc));
            if (ic != PE_IC_BCOND && !taken)
                FAIL("rec %zu: B/BL not taken", i);
            if (taken)
                next = r->target;
            if (ic == PE_IC_BL && r->el == 0) {
                unsigned tc = cls_of(c, r->target);
                if (cls != tc && (cls == SEG_LIB || tc == SEG_LIB))
                    FAIL("rec %zu: BL between the library and 0x%" PRIx64, i, r->target);
                if (cls == SEG_MAIN && tc == SEG_FAR) {
                    if (r->target - r->pc <= 0x20000)
                        FAIL("rec %zu: far call only 0x%" PRIx64 " bytes", i,
                             r->target - r->pc);
                    c->s.bl_to_far++;
                }
                c->s.bl_from_far += cls == SEG_FAR && tc == SEG_MAIN;
            }
            if (ic == PE_IC_BL) {
                if (s->sp == 256)
                    FAIL("rec %zu: call depth overflow", i);
                s->ret[s->sp++] = r->pc + 4;
                if (s->sp > c->s.max_depth)
                    c->s.max_depth = s->sp;
            }
            break;
        case PE_IC_BR: case PE_IC_BLR:
            if (!taken)
                FAIL("rec %zu: indirect branch not taken", i);
            next = r->target;
            c->last_addr = r->target;
            if (r->el == 0) {
                unsigned tc = cls_of(c, r->target);
                if (cls != SEG_LIB && tc == SEG_LIB) {
                    if ((r->pc >> 32) == (r->target >> 32))
                        FAIL("rec %zu: library call within 4 GB", i);
                    if (ic == PE_IC_BR)
                        c->s.br_to_lib++;
                    else
                        c->s.blr_to_lib++;
                }
                c->s.lib_callback += cls == SEG_LIB && tc != SEG_LIB && ic == PE_IC_BLR;
            }
            if (ic == PE_IC_BLR) {
                if (s->sp == 256)
                    FAIL("rec %zu: call depth overflow", i);
                s->ret[s->sp++] = r->pc + 4;
                if (s->sp > c->s.max_depth)
                    c->s.max_depth = s->sp;
            }
            break;
        case PE_IC_RET:
            if (!taken)
                FAIL("rec %zu: RET not taken", i);
            if (!s->sp)
                FAIL("rec %zu: RET with an empty call stack", i);
            if (s->ret[--s->sp] != r->target)
                FAIL("rec %zu: RET to 0x%" PRIx64 ", call was from 0x%" PRIx64, i, r->target,
                     s->ret[s->sp] - 4);
            next = r->target;
            c->last_addr = r->target;
            c->s.ret_from_lib += r->el == 0 && cls == SEG_LIB && cls_of(c, r->target) != SEG_LIB;
            break;
        case PE_IC_ERET: {
            if (!taken)
                FAIL("rec %zu: ERET not taken", i);
            if (!c->nfr && c->boot) {
                /* the reset code's ERET: ELR/SPSR written by MSR, to EL0 */
                c->boot = 0;
                c->el = 0;
                next = r->target;
                break;
            }
            if (!c->nfr)
                FAIL("rec %zu: ERET without an exception frame", i);
            c->nfr--;
            unsigned fel = c->fr[c->nfr].el;
            uint64_t want = c->fr[c->nfr].ret;
            if (fel == 0 && r->contextidr_el1 != c->fr[c->nfr].cid1) {
                want = r->target;
                for (unsigned k = 0; k < c->nrs; k++)
                    if (c->rs[k].cid == r->contextidr_el1)
                        want = c->rs[k].pc;
            }
            if (fel == 0)
                for (unsigned k = 0; k < c->nrs; k++)
                    if (c->rs[k].cid == r->contextidr_el1)
                        c->rs[k] = c->rs[--c->nrs];
            if (r->target != want)
                FAIL("rec %zu: ERET to 0x%" PRIx64 ", expected 0x%" PRIx64, i, r->target, want);
            next = r->target;
            c->last_addr = r->target;
            c->el = fel;
            break;
        }
        case PE_IC_ISB: case PE_IC_WFX: case PE_IC_TSTART:
            if (!taken || r->target != r->pc + 4)
                FAIL("rec %zu: ISB/WFX/TSTART must be taken with target pc+4", i);
            if (ic == PE_IC_TSTART) {
                if (c->txdepth == 0) {
                    c->tx_restart = r->pc + 4;
                    c->tx_key = (unsigned)(s - c->st);
                    c->tx_sp = s->sp;
                } else {
                    c->s.nested_tx++;
                }
                c->txdepth++;
            }
            break;
        case PE_IC_EXCGEN:
            if (taken)
                FAIL("rec %zu: EXCGEN marked taken", i);
            c->need_exc = 1;
            c->exc_pc = (w & 0xFFE0001Fu) == 0xD4200000u ? r->pc : r->pc + 4;
            break;
        case PE_IC_TCOMMIT:
            if (!c->txdepth || taken)
                FAIL("rec %zu: TCOMMIT outside a transaction or taken", i);
            c->txdepth--;
            break;
        case PE_IC_TCANCEL:
            if (!c->txdepth || taken)
                FAIL("rec %zu: TCANCEL outside a transaction or taken", i);
            c->need_tfail = 1;
            break;
        default:
            if (taken)
                FAIL("rec %zu: non-branch marked taken", i);
            if ((w & 0xFFFFFFE0u) == 0xD518D020u)
                c->allow_cid1 = 1;
            else if ((w & 0xFFFFFFE0u) == 0xD51CD020u)
                c->allow_cid2 = 1;
            else if ((w & 0xFFFFFFE0u) == 0xD51C2100u)
                c->allow_vmid = 1;
            break;
        }
        c->next_pc = next;
        break;
    }
    case PE_KIND_EXC: {
        unsigned t = r->exc_type;
        c->s.exc[t & 31u]++;
        if (p) {
            uint64_t want = c->need_exc ? c->exc_pc : c->next_pc;
            if (r->pc != want)
                FAIL("rec %zu: exception pc 0x%" PRIx64 ", expected 0x%" PRIx64, i, r->pc, want);
            if (r->from_el != c->el)
                FAIL("rec %zu: exception from el%u, PE was at el%u", i, r->from_el, c->el);
        }
        c->need_exc = 0;
        if (c->txdepth || (r->flags & PE_F_TSTATE))
            FAIL("rec %zu: exception taken in Transactional state", i);
        if (r->el < 1 || r->el < r->from_el)
            FAIL("rec %zu: exception to el%u from el%u", i, r->el, r->from_el);
        unsigned off = (r->from_el < r->el ? 0x400u : 0x200u) + 0x80u * vec_kind(t);
        if ((r->target & 0x7FFu) != off)
            FAIL("rec %zu: vector 0x%" PRIx64 " for type %u from el%u, offset should be 0x%x",
                 i, r->target, t, r->from_el, off);
        if (!c->vbar[r->el])
            c->vbar[r->el] = r->target & ~0x7FFull;
        if ((r->target & ~0x7FFull) != c->vbar[r->el])
            FAIL("rec %zu: vector base changed", i);
        if (r->from_el == 0) {
            if (pe_image_read32(c->img, r->pc, &(uint32_t){0}))
                FAIL("rec %zu: exception return address 0x%" PRIx64 " not in the image", i,
                     r->pc);
            unsigned cls = cls_of(c, r->pc);
            if (cls == SEG_FAR)
                c->s.exc_far[t & 31u]++;
            else if (cls == SEG_LIB)
                c->s.exc_lib[t & 31u]++;
            if ((r->pc ^ c->last_addr) >> 32)
                c->s.exc_hist64++;
            else if ((r->pc ^ c->last_addr) >> 17)
                c->s.exc_hist32++;
        }
        c->last_addr = r->pc;
        if (r->from_el == 0)
            c->s.exc_el0_el1++;
        else if (r->el == 1)
            c->s.exc_el1_el1++;
        uint64_t ret = r->pc + ((t == PE_EXC_INST_DEBUG || t == PE_EXC_TRAP) ? 4u : 0u);
        if (c->nfr == 16)
            FAIL("rec %zu: exception nesting too deep", i);
        c->fr[c->nfr].ret = ret;
        c->fr[c->nfr].el = r->from_el;
        c->fr[c->nfr].cid1 = r->contextidr_el1;
        c->nfr++;
        if (r->from_el == 0) {
            unsigned k;
            for (k = 0; k < c->nrs && c->rs[k].cid != r->contextidr_el1; k++)
                ;
            if (k == NKEY)
                FAIL("rec %zu: too many processes", i);
            if (k == c->nrs)
                c->nrs++;
            c->rs[k].cid = r->contextidr_el1;
            c->rs[k].pc = ret;
        }
        c->next_pc = r->target;
        c->el = r->el;
        break;
    }
    case PE_KIND_TFAIL: {
        if (!c->txdepth)
            FAIL("rec %zu: TFAIL outside a transaction", i);
        if (r->flags & PE_F_TSTATE)
            FAIL("rec %zu: TFAIL record with TSTATE set", i);
        if (r->target != c->tx_restart)
            FAIL("rec %zu: restart 0x%" PRIx64 ", outer TSTART+4 is 0x%" PRIx64, i, r->target,
                 c->tx_restart);
        if (!r->tfail_cause)
            FAIL("rec %zu: TFAIL without a cause", i);
        for (unsigned b = 0; b < 8; b++)
            if (r->tfail_cause & (1u << b))
                c->s.tfail_cause[b]++;
        c->need_tfail = 0;
        c->txdepth = 0;
        c->st[c->tx_key].sp = c->tx_sp;
        c->next_pc = r->target;
        break;
    }
    case PE_KIND_RESET:
        ck_reset_state(c);
        c->boot = 1;
        c->next_pc = r->target;
        c->el = r->el;
        break;
    }
    c->prev = *r;
    c->have_prev = 1;
    return 0;
}

static int check_stream(ck *c, const pe_image *img, const pe_rec *rec, size_t n)
{
    memset(c, 0, sizeof *c);
    c->img = img;
    if (check_layout(c))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (check_rec(c, i, &rec[i]))
            return -1;
    return 0;
}

static void gen(uint64_t seed, uint64_t n, unsigned feat, pe_stream *s)
{
    progen_cfg c;
    progen_cfg_default(&c, seed);
    c.n_records = n;
    c.features = feat;
    char err[256];
    ck_assert_msg(progen_generate(&c, s, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s->nrec, n);
    ck_assert(s->seed == seed);
}

/* ---- tests ------------------------------------------------------------- */
START_TEST(test_determinism)
{
    pe_stream a, b, d;
    gen(42, 30000, PROGEN_F_ALL, &a);
    gen(42, 30000, PROGEN_F_ALL, &b);
    gen(43, 30000, PROGEN_F_ALL, &d);
    ck_assert_uint_eq(a.image.nseg, b.image.nseg);
    for (size_t i = 0; i < a.image.nseg; i++) {
        ck_assert(a.image.seg[i].base == b.image.seg[i].base);
        ck_assert(a.image.seg[i].len == b.image.seg[i].len);
        ck_assert(memcmp(a.image.seg[i].data, b.image.seg[i].data, a.image.seg[i].len) == 0);
    }
    ck_assert(memcmp(a.rec, b.rec, a.nrec * sizeof(pe_rec)) == 0);
    ck_assert(memcmp(a.rec, d.rec, a.nrec * sizeof(pe_rec)) != 0);
    int img_differs = a.image.nseg != d.image.nseg;
    for (size_t i = 0; !img_differs && i < a.image.nseg; i++)
        img_differs = a.image.seg[i].len != d.image.seg[i].len ||
                      memcmp(a.image.seg[i].data, d.image.seg[i].data, a.image.seg[i].len);
    ck_assert(img_differs);

    /* streaming in odd-sized pieces gives the same records */
    progen_cfg c;
    progen_cfg_default(&c, 42);
    c.n_records = 30000;
    progen *g = progen_new(&c, NULL);
    ck_assert_ptr_nonnull(g);
    pe_rec *buf = malloc(30000 * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    size_t got = 0, step = 1;
    while (got < 30000) {
        size_t k = progen_next(g, buf + got, step);
        ck_assert_uint_gt(k, 0);
        got += k;
        step = step * 3 + 1;
        if (step > 5000)
            step = 7;
    }
    ck_assert_uint_eq(progen_next(g, buf, 10), 0);
    ck_assert(progen_count(g) == 30000);
    ck_assert(memcmp(buf, a.rec, 30000 * sizeof *buf) == 0);
    free(buf);
    progen_free(g);
    pe_stream_free(&a);
    pe_stream_free(&b);
    pe_stream_free(&d);
}
END_TEST

START_TEST(test_consistency)
{
    uint64_t seed = 1000 + (uint64_t)_i * 7919;
    pe_stream s;
    gen(seed, 20000, PROGEN_F_ALL, &s);
    ck *c = malloc(sizeof *c);
    ck_assert_ptr_nonnull(c);
    int rc = check_stream(c, &s.image, s.rec, s.nrec);
    ck_assert_msg(rc == 0, "seed %" PRIu64 ": %s", seed, c->msg);
    double density = (double)c->s.branches / (double)c->s.insn;
    ck_assert_msg(density > 1.0 / 7 && density < 1.0 / 3.5,
                  "seed %" PRIu64 ": one branch per %.2f instructions", seed, 1 / density);
    free(c);
    pe_stream_free(&s);
}
END_TEST

/* Every feature switched off alone, and each alone: still consistent, and
 * the disabled behaviour never appears. */
START_TEST(test_features)
{
    unsigned feat = _i < 9 ? PROGEN_F_ALL & ~(1u << _i) : _i < 18 ? 1u << (_i - 9) : 0;
    for (uint64_t seed = 1; seed <= 2; seed++) {
        pe_stream s;
        gen(seed * 101 + (uint64_t)_i, 25000, feat, &s);
        ck *c = malloc(sizeof *c);
        ck_assert_ptr_nonnull(c);
        ck_assert_msg(check_stream(c, &s.image, s.rec, s.nrec) == 0, "features 0x%x: %s",
                      feat, c->msg);
        const stats *t = &c->s;
        if (!(feat & PROGEN_F_EXCEPTIONS))
            ck_assert(t->iclass[PE_IC_EXCGEN] == 0 && t->exc[PE_EXC_CALL] == 0 &&
                      t->exc[PE_EXC_DATA_FAULT] == 0 && t->exc[PE_EXC_TRAP] == 0 &&
                      t->exc[PE_EXC_INST_FAULT] == 0);
        if (!(feat & PROGEN_F_IRQ))
            ck_assert(t->exc[PE_EXC_IRQ] == 0 && t->exc[PE_EXC_FIQ] == 0 &&
                      t->exc[PE_EXC_SERROR] == 0);
        if (!(feat & PROGEN_F_TXN))
            ck_assert(t->iclass[PE_IC_TSTART] == 0 && t->kinds[PE_KIND_TFAIL] == 0);
        if (!(feat & PROGEN_F_WFX))
            ck_assert(t->iclass[PE_IC_WFX] == 0);
        if (!(feat & PROGEN_F_ISB))
            ck_assert(t->iclass[PE_IC_ISB] == 0);
        if (!(feat & PROGEN_F_RESET))
            ck_assert(t->kinds[PE_KIND_RESET] == 0);
        if (!(feat & PROGEN_F_EVENTS))
            ck_assert(t->extin == 0);
        if (!(feat & PROGEN_F_LDST))
            for (unsigned k = 0; k < 8; k++)
                ck_assert(t->ls[k] == 0);
        if (!(feat & PROGEN_F_CONTEXT)) {
            for (size_t i = 0; i < s.nrec; i++)
                ck_assert(s.rec[i].contextidr_el1 == 0 && s.rec[i].contextidr_el2 == 0 &&
                          s.rec[i].vmid == 0);
        }
        if (feat == 0)
            for (size_t i = 0; i < s.nrec; i++)
                ck_assert(s.rec[i].kind == PE_KIND_INSN && s.rec[i].el == 0);
        free(c);
        pe_stream_free(&s);
    }
}
END_TEST

#define ADDV(f) for (size_t k_ = 0; k_ < sizeof t->f / sizeof t->f[0]; k_++) t->f[k_] += a->f[k_]
static void stats_add(stats *t, const stats *a)
{
    t->insn += a->insn;
    t->branches += a->branches;
    ADDV(kinds);
    ADDV(iclass);
    ADDV(exc);
    ADDV(tfail_cause);
    ADDV(ls);
    t->simdfp += a->simdfp;
    t->mispred += a->mispred;
    t->extin += a->extin;
    t->stalls += a->stalls;
    t->tstate += a->tstate;
    t->nested_tx += a->nested_tx;
    t->cid1_changes += a->cid1_changes;
    t->cid2_changes += a->cid2_changes;
    t->vmid_changes += a->vmid_changes;
    t->el2 += a->el2;
    t->exc_el1_el1 += a->exc_el1_el1;
    t->exc_el0_el1 += a->exc_el0_el1;
    if (a->max_depth > t->max_depth)
        t->max_depth = a->max_depth;
    t->el0_insn += a->el0_insn;
    t->far_insn += a->far_insn;
    t->lib_insn += a->lib_insn;
    t->lib_4g_insn += a->lib_4g_insn;
    t->bl_to_far += a->bl_to_far;
    t->bl_from_far += a->bl_from_far;
    t->br_to_lib += a->br_to_lib;
    t->blr_to_lib += a->blr_to_lib;
    t->ret_from_lib += a->ret_from_lib;
    t->lib_callback += a->lib_callback;
    ADDV(exc_far);
    ADDV(exc_lib);
    t->exc_hist32 += a->exc_hist32;
    t->exc_hist64 += a->exc_hist64;
}

START_TEST(test_coverage)
{
    ck *c = malloc(sizeof *c);
    ck_assert_ptr_nonnull(c);
    stats tot;
    memset(&tot, 0, sizeof tot);
    for (uint64_t seed = 0; seed < 20; seed++) {
        pe_stream s;
        gen(seed, 50000, PROGEN_F_ALL, &s);
        ck_assert_msg(check_stream(c, &s.image, s.rec, s.nrec) == 0, "seed %" PRIu64 ": %s",
                      seed, c->msg);
        stats_add(&tot, &c->s);
        pe_stream_free(&s);
    }
    free(c);
    for (unsigned k = 0; k < PE_IC_COUNT; k++)
        ck_assert_msg(tot.iclass[k] > 0, "iclass %s never generated", pe_iclass_name(k));
    static const unsigned types[] = {PE_EXC_CALL, PE_EXC_TRAP, PE_EXC_INST_DEBUG,
                                     PE_EXC_DATA_DEBUG, PE_EXC_ALIGNMENT, PE_EXC_INST_FAULT,
                                     PE_EXC_DATA_FAULT, PE_EXC_IRQ, PE_EXC_FIQ, PE_EXC_SERROR};
    for (unsigned k = 0; k < sizeof types / sizeof types[0]; k++)
        ck_assert_msg(tot.exc[types[k]] > 0, "exception %s never generated",
                      pe_exc_name(types[k]));
    for (unsigned k = 0; k < PE_KIND_COUNT; k++)
        ck_assert_msg(tot.kinds[k] > 0, "record kind %s never generated", pe_kind_name(k));
    /* TFAIL causes: CNCL, MEM, IMP, ERR, SIZE */
    for (unsigned b = 0; b < 5; b++)
        ck_assert_msg(tot.tfail_cause[b] > 0, "TFAIL cause bit %u never generated", b);
    for (unsigned k = PE_LS_LOAD; k <= PE_LS_ACQREL; k++)
        ck_assert_msg(tot.ls[k] > 0, "load/store class %u never generated", k);
    ck_assert(tot.simdfp > 0);
    ck_assert_msg(tot.max_depth > 15, "call depth reached only %u", tot.max_depth);
    ck_assert(tot.cid1_changes > 0 && tot.cid2_changes > 0 && tot.vmid_changes > 0);
    ck_assert(tot.el2 > 0 && tot.exc_el1_el1 > 0 && tot.exc_el0_el1 > 0);
    ck_assert(tot.mispred > 0 && tot.extin > 0 && tot.stalls > 0);
    ck_assert(tot.tstate > 0 && tot.nested_tx > 0);

    /* far code and libraries run a good share of EL0 time, are entered
     * every way they can be, and take exceptions of every kind that
     * matters for the trace address forms */
    printf("EL0: %" PRIu64 " instructions, far %.1f%%, library %.1f%% (%" PRIu64
           " beyond a 4 GB boundary); BL to far %" PRIu64 ", BR/BLR to library %" PRIu64
           "/%" PRIu64 ", callbacks %" PRIu64 ", returns from library %" PRIu64 "\n",
           tot.el0_insn, 100.0 * (double)tot.far_insn / (double)tot.el0_insn,
           100.0 * (double)tot.lib_insn / (double)tot.el0_insn, tot.lib_4g_insn, tot.bl_to_far,
           tot.br_to_lib, tot.blr_to_lib, tot.lib_callback, tot.ret_from_lib);
    printf("EL0 exceptions (far/library): call %" PRIu64 "/%" PRIu64 " irq %" PRIu64 "/%" PRIu64
           " data fault %" PRIu64 "/%" PRIu64 " inst fault %" PRIu64 "/%" PRIu64
           "; address far from the last one: bits [31:17] %" PRIu64 ", [63:32] %" PRIu64 "\n",
           tot.exc_far[PE_EXC_CALL], tot.exc_lib[PE_EXC_CALL], tot.exc_far[PE_EXC_IRQ],
           tot.exc_lib[PE_EXC_IRQ], tot.exc_far[PE_EXC_DATA_FAULT],
           tot.exc_lib[PE_EXC_DATA_FAULT], tot.exc_far[PE_EXC_INST_FAULT],
           tot.exc_lib[PE_EXC_INST_FAULT], tot.exc_hist32, tot.exc_hist64);
    ck_assert(tot.far_insn * 10 > tot.el0_insn && tot.lib_insn * 20 > tot.el0_insn);
    ck_assert(tot.lib_4g_insn > 0);
    ck_assert(tot.bl_to_far > 0 && tot.bl_from_far > 0 && tot.br_to_lib > 0 &&
              tot.blr_to_lib > 0 && tot.lib_callback > 0 && tot.ret_from_lib > 0);
    static const unsigned ftypes[] = {PE_EXC_CALL, PE_EXC_IRQ, PE_EXC_DATA_FAULT,
                                      PE_EXC_INST_FAULT};
    for (unsigned k = 0; k < sizeof ftypes / sizeof ftypes[0]; k++) {
        ck_assert_msg(tot.exc_far[ftypes[k]] > 0, "no %s exception in far code",
                      pe_exc_name(ftypes[k]));
        ck_assert_msg(tot.exc_lib[ftypes[k]] > 0, "no %s exception in a library",
                      pe_exc_name(ftypes[k]));
    }
    ck_assert(tot.exc_hist32 > 0 && tot.exc_hist64 > 0);
}
END_TEST

/* The address map holds for many program images (every layout choice:
 * number of processes, far code offsets, library windows, libraries on
 * either side of or straddling a 4 GB boundary). */
START_TEST(test_layout)
{
    ck *c = malloc(sizeof *c);
    ck_assert_ptr_nonnull(c);
    unsigned straddle = 0, nlib = 0;
    for (uint64_t seed = 0; seed < 400; seed++) {
        pe_stream s;
        gen(seed * 7 + 3, 200, seed % 3 ? PROGEN_F_ALL : PROGEN_F_ALL & ~PROGEN_F_EXCEPTIONS,
            &s);
        ck_assert_msg(check_stream(c, &s.image, s.rec, s.nrec) == 0, "seed %" PRIu64 ": %s",
                      seed * 7 + 3, c->msg);
        for (size_t k = 0; k < s.image.nseg; k++) {
            const pe_segment *sg = &s.image.seg[k];
            if (c->segcls[k] != SEG_LIB)
                continue;
            nlib++;
            straddle += (sg->base >> 32) != ((sg->base + sg->len - 1) >> 32);
        }
        pe_stream_free(&s);
    }
    free(c);
    ck_assert_msg(straddle * 3 > nlib && straddle * 3 < 2 * nlib,
                  "%u of %u libraries straddle a 4 GB boundary", straddle, nlib);
}
END_TEST

/* The image words that execute are valid A64 that a disassembler agrees
 * with: binutils decodes each one to a mnemonic of the recorded class. */
static int mnemonic_ok(unsigned ic, const char *m)
{
    switch (ic) {
    case PE_IC_B: return !strcmp(m, "b");
    case PE_IC_BCOND: return !strncmp(m, "b.", 2) || !strcmp(m, "cbz") || !strcmp(m, "cbnz") ||
                             !strcmp(m, "tbz") || !strcmp(m, "tbnz");
    case PE_IC_BL: return !strcmp(m, "bl");
    case PE_IC_BR: return !strcmp(m, "br");
    case PE_IC_BLR: return !strcmp(m, "blr");
    case PE_IC_RET: return !strcmp(m, "ret");
    case PE_IC_ERET: return !strcmp(m, "eret");
    case PE_IC_ISB: return !strcmp(m, "isb");
    case PE_IC_WFX: return !strcmp(m, "wfi") || !strcmp(m, "wfe");
    case PE_IC_EXCGEN: return !strcmp(m, "svc") || !strcmp(m, "hvc") || !strcmp(m, "brk");
    case PE_IC_TSTART: return !strcmp(m, "tstart");
    case PE_IC_TCOMMIT: return !strcmp(m, "tcommit");
    case PE_IC_TCANCEL: return !strcmp(m, "tcancel");
    default:
        return strcmp(m, ".inst") && strcmp(m, "udf") && strncmp(m, "b", 1) &&
               strcmp(m, "ret") && strcmp(m, "eret") && strcmp(m, "svc");
    }
}

START_TEST(test_disassembly)
{
    pe_stream s;
    gen(7 + (uint64_t)_i, 40000, PROGEN_F_ALL, &s);
    for (size_t k = 0; k < s.image.nseg; k++) {
        const pe_segment *sg = &s.image.seg[k];
        /* class of each executed word, 0xFF = not executed */
        uint8_t *cls = malloc(sg->len / 4 + 1);
        ck_assert_ptr_nonnull(cls);
        memset(cls, 0xFF, sg->len / 4 + 1);
        size_t nexec = 0;
        for (size_t i = 0; i < s.nrec; i++) {
            const pe_rec *r = &s.rec[i];
            if (r->kind == PE_KIND_INSN && r->pc >= sg->base && r->pc - sg->base < sg->len) {
                if (cls[(r->pc - sg->base) / 4] == 0xFF)
                    nexec++;
                cls[(r->pc - sg->base) / 4] = r->iclass;
            }
        }
        char bin[] = "/tmp/test_progen_XXXXXX";
        int fd = mkstemp(bin);
        ck_assert_int_ge(fd, 0);
        ck_assert(write(fd, sg->data, sg->len) == (ssize_t)sg->len);
        close(fd);
        char cmd[512];
        snprintf(cmd, sizeof cmd,
                 "aarch64-linux-gnu-objdump -D -b binary -m aarch64 --adjust-vma=0x%" PRIx64
                 " %s", sg->base, bin);
        FILE *f = popen(cmd, "r");
        ck_assert_ptr_nonnull(f);
        char line[512];
        size_t seen = 0;
        while (fgets(line, sizeof line, f)) {
            unsigned long long addr;
            unsigned word;
            char mn[64];
            if (sscanf(line, " %llx: %x %63s", &addr, &word, mn) != 3)
                continue;
            if (addr < sg->base || addr - sg->base >= sg->len)
                continue;
            unsigned ic = cls[(addr - sg->base) / 4];
            if (ic == 0xFF)
                continue;
            seen++;
            ck_assert_msg(mnemonic_ok(ic, mn), "0x%llx: %08x disassembles as '%s', class %s",
                          addr, word, mn, pe_iclass_name(ic));
        }
        ck_assert_int_eq(pclose(f), 0);
        unlink(bin);
        ck_assert_msg(seen == nexec, "segment %zu: objdump listed %zu of %zu executed words", k,
                      seen, nexec);
        free(cls);
    }
    pe_stream_free(&s);
}
END_TEST

START_TEST(test_parse_features)
{
    unsigned f = 0;
    char err[256];
    ck_assert_int_eq(progen_parse_features("all", &f, err, sizeof err), 0);
    ck_assert_uint_eq(f, PROGEN_F_ALL);
    ck_assert_int_eq(progen_parse_features("irq,ldst", &f, err, sizeof err), 0);
    ck_assert_uint_eq(f, PROGEN_F_IRQ | PROGEN_F_LDST);
    ck_assert_int_eq(progen_parse_features("-reset,no-txn", &f, err, sizeof err), 0);
    ck_assert_uint_eq(f, PROGEN_F_ALL & ~(PROGEN_F_RESET | PROGEN_F_TXN));
    ck_assert_int_eq(progen_parse_features("none", &f, err, sizeof err), 0);
    ck_assert_uint_eq(f, 0);
    ck_assert_int_eq(progen_parse_features("irq,bogus", &f, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "bogus") && strstr(err, "character 4"), "%s", err);
    for (unsigned b = 0; b < 9; b++) {
        const char *n = progen_feature_name(1u << b);
        ck_assert_ptr_nonnull(n);
        ck_assert_int_eq(progen_parse_features(n, &f, err, sizeof err), 0);
        ck_assert_uint_eq(f, 1u << b);
    }
    ck_assert_ptr_null(progen_feature_name(1u << 9));
    progen_cfg c;
    progen_cfg_default(&c, 5);
    c.features = 1u << 12;
    ck_assert_ptr_null(progen_new(&c, NULL));
}
END_TEST

START_TEST(test_a64_encoders)
{
    int64_t off;
    /* round trip of the PC-relative forms */
    static const int64_t offs[] = {-32768, -4, 0, 4, 32764};
    for (unsigned k = 0; k < 5; k++) {
        uint32_t ws[] = {a64_b(offs[k]), a64_bl(offs[k]), a64_bcond(A64_NE, offs[k]),
                         a64_cbz(1, 1, 3, offs[k]), a64_tbz(0, 5, 40, offs[k]),
                         a64_adr(17, offs[k])};
        for (unsigned j = 0; j < 6; j++) {
            ck_assert_int_eq(a64_pcrel_offset(ws[j], &off), 0);
            ck_assert(off == offs[k]);
            ck_assert_uint_eq(a64_set_pcrel_offset(ws[j], offs[k]), ws[j]);
            ck_assert_uint_eq(my_iclass(ws[j]), a64_iclass(ws[j]));
        }
    }
    ck_assert(!a64_offset_fits(a64_tbz(0, 1, 1, 0), 1 << 15));
    ck_assert(a64_offset_fits(a64_bcond(0, 0), -(1 << 20)));
    ck_assert_int_eq(a64_pcrel_offset(a64_nop(), &off), -1);
    /* known encodings (checked against binutils) */
    ck_assert_uint_eq(a64_msr(A64_CONTEXTIDR_EL1, 0), 0xD518D020u);
    ck_assert_uint_eq(a64_msr(A64_CONTEXTIDR_EL2, 1), 0xD51CD021u);
    ck_assert_uint_eq(a64_msr(A64_VTTBR_EL2, 1), 0xD51C2101u);
    ck_assert_uint_eq(a64_mrs(0, A64_ESR_EL1), 0xD5385200u);
    ck_assert_uint_eq(a64_tstart(0), 0xD5233060u);
    ck_assert_uint_eq(a64_tcancel(1), 0xD4600020u);
    ck_assert_uint_eq(a64_daifclr(2), 0xD50342FFu);
    ck_assert_uint_eq(a64_ldr_fp(4, 0, 1, 0), 0x3DC00020u);
    ck_assert_uint_eq(a64_stp(29, 30, 31, -16, 1), 0xA9BF7BFDu);
    ck_assert_uint_eq(a64_ldp(29, 30, 31, 16, 2), 0xA8C17BFDu);
    /* classes */
    static const struct { uint32_t w; unsigned ic; } cls[] = {
        {0xD65F03C0u, PE_IC_RET}, {0xD69F03E0u, PE_IC_ERET}, {0xD61F0200u, PE_IC_BR},
        {0xD63F0200u, PE_IC_BLR}, {0xD4000021u, PE_IC_EXCGEN}, {0xD4000002u, PE_IC_EXCGEN},
        {0xD4200000u, PE_IC_EXCGEN}, {0xD5033FDFu, PE_IC_ISB}, {0xD503207Fu, PE_IC_WFX},
        {0xD503205Fu, PE_IC_WFX}, {0xD5233061u, PE_IC_TSTART}, {0xD503307Fu, PE_IC_TCOMMIT},
        {0xD4600020u, PE_IC_TCANCEL}, {0xD503201Fu, PE_IC_OTHER}, {0x00000000u, PE_IC_OTHER},
        {0xD5233160u, PE_IC_OTHER}, {0xD518D020u, PE_IC_OTHER}, {0xB7F80040u, PE_IC_BCOND},
    };
    for (unsigned k = 0; k < sizeof cls / sizeof cls[0]; k++) {
        ck_assert_msg(a64_iclass(cls[k].w) == cls[k].ic, "%08x", cls[k].w);
        ck_assert_msg(my_iclass(cls[k].w) == cls[k].ic, "%08x", cls[k].w);
    }
}
END_TEST

/* Branch-only programs: every record a branch whose word is the image word
 * at pc (classified by this file's decoder), direct targets as encoded, the
 * next record at the target when taken and at pc + 4 when not, RET after
 * the newest call not returned from (a shadow stack), cycle counts
 * increasing; every site kind present; the same
 * seed gives the same stream. */
START_TEST(test_branches)
{
    char err[256];
    pe_stream s, t;
    uint64_t seed = 7 + (uint64_t)_i * 1543;
    ck_assert_msg(progen_branches(seed, 40000, &s, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(s.nrec, 40000);
    ck_assert_uint_eq(s.image.nseg, 1);
    ck_assert(s.image.seg[0].base == PROGEN_USER_BASE);
    ck_assert(s.image.seg[0].len == 4ull * PROGEN_BR_SLOTS);
    unsigned seen[PE_IC_COUNT] = {0};
    uint64_t stack[40000];
    size_t depth = 0, popped = 0;
    for (size_t i = 0; i < s.nrec; i++) {
        const pe_rec *r = &s.rec[i];
        uint32_t w;
        ck_assert_msg(pe_image_read32(&s.image, r->pc, &w) == 0, "record %zu: pc unmapped", i);
        ck_assert_uint_eq(w, r->opcode);
        unsigned ic = my_iclass(w);
        ck_assert_msg(ic == r->iclass, "record %zu: iclass %u, word says %u", i, r->iclass, ic);
        ck_assert(r->kind == PE_KIND_INSN && r->el == 0 && r->isa == PE_ISA_A64);
        seen[ic]++;
        int taken = (r->flags & PE_F_TAKEN) != 0;
        if (ic == PE_IC_B || ic == PE_IC_BCOND || ic == PE_IC_BL)
            ck_assert(r->target == my_target(w, r->pc));
        else if (ic == PE_IC_RET) {
            if (depth && stack[depth - 1] != UINT64_MAX)
                ck_assert(r->target == stack[depth - 1]);
        } else
            ck_assert_msg(ic == PE_IC_BR || ic == PE_IC_BLR, "record %zu: not a branch", i);
        ck_assert(taken || ic == PE_IC_BCOND);
        ck_assert_uint_eq(!!(r->flags & PE_F_COND), ic == PE_IC_BCOND);
        ck_assert_uint_eq(!!(r->flags & PE_F_CCFAIL), !taken);
        ck_assert_uint_eq(r->spe_events, (1u << 1) | (taken ? 0u : 1u << 6));
        ck_assert(r->lat_issue > 0 && r->lat_total > r->lat_issue && r->ls == 0);
        if (ic == PE_IC_BL || ic == PE_IC_BLR) {
            stack[depth++] = r->pc + 4;
            if (depth > 64)      /* older calls are forgotten */
                stack[depth - 65] = UINT64_MAX;
        } else if (ic == PE_IC_RET && depth) {
            depth--;
            popped++;
        }
        if (i + 1 < s.nrec) {
            ck_assert(s.rec[i + 1].pc == (taken ? r->target : r->pc + 4));
            ck_assert(s.rec[i + 1].cycle > r->cycle);
            ck_assert(s.rec[i + 1].timestamp >= r->timestamp);
        }
    }
    static const unsigned kinds[] = {PE_IC_B, PE_IC_BCOND, PE_IC_BL, PE_IC_BR, PE_IC_BLR,
                                     PE_IC_RET};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        ck_assert_msg(seen[kinds[k]] > 0, "no %s", pe_iclass_name(kinds[k]));
    ck_assert_uint_gt(popped, 100);
    /* the execution does not settle into a small loop */
    uint8_t *hit = calloc(PROGEN_BR_SLOTS, 1);
    ck_assert_ptr_nonnull(hit);
    unsigned distinct = 0;
    for (size_t i = s.nrec / 2; i < s.nrec; i++) {
        uint64_t k = (s.rec[i].pc - PROGEN_USER_BASE) / 4;
        distinct += !hit[k];
        hit[k] = 1;
    }
    free(hit);
    ck_assert_msg(distinct > PROGEN_BR_SLOTS / 4, "%u sites in the second half", distinct);
    ck_assert_msg(progen_branches(seed, 40000, &t, err, sizeof err) == 0, "%s", err);
    ck_assert(memcmp(s.rec, t.rec, s.nrec * sizeof *s.rec) == 0);
    pe_stream_free(&t);
    ck_assert_msg(progen_branches(seed + 1, 40000, &t, err, sizeof err) == 0, "%s", err);
    ck_assert(memcmp(s.rec, t.rec, s.nrec * sizeof *s.rec) != 0);
    pe_stream_free(&t);
    pe_stream_free(&s);
}
END_TEST

static Suite *progen_suite(void)
{
    Suite *s = suite_create("progen");
    TCase *t = tcase_create("progen");
    tcase_set_timeout(t, 300);
    tcase_add_test(t, test_a64_encoders);
    tcase_add_test(t, test_parse_features);
    tcase_add_test(t, test_determinism);
    tcase_add_loop_test(t, test_consistency, 0, 50);
    tcase_add_loop_test(t, test_features, 0, 19);
    tcase_add_test(t, test_coverage);
    tcase_add_test(t, test_layout);
    tcase_add_loop_test(t, test_disassembly, 0, 2);
    tcase_add_loop_test(t, test_branches, 0, 4);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(progen_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
