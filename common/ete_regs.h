/* ETE register offsets and fields, shared by the model, the RTL harness,
 * the driver and the decoder.  Offsets: D8.4.1/D8.4.2 (external debug map).
 * Fields: ../shared/spec/register-fields.md section 4, with its sources. */
#ifndef ETE_REGS_H
#define ETE_REGS_H

#include <stdint.h>

/* ---- external-debug offsets (D8.4.1, D8.4.2) -------------------------- */
#define TRCPRGCTLR      0x004u
#define TRCSTATR        0x00Cu
#define TRCCONFIGR      0x010u
#define TRCAUXCTLR      0x018u
#define TRCEVENTCTL0R   0x020u
#define TRCEVENTCTL1R   0x024u
#define TRCRSR          0x028u
#define TRCSTALLCTLR    0x02Cu
#define TRCTSCTLR       0x030u
#define TRCSYNCPR       0x034u
#define TRCCCCTLR       0x038u
#define TRCBBCTLR       0x03Cu
#define TRCTRACEIDR     0x040u
#define TRCQCTLR        0x044u
#define TRCVICTLR       0x080u
#define TRCVIIECTLR     0x084u
#define TRCVISSCTLR     0x088u
#define TRCVIPCSSCTLR   0x08Cu
#define TRCSEQEVR(n)    (0x100u + 4u * (n))
#define TRCSEQRSTEVR    0x118u
#define TRCSEQSTR       0x11Cu
#define TRCEXTINSELR(n) (0x120u + 4u * (n))
#define TRCCNTRLDVR(n)  (0x140u + 4u * (n))
#define TRCCNTCTLR(n)   (0x150u + 4u * (n))
#define TRCCNTVR(n)     (0x160u + 4u * (n))
#define TRCIDR8         0x180u
#define TRCIDR9         0x184u
#define TRCIDR10        0x188u
#define TRCIDR11        0x18Cu
#define TRCIDR12        0x190u
#define TRCIDR13        0x194u
#define TRCIMSPEC(n)    (0x1C0u + 4u * (n))
#define TRCIDR0         0x1E0u
#define TRCIDR1         0x1E4u
#define TRCIDR2         0x1E8u
#define TRCIDR3         0x1ECu
#define TRCIDR4         0x1F0u
#define TRCIDR5         0x1F4u
#define TRCIDR6         0x1F8u
#define TRCIDR7         0x1FCu
#define TRCRSCTLR(n)    (0x200u + 4u * (n))
#define TRCSSCCR(n)     (0x280u + 4u * (n))
#define TRCSSCSR(n)     (0x2A0u + 4u * (n))
#define TRCOSLSR        0x304u
#define TRCPDCR         0x310u
#define TRCPDSR         0x314u
#define TRCACVR(n)      (0x400u + 8u * (n))   /* +4: bits[63:32] */
#define TRCACATR(n)     (0x480u + 8u * (n))   /* +4: bits[63:32] */
#define TRCCIDCVR(n)    (0x600u + 8u * (n))
#define TRCVMIDCVR(n)   (0x640u + 8u * (n))
#define TRCCIDCCTLR0    0x680u
#define TRCCIDCCTLR1    0x684u
#define TRCVMIDCCTLR0   0x688u
#define TRCVMIDCCTLR1   0x68Cu
#define TRCCLAIMSET     0xFA0u
#define TRCCLAIMCLR     0xFA4u
#define TRCAUTHSTATUS   0xFB8u
#define TRCDEVARCH      0xFBCu
#define TRCDEVID        0xFC8u
#define TRCDEVTYPE      0xFCCu

/* ---- TRCPRGCTLR, TRCSTATR --------------------------------------------- */
#define TRCPRGCTLR_EN        (1u << 0)
#define TRCSTATR_IDLE        (1u << 0)
#define TRCSTATR_PMSTABLE    (1u << 1)

/* ---- TRCCONFIGR ------------------------------------------------------- */
#define TRCCONFIGR_RES1      (1u << 0)
#define TRCCONFIGR_BB        (1u << 3)
#define TRCCONFIGR_CCI       (1u << 4)
#define TRCCONFIGR_CID       (1u << 6)
#define TRCCONFIGR_VMID      (1u << 7)
#define TRCCONFIGR_TS        (1u << 11)
#define TRCCONFIGR_RS        (1u << 12)
#define TRCCONFIGR_QE_SHIFT  13
#define TRCCONFIGR_QE_MASK   (3u << 13)
#define TRCCONFIGR_VMIDOPT   (1u << 15)
#define TRCCONFIGR_ITO       (1u << 18)

/* ---- TRCEVENTCTL0R / TRCEVENTCTL1R ------------------------------------ */
/* event n: TYPE at bit 8n+7 (1 = selector pair), SEL at [8n+4:8n] */
#define TRCEVENTCTL0R_SEL(v, n)   (((v) >> (8u * (n))) & 0x1Fu)
#define TRCEVENTCTL0R_TYPE(v, n)  (((v) >> (8u * (n) + 7u)) & 1u)
#define TRCEVENTCTL1R_INSTEN(n)   (1u << (n))
#define TRCEVENTCTL1R_ATB         (1u << 11)
#define TRCEVENTCTL1R_LPOVERRIDE  (1u << 12)

/* ---- TRCSTALLCTLR (ETMv4 layout; register-fields.md 4.2) --------------- */
#define TRCSTALLCTLR_LEVEL_SHIFT  2
#define TRCSTALLCTLR_LEVEL_MASK   (3u << 2)
#define TRCSTALLCTLR_ISTALL       (1u << 8)
#define TRCSTALLCTLR_INSTPRIORITY (1u << 10)
#define TRCSTALLCTLR_NOOVERFLOW   (1u << 13)

/* ---- TRCTSCTLR, TRCSYNCPR, TRCCCCTLR, TRCBBCTLR, TRCTRACEIDR ------------ */
#define TRCTSCTLR_SEL(v)          ((v) & 0x1Fu)
#define TRCTSCTLR_TYPE(v)         (((v) >> 7) & 1u)
#define TRCSYNCPR_PERIOD_MASK     0x1Fu
#define TRCCCCTLR_THRESHOLD_MASK  0xFFFu
#define TRCBBCTLR_RANGE_MASK      0xFFu
#define TRCBBCTLR_MODE            (1u << 8)
#define TRCTRACEIDR_TRACEID_MASK  0x7Fu

/* ---- resource selectors: the generic event selector (TYPE[7], SEL[4:0]) */
#define ETE_RESOURCE_FALSE   0u   /* resource selector 0: always FALSE */
#define ETE_RESOURCE_TRUE    1u   /* resource selector 1: always TRUE */
#define TRCRSCTLR_SELECT_MASK 0xFFFFu
#define TRCRSCTLR_GROUP_SHIFT 16
#define TRCRSCTLR_GROUP_MASK  (0xFu << 16)
#define TRCRSCTLR_GROUP_EXTIN 0x0u  /* group 0000: external inputs */
#define TRCRSCTLR_INV         (1u << 20)
#define TRCRSCTLR_PAIRINV     (1u << 21)

/* ---- ViewInst ------------------------------------------------------------ */
#define TRCVICTLR_EVENT_SEL(v)    ((v) & 0x1Fu)
#define TRCVICTLR_EVENT_TYPE(v)   (((v) >> 7) & 1u)
#define TRCVICTLR_SSSTATUS        (1u << 9)
#define TRCVICTLR_TRCRESET        (1u << 10)
#define TRCVICTLR_TRCERR          (1u << 11)
#define TRCVICTLR_EXLEVEL_S(el)   (1u << (16 + (el)))   /* 1 = do not trace Secure ELn */
#define TRCVICTLR_EXLEVEL_NS(el)  (1u << (20 + (el)))   /* 1 = do not trace Non-secure ELn, n<3 */
#define TRCVIIECTLR_INCLUDE(m)    (1u << (m))
#define TRCVIIECTLR_EXCLUDE(m)    (1u << (16 + (m)))
#define TRCVISSCTLR_START(m)      (1u << (m))
#define TRCVISSCTLR_STOP(m)       (1u << (16 + (m)))

/* ---- TRCACATR<n> (ETE) --------------------------------------------------- */
#define TRCACATR_CONTEXTTYPE_SHIFT 2
#define TRCACATR_CONTEXTTYPE_MASK  (3u << 2)
#define TRCACATR_CONTEXT_SHIFT     4
#define TRCACATR_CONTEXT_MASK      (7u << 4)
#define TRCACATR_EXLEVEL_S(el)     (1u << (8 + (el)))
#define TRCACATR_EXLEVEL_NS(el)    (1u << (12 + (el)))

/* ---- ID registers (register-fields.md 4.6) ------------------------------ */
#define TRCIDR0_RES1              (1u << 0)
#define TRCIDR0_TRCBB             (1u << 5)
#define TRCIDR0_TRCCCI            (1u << 7)
#define TRCIDR0_RETSTACK          (1u << 9)
#define TRCIDR0_NUMEVENT_SHIFT    10
#define TRCIDR0_NUMEVENT_MASK     (3u << 10)
#define TRCIDR0_QFILT             (1u << 14)
#define TRCIDR0_QSUPP_SHIFT       15
#define TRCIDR0_QSUPP_MASK        (3u << 15)
#define TRCIDR0_TSMARK            (1u << 23)
#define TRCIDR0_TSSIZE_SHIFT      24
#define TRCIDR0_TSSIZE_MASK       (0x1Fu << 24)
#define TRCIDR0_TSSIZE_64         0x08u
#define TRCIDR0_COMMOPT           (1u << 29)
#define TRCIDR0_COMMTRANS         (1u << 30)

#define TRCIDR1_REVISION_MASK     0xFu
#define TRCIDR1_TRCARCHMIN_SHIFT  4
#define TRCIDR1_TRCARCHMAJ_SHIFT  8
#define TRCIDR1_RES1              (0xFu << 12)
#define TRCIDR1_DESIGNER_SHIFT    24

#define TRCIDR2_IASIZE_MASK       0x1Fu
#define TRCIDR2_CIDSIZE_SHIFT     5
#define TRCIDR2_CIDSIZE_MASK      (0x1Fu << 5)
#define TRCIDR2_VMIDSIZE_SHIFT    10
#define TRCIDR2_VMIDSIZE_MASK     (0x1Fu << 10)
#define TRCIDR2_CCSIZE_SHIFT      25
#define TRCIDR2_CCSIZE_MASK       (0xFu << 25)
#define TRCIDR2_VMIDOPT_SHIFT     29
#define TRCIDR2_VMIDOPT_MASK      (3u << 29)
#define TRCIDR2_WFXMODE           (1u << 31)

#define TRCIDR3_CCITMIN_MASK      0xFFFu
#define TRCIDR3_EXLEVEL_S_SHIFT   16
#define TRCIDR3_EXLEVEL_NS_SHIFT  20
#define TRCIDR3_TRCERR            (1u << 24)
#define TRCIDR3_SYNCPR            (1u << 25)
#define TRCIDR3_STALLCTL          (1u << 26)
#define TRCIDR3_SYSSTALL          (1u << 27)
#define TRCIDR3_NOOVERFLOW        (1u << 31)

#define TRCIDR4_NUMACPAIRS_MASK   0xFu
#define TRCIDR4_NUMPC_SHIFT       12
#define TRCIDR4_NUMRSPAIR_SHIFT   16
#define TRCIDR4_NUMSSCC_SHIFT     20
#define TRCIDR4_NUMCIDC_SHIFT     24
#define TRCIDR4_NUMVMIDC_SHIFT    28

#define TRCIDR5_NUMEXTIN_MASK     0x1FFu
#define TRCIDR5_NUMEXTINSEL_SHIFT 9
#define TRCIDR5_TRACEIDSIZE_SHIFT 16
#define TRCIDR5_ATBTRIG           (1u << 22)
#define TRCIDR5_LPOVERRIDE        (1u << 23)
#define TRCIDR5_NUMSEQSTATE_SHIFT 25
#define TRCIDR5_NUMCNTR_SHIFT     28

/* TRCDEVARCH: ARCHITECT [31:21] = Arm (0x23B), PRESENT [20],
 * REVISION [19:16], ARCHVER [15:12] = 5 (ETE), ARCHPART [11:0] = 0xA13 */
#define TRCDEVARCH_ARCHITECT_ARM  (0x23Bu << 21)
#define TRCDEVARCH_PRESENT        (1u << 20)
#define TRCDEVARCH_REVISION_SHIFT 16
#define TRCDEVARCH_ARCHVER_ETE    (5u << 12)
#define TRCDEVARCH_ARCHPART       0xA13u

/* ---- register sets ------------------------------------------------------ */
#define ETE_NUM_ACPAIRS_MAX 8    /* address comparator pairs (TRCIDR4.NUMACPAIRS) */
#define ETE_NUM_RS_MAX      32   /* resource selectors */

/* The ID registers a decoder is configured from. */
typedef struct ete_idregs {
    uint32_t trcidr[14];         /* TRCIDR0..TRCIDR13 */
    uint32_t trcdevarch;
} ete_idregs;

/* The programming registers that shape the trace. */
typedef struct ete_progregs {
    uint32_t trcconfigr;
    uint32_t trceventctl0r;
    uint32_t trceventctl1r;
    uint32_t trcstallctlr;
    uint32_t trctsctlr;
    uint32_t trcsyncpr;
    uint32_t trcccctlr;
    uint32_t trcbbctlr;
    uint32_t trctraceidr;
    uint32_t trcvictlr;
    uint32_t trcviiectlr;
    uint32_t trcvissctlr;
    uint32_t trcrsctlr[ETE_NUM_RS_MAX];          /* index = selector n (2..) */
    uint64_t trcacvr[2 * ETE_NUM_ACPAIRS_MAX];
    uint64_t trcacatr[2 * ETE_NUM_ACPAIRS_MAX];
} ete_progregs;

#endif
