/* ETMv1 branch address packet parser (ARM IHI 0014Q, 6.7.1 "Branch Address
 * trace packets"): one packet at a time, without state, in the style of the
 * SPE parser (sw/spe/spe_pkt.h).
 *
 * etmv1_pkt_parse() looks at the bytes at the start of a buffer and returns
 *   > 0                  the packet's length in bytes (1..5); *pkt holds
 *                        the address bits it carries,
 *   ETMV1_PKT_NEED_MORE  the buffer ends inside the packet (every byte seen
 *                        has its continuation bit set): nothing consumed,
 *   ETMV1_PKT_BAD        the bytes are not a branch address packet;
 *                        pkt->err_off (offset from the start of the buffer)
 *                        and pkt->err say where and why.
 *
 * The packet (6.7.1, "Branch address generation", and docs/etmv1.md):
 *   the address gets a 1 above its top bit (step 1; the 33rd bit, see
 *   docs/etmv1.md for why not bit index 33), is shifted right by 2 (ARM) or
 *   1 (Thumb) (step 2), gets a 1 below its bottom bit (step 3), and the
 *   result, W, goes out 7 bits per byte from the bottom (step 4), bit 7 of
 *   every byte but the last set (step 5).  So byte 0 is
 *   {C, P[5:0], 1} and byte k (1..4) carries P[7k+5 : 7k-1], where P is the
 *   shifted address with its marker ("payload" below).  The fifth byte is
 *   one of the forms of Table 6.9; every other fifth byte is reserved.
 *
 * Every encoding of the packet is named once below; the rest of the decoder
 * uses these names.  The model (model/etmv1/etmv1_model.h) defines the
 * same names with the same values for its own use.
 */
#ifndef ETMV1_PKT_H
#define ETMV1_PKT_H

#include <stddef.h>
#include <stdint.h>

/* ---- return values of etmv1_pkt_parse() ---------------------------------- */
#define ETMV1_PKT_NEED_MORE (-1)
#define ETMV1_PKT_BAD       (-2)

/* ---- packet layout (6.7.1) ------------------------------------------------ */
#define ETMV1_BA_MAX_LEN     5u    /* "a maximum of five bytes" */
#define ETMV1_BA_CONT        0x80u /* bit 7: address continue bit (step 5) */
#define ETMV1_BA_GROUP_BITS  7u    /* "divided into 7-bit quantities" (step 4) */
#define ETMV1_BA_GROUP_MASK  0x7Fu
#define ETMV1_BA_TAG         0x01u /* bit 0 of byte 0: the trailing 1 (step 3) */
#define ETMV1_BA_B0_BITS     6u    /* payload bits in byte 0 (bits [6:1]) */
#define ETMV1_BA_ARM_SHIFT   2u    /* step 2: ARM addresses shifted right by 2 */
#define ETMV1_BA_THUMB_SHIFT 1u    /* step 2: Thumb addresses shifted right by 1 */
#define ETMV1_BA_MARK_BIT    32u   /* step 1: the marker, above address bit 31 */

/* ---- the fifth byte (Table 6.9) -------------------------------------------
 * A fifth byte b is of a form when (b & ETMV1_B5_x_MASK) == ETMV1_B5_x.
 *   ARM    b0E001XXX  address bits [31:29] in bits [2:0], E in bit 6
 *   Thumb  b0001XXXX  address bits [31:28] in bits [3:0]
 * "All encodings of the fifth address byte not specified in Table 6.9 are
 * reserved." */
#define ETMV1_B5_ARM          0x08u
#define ETMV1_B5_ARM_MASK     0xB8u
#define ETMV1_B5_ARM_ADDR     0x07u
#define ETMV1_B5_E            0x40u /* the E bit: exception branch (ARM only) */
#define ETMV1_B5_THUMB        0x10u
#define ETMV1_B5_THUMB_MASK   0xF0u
#define ETMV1_B5_THUMB_ADDR   0x0Fu

/* Instruction set state of an address (Table 6.9). */
#define ETMV1_ISA_ARM   0u
#define ETMV1_ISA_THUMB 1u

typedef struct etmv1_pkt {
    unsigned len;       /* bytes, 1..5 */
    unsigned full;      /* 1: five bytes, a full address with its state */
    /* len < 5: payload bits P[nbits-1:0] to replace in the last address
     * (nbits = 6 + 7 * (len - 1)); the state is the last address's.
     * len == 5: the whole address, its state and E. */
    uint32_t bits;
    unsigned nbits;
    uint32_t addr;      /* full: the address (A[1:0] or A[0] zero) */
    unsigned isa;       /* full: ETMV1_ISA_ARM or ETMV1_ISA_THUMB */
    unsigned e;         /* full: the E bit (ARM only) */
    /* ETMV1_PKT_BAD / ETMV1_PKT_NEED_MORE */
    size_t err_off;     /* offset of the offending byte */
    const char *err;    /* what is wrong (static text) */
} etmv1_pkt;

/* Parse the packet at b[0..n).  Never reads past b[n-1]. */
int etmv1_pkt_parse(const uint8_t *b, size_t n, etmv1_pkt *pkt);

/* The full address of a payload P and state (ARM: A = P[29:0] << 2,
 * Thumb: A = P[30:0] << 1). */
uint32_t etmv1_payload_addr(uint32_t p, unsigned isa);

#endif
