/* ETMv1 branch address stream decoder (etmv1_dec.h). */
#include "etmv1_dec.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void etmv1_dec_init(etmv1_dec *d, const uint8_t *buf, size_t len, uint64_t base)
{
    memset(d, 0, sizeof *d);
    d->buf = buf;
    d->len = buf ? len : 0;
    d->base = base;
}

static int fail(etmv1_dec *d, uint64_t off, const char *what)
{
    d->err_off = off;
    snprintf(d->err, sizeof d->err, "%s", what);
    d->errors++;
    d->have = 0;
    return ETMV1_DEC_ERROR;
}

int etmv1_dec_next(etmv1_dec *d, etmv1_addr *a)
{
    memset(a, 0, sizeof *a);
    if (d->pos >= d->len)
        return ETMV1_DEC_EOF;
    etmv1_pkt p;
    size_t rest = d->len - d->pos;
    uint64_t off = d->base + d->pos;
    int n = etmv1_pkt_parse(d->buf + d->pos, rest, &p);
    if (n == ETMV1_PKT_NEED_MORE) {
        d->pos = d->len;
        return fail(d, off + p.err_off, p.err);
    }
    if (n == ETMV1_PKT_BAD) {
        d->pos += p.err_off + 1u;
        return fail(d, off + p.err_off, p.err);
    }
    d->pos += (size_t)n;
    if (p.full) {
        d->last = p.bits;
        d->isa = p.isa;
        d->have = 1;
        a->e = p.e;
    } else {
        if (!d->have) {
            char msg[sizeof d->err];
            snprintf(msg, sizeof msg,
                     "%u-byte partial branch address with no full (five-byte) address "
                     "before it since the start or the last error",
                     p.len);
            return fail(d, off, msg);
        }
        uint32_t mask = (1u << p.nbits) - 1u; /* nbits <= 27 */
        d->last = (d->last & ~mask) | (p.bits & mask);
    }
    a->offset = off;
    a->len = p.len;
    a->isa = d->isa;
    a->addr = etmv1_payload_addr(d->last, d->isa);
    d->addrs++;
    return ETMV1_DEC_ADDR;
}
