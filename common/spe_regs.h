/* Statistical Profiling Extension System registers: encodings and fields.
 *
 * Source: ../shared/spec/spe-supplement-armv8.md (the SPE supplement, ARM
 * DDI 0586A), chapter 4.  Each block cites the line of the register's
 * description in that file; "[L1364]" means line 1364.  Fields that newer
 * architecture versions add (register-fields.md section 1: PMBLIMITR_EL1.PMFZ,
 * FM = DISCARD, PMBSR_EL1.EC GPC fault, PMSIDR_EL1.FDS..., 2-bit
 * PMSCR_EL2.PCT) are not part of the seed and are not defined here.
 * PMSEVFR_EL1.E[16] (Transactional) comes from the TME supplement C3.2.3
 * (R_RHWX) and Events packet E[16] from C2.3.2 (R_QFZV).
 *
 * Shared by the SPE model (model/spe), the SPE decoder (sw/spe) and benches.
 */
#ifndef SPE_REGS_H
#define SPE_REGS_H

#include <stdint.h>

#include "sysreg.h"

/* ---- System register encodings (4.1 Table 7 [L1314], 4.3.x Attributes;
 * sysreg.h: SYSREG_ENC) */
#define PMSCR_EL1_ENC     SYSREG_ENC(3, 0, 9, 9, 0)   /* S3_0_C9_C9_0  [L1684] */
#define PMSICR_EL1_ENC    SYSREG_ENC(3, 0, 9, 9, 2)   /* S3_0_C9_C9_2  [L2133] */
#define PMSIRR_EL1_ENC    SYSREG_ENC(3, 0, 9, 9, 3)   /* S3_0_C9_C9_3  [L2316] */
/* Table 7 prints PMSEVFR_EL1 for op2 = 4 [L1320] and for op2 = 5 [L1321];
 * the register descriptions give op2 = 4 to PMSFCR_EL1 [L2035] and 5 to PMSEVFR_EL1
 * [L1950]; the descriptions are used. */
#define PMSFCR_EL1_ENC    SYSREG_ENC(3, 0, 9, 9, 4)   /* S3_0_C9_C9_4  [L2035] */
#define PMSEVFR_EL1_ENC   SYSREG_ENC(3, 0, 9, 9, 5)   /* S3_0_C9_C9_5  [L1950] */
#define PMSLATFR_EL1_ENC  SYSREG_ENC(3, 0, 9, 9, 6)   /* S3_0_C9_C9_6  [L2368] */
#define PMSIDR_EL1_ENC    SYSREG_ENC(3, 0, 9, 9, 7)   /* S3_0_C9_C9_7  [L2208], RO */
#define PMBLIMITR_EL1_ENC SYSREG_ENC(3, 0, 9, 10, 0)  /* S3_0_C9_C10_0 [L1439] */
#define PMBPTR_EL1_ENC    SYSREG_ENC(3, 0, 9, 10, 1)  /* S3_0_C9_C10_1 [L1498] */
#define PMBSR_EL1_ENC     SYSREG_ENC(3, 0, 9, 10, 3)  /* S3_0_C9_C10_3 [L1540] */
#define PMBIDR_EL1_ENC    SYSREG_ENC(3, 0, 9, 10, 7)  /* S3_0_C9_C10_7 [L1364], RO */
#define PMSCR_EL2_ENC     SYSREG_ENC(3, 4, 9, 9, 0)   /* S3_4_C9_C9_0  [L1834] */
#define PMSCR_EL12_ENC    SYSREG_ENC(3, 5, 9, 9, 0)   /* S3_5_C9_C9_0  [L1804] */

/* ---- PMBIDR_EL1 (4.3.1 [L1342]) ---------------------------------------- */
#define PMBIDR_EL1_ALIGN_SHIFT 0                      /* [3:0] [L1400] */
#define PMBIDR_EL1_ALIGN_MASK  UINT64_C(0xF)
#define PMBIDR_EL1_P           (UINT64_C(1) << 4)     /* [L1383] */
#define PMBIDR_EL1_F           (UINT64_C(1) << 5)     /* [L1376] */
#define PMBIDR_EL1_ALIGN_MAX   11u                    /* 0b1011 = 2KB [L1409] */

/* ---- PMBLIMITR_EL1 (4.3.2 [L1413]) ------------------------------------- */
#define PMBLIMITR_EL1_E          (UINT64_C(1) << 0)   /* [L1463] */
#define PMBLIMITR_EL1_FM_SHIFT   1                    /* [2:1] [L1455] */
#define PMBLIMITR_EL1_FM_MASK    (UINT64_C(3) << 1)
#define PMBLIMITR_EL1_FM_STOP    0u                   /* 0b00: stop and interrupt */
#define PMBLIMITR_EL1_LIMIT_MASK (~UINT64_C(0xFFF))   /* [63:12] [L1447] */
#define PMBLIMITR_EL1_RES0       UINT64_C(0xFF8)      /* [11:3] */

/* ---- PMBPTR_EL1 (4.3.3 [L1472]): PTR [63:0] [L1506] --------------------- */

/* ---- PMBSR_EL1 (4.3.4 [L1514]) ----------------------------------------- */
#define PMBSR_EL1_MSS_MASK   UINT64_C(0xFFFF)         /* [15:0] [L1598] */
#define PMBSR_EL1_BSC_MASK   UINT64_C(0x3F)           /* MSS[5:0], EC == 0 [L1612] */
#define PMBSR_EL1_FSC_MASK   UINT64_C(0x3F)           /* MSS[5:0], EC == 0b10010x [L1630] */
#define PMBSR_EL1_COLL       (UINT64_C(1) << 16)      /* [L1591] */
#define PMBSR_EL1_S          (UINT64_C(1) << 17)      /* [L1584] */
#define PMBSR_EL1_EA         (UINT64_C(1) << 18)      /* [L1575] */
#define PMBSR_EL1_DL         (UINT64_C(1) << 19)      /* [L1564] */
#define PMBSR_EL1_EC_SHIFT   26                       /* [31:26] [L1552] */
#define PMBSR_EL1_EC_MASK    (UINT64_C(0x3F) << 26)
#define PMBSR_EL1_RW_MASK    UINT64_C(0xFC0FFFFF)     /* [63:32,25:20] RES0 */

/* EC values [L1556] */
#define PMBSR_EC_OTHER       0x00u   /* other buffer management event */
#define PMBSR_EC_DABT_S1     0x24u   /* 0b100100 stage 1 Data Abort on write */
#define PMBSR_EC_DABT_S2     0x25u   /* 0b100101 stage 2 Data Abort on write */
/* BSC values [L1616] */
#define PMBSR_BSC_NOT_FILLED 0x00u
#define PMBSR_BSC_FILLED     0x01u
/* FSC values [L1634]; _LVL(n) forms take the level in bits [1:0] */
#define PMBSR_FSC_ADDR_SIZE(l)  (0x00u | ((unsigned)(l) & 3u))
#define PMBSR_FSC_TRANSLATION(l) (0x04u | ((unsigned)(l) & 3u))
#define PMBSR_FSC_ACCESS_FLAG(l) (0x08u | ((unsigned)(l) & 3u))
#define PMBSR_FSC_PERMISSION(l) (0x0Cu | ((unsigned)(l) & 3u))
#define PMBSR_FSC_SEA_WRITE     0x10u   /* synchronous external abort on write */
#define PMBSR_FSC_AEA_WRITE     0x11u   /* asynchronous external abort on write */
#define PMBSR_FSC_SEA_WALK(l)   (0x14u | ((unsigned)(l) & 3u)) /* on walk or table update */
#define PMBSR_FSC_ALIGNMENT     0x21u
#define PMBSR_FSC_TLB_CONFLICT  0x30u
#define PMBSR_FSC_UNSUPPORTED   0x35u   /* Unsupported Access fault */

/* ---- PMSCR_EL1 / PMSCR_EL12 (4.3.5 [L1656], 4.3.6 [L1770]) -------------- */
#define PMSCR_EL1_E0SPE      (UINT64_C(1) << 0)       /* [L1759] */
#define PMSCR_EL1_E1SPE      (UINT64_C(1) << 1)       /* [L1748] */
#define PMSCR_EL1_CX         (UINT64_C(1) << 3)       /* [L1734] */
#define PMSCR_EL1_PA         (UINT64_C(1) << 4)       /* [L1721] */
#define PMSCR_EL1_TS         (UINT64_C(1) << 5)       /* [L1710] */
#define PMSCR_EL1_PCT        (UINT64_C(1) << 6)       /* [L1696]; RES1 without EL2 */
#define PMSCR_EL1_RW_MASK    UINT64_C(0x7B)           /* [63:7,2] RES0 */

/* ---- PMSCR_EL2 (4.3.7 [L1806]) ----------------------------------------- */
#define PMSCR_EL2_E0HSPE     (UINT64_C(1) << 0)       /* [L1908] */
#define PMSCR_EL2_E2SPE      (UINT64_C(1) << 1)       /* [L1897] */
#define PMSCR_EL2_CX         (UINT64_C(1) << 3)       /* [L1886] */
#define PMSCR_EL2_PA         (UINT64_C(1) << 4)       /* [L1873] */
#define PMSCR_EL2_TS         (UINT64_C(1) << 5)       /* [L1859] */
#define PMSCR_EL2_PCT        (UINT64_C(1) << 6)       /* [L1846] */
#define PMSCR_EL2_RW_MASK    UINT64_C(0x7B)           /* [63:7,2] RES0 */

/* ---- PMSEVFR_EL1 (4.3.8 [L1924]) --------------------------------------- */
#define PMSEVFR_EL1_E1       (UINT64_C(1) << 1)       /* architecturally retired [L2000] */
#define PMSEVFR_EL1_E3       (UINT64_C(1) << 3)       /* L1D refill [L1991] */
#define PMSEVFR_EL1_E5       (UINT64_C(1) << 5)       /* TLB walk [L1982] */
#define PMSEVFR_EL1_E7       (UINT64_C(1) << 7)       /* mispredicted [L1973] */
#define PMSEVFR_EL1_E16      (UINT64_C(1) << 16)      /* transactional, FEAT_TME (R_RHWX) */
#define PMSEVFR_EL1_IMPDEF   UINT64_C(0xFFFF0000FF00F000) /* E[63:48,31:24,15:12] [L1958] */
#define PMSEVFR_EL1_ARCH     UINT64_C(0xAA)           /* E[7,5,3,1] */

/* ---- PMSFCR_EL1 (4.3.9 [L2009]) ---------------------------------------- */
#define PMSFCR_EL1_FE        (UINT64_C(1) << 0)       /* [L2096] */
#define PMSFCR_EL1_FT        (UINT64_C(1) << 1)       /* [L2085] */
#define PMSFCR_EL1_FL        (UINT64_C(1) << 2)       /* [L2074] */
#define PMSFCR_EL1_B         (UINT64_C(1) << 16)      /* [L2065] */
#define PMSFCR_EL1_LD        (UINT64_C(1) << 17)      /* [L2056] */
#define PMSFCR_EL1_ST        (UINT64_C(1) << 18)      /* [L2047] */
#define PMSFCR_EL1_RW_MASK   UINT64_C(0x70007)        /* [63:19,15:3] RES0 */

/* ---- PMSICR_EL1 (4.3.10 [L2107]) --------------------------------------- */
#define PMSICR_EL1_COUNT_MASK   UINT64_C(0xFFFFFFFF)  /* [31:0] [L2161] */
#define PMSICR_EL1_ECOUNT_SHIFT 56                    /* [63:56] when ERnd == 1 [L2147] */
#define PMSICR_EL1_ECOUNT_MASK  (UINT64_C(0xFF) << 56)

/* ---- PMSIDR_EL1 (4.3.11 [L2182]) --------------------------------------- */
#define PMSIDR_EL1_FE             (UINT64_C(1) << 0)  /* reads as one [L2286] */
#define PMSIDR_EL1_FT             (UINT64_C(1) << 1)  /* reads as one [L2282] */
#define PMSIDR_EL1_FL             (UINT64_C(1) << 2)  /* reads as one [L2278] */
#define PMSIDR_EL1_ARCHINST       (UINT64_C(1) << 3)  /* [L2271] */
#define PMSIDR_EL1_LDS            (UINT64_C(1) << 4)  /* [L2263] */
#define PMSIDR_EL1_ERND           (UINT64_C(1) << 5)  /* [L2256] */
#define PMSIDR_EL1_INTERVAL_SHIFT 8                   /* [11:8] [L2241] */
#define PMSIDR_EL1_MAXSIZE_SHIFT  12                  /* [15:12] [L2228] */
#define PMSIDR_EL1_COUNTSIZE_SHIFT 16                 /* [19:16] [L2220] */
#define PMSIDR_COUNTSIZE_12BIT    2u                  /* 0b0010 12-bit saturating */
#define PMSIDR_MAXSIZE_MIN        4u                  /* 0b0100 16 bytes */
#define PMSIDR_MAXSIZE_MAX        11u                 /* 0b1011 2KB */

/* ---- PMSIRR_EL1 (4.3.12 [L2290]) --------------------------------------- */
#define PMSIRR_EL1_RND            (UINT64_C(1) << 0)  /* [L2332] */
#define PMSIRR_EL1_INTERVAL_SHIFT 8                   /* [31:8] [L2328] */
#define PMSIRR_EL1_INTERVAL_MASK  (UINT64_C(0xFFFFFF) << 8)
#define PMSIRR_EL1_RW_MASK        UINT64_C(0xFFFFFF01) /* [63:32,7:1] RES0 */

/* ---- PMSLATFR_EL1 (4.3.13 [L2342]) ------------------------------------- */
#define PMSLATFR_EL1_MINLAT_MASK  UINT64_C(0xFFF)     /* [11:0] [L2380] */

/* ---- PMU events of SPE (2.6 Table 1 [L485]) ---------------------------- */
#define SPE_PMU_SAMPLE_POP        0x4000u
#define SPE_PMU_SAMPLE_FEED       0x4001u
#define SPE_PMU_SAMPLE_FILTRATE   0x4002u
#define SPE_PMU_SAMPLE_COLLISION  0x4003u

#endif
