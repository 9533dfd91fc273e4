/* Reference model of the ETMv1 branch address packet encoder
 * (etmv1_model.h; ARM IHI 0014Q 6.7.1). */
#include "etmv1_model.h"

#include <inttypes.h>
#include <stdio.h>

void etmv1_model_reset(etmv1_model *m)
{
    m->have = 0;
    m->last = 0;
}

uint32_t etmv1_model_payload(uint32_t target, unsigned isa)
{
    /* step 1: a 1 above address bit 31 (bit index 32, the 33rd bit);
     * step 2: shifted right by 2 (ARM) or 1 (Thumb) */
    uint64_t v = (UINT64_C(1) << ETMV1_BA_MARK_BIT) | target;
    return (uint32_t)(v >> (isa == ETMV1_ISA_THUMB ? ETMV1_BA_THUMB_SHIFT : ETMV1_BA_ARM_SHIFT));
}

/* Bytes needed for payload bits up to bit h: n bytes carry P[7n-2:0]
 * (6 bits in byte 0, 7 in each of the next). */
static unsigned bytes_for(uint32_t diff)
{
    unsigned n = 1;
    while (n < ETMV1_BA_MAX_LEN &&
           (diff >> (ETMV1_BA_B0_BITS + ETMV1_BA_GROUP_BITS * (n - 1u))) != 0)
        n++;
    return n;
}

int etmv1_model_encode(etmv1_model *m, const etmv1_branch *b, uint8_t out[ETMV1_BA_MAX_LEN],
                       char *err, size_t errlen)
{
    if (b->isa != ETMV1_ISA_ARM && b->isa != ETMV1_ISA_THUMB) {
        snprintf(err, errlen, "branch to 0x%08" PRIx32 ": state %u is neither ARM (0) nor Thumb (1)",
                 b->target, b->isa);
        return -1;
    }
    uint32_t align = b->isa == ETMV1_ISA_THUMB ? 1u : 3u;
    if (b->target & align) {
        snprintf(err, errlen, "branch to 0x%08" PRIx32 ": not %s-aligned for %s state", b->target,
                 b->isa == ETMV1_ISA_THUMB ? "halfword" : "word",
                 b->isa == ETMV1_ISA_THUMB ? "Thumb" : "ARM");
        return -1;
    }
    if (b->exc && b->isa == ETMV1_ISA_THUMB) {
        snprintf(err, errlen, "branch to 0x%08" PRIx32 ": exception branch in Thumb state "
                 "(there is no E bit for Thumb addresses, 6.7.1)", b->target);
        return -1;
    }
    uint32_t p = etmv1_model_payload(b->target, b->isa);
    unsigned n = (!m->have || b->full || b->exc) ? ETMV1_BA_MAX_LEN : bytes_for(p ^ m->last);
    /* steps 3-5: W = P << 1 | 1 in 7-bit groups, bit 7 set in all but the
     * last byte; the fifth byte takes E in bit 6 (Table 6.9) */
    uint64_t w = ((uint64_t)p << 1) | ETMV1_BA_TAG;
    for (unsigned k = 0; k < n; k++) {
        uint8_t byte = (uint8_t)((w >> (ETMV1_BA_GROUP_BITS * k)) & ETMV1_BA_GROUP_MASK);
        if (k + 1u < n)
            byte |= ETMV1_BA_CONT;
        out[k] = byte;
    }
    if (n == ETMV1_BA_MAX_LEN && b->exc)
        out[ETMV1_BA_MAX_LEN - 1u] |= ETMV1_B5_E;
    m->have = 1;
    m->last = p;
    return (int)n;
}
