/* A64 instruction classification for the trace analyzer (D3.1, D3.4, D9.5.18.5).
 * Every A64 instruction is 4 bytes.  An instruction is either a P0
 * instruction (direct or indirect branch, ISB, TSTART, WFx when
 * TRCIDR2.WFXMODE is 1) or an "other" instruction that the analyzer walks
 * over. */
#ifndef ETE_A64_H
#define ETE_A64_H

#include <stdint.h>

enum ete_a64_class {
    ETE_A64_OTHER = 0,      /* not a P0 instruction */
    ETE_A64_BR_DIRECT,      /* B, BL, B.cond, BC.cond, CBZ/CBNZ, TBZ/TBNZ (D3.1.1) */
    ETE_A64_BR_INDIRECT,    /* BR, BLR, RET, ERET and the PAC forms (D3.1.2) */
    ETE_A64_ISB,            /* ISB (D3.1.1, R_KJTCL) */
    ETE_A64_WFX,            /* WFI, WFE, WFIT, WFET when WFXMODE (D3.4, R_BBQHN) */
    ETE_A64_TSTART          /* TSTART (D3.1.1, R_LLCQG) */
};

typedef struct ete_a64_insn {
    uint8_t  cls;           /* enum ete_a64_class */
    uint8_t  is_link;       /* branch with link (D3.1.3) */
    uint8_t  is_cond;       /* conditional: an N atom is a valid outcome */
    uint8_t  is_return;     /* RET/RETAA/RETAB/ERET forms (informational) */
    int64_t  offset;        /* direct branches: signed byte offset to the target */
} ete_a64_insn;

/* Classify one instruction word.  wfx_p0 = TRCIDR2.WFXMODE. */
void ete_a64_classify(uint32_t word, int wfx_p0, ete_a64_insn *out);

/* Target of a direct branch at pc (wraps modulo 2^64). */
uint64_t ete_a64_direct_target(uint64_t pc, const ete_a64_insn *in);

#endif
