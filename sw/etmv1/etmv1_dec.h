/* ETMv1 branch address stream decoder (ARM IHI 0014Q 6.7.1): the stateful
 * layer over etmv1_pkt_parse().  It keeps the last output address and its
 * state ("the new address value replaces the appropriate bits in the
 * previously output branch address") and rebuilds every full address, its
 * ARM/Thumb state and its E bit.
 *
 * A stream here is a sequence of branch address packets only (the unit's
 * output, docs/etmv1.md).  Errors name the stream offset and the problem; the
 * decoder then skips past the offending byte, and forgets the last address
 * (a packet may have been lost), so the partial addresses that follow are
 * errors until the next full (five-byte) address.
 */
#ifndef ETMV1_DEC_H
#define ETMV1_DEC_H

#include <stddef.h>
#include <stdint.h>

#include "etmv1_pkt.h"

#define ETMV1_DEC_EOF   0
#define ETMV1_DEC_ADDR  1
#define ETMV1_DEC_ERROR 2

typedef struct etmv1_addr {
    uint64_t offset;   /* stream offset of the packet */
    unsigned len;      /* packet bytes, 1..5 */
    uint32_t addr;     /* the branch target */
    unsigned isa;      /* ETMV1_ISA_ARM / ETMV1_ISA_THUMB */
    unsigned e;        /* E bit: exception branch (only in a five-byte ARM packet) */
} etmv1_addr;

typedef struct etmv1_dec {
    const uint8_t *buf;
    size_t len, pos;
    uint64_t base;      /* stream offset of buf[0] */
    unsigned have;      /* a full address has been seen since the start / last error */
    uint32_t last;      /* payload P of the last address (marker included) */
    unsigned isa;
    uint64_t addrs, errors;
    uint64_t err_off;   /* ETMV1_DEC_ERROR: stream offset of the problem */
    char err[160];      /* ETMV1_DEC_ERROR: the problem */
} etmv1_dec;

void etmv1_dec_init(etmv1_dec *d, const uint8_t *buf, size_t len, uint64_t base);

/* The next address (ETMV1_DEC_ADDR), an error (ETMV1_DEC_ERROR, d->err_off
 * and d->err set; call again to go on) or the end (ETMV1_DEC_EOF).  Every
 * call consumes at least one byte or returns ETMV1_DEC_EOF. */
int etmv1_dec_next(etmv1_dec *d, etmv1_addr *a);

#endif
