/* A64 instruction encoders for the instructions the test bench generates,
 * and the test bench's one A64 classifier (Arm ARM C4, A64 instruction set
 * encoding; TME instructions from the supplement, chapter C4).
 *
 * Encoders take register numbers 0..31 (31 = XZR or SP by context), byte
 * offsets relative to the instruction's own address, and return the 32-bit
 * instruction word.  Out-of-range operands are masked to the field width;
 * callers keep offsets within range (a64_offset_fits tells).
 */
#ifndef A64_H
#define A64_H

#include <stdint.h>

/* condition codes (C1.2.4) */
enum a64_cond {
    A64_EQ = 0, A64_NE, A64_CS, A64_CC, A64_MI, A64_PL, A64_VS, A64_VC,
    A64_HI, A64_LS, A64_GE, A64_LT, A64_GT, A64_LE, A64_AL
};

/* System register operand: (op0, op1, CRn, CRm, op2) packed as in the
 * MSR/MRS encoding bits [20:5] (op0 stored as its low bit o0 plus 2). */
#define A64_SYSREG(op0, op1, crn, crm, op2) \
    ((((unsigned)(op0) & 1u) << 14) | ((unsigned)(op1) << 11) | ((unsigned)(crn) << 7) | \
     ((unsigned)(crm) << 3) | (unsigned)(op2))
#define A64_CONTEXTIDR_EL1 A64_SYSREG(3, 0, 13, 0, 1)
#define A64_CONTEXTIDR_EL2 A64_SYSREG(3, 4, 13, 0, 1)
#define A64_VTTBR_EL2      A64_SYSREG(3, 4, 2, 1, 0)
#define A64_ESR_EL1        A64_SYSREG(3, 0, 5, 2, 0)
#define A64_ESR_EL2        A64_SYSREG(3, 4, 5, 2, 0)
#define A64_FAR_EL1        A64_SYSREG(3, 0, 6, 0, 0)
#define A64_ELR_EL1        A64_SYSREG(3, 0, 4, 0, 1)
#define A64_SPSR_EL1       A64_SYSREG(3, 0, 4, 0, 0)
#define A64_VBAR_EL1       A64_SYSREG(3, 0, 12, 0, 0)
#define A64_VBAR_EL2       A64_SYSREG(3, 4, 12, 0, 0)
#define A64_TPIDR_EL1      A64_SYSREG(3, 0, 13, 0, 4)
#define A64_CNTVCT_EL0     A64_SYSREG(3, 3, 14, 0, 2)
#define A64_ICC_IAR1_EL1   A64_SYSREG(3, 0, 12, 12, 0)
#define A64_ICC_EOIR1_EL1  A64_SYSREG(3, 0, 12, 12, 1)

/* DAIF immediate bits for MSR DAIFSet/DAIFClr */
#define A64_DAIF_D 8u
#define A64_DAIF_A 4u
#define A64_DAIF_I 2u
#define A64_DAIF_F 1u

/* ---- branches -------------------------------------------------------- */
uint32_t a64_b(int64_t off);
uint32_t a64_bl(int64_t off);
uint32_t a64_bcond(unsigned cond, int64_t off);
uint32_t a64_cbz(int sf, int nonzero, unsigned rt, int64_t off);   /* CBZ/CBNZ */
uint32_t a64_tbz(int nonzero, unsigned rt, unsigned bit, int64_t off); /* TBZ/TBNZ */
uint32_t a64_br(unsigned rn);
uint32_t a64_blr(unsigned rn);
uint32_t a64_ret(unsigned rn);
uint32_t a64_eret(void);

/* ---- exception generation, hints, barriers, TME ---------------------- */
uint32_t a64_svc(unsigned imm16);
uint32_t a64_hvc(unsigned imm16);
uint32_t a64_smc(unsigned imm16);
uint32_t a64_brk(unsigned imm16);
uint32_t a64_udf(unsigned imm16);
uint32_t a64_nop(void);
uint32_t a64_wfi(void);
uint32_t a64_wfe(void);
uint32_t a64_sevl(void);
uint32_t a64_isb(void);
uint32_t a64_dsb_sy(void);
uint32_t a64_dmb_ish(void);
uint32_t a64_tstart(unsigned rt);
uint32_t a64_tcommit(void);
uint32_t a64_tcancel(unsigned imm16);
uint32_t a64_ttest(unsigned rt);

/* ---- system registers -------------------------------------------------*/
uint32_t a64_msr(unsigned sysreg, unsigned rt);
uint32_t a64_mrs(unsigned rt, unsigned sysreg);
uint32_t a64_daifset(unsigned imm4);
uint32_t a64_daifclr(unsigned imm4);

/* ---- loads and stores -------------------------------------------------*/
/* LDR/STR (immediate, unsigned offset), size_log2 0..3 (B, H, W, X);
 * byte_off must be a multiple of the access size, < 4096 * size. */
uint32_t a64_ldr_imm(unsigned size_log2, unsigned rt, unsigned rn, unsigned byte_off);
uint32_t a64_str_imm(unsigned size_log2, unsigned rt, unsigned rn, unsigned byte_off);
/* SIMD&FP LDR/STR (immediate, unsigned offset), size_log2 3 (D) or 4 (Q) */
uint32_t a64_ldr_fp(unsigned size_log2, unsigned rt, unsigned rn, unsigned byte_off);
uint32_t a64_str_fp(unsigned size_log2, unsigned rt, unsigned rn, unsigned byte_off);
/* LDR Xt, [Xn, Xm, LSL #3] */
uint32_t a64_ldr_reg_lsl3(unsigned rt, unsigned rn, unsigned rm);
/* LDP/STP of X registers; mode 0 signed offset, 1 pre-index, 2 post-index;
 * byte_off a multiple of 8 in -512..504. */
uint32_t a64_ldp(unsigned rt, unsigned rt2, unsigned rn, int byte_off, int mode);
uint32_t a64_stp(unsigned rt, unsigned rt2, unsigned rn, int byte_off, int mode);
uint32_t a64_ldxr(unsigned rt, unsigned rn);
uint32_t a64_stxr(unsigned rs, unsigned rt, unsigned rn);
uint32_t a64_ldar(unsigned rt, unsigned rn);
uint32_t a64_stlr(unsigned rt, unsigned rn);
uint32_t a64_ldadd(unsigned rs, unsigned rt, unsigned rn);

/* ---- data processing (64-bit) -----------------------------------------*/
uint32_t a64_add_imm(unsigned rd, unsigned rn, unsigned imm12);
uint32_t a64_sub_imm(unsigned rd, unsigned rn, unsigned imm12);
uint32_t a64_cmp_imm(unsigned rn, unsigned imm12);
uint32_t a64_add_reg(unsigned rd, unsigned rn, unsigned rm);
uint32_t a64_sub_reg(unsigned rd, unsigned rn, unsigned rm);
uint32_t a64_eor_reg(unsigned rd, unsigned rn, unsigned rm);
uint32_t a64_mov_reg(unsigned rd, unsigned rm);
uint32_t a64_movz(unsigned rd, unsigned imm16, unsigned hw);
uint32_t a64_movk(unsigned rd, unsigned imm16, unsigned hw);
uint32_t a64_lsr_imm(unsigned rd, unsigned rn, unsigned shift);
uint32_t a64_mul(unsigned rd, unsigned rn, unsigned rm);
uint32_t a64_csel(unsigned rd, unsigned rn, unsigned rm, unsigned cond);
uint32_t a64_adr(unsigned rd, int64_t off);

/* ---- decoding ---------------------------------------------------------*/
/* The classifier of the test bench (the program generator's checks and the
 * workload importer): the PE stream instruction class (docs/pe-interface.md
 * 1.1), the load/store class and access size (1.4), and the
 * exception-generating instructions.  Written from the A64 encoding index
 * of the Arm ARM (C4.1: top-level groups; "Branches, Exception Generating
 * and System instructions"; "Loads and Stores"; the SVE memory groups). */
enum a64_excgen {
    A64_EXCGEN_NONE = 0,
    A64_EXCGEN_SVC,
    A64_EXCGEN_HVC,
    A64_EXCGEN_SMC,
    A64_EXCGEN_BRK
};

typedef struct a64_insn {
    uint8_t iclass;     /* enum pe_iclass */
    uint8_t ls;         /* enum pe_ls | PE_LS_* modifiers; 0: no data access */
    uint8_t size_log2;  /* bytes the access moves, log2 rounded up; 0 for SVE
                           (vector length dependent: taken from the capture) */
    uint8_t cond;       /* conditional instruction (PE_F_COND) */
    uint8_t excgen;     /* enum a64_excgen */
    uint8_t udf;        /* UDF (permanently UNDEFINED) */
    int64_t offset;     /* direct branches: byte offset of the target */
} a64_insn;

void a64_classify(uint32_t op, a64_insn *out);
/* enum pe_iclass of an A64 instruction word: a64_classify's iclass. */
unsigned a64_iclass(uint32_t op);
/* Target of a direct branch (B, BL, B.cond, BC.cond, CBZ/CBNZ, TBZ/TBNZ). */
uint64_t a64_direct_target(uint64_t pc, const a64_insn *in);
/* For B, BL, B.cond, CBZ/CBNZ, TBZ/TBNZ and ADR: the byte offset encoded in
 * the word; returns 0 and sets *off, or -1 for any other instruction. */
int a64_pcrel_offset(uint32_t op, int64_t *off);
/* Returns op with its PC-relative offset field replaced by off (same forms
 * as a64_pcrel_offset); other words are returned unchanged. */
uint32_t a64_set_pcrel_offset(uint32_t op, int64_t off);
/* Whether off is encodable in op's PC-relative field (same forms). */
int a64_offset_fits(uint32_t op, int64_t off);

#endif
