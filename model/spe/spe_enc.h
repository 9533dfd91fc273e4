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

/* Address packet INDEX values (5.3.1) */
enum spe_addr_index {
    SPE_ADDR_PC      = 0,  /* issued instruction virtual address */
    SPE_ADDR_TARGET  = 1,  /* branch target address */
    SPE_ADDR_DATA_VA = 2,  /* data access virtual address */
    SPE_ADDR_DATA_PA = 3   /* data access physical address */
};

/* Counter packet INDEX values (5.3.4) */
enum spe_cnt_index {
    SPE_CNT_TOTAL = 0,     /* total latency */
    SPE_CNT_ISSUE = 1,     /* issue latency */
    SPE_CNT_XLAT  = 2      /* translation latency */
};

/* Context packet INDEX values (5.3.3) */
enum spe_ctx_index { SPE_CTX_EL1 = 0, SPE_CTX_EL2 = 1 };

/* Operation Type packet CLASS values (5.3.8) */
enum spe_op_class { SPE_OP_OTHER = 0, SPE_OP_LDST = 1, SPE_OP_BRANCH = 2 };

/* Operation Type SUBCLASS bits.  Other and Branch: 5.3.8 [L3206..L3242].
 * Load/store: the payload figures are missing from the seed (5.3.8 [L3246] says
 * only "When Extended load/store ... When General-purpose load/store");
 * the bit positions are those of the Arm ARM Operation Type packet as the
 * Linux perf SPE decoder (tools/perf/util/arm-spe-decoder/
 * arm-spe-pkt-decoder.h: SPE_OP_PKT_ST BIT(0), _AT BIT(2), _EXCL BIT(3),
 * _AR BIT(4), extended form = bits [7:5] 0 and bit [1] 1, general-purpose
 * form = bits [7:1] 0b0000000, SIMD&FP form = bits [7:1] 0b0000010)
 * publishes them. */
#define SPE_OP_OTHER_COND     0x01u  /* Other: conditional instruction or select */
#define SPE_OP_BR_COND        0x01u  /* Branch: COND */
#define SPE_OP_BR_INDIRECT    0x02u  /* Branch: 0b0000001x indirect */
#define SPE_OP_LS_ST          0x01u  /* Load/store: store */
#define SPE_OP_LS_EXTENDED    0x02u  /* Load/store: extended form marker */
#define SPE_OP_LS_AT          0x04u  /* extended: atomic */
#define SPE_OP_LS_EXCL        0x08u  /* extended: exclusive */
#define SPE_OP_LS_AR          0x10u  /* extended: acquire/release */
#define SPE_OP_LS_SIMDFP      0x04u  /* general-purpose form: SIMD&FP registers */

/* Counter packet COUNT: 12-bit saturating (PMSIDR_EL1.CountSize 0b0010) */
#define SPE_COUNT_MAX 0xFFFu

/* Address payloads (5.3.1 [L2586..L2636]) */
uint64_t spe_addr_insn(uint64_t va, unsigned el, unsigned ns);  /* PC, branch target */
uint64_t spe_addr_data_va(uint64_t va, int tbi);               /* TAG = va[63:56] if tbi */
uint64_t spe_addr_data_pa(uint64_t pa, unsigned ns);

size_t spe_enc_padding(uint8_t *out);                           /* 5.3.9 */
size_t spe_enc_end(uint8_t *out);                               /* 5.3.6 */
size_t spe_enc_timestamp(uint8_t *out, uint64_t ts);            /* 5.3.10 */
/* 5.3.1; extended != 0 or index >= 8 selects the 16-bit header; index < 32 */
size_t spe_enc_address(uint8_t *out, unsigned index, uint64_t payload, int extended);
/* 5.3.4; cycles saturate at SPE_COUNT_MAX; index < 32 */
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
