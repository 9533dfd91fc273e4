/* A64 classification for the workload importer (see wl_a64.h). */
#include "wl_a64.h"

#include <string.h>

#include "pe_stream.h"

static int64_t sext_words(uint32_t field, unsigned bits)
{
    uint32_t m = 1u << (bits - 1u);
    uint32_t v = field & ((1u << bits) - 1u);
    int64_t x = (int64_t)(v ^ m) - (int64_t)m;
    return x * 4;
}

/* log2 of n bytes, rounded up (n >= 1). */
static uint8_t log2_up(unsigned n)
{
    uint8_t l = 0;
    while ((1u << l) < n)
        l++;
    return l;
}

/* Branches, exception generating and system instructions: bits [28:26] = 101. */
static void classify_branch_sys(uint32_t w, wl_insn *o)
{
    if ((w & 0x7C000000u) == 0x14000000u) {             /* B, BL (imm26) */
        o->iclass = (w & 0x80000000u) ? PE_IC_BL : PE_IC_B;
        o->offset = sext_words(w, 26);
        return;
    }
    if ((w & 0xFF000000u) == 0x54000000u) {             /* B.cond (o0 0), BC.cond (o0 1) */
        o->iclass = PE_IC_BCOND;
        o->cond = 1;
        o->offset = sext_words(w >> 5, 19);
        return;
    }
    if ((w & 0x7E000000u) == 0x34000000u) {             /* CBZ, CBNZ */
        o->iclass = PE_IC_BCOND;
        o->cond = 1;
        o->offset = sext_words(w >> 5, 19);
        return;
    }
    if ((w & 0x7E000000u) == 0x36000000u) {             /* TBZ, TBNZ */
        o->iclass = PE_IC_BCOND;
        o->cond = 1;
        o->offset = sext_words(w >> 5, 14);
        return;
    }
    if ((w & 0xFE000000u) == 0xD6000000u) {             /* unconditional branch (register) */
        unsigned opc = (w >> 21) & 15u, op2 = (w >> 16) & 31u, op3 = (w >> 10) & 63u;
        unsigned rn = (w >> 5) & 31u, op4 = w & 31u;
        int pac = op3 == 2u || op3 == 3u;               /* A/B key forms */
        if (op2 != 31u)
            return;
        switch (opc) {
        case 0: case 1:                                 /* BR, BLR; BRAAZ.., BLRAAZ.. */
            if ((op3 == 0 && op4 == 0) || (pac && op4 == 31u))
                o->iclass = opc ? PE_IC_BLR : PE_IC_BR;
            return;
        case 2:                                         /* RET; RETAA, RETAB */
            if ((op3 == 0 && op4 == 0) || (pac && rn == 31u && op4 == 31u))
                o->iclass = PE_IC_RET;
            return;
        case 4:                                         /* ERET; ERETAA, ERETAB */
            if (rn == 31u && ((op3 == 0 && op4 == 0) || (pac && op4 == 31u)))
                o->iclass = PE_IC_ERET;
            return;
        case 8: case 9:                                 /* BRAA/BRAB, BLRAA/BLRAB */
            if (pac)
                o->iclass = opc == 9u ? PE_IC_BLR : PE_IC_BR;
            return;
        default:
            return;
        }
    }
    if ((w & 0xFF000000u) == 0xD4000000u) {             /* exception generation */
        unsigned opc_ll = ((w >> 21) & 7u) << 2 | (w & 3u), op2 = (w >> 2) & 7u;
        if (op2 != 0)
            return;
        switch (opc_ll) {
        case 1: o->iclass = PE_IC_EXCGEN; o->excgen = WL_EXCGEN_SVC; return;
        case 2: o->iclass = PE_IC_EXCGEN; o->excgen = WL_EXCGEN_HVC; return;
        case 3: o->iclass = PE_IC_EXCGEN; o->excgen = WL_EXCGEN_SMC; return;
        case 4: o->iclass = PE_IC_EXCGEN; o->excgen = WL_EXCGEN_BRK; return;
        case 12: o->iclass = PE_IC_TCANCEL; return;     /* TCANCEL (opc 011) */
        default: return;
        }
    }
    if ((w & 0xFFFFF0FFu) == 0xD50330DFu) {             /* ISB (any option) */
        o->iclass = PE_IC_ISB;
        return;
    }
    if (w == 0xD503205Fu || w == 0xD503207Fu ||         /* WFE, WFI */
        (w & 0xFFFFFFC0u) == 0xD5031000u) {             /* WFET, WFIT */
        o->iclass = PE_IC_WFX;
        return;
    }
    if ((w & 0xFFFFFFE0u) == 0xD5233060u) {             /* TSTART */
        o->iclass = PE_IC_TSTART;
        return;
    }
    if (w == 0xD503307Fu)                               /* TCOMMIT */
        o->iclass = PE_IC_TCOMMIT;
}

static void set_ls(wl_insn *o, unsigned cls, int store, int simd, unsigned bytes)
{
    o->ls = (uint8_t)(cls | (simd ? PE_LS_SIMDFP : 0u));
    if (store && cls != PE_LS_STORE)
        o->ls |= PE_LS_STORE_F;
    o->size_log2 = log2_up(bytes);
}

/* Load/store register forms with size (bits [31:30]), V (26), opc (23:22):
 * unscaled, post/pre-indexed, unprivileged, register offset, unsigned
 * immediate.  Size 3 with opc 2 is PRFM/PRFUM (or unallocated): no access. */
static void ldst_reg(uint32_t w, wl_insn *o)
{
    unsigned size = w >> 30, v = (w >> 26) & 1u, opc = (w >> 22) & 3u;
    if (!v) {
        switch (opc) {
        case 0: set_ls(o, PE_LS_STORE, 1, 0, 1u << size); return;   /* STRx, STURx */
        case 1: set_ls(o, PE_LS_LOAD, 0, 0, 1u << size); return;    /* LDRx */
        case 2:
            if (size != 3)
                set_ls(o, PE_LS_LOAD, 0, 0, 1u << size);            /* LDRSx to X */
            return;
        default:
            if (size < 2)
                set_ls(o, PE_LS_LOAD, 0, 0, 1u << size);            /* LDRSB/LDRSH to W */
            return;
        }
    }
    if (opc < 2)                                                    /* B, H, S, D */
        set_ls(o, opc ? PE_LS_LOAD : PE_LS_STORE, !opc, 1, 1u << size);
    else if (size == 0)                                             /* Q */
        set_ls(o, opc == 3 ? PE_LS_LOAD : PE_LS_STORE, opc == 2, 1, 16);
}

static void classify_ldst(uint32_t w, wl_insn *o)
{
    unsigned l = (w >> 22) & 1u;

    /* Advanced SIMD load/store multiple structures (no offset, post-index) */
    if ((w & 0xBFBF0000u) == 0x0C000000u || (w & 0xBFA00000u) == 0x0C800000u) {
        static const unsigned char nregs[16] = {4, 0, 4, 0, 3, 0, 3, 1, 2, 0, 2, 0, 0, 0, 0, 0};
        unsigned n = nregs[(w >> 12) & 15u], q = (w >> 30) & 1u;
        if (n)
            set_ls(o, l ? PE_LS_LOAD : PE_LS_STORE, !l, 1, n * (q ? 16u : 8u));
        return;
    }
    /* Advanced SIMD load/store single structure (no offset, post-index) */
    if ((w & 0xBF9F0000u) == 0x0D000000u || (w & 0xBF800000u) == 0x0D800000u) {
        unsigned opcode = (w >> 13) & 7u, r = (w >> 21) & 1u, size = (w >> 10) & 3u;
        unsigned selem = ((opcode & 1u) << 1 | r) + 1u, esize;
        switch (opcode >> 1) {
        case 0: esize = 1; break;
        case 1: esize = 2; break;
        case 2: esize = (size & 1u) ? 8u : 4u; break;
        default: esize = 1u << size; break;                         /* LDnR */
        }
        set_ls(o, l ? PE_LS_LOAD : PE_LS_STORE, !l, 1, selem * esize);
        return;
    }
    /* load/store exclusive, ordered, compare and swap: bits [29:24] 001000 */
    if ((w & 0x3F000000u) == 0x08000000u) {
        unsigned size = w >> 30, o2 = (w >> 23) & 1u, o1 = (w >> 21) & 1u;
        if (!o2 && !o1)                                 /* LDXR/LDAXR, STXR/STLXR */
            set_ls(o, PE_LS_EXCL, !l, 0, 1u << size);
        else if (!o2 && (size & 2u))                    /* LDXP/LDAXP, STXP/STLXP */
            set_ls(o, PE_LS_EXCL, !l, 0, 2u << size);
        else if (!o2)                                   /* CASP: pairs of W or X */
            set_ls(o, PE_LS_ATOMIC, 0, 0, 8u << (size & 1u));
        else if (!o1)                                   /* LDAR/LDLAR, STLR/STLLR */
            set_ls(o, PE_LS_ACQREL, !l, 0, 1u << size);
        else                                            /* CAS, CASB, CASH */
            set_ls(o, PE_LS_ATOMIC, 0, 0, 1u << size);
        return;
    }
    /* LDAPUR/STLUR (RCpc, unscaled): bits [29:24] 011001, [21] 0, [11:10] 00 */
    if ((w & 0x3F200C00u) == 0x19000000u) {
        unsigned size = w >> 30, opc = (w >> 22) & 3u;
        set_ls(o, PE_LS_ACQREL, opc == 0, 0, 1u << size);
        return;
    }
    /* load register (literal): bits [29:27] 011, [24] 0 */
    if ((w & 0x3B000000u) == 0x18000000u) {
        unsigned opc = w >> 30, v = (w >> 26) & 1u;
        if (!v) {
            if (opc != 3)                               /* opc 3: PRFM (literal) */
                set_ls(o, PE_LS_LOAD, 0, 0, opc == 1 ? 8u : 4u);
        } else if (opc != 3) {
            set_ls(o, PE_LS_LOAD, 0, 1, 4u << opc);
        }
        return;
    }
    /* load/store pair (no-allocate, post-index, offset, pre-index): bits [29:27] 101 */
    if ((w & 0x38000000u) == 0x28000000u) {
        unsigned opc = w >> 30, v = (w >> 26) & 1u;
        if (!v) {
            if (opc == 0)
                set_ls(o, l ? PE_LS_LOAD : PE_LS_STORE, !l, 0, 8);
            else if (opc == 1 && l)                     /* LDPSW */
                set_ls(o, PE_LS_LOAD, 0, 0, 8);
            else if (opc == 1 && ((w >> 23) & 7u) != 0) /* STGP */
                set_ls(o, PE_LS_STORE, 1, 0, 16);
            else if (opc == 2)
                set_ls(o, l ? PE_LS_LOAD : PE_LS_STORE, !l, 0, 16);
        } else if (opc != 3) {
            set_ls(o, l ? PE_LS_LOAD : PE_LS_STORE, !l, 1, 8u << opc);
        }
        return;
    }
    /* load/store register: bits [29:27] 111 */
    if ((w & 0x38000000u) == 0x38000000u) {
        if (w & 0x01000000u) {                          /* unsigned immediate */
            ldst_reg(w, o);
            return;
        }
        unsigned op4 = (w >> 10) & 3u;
        if (!(w & 0x00200000u)) {                       /* unscaled, post, unpriv, pre */
            ldst_reg(w, o);
            return;
        }
        if (op4 == 2) {                                 /* register offset */
            ldst_reg(w, o);
            return;
        }
        if (op4 & 1u) {                                 /* LDRAA, LDRAB */
            if ((w >> 30) == 3 && !((w >> 26) & 1u))
                set_ls(o, PE_LS_LOAD, 0, 0, 8);
            return;
        }
        /* atomic memory operations (FEAT_LSE), op4 00 */
        unsigned size = w >> 30, v = (w >> 26) & 1u, a = (w >> 23) & 1u;
        unsigned o3 = (w >> 15) & 1u, opc = (w >> 12) & 7u, rt = w & 31u;
        if (v)
            return;
        if (o3 && opc == 4)                             /* LDAPR, LDAPRB, LDAPRH */
            set_ls(o, PE_LS_ACQREL, 0, 0, 1u << size);
        else if (!o3)                                   /* LDADD..LDUMIN; ST* aliases */
            set_ls(o, PE_LS_ATOMIC, rt == 31u && !a, 0, 1u << size);
        else if (opc == 0)                              /* SWP */
            set_ls(o, PE_LS_ATOMIC, 0, 0, 1u << size);
    }
}

/* SVE memory groups: bits [28:25] 0010, bits [31:29] 100..111.  The
 * access size depends on the vector length and the predicate, so it is
 * taken from the accesses QEMU reports. */
static void classify_sve_mem(uint32_t w, wl_insn *o)
{
    unsigned op0 = w >> 29;
    if (op0 < 4)
        return;
    o->ls = (uint8_t)((op0 == 7 ? PE_LS_STORE : PE_LS_LOAD) | PE_LS_SVE);
    o->size_log2 = 0;
}

void wl_a64_classify(uint32_t w, wl_insn *o)
{
    memset(o, 0, sizeof *o);
    unsigned op0 = (w >> 25) & 15u;         /* top-level group, bits [28:25] */

    if ((w & 0xFFFF0000u) == 0) {           /* UDF #imm16 */
        o->udf = 1;
        return;
    }
    if ((op0 & 0xEu) == 0xAu) {             /* 101x: branches, exception, system */
        classify_branch_sys(w, o);
        return;
    }
    if ((op0 & 0x5u) == 0x4u) {             /* x1x0: loads and stores */
        classify_ldst(w, o);
        return;
    }
    if (op0 == 2u) {                        /* 0010: SVE */
        classify_sve_mem(w, o);
        return;
    }
    /* conditional select and compare: CSEL/CSINC/CSINV/CSNEG, CCMP/CCMN,
     * FCSEL, FCCMP/FCCMPE */
    if ((w & 0x1FE00000u) == 0x1A800000u || (w & 0x1FE00000u) == 0x1A400000u ||
        (w & 0xFF200C00u) == 0x1E200C00u || (w & 0xFF200C00u) == 0x1E200400u)
        o->cond = 1;
}

uint64_t wl_a64_direct_target(uint64_t pc, const wl_insn *in)
{
    return pc + (uint64_t)in->offset;
}
