/* libFuzzer entry point for the SPE packet parser and record layer (not
 * built by default):
 *   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Isw/spe \
 *       tests/fuzz/fuzz_spe_pkt.c sw/spe/spe_pkt.c sw/spe/spe_pkt_print.c \
 *       sw/spe/spe_dec.c -o fuzz-spe-pkt
 * The first input byte picks the stream's base offset (alignment phase);
 * the rest is the profile data.  Every position is parsed as a packet, then
 * the whole stream goes through the record layer.  Any broken invariant
 * aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spe_dec.h"
#include "spe_pkt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

typedef struct cover {
    uint64_t next;
} cover;

static void on_piece(void *ctx, uint64_t off, const uint8_t *b, size_t n, const spe_pkt *pkt)
{
    cover *c = ctx;
    char desc[SPE_PKT_DESC_MAX];

    require(b != NULL && n > 0 && off == c->next);
    c->next += n;
    if (pkt) {
        require(pkt->type < SPE_PKT_TYPE_COUNT && pkt->len >= 1 && pkt->len <= n);
        require(pkt->type == SPE_PKT_ALIGNMENT || pkt->len == n);
        require(spe_pkt_desc(pkt, desc, sizeof desc) >= 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *buf;
    size_t len;
    uint64_t base, last_end;
    spe_dec d;
    spe_record r;
    cover c;
    int rc;

    if (size < 1)
        return 0;
    base = (uint64_t)data[0] * 3u;
    buf = data + 1;
    len = size - 1;

    for (size_t pos = 0; pos < len; pos++) {
        spe_pkt p, q;
        size_t rest = len - pos;
        int n = spe_pkt_parse(buf + pos, rest, &p);

        require(n == SPE_PKT_NEED_MORE || n == SPE_PKT_BAD || (n >= 1 && (size_t)n <= rest));
        if (n == SPE_PKT_NEED_MORE) {
            require(rest < SPE_PKT_MAX_LEN && p.err != NULL);
            continue;
        }
        if (n == SPE_PKT_BAD) {
            require(p.err != NULL && p.err_off < rest);
            require(spe_pkt_parse(buf + pos, p.err_off, &q) == SPE_PKT_NEED_MORE);
            continue;
        }
        require(p.len == n && n <= (int)SPE_PKT_MAX_LEN);
        require(spe_pkt_parse(buf + pos, (size_t)n, &q) == n);
        require(q.type == p.type && q.payload == p.payload && q.index == p.index &&
                q.status == p.status);
        for (int m = 0; m < n; m++)
            require(spe_pkt_parse(buf + pos, (size_t)m, &q) == SPE_PKT_NEED_MORE);
    }

    c.next = base;
    last_end = base;
    spe_dec_init(&d, buf, len, base);
    spe_dec_set_hook(&d, on_piece, &c);
    for (size_t calls = 0; (rc = spe_dec_next(&d, &r)) != SPE_DEC_EOF; calls++) {
        require(calls <= 2u * len + 2u);
        if (rc == SPE_DEC_ERROR) {
            require(d.err_off >= base && d.err_off < base + len && d.err[0] != '\0');
            continue;
        }
        require(rc == SPE_DEC_RECORD && r.offset >= last_end && r.size >= 1 &&
                r.offset + r.size <= base + len);
        last_end = r.offset + r.size;
    }
    require(c.next == base + len);
    require(d.errors >= d.bad && d.errors <= d.bad + 1u);
    return 0;
}
