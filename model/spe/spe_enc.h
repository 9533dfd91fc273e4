/* SPE packet encoders: the byte layouts of chapter 5 of the SPE supplement
 * (../shared/spec/spe-supplement-armv8.md; 5.2 top-level encodings [L2454],
 * 5.3 packets [L2481]).  Every function writes one packet at out (which must
 * have room for SPE_PKT_MAX bytes) and returns the number of bytes written.
 * Multi-byte payloads are little-endian (5.1.3). */
#ifndef SPE_ENC_H
#define SPE_ENC_H

#include <stddef.h>
#include <stdint.h>

#define SPE_PKT_MAX 10u   /* 16-bit header + 64-bit payload */

/* Packet field values.  The decoder (sw/spe/spe_pkt.h) names each of them
 * the same way, written apart from the spec; both headers define them as
 * macros with the same replacement text, so one file may include both in
 * either order (a differing value is a redefinition error), and
 * tests/spe/test_spe_names.c compares them. */

/* Address packet INDEX values (5.3.1) */
#define SPE_ADDR_PC              0u  /* issued instruction virtual address */
#define SPE_ADDR_TGT             1u  /* branch target address */
#define SPE_ADDR_VA              2u  /* data access virtual address */
#define SPE_ADDR_PA              3u  /* data access physical address */

/* Counter packet INDEX values (5.3.4) */
#define SPE_CNT_TOTAL            0u  /* total latency */
#define SPE_CNT_ISSUE            1u  /* issue latency */
#define SPE_CNT_XLAT             2u  /* translation latency */

/* Context packet INDEX values (5.3.3) */
#define SPE_CTX_EL1              0u  /* CONTEXTIDR_EL1 */
#define SPE_CTX_EL2              1u  /* CONTEXTIDR_EL2 */

/* Operation Type packet CLASS values (5.3.8) */
#define SPE_OP_CLASS_OTHER       0u
#define SPE_OP_CLASS_LDST        1u  /* load, store or atomic */
#define SPE_OP_CLASS_BRANCH      2u  /* branch or exception return */

/* Operation Type SUBCLASS bits.  Other and Branch: 5.3.8 [L3206..L3242].
 * Load/store: the payload figures are missing from the seed (5.3.8 [L3246] says
 * only "When Extended load/store ... When General-purpose load/store");
 * the bit positions are those of the Arm ARM Operation Type packet as the
 * Linux perf SPE decoder (tools/perf/util/arm-spe-decoder/
 * arm-spe-pkt-decoder.h: SPE_OP_PKT_ST BIT(0), _AT BIT(2), _EXCL BIT(3),
 * _AR BIT(4), extended form = bits [7:5] 0 and bit [1] 1, general-purpose
 * form = bits [7:1] 0b0000000, SIMD&FP form = bits [7:1] 0b0000010)
 * publishes them. */
#define SPE_OP_OTHER_COND        0x01u  /* Other: conditional instruction or select */
#define SPE_OP_BR_COND           0x01u  /* Branch: COND */
#define SPE_OP_BR_IND            0x02u  /* Branch: 0b0000001x indirect */
#define SPE_OP_LDST_ST           0x01u  /* Load/store: store */
#define SPE_OP_LDST_EXT          0x02u  /* Load/store: extended form marker */
#define SPE_OP_LDST_AT           0x04u  /* extended: atomic */
#define SPE_OP_LDST_EXCL         0x08u  /* extended: exclusive */
#define SPE_OP_LDST_AR           0x10u  /* extended: acquire/release */
#define SPE_OP_LDST_SUB_SIMD_FP  0x04u  /* general-purpose form: SIMD&FP registers */

/* Counter packet COUNT: 12-bit saturating (PMSIDR_EL1.CountSize 0b0010) */
#define SPE_CNT_SATURATED        0xFFFu

/* Address payloads (5.3.1 [L2586..L2636]) */
uint64_t spe_addr_insn(uint64_t va, unsigned el, unsigned ns);  /* PC, branch target */
uint64_t spe_addr_data_va(uint64_t va, int tbi);               /* TAG = va[63:56] if tbi */
uint64_t spe_addr_data_pa(uint64_t pa, unsigned ns);

size_t spe_enc_padding(uint8_t *out);                           /* 5.3.9 */
size_t spe_enc_end(uint8_t *out);                               /* 5.3.6 */
size_t spe_enc_timestamp(uint8_t *out, uint64_t ts);            /* 5.3.10 */
/* 5.3.1; extended != 0 or index >= 8 selects the 16-bit header; index < 32 */
size_t spe_enc_address(uint8_t *out, unsigned index, uint64_t payload, int extended);
/* 5.3.4; cycles saturate at SPE_CNT_SATURATED; index < 32 */
size_t spe_enc_counter(uint8_t *out, unsigned index, uint32_t cycles, int extended);
size_t spe_enc_context(uint8_t *out, unsigned index, uint32_t value);  /* 5.3.3 */
/* 5.3.7: the smallest payload (1, 2, 4 or 8 bytes) holding the highest set bit */
size_t spe_enc_events(uint8_t *out, uint64_t events);
/* 5.3.5: a byte payload when src <= 0xFF, else a halfword */
size_t spe_enc_data_source(uint8_t *out, uint16_t src);
size_t spe_enc_op_type(uint8_t *out, unsigned cls, unsigned subclass);  /* 5.3.8 */
/* 5.3.2: SIZE 1..15 aligns the next protocol byte to 2^(SIZE+1) bytes */
size_t spe_enc_alignment(uint8_t *out, unsigned size);

#endif
