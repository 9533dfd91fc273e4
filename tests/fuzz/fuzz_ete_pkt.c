/* libFuzzer entry point for the ETE packet parser (not built by default):
 *   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Isw/ete -Icommon \
 *       tests/fuzz/fuzz_ete_pkt.c sw/ete/ete_pkt.c sw/ete/ete_pkt_print.c -o fuzz-ete-pkt
 * The first input byte picks the configuration (COMMOPT, strictness,
 * MAXSPEC); the rest is parsed as a trace stream, resynchronising one byte
 * on after a bad packet.  Any broken invariant aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ete_pkt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
    if (!ok)
        abort();
}

static int same(const ete_pkt *a, const ete_pkt *b)
{
    char la[160], lb[160];
    return a->type == b->type && a->len == b->len && a->addr.val == b->addr.val &&
           a->addr.form == b->addr.form && a->count == b->count && a->commit == b->commit &&
           a->ts == b->ts && a->ctxt.vmid == b->ctxt.vmid &&
           a->ctxt.contextid == b->ctxt.contextid && a->atom_bits == b->atom_bits &&
           ete_pkt_format(a, la, sizeof la) == ete_pkt_format(b, lb, sizeof lb) &&
           strcmp(la, lb) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ete_pkt_cfg cfg;
    size_t pos = 1;

    if (size < 1)
        return 0;
    memset(&cfg, 0, sizeof cfg);
    cfg.commopt = data[0] & 1u;
    cfg.strict = (data[0] >> 1) & 1u;
    cfg.trccci = (data[0] >> 2) & 1u;
    cfg.tssize = (data[0] & 8u) ? TRCIDR0_TSSIZE_64 : 0u;
    cfg.tsmark = (data[0] >> 4) & 1u;
    cfg.maxspec = (data[0] >> 5) * 5u;

    while (pos < size) {
        ete_pkt p, q;
        size_t len = size - pos;
        int n = ete_pkt_parse(&cfg, data + pos, len, &p);

        require(n >= ETE_PKT_BAD && (n < 0 || (size_t)n <= len));
        if (n == ETE_PKT_NEED_MORE)
            break;
        if (n == ETE_PKT_BAD) {
            require(p.err != NULL && p.err_off < len);
            require(ete_pkt_parse(&cfg, data + pos, p.err_off, &q) == ETE_PKT_NEED_MORE);
            pos++;
            continue;
        }
        require(p.type < ETE_PKT_TYPE_COUNT && p.len == (uint32_t)n);
        require(p.type == ETE_PKT_ASYNC || (unsigned)n <= ETE_PKT_MAX_LEN);
        require(ete_pkt_parse(&cfg, data + pos, (size_t)n, &q) == n && same(&p, &q));
        for (int m = 0; m < n && m <= (int)ETE_PKT_MAX_LEN; m++)
            require(ete_pkt_parse(&cfg, data + pos, (size_t)m, &q) == ETE_PKT_NEED_MORE);
        pos += (size_t)n;
    }
    return 0;
}
