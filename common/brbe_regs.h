/* Branch Record Buffer Extension (Part F) System registers: encodings and
 * fields, shared by the BRBE model (model/brbe), the BRBE decoder (sw/brbe)
 * and benches.
 *
 * Source of every encoding and bit position: ../shared/spec/register-fields.md
 * section 3 ("[RF Lnnn]" = line nnn of that file) and, for BRBINF<n>_EL1,
 * ../shared/spec/brbinf-register.md ("[BI]").  Behaviour: Part F of
 * armv9-supplement-ete-trbe-brbe-tme.md (F1.1.x) and brbe-chapter-d19.md.
 *
 * BRBCR_ELx.FZPSS (bit 9) is listed by register-fields.md but its meaning is
 * "not found" there [RF L157]; it is not defined here and the model treats
 * bit 9 as RES0.
 */
#ifndef BRBE_REGS_H
#define BRBE_REGS_H

#include <stdint.h>

#include "sysreg.h"

/* ---- System register encodings (sysreg.h: SYSREG_ENC) ------------------ */

/* Per-record registers, n = 0..31 within the bank selected by
 * BRBFCR_EL1.BANK: (2, 1, 8, n[3:0], n[4]:op2[1:0]) [RF L97-99], with
 * op2[1:0] = 00 INF, 01 SRC, 10 TGT. */
#define BRBINF_EL1_ENC(n) SYSREG_ENC(2, 1, 8, (n) & 15u, (((unsigned)(n) >> 4) & 1u) << 2 | 0u)
#define BRBSRC_EL1_ENC(n) SYSREG_ENC(2, 1, 8, (n) & 15u, (((unsigned)(n) >> 4) & 1u) << 2 | 1u)
#define BRBTGT_EL1_ENC(n) SYSREG_ENC(2, 1, 8, (n) & 15u, (((unsigned)(n) >> 4) & 1u) << 2 | 2u)
/* Decode a per-record encoding: BRBE_REC_IS(e) is true for op0=2 op1=1
 * CRn=8 op2[1:0] != 11; BRBE_REC_N gives n, BRBE_REC_KIND 0 INF, 1 SRC,
 * 2 TGT. */
#define BRBE_REC_IS(e)   (SYSREG_OP0(e) == 2u && SYSREG_OP1(e) == 1u && \
                          SYSREG_CRN(e) == 8u && (SYSREG_OP2(e) & 3u) != 3u)
#define BRBE_REC_N(e)    (SYSREG_CRM(e) | ((SYSREG_OP2(e) >> 2) << 4))
#define BRBE_REC_KIND(e) (SYSREG_OP2(e) & 3u)
#define BRBE_REC_KIND_INF 0u
#define BRBE_REC_KIND_SRC 1u
#define BRBE_REC_KIND_TGT 2u

#define BRBCR_EL1_ENC     SYSREG_ENC(2, 1, 9, 0, 0)   /* [RF L100] */
#define BRBFCR_EL1_ENC    SYSREG_ENC(2, 1, 9, 0, 1)   /* [RF L101] */
#define BRBTS_EL1_ENC     SYSREG_ENC(2, 1, 9, 0, 2)   /* [RF L102] */
#define BRBINFINJ_EL1_ENC SYSREG_ENC(2, 1, 9, 1, 0)   /* [RF L103] */
#define BRBSRCINJ_EL1_ENC SYSREG_ENC(2, 1, 9, 1, 1)   /* [RF L104] */
#define BRBTGTINJ_EL1_ENC SYSREG_ENC(2, 1, 9, 1, 2)   /* [RF L105] */
#define BRBIDR0_EL1_ENC   SYSREG_ENC(2, 1, 9, 2, 0)   /* [RF L106], read-only */
#define BRBCR_EL2_ENC     SYSREG_ENC(2, 4, 9, 0, 0)   /* [RF L107] */
#define BRBCR_EL12_ENC    SYSREG_ENC(2, 5, 9, 0, 0)   /* [RF L108], VHE alias of BRBCR_EL1 */

/* Records per bank: BRBFCR_EL1.BANK selects records 32*BANK .. 32*BANK+31
 * (R_WLSWP, R_WRJLM). */
#define BRBE_BANK_RECORDS 32u

/* ---- BRBINF<n>_EL1 and BRBINFINJ_EL1 [RF L112-128], [BI] ---------------- */
#define BRBINF_VALID_SHIFT      0                       /* [1:0] */
#define BRBINF_VALID_MASK       UINT64_C(0x3)
#define BRBINF_VALID_NONE       0u                      /* invalid record */
#define BRBINF_VALID_TARGET     1u                      /* Half-target (R_LPLYK) */
#define BRBINF_VALID_SOURCE     2u                      /* Half-source (R_RPVXK) */
#define BRBINF_VALID_FULL       3u                      /* Full (R_GSMRH) */
#define BRBINF_MPRED            (UINT64_C(1) << 5)      /* [5] */
#define BRBINF_EL_SHIFT         6                       /* [7:6] */
#define BRBINF_EL_MASK          (UINT64_C(0x3) << 6)
#define BRBINF_TYPE_SHIFT       8                       /* [13:8] */
#define BRBINF_TYPE_MASK        (UINT64_C(0x3F) << 8)
#define BRBINF_T                (UINT64_C(1) << 16)     /* [16] */
#define BRBINF_LASTFAILED       (UINT64_C(1) << 17)     /* [17] */
#define BRBINF_CC_SHIFT         32                      /* [45:32] */
#define BRBINF_CC_MASK          (UINT64_C(0x3FFF) << 32)
#define BRBINF_CC_MANT_SHIFT    32                      /* [39:32] mantissa M */
#define BRBINF_CC_MANT_MASK     (UINT64_C(0xFF) << 32)
#define BRBINF_CC_EXP_SHIFT     40                      /* [45:40] exponent E */
#define BRBINF_CC_EXP_MASK      (UINT64_C(0x3F) << 40)
#define BRBINF_CCU              (UINT64_C(1) << 46)     /* [46] */
/* Writable (non-RES0) bits: RES0 are [63:47], [31:18], [15:14], [4:2]. */
#define BRBINF_DEFINED_MASK     UINT64_C(0x00007FFF00033FE3)
/* The 14-bit CC value of a count that exceeded the cycle counter (R_XGSSZ). */
#define BRBINF_CC_SATURATED     0x3FFFu

/* BRBINF TYPE values [BI TYPE table], [RF L124] */
#define BRBINF_TYPE_DIRECT      0x00u  /* unconditional direct branch, not BL */
#define BRBINF_TYPE_INDIRECT    0x01u  /* indirect branch, not BLR/RET/ERET */
#define BRBINF_TYPE_DIRCALL     0x02u  /* direct branch with link */
#define BRBINF_TYPE_INDCALL     0x03u  /* indirect branch with link */
#define BRBINF_TYPE_RET         0x05u  /* return from subroutine */
#define BRBINF_TYPE_ERET        0x07u  /* exception return */
#define BRBINF_TYPE_CONDDIR     0x08u  /* conditional direct branch */
#define BRBINF_TYPE_DEBUG_HALT  0x21u
#define BRBINF_TYPE_CALL        0x22u
#define BRBINF_TYPE_TRAP        0x23u
#define BRBINF_TYPE_SERROR      0x24u
#define BRBINF_TYPE_INST_DEBUG  0x26u
#define BRBINF_TYPE_DATA_DEBUG  0x27u
#define BRBINF_TYPE_ALIGNMENT   0x2Au
#define BRBINF_TYPE_INST_FAULT  0x2Bu
#define BRBINF_TYPE_DATA_FAULT  0x2Cu
#define BRBINF_TYPE_IRQ         0x2Eu
#define BRBINF_TYPE_FIQ         0x2Fu
#define BRBINF_TYPE_IMPDEF_EL3  0x30u  /* IMPLEMENTATION DEFINED exception to EL3 */
#define BRBINF_TYPE_DEBUG_EXIT  0x39u  /* Debug state exit */

/* ---- BRBCR_EL1, BRBCR_EL2, BRBCR_EL12 [RF L150-165] ---------------------- */
#define BRBCR_E0BRE             (UINT64_C(1) << 0)   /* EL1: E0BRE; EL2: E0HBRE */
#define BRBCR_EXBRE             (UINT64_C(1) << 1)   /* EL1: E1BRE; EL2: E2BRE */
#define BRBCR_CC                (UINT64_C(1) << 3)
#define BRBCR_MPRED             (UINT64_C(1) << 4)
#define BRBCR_TS_SHIFT          5                    /* [6:5] */
#define BRBCR_TS_MASK           (UINT64_C(0x3) << 5)
#define BRBCR_TS_NONE           0u  /* BRBCR_EL2: delegate to BRBCR_EL1.TS (Table F1.11) */
#define BRBCR_TS_VIRTUAL        1u
#define BRBCR_TS_OFFSET_PHYS    2u  /* "offset physical" (guest physical) */
#define BRBCR_TS_PHYSICAL       3u
#define BRBCR_FZP               (UINT64_C(1) << 8)
#define BRBCR_ERTN              (UINT64_C(1) << 22)
#define BRBCR_EXCEPTION         (UINT64_C(1) << 23)
#define BRBCR_DEFINED_MASK      UINT64_C(0x00C0017B) /* bits 23,22,8,6:5,4,3,1,0 */
/* Register-specific names for the shared positions */
#define BRBCR_EL1_E0BRE         BRBCR_E0BRE
#define BRBCR_EL1_E1BRE         BRBCR_EXBRE
#define BRBCR_EL2_E0HBRE        BRBCR_E0BRE
#define BRBCR_EL2_E2BRE         BRBCR_EXBRE

/* ---- BRBFCR_EL1 [RF L167-183] ------------------------------------------- */
#define BRBFCR_LASTFAILED       (UINT64_C(1) << 6)
#define BRBFCR_PAUSED           (UINT64_C(1) << 7)
#define BRBFCR_EnI              (UINT64_C(1) << 16)
#define BRBFCR_DIRECT           (UINT64_C(1) << 17)
#define BRBFCR_INDIRECT         (UINT64_C(1) << 18)
#define BRBFCR_RTN              (UINT64_C(1) << 19)
#define BRBFCR_INDCALL          (UINT64_C(1) << 20)
#define BRBFCR_DIRCALL          (UINT64_C(1) << 21)
#define BRBFCR_CONDDIR          (UINT64_C(1) << 22)
#define BRBFCR_FILTER_MASK      (UINT64_C(0x7E) << 16) /* DIRECT..CONDDIR */
#define BRBFCR_BANK_SHIFT       28                     /* [29:28] */
#define BRBFCR_BANK_MASK        (UINT64_C(0x3) << 28)
#define BRBFCR_DEFINED_MASK     UINT64_C(0x307F00C0)

/* ---- BRBIDR0_EL1 [RF L185] ---------------------------------------------- */
#define BRBIDR0_NUMREC_SHIFT    0                      /* [7:0] */
#define BRBIDR0_NUMREC_MASK     UINT64_C(0xFF)
#define BRBIDR0_FORMAT_SHIFT    8                      /* [11:8] */
#define BRBIDR0_FORMAT_MASK     (UINT64_C(0xF) << 8)
#define BRBIDR0_FORMAT_0        0u
#define BRBIDR0_CC_SHIFT        12                     /* [15:12] */
#define BRBIDR0_CC_MASK         (UINT64_C(0xF) << 12)
#define BRBIDR0_CC_20BIT        5u                     /* 0b0101: 20-bit cycle counter */

/* ---- BRBTS_EL1 [63:0] TS, BRBSRC/BRBTGT [63:0] ADDRESS [RF L98-102] ------ */

#endif
