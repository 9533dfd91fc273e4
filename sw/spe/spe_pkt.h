/* SPE packet parser: one packet of the Statistical Profiling Extension
 * profile format (SPE supplement, chapter 5) at a time, without state.
 *
 * spe_pkt_parse() looks at the bytes at the start of a buffer and returns
 *   > 0                 the packet's length in bytes; *pkt holds its fields,
 *   SPE_PKT_NEED_MORE   the buffer ends inside the packet (nothing consumed;
 *                       pkt->need is the length needed when known),
 *   SPE_PKT_BAD         the bytes cannot start a packet whose size is known
 *                       (a reserved extended header, 5.1.1 Figure 2);
 *                       pkt->err_off / pkt->err say where and why.
 *
 * A packet whose header is of no known kind, or whose header or payload
 * holds a reserved value in a field, still parses (its size is encoded in
 * the header, 5.1.1): it is SPE_PKT_UNKNOWN, or a known type with status
 * SPE_PKT_ST_RESERVED, and software ignores it (5.1.4).
 *
 * The Alignment command parses as its two header bytes; the bytes it skips
 * depend on the position in the buffer (5.3.2), so spe_align_skip() gives
 * them for a stream offset and the record layer (spe_dec.h) consumes them.
 *
 * Every header encoding of 5.2 is named once below; the rest of the decoder
 * uses these names.
 */
#ifndef SPE_PKT_H
#define SPE_PKT_H

#include <stddef.h>
#include <stdint.h>

/* ---- return values of spe_pkt_parse() ------------------------------------ */
#define SPE_PKT_NEED_MORE (-1)
#define SPE_PKT_BAD       (-2)

/* Longest packet: 16-bit header + 64-bit payload (5.1.1). */
#define SPE_PKT_MAX_LEN 10u

/* ---- header size classes (5.1.1 Figures 1 and 2) --------------------------
 * Byte 0 of every packet, and byte 1 of an extended header:
 *   0x00-0x1F  header with no payload
 *   0x20-0x3F  extension prefix: a second header byte follows (byte 0);
 *              reserved (byte 1)
 *   0x40-0xFF  header with a payload of 1 << SZ bytes, SZ = bits [5:4]    */
#define SPE_HDR_NOPAYLOAD_MASK 0xE0u /* (h & MASK) == 0 : no payload */
#define SPE_HDR_PREFIX_MASK    0xE0u
#define SPE_HDR_PREFIX         0x20u /* 001x xxxx */
#define SPE_HDR_SZ_SHIFT       4u
#define SPE_HDR_SZ_MASK        0x3u  /* SZ: 0 byte, 1 halfword, 2 word, 3 doubleword */
#define SPE_HDR_SZ(h)          (((unsigned)(h) >> SPE_HDR_SZ_SHIFT) & SPE_HDR_SZ_MASK)

/* ---- 8-bit headers (5.2.1 Figure 5) ---------------------------------------
 * A header byte h is of a kind when (h & SPE_HDR_x_MASK) == SPE_HDR_x; kinds
 * without a _MASK are one exact value. */
#define SPE_HDR_PAD              0x00u /* 0000 0000  5.3.9 */
#define SPE_HDR_END              0x01u /* 0000 0001  5.3.6 */
#define SPE_HDR_TIMESTAMP        0x71u /* 0111 0001  5.3.10 */
#define SPE_HDR_EVENTS           0x42u /* 01SZ 0010  5.3.7 */
#define SPE_HDR_EVENTS_MASK      0xCFu
#define SPE_HDR_DATA_SOURCE      0x43u /* 01SZ 0011  5.3.5 */
#define SPE_HDR_DATA_SOURCE_MASK 0xCFu
#define SPE_HDR_CONTEXT          0x64u /* 0110 01II  5.3.3, II = INDEX */
#define SPE_HDR_CONTEXT_MASK     0xFCu
#define SPE_HDR_OP_TYPE          0x48u /* 0100 10CC  5.3.8, CC = CLASS */
#define SPE_HDR_OP_TYPE_MASK     0xFCu
#define SPE_HDR_ADDRESS          0xB0u /* 1011 0III  5.3.1 short, INDEX[2:0] */
#define SPE_HDR_ADDRESS_MASK     0xF8u
#define SPE_HDR_COUNTER          0x98u /* 1001 1III  5.3.4 short, INDEX[2:0] */
#define SPE_HDR_COUNTER_MASK     0xF8u
#define SPE_HDR_SHORT_INDEX_MASK 0x07u /* Address/Counter INDEX[2:0] */
#define SPE_HDR_CONTEXT_INDEX_MASK 0x03u
#define SPE_HDR_OP_CLASS_MASK    0x03u

/* ---- 16-bit headers (5.2.2 Figure 6) --------------------------------------
 * Byte 0 (SPE_HDR0_x) and byte 1 (SPE_HDR1_x).  Byte 1 of the extended
 * Address and Counter headers is the short header (SPE_HDR_ADDRESS,
 * SPE_HDR_COUNTER); byte 0 bits [1:0] are INDEX[4:3]. */
#define SPE_HDR0_ALIGN           0x20u /* 0010 SIZE  5.3.2 */
#define SPE_HDR0_ALIGN_MASK      0xF0u
#define SPE_HDR1_ALIGN           0x00u /* 0000 0000 */
#define SPE_HDR0_ALIGN_SIZE_MASK 0x0Fu
#define SPE_HDR0_EXT             0x20u /* 0010 00II  extended Address/Counter */
#define SPE_HDR0_EXT_MASK        0xFCu
#define SPE_HDR0_EXT_INDEX_MASK  0x03u /* INDEX[4:3] */
#define SPE_HDR1_RESERVED_MIN    0x20u /* byte 1 0x20-0x3F: reserved (Figure 2) */
#define SPE_HDR1_RESERVED_MAX    0x3Fu

/* ---- Address packet (5.3.1) ---------------------------------------------- */
/* (the model's encoders, model/spe/spe_enc.h, use the same names and
 * replacement texts for the field values; tests/spe/test_spe_names.c) */
#define SPE_ADDR_PC              0u  /* issued instruction virtual address */
#define SPE_ADDR_TGT             1u  /* branch target address */
#define SPE_ADDR_VA              2u  /* data access virtual address */
#define SPE_ADDR_PA              3u  /* data access physical address */
/* INDEX 0b0011x and 0b1xxxx: IMPLEMENTATION DEFINED; others reserved */
#define SPE_ADDR_IS_IMPDEF(i)    (((i) & 0x1Eu) == 0x06u || ((i) & 0x10u) != 0)
#define SPE_ADDR_VALUE_MASK      UINT64_C(0x00FFFFFFFFFFFFFF) /* ADDR, bytes <6:0> */
#define SPE_ADDR_NS_SHIFT        63u /* NS, byte 7 bit [7] (PC, TGT, PA) */
#define SPE_ADDR_EL_SHIFT        61u /* EL, byte 7 bits [6:5] (PC, TGT) */
#define SPE_ADDR_EL_MASK         0x3u
#define SPE_ADDR_TAG_SHIFT       56u /* TAG, byte 7 (VA) */

/* ---- Counter packet (5.3.4) ---------------------------------------------- */
#define SPE_CNT_TOTAL            0u  /* total latency */
#define SPE_CNT_ISSUE            1u  /* issue latency */
#define SPE_CNT_XLAT             2u  /* translation latency */
#define SPE_CNT_IS_IMPDEF(i)     SPE_ADDR_IS_IMPDEF(i)
#define SPE_CNT_SZ               1u  /* SZ reads as 0b01: halfword */
#define SPE_CNT_SATURATED        0xFFFu /* 12-bit counter saturated */

/* ---- Context packet (5.3.3) ---------------------------------------------- */
#define SPE_CTX_EL1              0u  /* CONTEXTIDR_EL1 */
#define SPE_CTX_EL2              1u  /* CONTEXTIDR_EL2 */

/* ---- Operation Type packet (5.3.8) --------------------------------------- */
#define SPE_OP_CLASS_OTHER       0u
#define SPE_OP_CLASS_LDST        1u  /* load, store or atomic */
#define SPE_OP_CLASS_BRANCH      2u  /* branch or exception return */
/* Other: SUBCLASS 0x00 other (unconditional), 0x01 conditional or select */
#define SPE_OP_OTHER_COND        0x01u
/* Branch: SUBCLASS 0b0000000x direct, 0b0000001x indirect; bit 0 COND */
#define SPE_OP_BR_COND           0x01u
#define SPE_OP_BR_IND            0x02u
#define SPE_OP_BR_RESERVED_MASK  0xFCu
/* Load/store.  The bit-assignment figures of 5.3.8 for this class are
 * missing from the supplement's text; the layout is the Arm ARM's
 * (Operation Type packet payload, Load/store), which 2.3.2's list of
 * recorded attributes matches:
 *   General-purpose:  SUBCLASS[7:1] = 0b0000000 (GP registers) or 0b0000010
 *                     (SIMD&FP registers), bit 0 ST
 *   Extended:         0 0 0 AR EXCL AT 1 ST
 * Any other value is reserved. */
#define SPE_OP_LDST_ST           0x01u /* 1 store, 0 load */
#define SPE_OP_LDST_EXT_MASK     0xE2u /* extended when (s & MASK) == EXT */
#define SPE_OP_LDST_EXT          0x02u
#define SPE_OP_LDST_AT           0x04u /* extended: atomic */
#define SPE_OP_LDST_EXCL         0x08u /* extended: exclusive */
#define SPE_OP_LDST_AR           0x10u /* extended: acquire/release */
#define SPE_OP_LDST_SUB_MASK     0xFEu /* general-purpose SUBCLASS[7:1] */
#define SPE_OP_LDST_SUB_GP       0x00u
#define SPE_OP_LDST_SUB_SIMD_FP  0x04u

/* ---- Events packet (5.3.7): event numbers E[n] ----------------------------- */
#define SPE_EV_EXCEPTION_GEN     0u
#define SPE_EV_RETIRED           1u
#define SPE_EV_L1D_ACCESS        2u
#define SPE_EV_L1D_REFILL        3u
#define SPE_EV_TLB_ACCESS        4u
#define SPE_EV_TLB_WALK          5u
#define SPE_EV_NOT_TAKEN         6u
#define SPE_EV_MISPRED           7u
#define SPE_EV_LLC_ACCESS        8u
#define SPE_EV_LLC_MISS          9u
#define SPE_EV_REMOTE_ACCESS     10u
#define SPE_EV_ARCH_COUNT        11u /* E[10:0] are architected */

/* ---- Data Source packet (5.3.5): SZ 0b00 byte, 0b01 halfword -------------- */
#define SPE_DS_SZ_MAX            1u

/* ---- Alignment command (5.3.2): SIZE 0b0001 (4 bytes) .. 0b1111 (64KB) --- */
#define SPE_ALIGN_BYTES(size)    (UINT32_C(1) << ((size) + 1u))

/* ---- parsed packet -------------------------------------------------------- */
typedef enum spe_pkt_type {
    SPE_PKT_PAD,         /* 5.3.9 */
    SPE_PKT_END,         /* 5.3.6 */
    SPE_PKT_TIMESTAMP,   /* 5.3.10 */
    SPE_PKT_ADDRESS,     /* 5.3.1, short or extended header */
    SPE_PKT_COUNTER,     /* 5.3.4, short or extended header */
    SPE_PKT_CONTEXT,     /* 5.3.3 */
    SPE_PKT_OP_TYPE,     /* 5.3.8 */
    SPE_PKT_EVENTS,      /* 5.3.7 */
    SPE_PKT_DATA_SOURCE, /* 5.3.5 */
    SPE_PKT_ALIGNMENT,   /* 5.3.2 */
    SPE_PKT_UNKNOWN,     /* a header of no known kind, skipped by its size */
    SPE_PKT_TYPE_COUNT
} spe_pkt_type;

/* status of a parsed packet */
#define SPE_PKT_ST_OK       0u /* architected */
#define SPE_PKT_ST_IMPDEF   1u /* IMPLEMENTATION DEFINED INDEX (5.4) */
#define SPE_PKT_ST_RESERVED 2u /* reserved value in a field: ignore (5.1.4) */

typedef struct spe_pkt {
    spe_pkt_type type;
    uint8_t len;          /* total bytes: hdr_len + payload_len */
    uint8_t hdr_len;      /* 1 or 2 */
    uint8_t payload_len;  /* 0, 1, 2, 4 or 8 */
    uint8_t hdr[2];       /* header bytes (hdr[1] only when hdr_len == 2) */
    uint8_t index;        /* Address/Counter INDEX, Context INDEX,
                             Operation Type CLASS, Alignment SIZE */
    uint8_t status;       /* SPE_PKT_ST_* */
    uint8_t need;         /* need-more: bytes needed (0 if not yet known) */
    uint8_t err_off;      /* bad: offset of the offending byte */
    uint64_t payload;     /* little-endian payload value (5.1.3) */
    const char *err;      /* bad/need-more: why; reserved/unknown: what */
} spe_pkt;

int spe_pkt_parse(const uint8_t *buf, size_t len, spe_pkt *pkt);

/* Bytes between the end of an Alignment command and the next protocol byte
 * when the command ends at stream offset end_off (5.3.2); 0 for a packet
 * that is not a valid Alignment command. */
uint32_t spe_align_skip(const spe_pkt *pkt, uint64_t end_off);

/* ---- payload fields -------------------------------------------------------- */
static inline uint64_t spe_addr_value(uint64_t payload)
{
    return payload & SPE_ADDR_VALUE_MASK;
}
static inline unsigned spe_addr_el(uint64_t payload)
{
    return (unsigned)(payload >> SPE_ADDR_EL_SHIFT) & SPE_ADDR_EL_MASK;
}
static inline unsigned spe_addr_ns(uint64_t payload)
{
    return (unsigned)(payload >> SPE_ADDR_NS_SHIFT) & 1u;
}

/* 1 when an Operation Type SUBCLASS value is defined for the CLASS */
int spe_op_valid(unsigned op_class, unsigned subclass);

/* ---- text: the wording of Linux perf's SPE dump (perf report -D) -----------
 * perf's packet-type names: PAD END TS ADDR LAT CONTEXT OP-TYPE EVENTS
 * DATA-SOURCE; ALIGN and UNKNOWN for the two kinds perf does not name. */
const char *spe_pkt_type_name(spe_pkt_type type);

/* Name of event E[n] as perf prints it (EXCEPTION-GEN ... REMOTE-ACCESS),
 * or NULL for an event the supplement leaves IMPLEMENTATION DEFINED or RAZ. */
const char *spe_event_name(unsigned n);

/* Describe a packet as perf does ("PC 0xffff0000 el1 ns=1", "LAT 12 TOT",
 * "EV RETIRED L1D-ACCESS", "LD GP-REG", "B COND IND", "TS 123", ...).
 * Writes a NUL-terminated string; returns its length, or -1 when it did not
 * fit (the buffer then holds a truncated string).  SPE_PKT_DESC_MAX bytes
 * always suffice. */
#define SPE_PKT_DESC_MAX 128u
int spe_pkt_desc(const spe_pkt *pkt, char *buf, size_t len);

/* The perf text of an Events payload ("EV RETIRED ...") and of an Operation
 * Type (CLASS, SUBCLASS) pair ("LD GP-REG"; "OP-TYPE 0x.. (c)" when
 * reserved); same return convention as spe_pkt_desc(). */
int spe_events_desc(uint64_t events, char *buf, size_t len);
int spe_op_desc(unsigned op_class, unsigned subclass, char *buf, size_t len);

/* One dump line as perf prints it: ".  OOOOOOOO:  bb bb ...  DESC" with the
 * raw bytes padded to 16 columns; desc NULL prints perf's "Bad packet!".
 * Same return convention as spe_pkt_desc(). */
int spe_dump_line(uint64_t offset, const uint8_t *bytes, size_t n, const char *desc,
                  char *buf, size_t len);

#endif
