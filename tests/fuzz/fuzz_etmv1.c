/* libFuzzer entry point for the ETMv1 branch address packet parser and
 * stream decoder (sw/etmv1), built and run by `make fuzz` (mk/fuzz.mk).
 * The first input byte picks the stream's base offset; the rest is the
 * packet stream.  Every position is parsed as a packet, then the whole
 * stream goes through the decoder.  Any broken invariant aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "etmv1_dec.h"
#include "etmv1_pkt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint64_t base = (uint64_t)data[0] * 5u;
    const uint8_t *buf = data + 1;
    size_t len = size - 1;

    for (size_t pos = 0; pos < len; pos++) {
        etmv1_pkt p, q;
        size_t rest = len - pos;
        int n = etmv1_pkt_parse(buf + pos, rest, &p);

        require(n == ETMV1_PKT_NEED_MORE || n == ETMV1_PKT_BAD || (n >= 1 && (size_t)n <= rest));
        if (n == ETMV1_PKT_NEED_MORE) {
            require(rest < ETMV1_BA_MAX_LEN && p.err != NULL && p.err_off == rest);
            continue;
        }
        if (n == ETMV1_PKT_BAD) {
            require(p.err != NULL && p.err_off < rest && p.err_off < ETMV1_BA_MAX_LEN);
            require(etmv1_pkt_parse(buf + pos, p.err_off, &q) == ETMV1_PKT_NEED_MORE);
            continue;
        }
        require(p.len == (unsigned)n && p.full == (n == (int)ETMV1_BA_MAX_LEN));
        require(etmv1_pkt_parse(buf + pos, (size_t)n, &q) == n && q.bits == p.bits &&
                q.isa == p.isa && q.e == p.e && q.addr == p.addr);
        for (int m = 0; m < n; m++)
            require(etmv1_pkt_parse(buf + pos, (size_t)m, &q) == ETMV1_PKT_NEED_MORE);
    }

    etmv1_dec d;
    etmv1_addr a;
    int rc;
    size_t last = 0;
    etmv1_dec_init(&d, buf, len, base);
    for (size_t calls = 0; (rc = etmv1_dec_next(&d, &a)) != ETMV1_DEC_EOF; calls++) {
        require(calls < len + 1u && d.pos > last && d.pos <= len);
        if (rc == ETMV1_DEC_ERROR) {
            require(d.err[0] != '\0' && d.err_off >= base && d.err_off <= base + len);
        } else {
            require(rc == ETMV1_DEC_ADDR && a.offset == base + last && a.len >= 1 &&
                    a.len <= ETMV1_BA_MAX_LEN && a.isa <= 1u);
            require((a.addr & (a.isa == ETMV1_ISA_THUMB ? 1u : 3u)) == 0);
            require(!a.e || (a.len == ETMV1_BA_MAX_LEN && a.isa == ETMV1_ISA_ARM));
        }
        last = d.pos;
    }
    require(d.pos == len);
    return 0;
}
