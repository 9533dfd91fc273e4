/* A64 instruction encoders and classifier (Arm ARM C4.1 encoding index;
 * TME instructions: supplement chapter C4). */
#include "a64.h"

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
unsigned a64_iclass(uint32_t op)
{
    if ((op & 0x7C000000u) == 0x14000000u)              /* B, BL */
        return (op & 0x80000000u) ? PE_IC_BL : PE_IC_B;
    if ((op & 0xFF000010u) == 0x54000000u)              /* B.cond */
        return PE_IC_BCOND;
    if ((op & 0x7E000000u) == 0x34000000u)              /* CBZ, CBNZ */
        return PE_IC_BCOND;
    if ((op & 0x7E000000u) == 0x36000000u)              /* TBZ, TBNZ */
        return PE_IC_BCOND;
    if ((op & 0xFE000000u) == 0xD6000000u) {            /* branch (register) */
        unsigned opc = (op >> 21) & 15u, op2 = (op >> 16) & 31u;
        if (op2 != 31u)
            return PE_IC_OTHER;
        switch (opc) {
        case 0: case 8: return PE_IC_BR;     /* BR, BRAA/BRAAZ... */
        case 1: case 9: return PE_IC_BLR;    /* BLR, BLRAA... */
        case 2: return PE_IC_RET;            /* RET, RETAA/RETAB */
        case 4: return PE_IC_ERET;           /* ERET, ERETAA/ERETAB */
        default: return PE_IC_OTHER;
        }
    }
    if ((op & 0xFFE0001Cu) == 0xD4000000u && (op & 3u) != 0) /* SVC, HVC, SMC */
        return PE_IC_EXCGEN;
    if ((op & 0xFFE0001Fu) == 0xD4200000u)              /* BRK */
        return PE_IC_EXCGEN;
    if ((op & 0xFFE0001Fu) == 0xD4600000u)              /* TCANCEL */
        return PE_IC_TCANCEL;
    if ((op & 0xFFFFF0FFu) == 0xD50330DFu)              /* ISB */
        return PE_IC_ISB;
    if (op == 0xD503205Fu || op == 0xD503207Fu)         /* WFE, WFI */
        return PE_IC_WFX;
    if ((op & 0xFFFFFFC0u) == 0xD5031000u)              /* WFET, WFIT */
        return PE_IC_WFX;
    if ((op & 0xFFFFFFE0u) == 0xD5233060u)              /* TSTART */
        return PE_IC_TSTART;
    if (op == 0xD503307Fu)                              /* TCOMMIT */
        return PE_IC_TCOMMIT;
    return PE_IC_OTHER;
}

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
