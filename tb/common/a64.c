/* A64 instruction encoders and classifier (Arm ARM C4.1 encoding index;
 * TME instructions: supplement chapter C4). */
#include "a64.h"

#include <string.h>

#include "pe_stream.h"

static uint32_t field(int64_t v, unsigned bits)
{
    return (uint32_t)((uint64_t)v & ((1ull << bits) - 1u));
}

/* word offset field: off / 4 in two's complement, low bits bits */
static uint32_t woff(int64_t off, unsigned bits)
{
    return (uint32_t)(((uint64_t)off >> 2) & ((1ull << bits) - 1u));
}

/* ---- branches (C4.1.3 Branches, Exception Generating and System) ------ */
uint32_t a64_b(int64_t off)  { return 0x14000000u | woff(off, 26); }
uint32_t a64_bl(int64_t off) { return 0x94000000u | woff(off, 26); }

uint32_t a64_bcond(unsigned cond, int64_t off)
{
    return 0x54000000u | woff(off, 19) << 5 | (cond & 15u);
}

uint32_t a64_cbz(int sf, int nonzero, unsigned rt, int64_t off)
{
    return (sf ? 0x80000000u : 0u) | 0x34000000u | (nonzero ? 0x01000000u : 0u) |
           woff(off, 19) << 5 | (rt & 31u);
}

uint32_t a64_tbz(int nonzero, unsigned rt, unsigned bit, int64_t off)
{
    return ((bit >> 5) & 1u) << 31 | 0x36000000u | (nonzero ? 0x01000000u : 0u) |
           (bit & 31u) << 19 | woff(off, 14) << 5 | (rt & 31u);
}

uint32_t a64_br(unsigned rn)  { return 0xD61F0000u | (rn & 31u) << 5; }
uint32_t a64_blr(unsigned rn) { return 0xD63F0000u | (rn & 31u) << 5; }
uint32_t a64_ret(unsigned rn) { return 0xD65F0000u | (rn & 31u) << 5; }
uint32_t a64_eret(void)       { return 0xD69F03E0u; }

/* ---- exception generation, hints, barriers ---------------------------- */
uint32_t a64_svc(unsigned imm16) { return 0xD4000001u | (imm16 & 0xFFFFu) << 5; }
uint32_t a64_hvc(unsigned imm16) { return 0xD4000002u | (imm16 & 0xFFFFu) << 5; }
uint32_t a64_smc(unsigned imm16) { return 0xD4000003u | (imm16 & 0xFFFFu) << 5; }
uint32_t a64_brk(unsigned imm16) { return 0xD4200000u | (imm16 & 0xFFFFu) << 5; }
uint32_t a64_udf(unsigned imm16) { return imm16 & 0xFFFFu; }
uint32_t a64_nop(void)  { return 0xD503201Fu; }
uint32_t a64_wfe(void)  { return 0xD503205Fu; }
uint32_t a64_wfi(void)  { return 0xD503207Fu; }
uint32_t a64_sevl(void) { return 0xD50320BFu; }
uint32_t a64_isb(void)  { return 0xD5033FDFu; }
uint32_t a64_dsb_sy(void)  { return 0xD5033F9Fu; }
uint32_t a64_dmb_ish(void) { return 0xD5033BBFu; }

/* TME (supplement C4.1 - C4.4) */
uint32_t a64_tstart(unsigned rt)     { return 0xD5233060u | (rt & 31u); }
uint32_t a64_ttest(unsigned rt)      { return 0xD5233160u | (rt & 31u); }
uint32_t a64_tcommit(void)           { return 0xD503307Fu; }
uint32_t a64_tcancel(unsigned imm16) { return 0xD4600000u | (imm16 & 0xFFFFu) << 5; }

/* ---- system registers ------------------------------------------------- */
uint32_t a64_msr(unsigned sysreg, unsigned rt)
{
    return 0xD5100000u | (sysreg & 0x7FFFu) << 5 | (rt & 31u);
}

uint32_t a64_mrs(unsigned rt, unsigned sysreg)
{
    return 0xD5300000u | (sysreg & 0x7FFFu) << 5 | (rt & 31u);
}

/* MSR (immediate), op1 = 3, CRn = 4: DAIFSet op2 = 6, DAIFClr op2 = 7 */
uint32_t a64_daifset(unsigned imm4) { return 0xD50340DFu | (imm4 & 15u) << 8; }
uint32_t a64_daifclr(unsigned imm4) { return 0xD50340FFu | (imm4 & 15u) << 8; }

/* ---- loads and stores (C4.1.4) ----------------------------------------- */
static uint32_t ldst_uimm(unsigned size_log2, int load, unsigned rt, unsigned rn,
                          unsigned byte_off)
{
    return (size_log2 & 3u) << 30 | 0x39000000u | (load ? 1u << 22 : 0u) |
           ((byte_off >> size_log2) & 0xFFFu) << 10 | (rn & 31u) << 5 | (rt & 31u);
}

uint32_t a64_ldr_imm(unsigned s, unsigned rt, unsigned rn, unsigned off)
{
    return ldst_uimm(s, 1, rt, rn, off);
}

uint32_t a64_str_imm(unsigned s, unsigned rt, unsigned rn, unsigned off)
{
    return ldst_uimm(s, 0, rt, rn, off);
}

/* SIMD&FP: V = 1; Q form is size 00 with opc<1> = 1 */
static uint32_t ldst_fp(unsigned size_log2, int load, unsigned rt, unsigned rn, unsigned off)
{
    uint32_t w = 0x3D000000u | (load ? 1u << 22 : 0u) |
                 ((off >> size_log2) & 0xFFFu) << 10 | (rn & 31u) << 5 | (rt & 31u);
    if (size_log2 == 4)
        w |= 1u << 23;
    else
        w |= (size_log2 & 3u) << 30;
    return w;
}

uint32_t a64_ldr_fp(unsigned s, unsigned rt, unsigned rn, unsigned off)
{
    return ldst_fp(s, 1, rt, rn, off);
}

uint32_t a64_str_fp(unsigned s, unsigned rt, unsigned rn, unsigned off)
{
    return ldst_fp(s, 0, rt, rn, off);
}

uint32_t a64_ldr_reg_lsl3(unsigned rt, unsigned rn, unsigned rm)
{
    return 0xF8607800u | (rm & 31u) << 16 | (rn & 31u) << 5 | (rt & 31u);
}

static uint32_t ldstp(int load, unsigned rt, unsigned rt2, unsigned rn, int off, int mode)
{
    static const uint32_t base[3] = {0xA9000000u, 0xA9800000u, 0xA8800000u};
    return base[mode < 0 || mode > 2 ? 0 : mode] | (load ? 1u << 22 : 0u) |
           field(off / 8, 7) << 15 | (rt2 & 31u) << 10 | (rn & 31u) << 5 | (rt & 31u);
}

uint32_t a64_ldp(unsigned rt, unsigned rt2, unsigned rn, int off, int mode)
{
    return ldstp(1, rt, rt2, rn, off, mode);
}

uint32_t a64_stp(unsigned rt, unsigned rt2, unsigned rn, int off, int mode)
{
    return ldstp(0, rt, rt2, rn, off, mode);
}

uint32_t a64_ldxr(unsigned rt, unsigned rn) { return 0xC85F7C00u | (rn & 31u) << 5 | (rt & 31u); }
uint32_t a64_stxr(unsigned rs, unsigned rt, unsigned rn)
{
    return 0xC8007C00u | (rs & 31u) << 16 | (rn & 31u) << 5 | (rt & 31u);
}
uint32_t a64_ldar(unsigned rt, unsigned rn) { return 0xC8DFFC00u | (rn & 31u) << 5 | (rt & 31u); }
uint32_t a64_stlr(unsigned rt, unsigned rn) { return 0xC89FFC00u | (rn & 31u) << 5 | (rt & 31u); }
uint32_t a64_ldadd(unsigned rs, unsigned rt, unsigned rn)
{
    return 0xF8200000u | (rs & 31u) << 16 | (rn & 31u) << 5 | (rt & 31u);
}

/* ---- data processing -------------------------------------------------- */
static uint32_t rrr(uint32_t base, unsigned rd, unsigned rn, unsigned rm)
{
    return base | (rm & 31u) << 16 | (rn & 31u) << 5 | (rd & 31u);
}

uint32_t a64_add_imm(unsigned rd, unsigned rn, unsigned imm12)
{
    return 0x91000000u | (imm12 & 0xFFFu) << 10 | (rn & 31u) << 5 | (rd & 31u);
}

uint32_t a64_sub_imm(unsigned rd, unsigned rn, unsigned imm12)
{
    return 0xD1000000u | (imm12 & 0xFFFu) << 10 | (rn & 31u) << 5 | (rd & 31u);
}

uint32_t a64_cmp_imm(unsigned rn, unsigned imm12)
{
    return 0xF1000000u | (imm12 & 0xFFFu) << 10 | (rn & 31u) << 5 | 31u;
}

uint32_t a64_add_reg(unsigned rd, unsigned rn, unsigned rm) { return rrr(0x8B000000u, rd, rn, rm); }
uint32_t a64_sub_reg(unsigned rd, unsigned rn, unsigned rm) { return rrr(0xCB000000u, rd, rn, rm); }
uint32_t a64_eor_reg(unsigned rd, unsigned rn, unsigned rm) { return rrr(0xCA000000u, rd, rn, rm); }
uint32_t a64_mov_reg(unsigned rd, unsigned rm)              { return rrr(0xAA0003E0u, rd, 0, rm); }
uint32_t a64_mul(unsigned rd, unsigned rn, unsigned rm)     { return rrr(0x9B007C00u, rd, rn, rm); }

uint32_t a64_csel(unsigned rd, unsigned rn, unsigned rm, unsigned cond)
{
    return rrr(0x9A800000u, rd, rn, rm) | (cond & 15u) << 12;
}

uint32_t a64_movz(unsigned rd, unsigned imm16, unsigned hw)
{
    return 0xD2800000u | (hw & 3u) << 21 | (imm16 & 0xFFFFu) << 5 | (rd & 31u);
}

uint32_t a64_movk(unsigned rd, unsigned imm16, unsigned hw)
{
    return 0xF2800000u | (hw & 3u) << 21 | (imm16 & 0xFFFFu) << 5 | (rd & 31u);
}

/* LSR (immediate) is UBFM Xd, Xn, #shift, #63 */
uint32_t a64_lsr_imm(unsigned rd, unsigned rn, unsigned shift)
{
    return 0xD340FC00u | (shift & 63u) << 16 | (rn & 31u) << 5 | (rd & 31u);
}

uint32_t a64_adr(unsigned rd, int64_t off)
{
    return 0x10000000u | field(off, 2) << 29 | woff(off, 19) << 5 | (rd & 31u);
}

/* ---- decoding --------------------------------------------------------- */
static int64_t sext(uint64_t v, unsigned bits)
{
    uint64_t m = 1ull << (bits - 1);
    v &= (1ull << bits) - 1u;
    return (int64_t)(v ^ m) - (int64_t)m;
}

enum { F_NONE, F_IMM26, F_IMM19, F_IMM14, F_ADR };

static int pcrel_form(uint32_t op)
{
    if ((op & 0x7C000000u) == 0x14000000u)
        return F_IMM26;
    if ((op & 0xFF000010u) == 0x54000000u || (op & 0x7E000000u) == 0x34000000u)
        return F_IMM19;
    if ((op & 0x7E000000u) == 0x36000000u)
        return F_IMM14;
    if ((op & 0x9F000000u) == 0x10000000u)
        return F_ADR;
    return F_NONE;
}

int a64_pcrel_offset(uint32_t op, int64_t *off)
{
    switch (pcrel_form(op)) {
    case F_IMM26: *off = sext(op, 26) * 4; return 0;
    case F_IMM19: *off = sext(op >> 5, 19) * 4; return 0;
    case F_IMM14: *off = sext(op >> 5, 14) * 4; return 0;
    case F_ADR:   *off = sext((uint64_t)((op >> 5) & 0x7FFFFu) << 2 | ((op >> 29) & 3u), 21);
                  return 0;
    default: return -1;
    }
}

uint32_t a64_set_pcrel_offset(uint32_t op, int64_t off)
{
    switch (pcrel_form(op)) {
    case F_IMM26: return (op & ~0x03FFFFFFu) | woff(off, 26);
    case F_IMM19: return (op & ~(0x7FFFFu << 5)) | woff(off, 19) << 5;
    case F_IMM14: return (op & ~(0x3FFFu << 5)) | woff(off, 14) << 5;
    case F_ADR:   return (op & ~(0x60000000u | 0x7FFFFu << 5)) | field(off, 2) << 29 |
                         woff(off, 19) << 5;
    default: return op;
    }
}

int a64_offset_fits(uint32_t op, int64_t off)
{
    switch (pcrel_form(op)) {
    case F_IMM26: return (off & 3) == 0 && off >= -(1ll << 27) && off < (1ll << 27);
    case F_IMM19: return (off & 3) == 0 && off >= -(1ll << 20) && off < (1ll << 20);
    case F_IMM14: return (off & 3) == 0 && off >= -(1ll << 15) && off < (1ll << 15);
    case F_ADR:   return off >= -(1ll << 20) && off < (1ll << 20);
    default: return 0;
    }
}

/* ---- classification (the A64 encoding index, C4.1) --------------------- */

/* log2 of n bytes, rounded up (n >= 1). */
static uint8_t log2_up(unsigned n)
{
    uint8_t l = 0;
    while ((1u << l) < n)
        l++;
    return l;
}

/* Branches, exception generating and system instructions: bits [28:26] = 101. */
static void classify_branch_sys(uint32_t w, a64_insn *o)
{
    if ((w & 0x7C000000u) == 0x14000000u) {             /* B, BL (imm26) */
        o->iclass = (w & 0x80000000u) ? PE_IC_BL : PE_IC_B;
        o->offset = sext(w, 26) * 4;
        return;
    }
    if ((w & 0xFF000000u) == 0x54000000u) {             /* B.cond (o0 0), BC.cond (o0 1) */
        o->iclass = PE_IC_BCOND;
        o->cond = 1;
        o->offset = sext(w >> 5, 19) * 4;
        return;
    }
    if ((w & 0x7E000000u) == 0x34000000u) {             /* CBZ, CBNZ */
        o->iclass = PE_IC_BCOND;
        o->cond = 1;
        o->offset = sext(w >> 5, 19) * 4;
        return;
    }
    if ((w & 0x7E000000u) == 0x36000000u) {             /* TBZ, TBNZ */
        o->iclass = PE_IC_BCOND;
        o->cond = 1;
        o->offset = sext(w >> 5, 14) * 4;
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
        case 1: o->iclass = PE_IC_EXCGEN; o->excgen = A64_EXCGEN_SVC; return;
        case 2: o->iclass = PE_IC_EXCGEN; o->excgen = A64_EXCGEN_HVC; return;
        case 3: o->iclass = PE_IC_EXCGEN; o->excgen = A64_EXCGEN_SMC; return;
        case 4: o->iclass = PE_IC_EXCGEN; o->excgen = A64_EXCGEN_BRK; return;
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

static void set_ls(a64_insn *o, unsigned cls, int store, int simd, unsigned bytes)
{
    o->ls = (uint8_t)(cls | (simd ? PE_LS_SIMDFP : 0u));
    if (store && cls != PE_LS_STORE)
        o->ls |= PE_LS_STORE_F;
    o->size_log2 = log2_up(bytes);
}

/* Load/store register forms with size (bits [31:30]), V (26), opc (23:22):
 * unscaled, post/pre-indexed, unprivileged, register offset, unsigned
 * immediate.  Size 3 with opc 2 is PRFM/PRFUM (or unallocated): no access. */
static void ldst_reg(uint32_t w, a64_insn *o)
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

static void classify_ldst(uint32_t w, a64_insn *o)
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
static void classify_sve_mem(uint32_t w, a64_insn *o)
{
    unsigned op0 = w >> 29;
    if (op0 < 4)
        return;
    o->ls = (uint8_t)((op0 == 7 ? PE_LS_STORE : PE_LS_LOAD) | PE_LS_SVE);
    o->size_log2 = 0;
}

void a64_classify(uint32_t w, a64_insn *o)
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

uint64_t a64_direct_target(uint64_t pc, const a64_insn *in)
{
    return pc + (uint64_t)in->offset;
}

unsigned a64_iclass(uint32_t op)
{
    a64_insn in;
    a64_classify(op, &in);
    return in.iclass;
}
