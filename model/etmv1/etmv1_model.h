/* Reference model of the ETMv1 branch address packet encoder (ARM IHI
 * 0014Q, 6.7.1 "Branch Address trace packets"; docs/etmv1.md).
 *
 * The model keeps the last branch address it output ("the on-chip logic
 * registers the last branch address that it has output") and, for every
 * branch target, outputs the fewest bytes that cover every bit that changed
 * since then ("Only sufficient low order bits must be output to cover all
 * the bits that have changed in the address").  The comparison is made on
 * the payload P (the address shifted for its state, with the marker of step
 * 1 above it), so a change of state, which moves the marker, always gives a
 * full five-byte address.  A full address is also forced by:
 *   - reset (etmv1_model_reset) - nothing has been output yet;
 *   - etmv1_branch.full - the sync/force input;
 *   - etmv1_branch.exc - the E bit lives only in the fifth byte (Table 6.9).
 *
 * The constants are those of the decoder (sw/etmv1/etmv1_pkt.h), defined
 * here again with the same names and values (the model and the decoder are
 * kept apart and do not include each other).
 */
#ifndef ETMV1_MODEL_H
#define ETMV1_MODEL_H

#include <stddef.h>
#include <stdint.h>

#define ETMV1_BA_MAX_LEN     5u    /* "a maximum of five bytes" */
#define ETMV1_BA_CONT        0x80u /* bit 7: address continue bit (step 5) */
#define ETMV1_BA_GROUP_BITS  7u    /* "divided into 7-bit quantities" (step 4) */
#define ETMV1_BA_GROUP_MASK  0x7Fu
#define ETMV1_BA_TAG         0x01u /* bit 0 of byte 0: the trailing 1 (step 3) */
#define ETMV1_BA_B0_BITS     6u    /* payload bits in byte 0 (bits [6:1]) */
#define ETMV1_BA_ARM_SHIFT   2u    /* step 2: ARM addresses shifted right by 2 */
#define ETMV1_BA_THUMB_SHIFT 1u    /* step 2: Thumb addresses shifted right by 1 */
#define ETMV1_BA_MARK_BIT    32u   /* step 1: the marker, above address bit 31 */
#define ETMV1_B5_ARM          0x08u
#define ETMV1_B5_ARM_MASK     0xB8u
#define ETMV1_B5_ARM_ADDR     0x07u
#define ETMV1_B5_E            0x40u /* the E bit: exception branch (ARM only) */
#define ETMV1_B5_THUMB        0x10u
#define ETMV1_B5_THUMB_MASK   0xF0u
#define ETMV1_B5_THUMB_ADDR   0x0Fu
#define ETMV1_ISA_ARM   0u
#define ETMV1_ISA_THUMB 1u

/* One branch: its target, the state of the instruction there, and the
 * flags. */
typedef struct etmv1_branch {
    uint32_t target;   /* ARM: a multiple of 4; Thumb: a multiple of 2 */
    unsigned isa;      /* ETMV1_ISA_ARM or ETMV1_ISA_THUMB */
    unsigned exc;      /* 1: exception branch (E bit; ARM only) */
    unsigned full;     /* 1: force a full address (sync) */
} etmv1_branch;

typedef struct etmv1_model {
    unsigned have;     /* an address has been output since reset */
    uint32_t last;     /* its payload P (marker included) */
} etmv1_model;

/* Reset: the next address is a full one. */
void etmv1_model_reset(etmv1_model *m);

/* The payload P of an address: (1 << 32 | target) >> 2 (ARM) or >> 1
 * (Thumb) (6.7.1 steps 1-2). */
uint32_t etmv1_model_payload(uint32_t target, unsigned isa);

/* The packet of one branch into out[0..n), n returned (1..5), and the last
 * address updated.  -1 with err (and nothing changed) for a target not
 * aligned to its state, an unknown state, or the exception flag on a Thumb
 * target ("There is no E bit for Thumb addresses"). */
int etmv1_model_encode(etmv1_model *m, const etmv1_branch *b, uint8_t out[ETMV1_BA_MAX_LEN],
                       char *err, size_t errlen);

#endif
