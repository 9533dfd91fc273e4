/* TRBE (Trace Buffer Extension, Part E) system registers: encodings and
 * fields, shared by the model (model/trbe), the RTL bench (tb/trbe) and
 * the driver (sw/trbe).  The RTL (rtl/trbe) uses the same numbers; its
 * comments cite the macros here.
 *
 * Encodings and bit positions: ../shared/spec/register-fields.md section 2
 * (source SR, the Linux arch/arm64/tools/sysreg description), which lists
 * every register as (op0, op1, CRn, CRm, op2).  Fields that the fact sheet
 * marks "not found" (TRBLIMITR_EL1.XE, TRBSR_EL1.DAT, TRBSR_EL1.MSS2) are
 * implemented as RES0: they read as zero and ignore writes. */
#ifndef TRBE_REGS_H
#define TRBE_REGS_H

#include <stdint.h>

#include "sysreg.h"

/* ---- system register encodings (sysreg.h: SYSREG_ENC) ------------------ */
#define TRBLIMITR_EL1_ENC  SYSREG_ENC(3, 0, 9, 11, 0)   /* 0xC4D8 */
#define TRBPTR_EL1_ENC     SYSREG_ENC(3, 0, 9, 11, 1)   /* 0xC4D9 */
#define TRBBASER_EL1_ENC   SYSREG_ENC(3, 0, 9, 11, 2)   /* 0xC4DA */
#define TRBSR_EL1_ENC      SYSREG_ENC(3, 0, 9, 11, 3)   /* 0xC4DB */
#define TRBMAR_EL1_ENC     SYSREG_ENC(3, 0, 9, 11, 4)   /* 0xC4DC */
#define TRBMPAM_EL1_ENC    SYSREG_ENC(3, 0, 9, 11, 5)   /* 0xC4DD, not implemented */
#define TRBTRG_EL1_ENC     SYSREG_ENC(3, 0, 9, 11, 6)   /* 0xC4DE */
#define TRBIDR_EL1_ENC     SYSREG_ENC(3, 0, 9, 11, 7)   /* 0xC4DF */

/* The buffer pointers are 4 KB aligned (R_JMPCB, R_LLBS). */
#define TRBE_PAGE_SHIFT 12u
#define TRBE_PAGE_SIZE  (1ull << TRBE_PAGE_SHIFT)
#define TRBE_PAGE_MASK  (~(TRBE_PAGE_SIZE - 1u))

/* ---- TRBLIMITR_EL1 ------------------------------------------------------ */
#define TRBLIMITR_E             (1ull << 0)
#define TRBLIMITR_FM_SHIFT      1u
#define TRBLIMITR_FM_MASK       (3ull << TRBLIMITR_FM_SHIFT)
#define TRBLIMITR_TM_SHIFT      3u
#define TRBLIMITR_TM_MASK       (3ull << TRBLIMITR_TM_SHIFT)
#define TRBLIMITR_NVM           (1ull << 5)
#define TRBLIMITR_XE            (1ull << 6)    /* meaning not found: RES0 here */
#define TRBLIMITR_LIMIT_MASK    TRBE_PAGE_MASK /* [63:12] */
/* Bits this implementation stores (XE and [11:7] are RES0). */
#define TRBLIMITR_RW_MASK       (TRBLIMITR_LIMIT_MASK | TRBLIMITR_NVM | TRBLIMITR_TM_MASK | \
                                 TRBLIMITR_FM_MASK | TRBLIMITR_E)

/* FM, trace buffer mode (I_FZXSV).  0b10 is not defined (register-fields
 * section 2); this implementation stores it and behaves as Fill mode. */
enum trbe_fm {
    TRBE_FM_FILL = 0,
    TRBE_FM_WRAP = 1,
    TRBE_FM_RSVD = 2,
    TRBE_FM_CBUF = 3
};

/* TM, trigger mode (I_JDWMT).  0b10 is not defined; stored, behaves as
 * Ignore trigger. */
enum trbe_tm {
    TRBE_TM_STOP = 0,
    TRBE_TM_IRQ  = 1,
    TRBE_TM_RSVD = 2,
    TRBE_TM_IGNR = 3
};

/* ---- TRBPTR_EL1, TRBBASER_EL1, TRBTRG_EL1 ------------------------------- */
#define TRBPTR_RW_MASK          (~0ull)         /* [63:0] PTR (R_KXRTY) */
#define TRBBASER_BASE_MASK      TRBE_PAGE_MASK  /* [63:12] BASE (R_JMPCB) */
#define TRBTRG_TRG_MASK         0xFFFFFFFFull   /* [31:0] TRG (R_PBGNS) */

/* ---- TRBSR_EL1 ------------------------------------------------------------ */
#define TRBSR_MSS_MASK          0xFFFFull       /* [15:0] */
#define TRBSR_S                 (1ull << 17)
#define TRBSR_EA                (1ull << 18)
#define TRBSR_WRAP              (1ull << 20)
#define TRBSR_TRG               (1ull << 21)
#define TRBSR_IRQ               (1ull << 22)
#define TRBSR_DAT               (1ull << 23)    /* meaning not found: RES0 here */
#define TRBSR_EC_SHIFT          26u
#define TRBSR_EC_MASK           (0x3Full << TRBSR_EC_SHIFT)
#define TRBSR_MSS2_MASK         (0xFFFFFFull << 32) /* meaning not found: RES0 here */
#define TRBSR_RW_MASK           (TRBSR_EC_MASK | TRBSR_IRQ | TRBSR_TRG | TRBSR_WRAP | \
                                 TRBSR_EA | TRBSR_S | TRBSR_MSS_MASK)

/* EC, event class (seed lines 16273, 16486-16487, 16554). */
#define TRBSR_EC_OTHER          0x00u  /* other buffer management event */
#define TRBSR_EC_IMPDEF         0x1Fu  /* IMPLEMENTATION DEFINED event (R_CHNSL) */
#define TRBSR_EC_S1_ABORT       0x24u  /* stage 1 Data Abort on write */
#define TRBSR_EC_S2_ABORT       0x25u  /* stage 2 Data Abort on write */

/* MSS[5:0] is BSC when EC = 0x00 (register-fields section 2, SRH). */
#define TRBSR_BSC_MASK          0x3Fu
#define TRBSR_BSC_NONE          0x00u  /* collection not stopped */
#define TRBSR_BSC_FILLED        0x01u  /* buffer filled (R_MBSHC) */
#define TRBSR_BSC_TRIGGERED     0x02u  /* Trigger Event (R_XRRRWP) */

/* MSS[5:0] is FSC for EC = 0x24/0x25 (seed line 16488).  The TRBE-specific
 * FSC table is not in the fact sheet (register-fields section 6, "TRBE FSC
 * encodings").  The value used here is the Armv8 long-descriptor fault
 * status code for a synchronous External abort that is not on a
 * translation table walk, 0b010000 (Arm Cortex-A35 TRM 100236, B1.89, the
 * Status field), the format the FSC fields of the A-profile syndrome
 * registers share. */
#define TRBSR_FSC_SYNC_EXT_ABORT 0x10u

/* MSS for EC = 0x1F (IMPLEMENTATION DEFINED, R_CHNSL): this
 * implementation's only IMPLEMENTATION DEFINED event is a write attempted
 * with an out-of-range current write pointer (R_MSPSD, R_MGZWR). */
#define TRBSR_MSS_IMPDEF_PTR_RANGE 0x0001u

/* ---- TRBMAR_EL1 ------------------------------------------------------------ */
#define TRBMAR_ATTR_MASK        0xFFull         /* [7:0] Attr */
#define TRBMAR_SH_SHIFT         8u
#define TRBMAR_SH_MASK          (3ull << TRBMAR_SH_SHIFT)
#define TRBMAR_PAS_SHIFT        10u
#define TRBMAR_PAS_MASK         (3ull << TRBMAR_PAS_SHIFT)
#define TRBMAR_RW_MASK          0xFFFull

/* ---- TRBIDR_EL1 (read-only) ----------------------------------------------- */
#define TRBIDR_ALIGN_MASK       0xFull          /* [3:0] Align: 2^Align bytes */
#define TRBIDR_P                (1ull << 4)     /* programming not allowed */
#define TRBIDR_F                (1ull << 5)     /* flag updates (R_FBKCC) */
#define TRBIDR_EA_SHIFT         8u
#define TRBIDR_EA_MASK          (0xFull << TRBIDR_EA_SHIFT)
#define TRBIDR_MPAM_SHIFT       12u
#define TRBIDR_MPAM_MASK        (0xFull << TRBIDR_MPAM_SHIFT)

/* ---- architectural events of E1.3 (PMU event numbers) --------------------- */
#define TRBE_EVT_TRB_WRAP       0x400Cu
#define TRBE_EVT_TRB_TRIG       0x400Eu

#endif
