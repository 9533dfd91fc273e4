/* ETMv1 branch address packet parser (etmv1_pkt.h; ARM IHI 0014Q 6.7.1). */
#include "etmv1_pkt.h"

#include <string.h>

uint32_t etmv1_payload_addr(uint32_t p, unsigned isa)
{
    if (isa == ETMV1_ISA_THUMB)
        return (p & 0x7FFFFFFFu) << ETMV1_BA_THUMB_SHIFT;
    return (p & 0x3FFFFFFFu) << ETMV1_BA_ARM_SHIFT;
}

int etmv1_pkt_parse(const uint8_t *b, size_t n, etmv1_pkt *pkt)
{
    memset(pkt, 0, sizeof *pkt);
    if (n == 0) {
        pkt->err = "truncated branch address packet: no byte";
        return ETMV1_PKT_NEED_MORE;
    }
    /* step 3: "A 1 is added to the end of the packet. This identifies the
     * packet as a branch address." */
    if (!(b[0] & ETMV1_BA_TAG)) {
        pkt->err = "not a branch address packet: bit 0 of the first byte is 0 (6.7.1 step 3)";
        pkt->err_off = 0;
        return ETMV1_PKT_BAD;
    }
    uint32_t bits = (uint32_t)(b[0] & ETMV1_BA_GROUP_MASK) >> 1;
    unsigned nbits = ETMV1_BA_B0_BITS;
    size_t i = 0;
    /* bytes 0..3: bit 7 set in every byte but the last (step 5) */
    while (b[i] & ETMV1_BA_CONT) {
        i++;
        if (i == n) {
            pkt->err = "truncated branch address packet: the data ends after a byte with "
                       "its continuation bit set";
            pkt->err_off = n;
            return ETMV1_PKT_NEED_MORE;
        }
        if (i == ETMV1_BA_MAX_LEN - 1u)
            break;
        bits |= (uint32_t)(b[i] & ETMV1_BA_GROUP_MASK) << nbits;
        nbits += ETMV1_BA_GROUP_BITS;
    }
    if (i < ETMV1_BA_MAX_LEN - 1u) {
        pkt->len = (unsigned)i + 1u;
        pkt->bits = bits;
        pkt->nbits = nbits;
        return (int)pkt->len;
    }
    /* the fifth byte: Table 6.9 */
    uint8_t b5 = b[i];
    pkt->len = ETMV1_BA_MAX_LEN;
    pkt->full = 1;
    pkt->nbits = ETMV1_BA_MARK_BIT;
    if ((b5 & ETMV1_B5_ARM_MASK) == ETMV1_B5_ARM) {
        pkt->isa = ETMV1_ISA_ARM;
        pkt->e = (b5 & ETMV1_B5_E) != 0;
        pkt->bits = bits | ((uint32_t)(b5 & ETMV1_B5_ARM_ADDR) << nbits) |
                    (1u << (ETMV1_BA_MARK_BIT - ETMV1_BA_ARM_SHIFT));
    } else if ((b5 & ETMV1_B5_THUMB_MASK) == ETMV1_B5_THUMB) {
        pkt->isa = ETMV1_ISA_THUMB;
        pkt->bits = bits | ((uint32_t)(b5 & ETMV1_B5_THUMB_ADDR) << nbits) |
                    (1u << (ETMV1_BA_MARK_BIT - ETMV1_BA_THUMB_SHIFT));
    } else {
        memset(pkt, 0, sizeof *pkt);
        pkt->err_off = i;
        pkt->err = (b5 & ETMV1_BA_CONT)
                       ? "reserved fifth byte: continuation bit set (a branch address has "
                         "at most five bytes; Table 6.9)"
                       : "reserved fifth byte: neither the ARM form b0E001XXX nor the Thumb "
                         "form b0001XXXX of Table 6.9";
        return ETMV1_PKT_BAD;
    }
    pkt->addr = etmv1_payload_addr(pkt->bits, pkt->isa);
    return (int)pkt->len;
}
