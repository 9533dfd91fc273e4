/* ETE packet parser: the stateless first step of D9.2 (parsing the trace
 * byte stream), one packet of chapter D5 at a time.
 *
 * ete_pkt_parse() looks at the bytes at the start of a buffer and returns
 *   > 0                  the packet's length; *pkt holds its raw fields,
 *   ETE_PKT_NEED_MORE    the buffer ends inside the packet (nothing consumed),
 *   ETE_PKT_BAD          the bytes cannot start a valid packet: a reserved
 *                        header, a reserved field value, a nonzero
 *                        should-be-zero bit (SBZ(), D15.3.5) or a packet the
 *                        configuration excludes (cfg->strict);
 *                        pkt->err_off / pkt->err say where and why.
 *
 * Fields are the packet's own, named as in D5, before any combination with
 * the analyser's state (address history, last timestamp, context, cycle
 * count threshold): that is the stateful decoder's job (ete_decoder.h).
 */
#ifndef ETE_PKT_H
#define ETE_PKT_H

#include <stddef.h>
#include <stdint.h>

#include "ete_regs.h"

/* ---- packet types: enum value = index in docs/ete-packets.md ------------ */
enum ete_pkt_type {
#define ETE_PKT(name) ETE_PKT_##name,
#include "ete_pkt_names.def"
#undef ETE_PKT
    ETE_PKT_TYPE_COUNT
};

/* ---- return values of ete_pkt_parse() ------------------------------------ */
#define ETE_PKT_NEED_MORE 0
#define ETE_PKT_BAD       (-1)

/* Longest packet other than A-Sync (Exception 64-bit with Context, both
 * VMID and CONTEXTID: 1 + 1 + 1 + 8 + 1 + 4 + 4 bytes). */
#define ETE_PKT_MAX_LEN 20u

/* ---- header encodings (D5.2 and each D5.x packet layout) -----------------
 * A header byte h is of a kind when (h & ETE_HDR_x_MASK) == ETE_HDR_x; kinds
 * without a _MASK are one exact value. */
#define ETE_HDR_EXTENSION        0x00u /* A-Sync, Discard, Overflow (D5.4-D5.6) */
#define ETE_HDR_TRACE_INFO       0x01u /* D5.7 */
#define ETE_HDR_TIMESTAMP        0x02u /* D5.9; bit 0 = N: COUNT follows TS */
#define ETE_HDR_TIMESTAMP_MASK   0xFEu
#define ETE_HDR_TRACE_ON         0x04u /* D5.8 */
#define ETE_HDR_EXCEPTION        0x06u /* D5.13-D5.25: exception, TF, PE Reset */
#define ETE_HDR_TXN_START        0x0Au /* D5.11 */
#define ETE_HDR_TXN_COMMIT       0x0Bu /* D5.12 */
#define ETE_HDR_CC_F2            0x0Cu /* D5.30-D5.32; bit 0 = F (large) */
#define ETE_HDR_CC_F2_MASK       0xFEu
#define ETE_HDR_CC_F2_0_SMALL    0x0Cu /* D5.30 (COMMOPT 0) */
#define ETE_HDR_CC_F2_0_LARGE    0x0Du /* D5.31 (COMMOPT 0) */
#define ETE_HDR_CC_F2_1          0x0Du /* D5.32 (COMMOPT 1) */
#define ETE_HDR_CC_F1            0x0Eu /* D5.26-D5.29; bit 0 = U (unknown count) */
#define ETE_HDR_CC_F1_MASK       0xFEu
#define ETE_HDR_CC_F1_U          0x01u
#define ETE_HDR_CC_F3_0          0x10u /* D5.33 (COMMOPT 0): 0001 AA BB */
#define ETE_HDR_CC_F3_0_MASK     0xF0u
#define ETE_HDR_CC_F3_1          0x10u /* D5.34 (COMMOPT 1): 000100 BB */
#define ETE_HDR_CC_F3_1_MASK     0xFCu
#define ETE_HDR_COMMIT           0x2Du /* D5.35 */
#define ETE_HDR_CANCEL_F1        0x2Eu /* D5.36; bit 0 = M */
#define ETE_HDR_CANCEL_F1_MASK   0xFEu
#define ETE_HDR_MISPREDICT       0x30u /* D5.39; bits [1:0] = A */
#define ETE_HDR_MISPREDICT_MASK  0xFCu
#define ETE_HDR_CANCEL_F2        0x34u /* D5.37; bits [1:0] = A */
#define ETE_HDR_CANCEL_F2_MASK   0xFCu
#define ETE_HDR_CANCEL_F3        0x38u /* D5.38; bits [2:1] = CC, bit 0 = A */
#define ETE_HDR_CANCEL_F3_MASK   0xF8u
#define ETE_HDR_IGNORE           0x70u /* D5.67 */
#define ETE_HDR_EVENT            0x70u /* D5.68; bits [3:0] = V3..V0, not 0 */
#define ETE_HDR_EVENT_MASK       0xF0u
#define ETE_HDR_CTXT_SAME        0x80u /* D5.54 */
#define ETE_HDR_CTXT             0x81u /* D5.55 */
#define ETE_HDR_ADDR_CTXT_32_IS0 0x82u /* D5.56 */
#define ETE_HDR_ADDR_CTXT_32_IS1 0x83u /* D5.57 */
#define ETE_HDR_ADDR_CTXT_64_IS0 0x85u /* D5.58 */
#define ETE_HDR_ADDR_CTXT_64_IS1 0x86u /* D5.59 */
#define ETE_HDR_TS_MARKER        0x88u /* D5.10 */
#define ETE_HDR_ADDR_EXACT       0x90u /* D5.53; bits [1:0] = QE, 3 reserved */
#define ETE_HDR_ADDR_EXACT_MASK  0xFCu
#define ETE_HDR_ADDR_SHORT_IS0   0x95u /* D5.47 */
#define ETE_HDR_ADDR_SHORT_IS1   0x96u /* D5.48 */
#define ETE_HDR_ADDR_32_IS0      0x9Au /* D5.49 */
#define ETE_HDR_ADDR_32_IS1      0x9Bu /* D5.50 */
#define ETE_HDR_ADDR_64_IS0      0x9Du /* D5.51 */
#define ETE_HDR_ADDR_64_IS1      0x9Eu /* D5.52 */
#define ETE_HDR_Q_EXACT          0xA0u /* D5.71; bits [1:0] = TYPE, 3 reserved */
#define ETE_HDR_Q_EXACT_MASK     0xFCu
#define ETE_HDR_Q_SHORT_IS0      0xA5u /* D5.72 */
#define ETE_HDR_Q_SHORT_IS1      0xA6u /* D5.73 */
#define ETE_HDR_Q_32_IS0         0xAAu /* D5.74 */
#define ETE_HDR_Q_32_IS1         0xABu /* D5.75 */
#define ETE_HDR_Q_COUNT          0xACu /* D5.70 */
#define ETE_HDR_Q                0xAFu /* D5.69 */
#define ETE_HDR_SRC_EXACT        0xB0u /* D5.66; bits [1:0] = QE, 3 reserved */
#define ETE_HDR_SRC_EXACT_MASK   0xFCu
#define ETE_HDR_SRC_SHORT_IS0    0xB4u /* D5.60 */
#define ETE_HDR_SRC_SHORT_IS1    0xB5u /* D5.61 */
#define ETE_HDR_SRC_32_IS0       0xB6u /* D5.62 */
#define ETE_HDR_SRC_32_IS1       0xB7u /* D5.63 */
#define ETE_HDR_SRC_64_IS0       0xB8u /* D5.64 */
#define ETE_HDR_SRC_64_IS1       0xB9u /* D5.65 */
#define ETE_HDR_ATOM_F5_2        0xD4u /* D5.45; bits [1:0] = A, 1..3 (0xD4 is F6) */
#define ETE_HDR_ATOM_F5_2_MASK   0xFCu
#define ETE_HDR_ATOM_F2          0xD8u /* D5.41; bits [1:0] = A */
#define ETE_HDR_ATOM_F2_MASK     0xFCu
#define ETE_HDR_ATOM_F4          0xDCu /* D5.43; bits [1:0] = A */
#define ETE_HDR_ATOM_F4_MASK     0xFCu
#define ETE_HDR_ATOM_F5_1        0xF5u /* D5.44 */
#define ETE_HDR_ATOM_F1          0xF6u /* D5.40; bit 0 = A */
#define ETE_HDR_ATOM_F1_MASK     0xFEu
#define ETE_HDR_ATOM_F3          0xF8u /* D5.42; bits [2:0] = A */
#define ETE_HDR_ATOM_F3_MASK     0xF8u
#define ETE_HDR_ATOM_F6          0xC0u /* D5.46; bit 5 = A, bits [4:0] = COUNT <= 20 */
#define ETE_HDR_ATOM_F6_MASK     0xC0u
#define ETE_ATOM_F6_COUNT_MAX    20u

/* second byte after ETE_HDR_EXTENSION (D5.4-D5.6, D9.2.3) */
#define ETE_EXT_ASYNC            0x00u
#define ETE_EXT_DISCARD          0x03u
#define ETE_EXT_OVERFLOW         0x05u
#define ETE_ASYNC_END            0x80u /* last byte of an A-Sync packet */
#define ETE_ASYNC_MIN_ZEROS      11u   /* header + at least ten zero payload bytes */

/* Exception packets (D5.13-D5.25): byte 1 is 0 E[1] TYPE[4:0] E[0]; byte 2
 * is an address header (ETE_HDR_ADDR_*, ETE_HDR_ADDR_CTXT_*) or, for
 * Transaction Failure and PE Reset, ETE_EXC_ADDR_UNKNOWN. */
#define ETE_EXC_E0               0x01u
#define ETE_EXC_TYPE_SHIFT       1
#define ETE_EXC_TYPE_MASK        0x3Eu
#define ETE_EXC_E1               0x40u
#define ETE_EXC_RES0             0x80u
#define ETE_EXC_ADDR_UNKNOWN     0x70u
#define ETE_EXC_E_EXC            1u    /* E = 0b01: Exception element */
#define ETE_EXC_E_ADDR_EXC       2u    /* E = 0b10: Target Address, then Exception */
#define ETE_EXC_TYPE_PE_RESET    0x00u
#define ETE_EXC_TYPE_TXN_FAILURE 0x18u

/* Trace Info PLCTL (D5.7, D9.2.6): which sections follow. */
#define ETE_TINFO_PLCTL_INFO     0x01u
#define ETE_TINFO_PLCTL_SPEC     0x04u
#define ETE_TINFO_PLCTL_CYCT     0x08u
#define ETE_TINFO_INFO_CC        0x01u /* INFO: cycle counting enabled */
#define ETE_TINFO_INFO_T         0x40u /* INFO: PE in Transactional state */

/* Context information byte (D5.55, D9.2.14.9): C V NS SF (0) (0) EL[1:0] */
#define ETE_CTXT_EL_MASK         0x03u
#define ETE_CTXT_RES0_MASK       0x0Cu
#define ETE_CTXT_SF              0x10u
#define ETE_CTXT_NS              0x20u
#define ETE_CTXT_V               0x40u
#define ETE_CTXT_C               0x80u

/* Continuation bit of LE128n / bit-replacement bytes (D5.3.1) */
#define ETE_PKT_CONT             0x80u

/* ---- configuration ------------------------------------------------------- */
typedef struct ete_pkt_cfg {
    uint8_t  commopt;    /* TRCIDR0.COMMOPT: 0 = Cycle Count formats x_0, 1 = x_1 */
    uint8_t  trccci;     /* TRCIDR0.TRCCCI: cycle counting implemented */
    uint8_t  tssize;     /* TRCIDR0.TSSIZE (0 = no timestamps, 0b01000 = 64-bit) */
    uint8_t  tsmark;     /* TRCIDR0.TSMARK: Timestamp Marker packets */
    uint8_t  ccsize;     /* cycle counter bits: TRCIDR2.CCSIZE + 12 */
    uint8_t  cidsize;    /* TRCIDR2.CIDSIZE (raw) */
    uint8_t  vmidsize;   /* TRCIDR2.VMIDSIZE (raw) */
    uint8_t  iasize;     /* TRCIDR2.IASIZE (raw) */
    uint32_t maxspec;    /* TRCIDR8.MAXSPEC: maximum speculation depth */
    /* programmed state (TRCCONFIGR) */
    uint8_t  cc_enabled;   /* TRCCONFIGR.CCI */
    uint8_t  ts_enabled;   /* TRCCONFIGR.TS */
    uint8_t  cid_enabled;  /* TRCCONFIGR.CID */
    uint8_t  vmid_enabled; /* TRCCONFIGR.VMID */
    /* nonzero: a packet whose D5 "Configurations" line excludes this
     * unit is BAD (Timestamp needs TSSIZE != 0; Timestamp Marker also
     * TSMARK; Cycle Count packets need TRCCCI and the matching COMMOPT;
     * Commit and Cancel need MAXSPEC > 0).  Zero: only the framing
     * choice by COMMOPT applies. */
    uint8_t  strict;
} ete_pkt_cfg;

/* Fill c from the ID registers and TRCCONFIGR; sets strict = 1. */
void ete_pkt_cfg_from_regs(ete_pkt_cfg *c, const ete_idregs *id, uint32_t trcconfigr);

/* ---- parsed packet -------------------------------------------------------- */

/* How a packet gives an address (D5.47-D5.53 and the packets that embed
 * those forms). */
enum ete_pkt_addr_form {
    ETE_ADDR_NONE = 0,   /* the packet carries no address */
    ETE_ADDR_EXACT,      /* same as address history buffer entry qe */
    ETE_ADDR_SHORT,      /* bits [hi:lo] given; [63:hi+1] from entry 0 */
    ETE_ADDR_32,         /* bits [31:lo] given; [63:32] from entry 0 */
    ETE_ADDR_64,         /* bits [63:lo] given */
    ETE_ADDR_UNKNOWN     /* Target Address element (UNKNOWN): TF, PE Reset */
};

typedef struct ete_pkt_addr {
    uint64_t val;   /* the address bits given, in place; all other bits 0
                       (bits below lo are 0 in the address, D5.3.2) */
    uint8_t  form;  /* enum ete_pkt_addr_form */
    uint8_t  is;    /* sub_isa: 0 = IS0 (word aligned), 1 = IS1 (halfword);
                       for EXACT the sub_isa is that of the history entry */
    uint8_t  lo;    /* lowest bit given: 2 (IS0) or 1 (IS1) */
    uint8_t  hi;    /* highest bit given: SHORT IS0 8 or 16, SHORT IS1 7 or
                       15, 32-bit 31, 64-bit 63.  Bits [hi:0] of history
                       entry 0 are replaced (D9.2.14.3, D9.2.14.5) */
    uint8_t  qe;    /* EXACT: address history buffer entry 0..2 (QE, A) */
} ete_pkt_addr;

/* Context fields (D5.55, D9.2.14.9).  ETE as specified here has no NSE
 * field: bits [3:2] of the information byte are SBZ. */
typedef struct ete_pkt_ctxt {
    uint8_t  el;         /* EL */
    uint8_t  sf;         /* SF: AArch64 */
    uint8_t  ns;         /* NS: Non-secure */
    uint8_t  v;          /* V: VMID follows */
    uint8_t  c;          /* C: CONTEXTID follows */
    uint32_t vmid;       /* VMID (when v) */
    uint32_t contextid;  /* CONTEXTID (when c) */
} ete_pkt_ctxt;

typedef struct ete_pkt {
    uint8_t  type;       /* enum ete_pkt_type */
    uint8_t  header;     /* the header byte */
    uint32_t len;        /* bytes in the packet (the value parse returned) */

    /* ASYNC: the number of zero bytes before the final 0x80 (>= 11) */
    uint32_t async_zeros;

    /* TRACE_INFO (D5.7) */
    uint8_t  plctl;      /* which sections are present (ETE_TINFO_PLCTL_*) */
    uint8_t  info;       /* INFO byte as output (0 when absent) */
    uint8_t  tinfo_cc;   /* CC: cycle counting enabled */
    uint8_t  tinfo_t;    /* T: PE in Transactional state */
    uint32_t spec;       /* SPEC: uncommitted P0 elements */
    uint32_t cyct;       /* CYCT: cycle count threshold */

    /* TIMESTAMP (D5.9): bits [ts_bits-1:0] of the timestamp replace those
     * of the last Timestamp element value (bit replacement) */
    uint64_t ts;
    uint8_t  ts_bits;    /* 7 * bytes, or 64 for the 9-byte form */

    /* COUNT: TIMESTAMP (cycles since the last Cycle Count element, when
     * count_valid), CC_F1_0/CC_F1_1 (cycle count - cc_threshold),
     * CC_F2_x (BBBB) and CC_F3_x (BB) in the same sense, Q_COUNT, Q_EXACT,
     * Q_SHORT_*, Q_32_* (instructions executed), ATOM_F6 (E atoms - 3).
     * count_valid = 0: TIMESTAMP without COUNT, CC_F1_x_UNKNOWN, Q. */
    uint32_t count;
    uint8_t  count_valid;

    /* COMMIT: P0 elements committed.  COMMIT, CC_F1_0, CC_F1_0_UNKNOWN:
     * the COMMIT field (0 in Cycle Count packets: no Commit element);
     * CC_F2_0_SMALL AAAA + 1; CC_F2_0_LARGE MAXSPEC + AAAA - 15;
     * CC_F3_0 AA + 1; 0 in the Cycle Count x_1 formats. */
    uint32_t commit;
    uint8_t  aaaa, bbbb; /* CC_F2_x fields as output (AAAA = 0b1111 in F2_1) */
    uint8_t  aa, bb;     /* CC_F3_x fields as output (AA = 0 in F3_1) */

    /* Cancel and Mispredict (D5.36-D5.39) */
    uint32_t cancel;     /* P0 elements canceled: CANCEL_F1 the CANCEL field,
                            CANCEL_F2 1, CANCEL_F3 CC + 2 */
    uint8_t  cancel_cc;  /* CANCEL_F3: the CC field as output */
    uint8_t  m;          /* Mispredict element after the Cancel element:
                            CANCEL_F1 the M field, CANCEL_F2/F3 and
                            MISPREDICT 1 */

    /* Atoms: ATOM_*, and the atoms before the Cancel/Mispredict element
     * in CANCEL_F2, CANCEL_F3, MISPREDICT */
    uint8_t  a;          /* the A field as output (atoms, Cancel, Mispredict) */
    uint8_t  atom_count; /* Atom elements (0..24) */
    uint32_t atom_bits;  /* bit i = 1: the i-th Atom element (oldest = 0) is E */

    /* EXC_*, TXN_FAILURE, PE_RESET (D5.13-D5.25) */
    uint8_t  e;          /* E: ETE_EXC_E_EXC or ETE_EXC_E_ADDR_EXC */
    uint8_t  exc_type;   /* TYPE */

    /* EVENT: V3..V0 in bits [3:0] */
    uint8_t  event;

    /* address: ADDR_*, SRC_*, EXC_*, Q_EXACT/SHORT/32, TXN_FAILURE and
     * PE_RESET (form UNKNOWN); form NONE otherwise */
    ete_pkt_addr addr;
    /* context: CTXT, ADDR_CTXT_*, EXC_CTXT_* (has_ctxt = 1) */
    ete_pkt_ctxt ctxt;
    uint8_t  has_ctxt;

    /* ETE_PKT_BAD: offset of the offending byte from the start of the buffer
     * and what is wrong with it (a static string) */
    size_t      err_off;
    const char *err;
} ete_pkt;

/* Parse the packet at buf[0].  pkt is cleared first (all fields 0 apart
 * from those set), so two parses of the same bytes compare equal with
 * memcmp.  A-Sync is 11 or more zero bytes followed by 0x80 (D9.2.3): a
 * buffer of zero bytes only is NEED_MORE.  cfg NULL is an all-zero
 * configuration (COMMOPT 0, MAXSPEC 0, not strict). */
int ete_pkt_parse(const ete_pkt_cfg *cfg, const uint8_t *buf, size_t len, ete_pkt *pkt);

/* The address a packet's address field gives, relative to prev, the
 * address in address history buffer entry 0 (bit replacement, D9.2.14.3
 * and D9.2.14.5).  For EXACT and UNKNOWN it returns prev unchanged (the
 * caller picks the entry qe, or uses zero). */
uint64_t ete_pkt_addr_apply(const ete_pkt_addr *a, uint64_t prev);

/* The timestamp a TIMESTAMP packet gives relative to the last Timestamp
 * element value prev (bit replacement, D9.2.16.1). */
uint64_t ete_pkt_ts_apply(const ete_pkt *p, uint64_t prev);

/* Find an A-Sync packet (D5.4: at least 11 zero bytes then 0x80).
 * Returns 1 with *pos = the offset of its first byte (the first zero of the
 * run), or 0 with *pos = the number of leading bytes that cannot be the
 * start of one (a trailing run of zeros might be). */
int ete_pkt_find_async(const uint8_t *buf, size_t len, size_t *pos);

/* "ASYNC", "TRACE_INFO", ... (docs/ete-packets.md); "?" when out of range. */
const char *ete_pkt_name(unsigned type);

/* One line, no newline: NAME field=value ... (addresses in hex with 0x).
 * Returns what snprintf returns for the whole line. */
int ete_pkt_format(const ete_pkt *p, char *buf, size_t len);

#endif
