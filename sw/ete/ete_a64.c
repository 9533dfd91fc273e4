/* A64 P0 instruction classifier (D3.1 A64 tables, D3.4 WFx, D9.5.18.5). */
#include "ete_a64.h"

/* Sign-extend the low 'bits' bits of v and scale by 4 (A64 branch offsets
 * are in words). */
static int64_t sext_words(uint32_t v, unsigned bits)
{
    uint32_t mask = (1u << bits) - 1u;
    int64_t x = (int64_t)(v & mask);
    if (x & (int64_t)(1u << (bits - 1u)))
        x -= (int64_t)1 << bits;
    return x * 4;
}

void ete_a64_classify(uint32_t w, int wfx_p0, ete_a64_insn *o)
{
    o->cls = ETE_A64_OTHER;
    o->is_link = 0;
    o->is_cond = 0;
    o->is_return = 0;
    o->offset = 0;

    /* ---- direct branches, Table D3.1 ---- */
    if ((w & 0x7C000000u) == 0x14000000u) {            /* B / BL imm26 */
        o->cls = ETE_A64_BR_DIRECT;
        o->is_link = (w >> 31) & 1u;                    /* BL: Table D3.3 */
        o->offset = sext_words(w, 26);
        return;
    }
    if ((w & 0xFF000000u) == 0x54000000u) {            /* B.cond (o0=0), BC.cond (o0=1) */
        o->cls = ETE_A64_BR_DIRECT;
        o->is_cond = 1;
        o->offset = sext_words(w >> 5, 19);
        return;
    }
    if ((w & 0x7E000000u) == 0x34000000u) {            /* CBZ / CBNZ */
        o->cls = ETE_A64_BR_DIRECT;
        o->is_cond = 1;
        o->offset = sext_words(w >> 5, 19);
        return;
    }
    if ((w & 0x7E000000u) == 0x36000000u) {            /* TBZ / TBNZ */
        o->cls = ETE_A64_BR_DIRECT;
        o->is_cond = 1;
        o->offset = sext_words(w >> 5, 14);
        return;
    }

    /* ---- indirect branches, Table D3.2 (unconditional branch, register) ---- */
    if ((w & 0xFE000000u) == 0xD6000000u) {
        uint32_t opc = (w >> 21) & 0xFu;
        uint32_t op2 = (w >> 16) & 0x1Fu;
        uint32_t op3 = (w >> 10) & 0x3Fu;
        uint32_t rn  = (w >> 5) & 0x1Fu;
        uint32_t op4 = w & 0x1Fu;
        uint32_t z   = (w >> 24) & 1u;      /* 1: BRAA/BRAB/BLRAA/BLRAB (Rm form) */
        if (op2 != 0x1Fu)
            return;
        if (z == 0) {
            switch (opc) {
            case 0x0:   /* BR, BRAAZ, BRABZ */
            case 0x1:   /* BLR, BLRAAZ, BLRABZ */
                if (op3 == 0 && op4 == 0) {
                    /* BR / BLR */
                } else if ((op3 == 0x02 || op3 == 0x03) && op4 == 0x1Fu) {
                    /* BRAAZ/BRABZ, BLRAAZ/BLRABZ */
                } else {
                    return;
                }
                o->cls = ETE_A64_BR_INDIRECT;
                o->is_link = (uint8_t)opc;
                return;
            case 0x2:   /* RET, RETAA, RETAB */
                if (op3 == 0 && op4 == 0) {
                    /* RET Xn */
                } else if ((op3 == 0x02 || op3 == 0x03) && rn == 0x1Fu && op4 == 0x1Fu) {
                    /* RETAA / RETAB */
                } else {
                    return;
                }
                o->cls = ETE_A64_BR_INDIRECT;
                o->is_return = 1;
                return;
            case 0x4:   /* ERET, ERETAA, ERETAB */
                if (rn != 0x1Fu)
                    return;
                if ((op3 == 0 && op4 == 0) ||
                    ((op3 == 0x02 || op3 == 0x03) && op4 == 0x1Fu)) {
                    o->cls = ETE_A64_BR_INDIRECT;
                    o->is_return = 1;
                }
                return;
            default:
                return;
            }
        } else {
            /* BRAA/BRAB (opc 1000), BLRAA/BLRAB (opc 1001) */
            if ((opc == 0x8u || opc == 0x9u) && (op3 == 0x02 || op3 == 0x03)) {
                o->cls = ETE_A64_BR_INDIRECT;
                o->is_link = (uint8_t)(opc & 1u);
            }
            return;
        }
    }

    /* ---- ISB (any option), R_KJTCL ---- */
    if ((w & 0xFFFFF0FFu) == 0xD50330DFu) {
        o->cls = ETE_A64_ISB;
        return;
    }
    /* ---- TSTART Xt, R_LLCQG ---- */
    if ((w & 0xFFFFFFE0u) == 0xD5233060u) {
        o->cls = ETE_A64_TSTART;
        return;
    }
    /* ---- WFx, only when TRCIDR2.WFXMODE == 1 (D3.4, R_BBQHN) ---- */
    if (wfx_p0) {
        if (w == 0xD503205Fu || w == 0xD503207Fu ||          /* WFE, WFI */
            (w & 0xFFFFFFC0u) == 0xD5031000u) {              /* WFET, WFIT */
            o->cls = ETE_A64_WFX;
            return;
        }
    }
}

uint64_t ete_a64_direct_target(uint64_t pc, const ete_a64_insn *in)
{
    return pc + (uint64_t)in->offset;
}
