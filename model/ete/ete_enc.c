/* ETE packet encoders: the byte layouts of chapter D5. */
#include "ete_enc.h"

/* ---- field encodings (D5.3.1, D15.4) ---------------------------------- */

/* Unsigned LE128n: 7 bits per byte, bit 7 = "another byte follows". */
static size_t put_uleb(uint8_t *out, uint64_t v)
{
    size_t n = 0;
    do {
        uint8_t b = (uint8_t)(v & 0x7Fu);
        v >>= 7;
        if (v)
            b |= 0x80u;
        out[n++] = b;
    } while (v);
    return n;
}

unsigned ete_uleb_bytes(uint64_t v)
{
    unsigned n = 1;
    while (v >>= 7)
        n++;
    return n;
}

static void put_le(uint8_t *out, uint64_t v, unsigned nbytes)
{
    for (unsigned i = 0; i < nbytes; i++)
        out[i] = (uint8_t)(v >> (8u * i));
}

/* ---- compression helpers ----------------------------------------------- */

/* D9.2.14.4: a Short IS0 packet replaces address bits [8:2] (one byte) or
 * [16:2] (two bytes) of history entry 0; IS1 replaces [7:1] or [15:1]. */
unsigned ete_short_bytes_is0(uint64_t addr, uint64_t ref)
{
    uint64_t d = addr ^ ref;
    if ((d >> 9) == 0)
        return 1;
    if ((d >> 17) == 0)
        return 2;
    return 0;
}

unsigned ete_short_bytes_is1(uint64_t addr, uint64_t ref)
{
    uint64_t d = addr ^ ref;
    if ((d >> 8) == 0)
        return 1;
    if ((d >> 16) == 0)
        return 2;
    return 0;
}

/* D9.2.14.3: 32-bit forms leave address<63:32> unchanged. */
int ete_addr_fits32(uint64_t addr, uint64_t ref)
{
    return ((addr ^ ref) >> 32) == 0;
}

/* D6.11.5, D15.4.3 BitReplacement with N = 64: up to eight 7-bit groups
 * with a continuation bit, then a ninth byte carrying TS[63:56]. */
unsigned ete_ts_bytes(uint64_t ts, uint64_t prev)
{
    uint64_t d = ts ^ prev;
    unsigned top = 0;       /* number of significant bits that changed */
    while (d) {
        top++;
        d >>= 1;
    }
    if (top > 56)
        return 9;
    return top == 0 ? 1u : (top + 6u) / 7u;
}

/* ---- D5.4 Alignment Synchronization ------------------------------------ */
/* Header 0x00, ten payload bytes 0x00 and a final 0x80 (D9.2.3: the
 * minimum of ten zero payload bytes); twelve bytes in all. */
size_t ete_enc_async(uint8_t *out)
{
    for (unsigned i = 0; i < 11; i++)
        out[i] = 0x00;
    out[11] = 0x80;
    return 12;
}

/* D5.5: 0x00 0x03 */
size_t ete_enc_discard(uint8_t *out)
{
    out[0] = 0x00;
    out[1] = 0x03;
    return 2;
}

/* D5.6: 0x00 0x05 */
size_t ete_enc_overflow(uint8_t *out)
{
    out[0] = 0x00;
    out[1] = 0x05;
    return 2;
}

/* D5.7, D9.2.6.1: header 0x01, PLCTL (bit 0 INFO, bit 2 SPEC, bit 3 CYCT
 * sections present), then INFO (bit 0 CC, bit 6 T), SPEC, CYCT. */
size_t ete_enc_trace_info(uint8_t *out, int cc_enabled, unsigned cc_threshold,
                          int tstate, uint32_t spec)
{
    size_t n = 0;
    uint8_t plctl = 0;
    int info = cc_enabled || tstate;
    if (info)
        plctl |= 0x01u;
    if (spec)
        plctl |= 0x04u;
    if (cc_enabled)
        plctl |= 0x08u;
    out[n++] = 0x01;
    out[n++] = plctl;
    if (info)
        out[n++] = (uint8_t)((tstate ? 0x40u : 0u) | (cc_enabled ? 0x01u : 0u));
    if (spec)
        n += put_uleb(out + n, spec);
    if (cc_enabled)
        n += put_uleb(out + n, cc_threshold & 0xFFFu);
    return n;
}

/* D5.8 */
size_t ete_enc_trace_on(uint8_t *out)
{
    out[0] = 0x04;
    return 1;
}

/* D5.9: header 0x02 (no COUNT) or 0x03 (COUNT follows TS). */
size_t ete_enc_timestamp(uint8_t *out, uint64_t ts, uint64_t prev, int has_count,
                         uint32_t count)
{
    size_t n = 0;
    unsigned nb = ete_ts_bytes(ts, prev);
    out[n++] = has_count ? 0x03 : 0x02;
    for (unsigned i = 0; i < nb && i < 8; i++) {
        uint8_t b = (uint8_t)((ts >> (7u * i)) & 0x7Fu);
        if (i + 1 < nb)
            b |= 0x80u;
        out[n++] = b;
    }
    if (nb == 9)
        out[n++] = (uint8_t)(ts >> 56);
    if (has_count)
        n += put_uleb(out + n, count & 0xFFFFFu);
    return n;
}

/* D5.11, D5.12 */
size_t ete_enc_txn_start(uint8_t *out)
{
    out[0] = 0x0A;
    return 1;
}

size_t ete_enc_txn_commit(uint8_t *out)
{
    out[0] = 0x0B;
    return 1;
}

/* ---- D5.13 .. D5.25 -------------------------------------------------- */

/* Header 0x06, then the information byte: bit 6 = E[1], bits [5:1] = TYPE,
 * bit 0 = E[0], bit 7 = 0 (D9.2.13.1). */
static size_t exc_head(uint8_t *out, unsigned e, unsigned type)
{
    out[0] = 0x06;
    out[1] = (uint8_t)(((e >> 1) & 1u) << 6 | (type & 0x1Fu) << 1 | (e & 1u));
    return 2;
}

/* The address bytes shared by Target Address, Exception and with-Context
 * packets (D9.2.14.2 LongAddressBytes, D9.2.14.4 ShortAddressBytes). */
static size_t addr_short_is0(uint8_t *out, uint8_t hdr, uint64_t a, unsigned nb)
{
    out[0] = hdr;
    out[1] = (uint8_t)((a >> 2) & 0x7Fu);
    if (nb < 2)
        return 2;
    out[1] |= 0x80u;
    out[2] = (uint8_t)(a >> 9);
    return 3;
}

static size_t addr_short_is1(uint8_t *out, uint8_t hdr, uint64_t a, unsigned nb)
{
    out[0] = hdr;
    out[1] = (uint8_t)((a >> 1) & 0x7Fu);
    if (nb < 2)
        return 2;
    out[1] |= 0x80u;
    out[2] = (uint8_t)(a >> 8);
    return 3;
}

static size_t addr_long(uint8_t *out, uint8_t hdr, uint64_t a, int is1, int is64)
{
    size_t n = 0;
    out[n++] = hdr;
    if (!is1) {
        out[n++] = (uint8_t)((a >> 2) & 0x7Fu);   /* (0) A[8:2] */
        out[n++] = (uint8_t)((a >> 9) & 0x7Fu);   /* (0) A[15:9] */
    } else {
        out[n++] = (uint8_t)((a >> 1) & 0x7Fu);   /* (0) A[7:1] */
        out[n++] = (uint8_t)(a >> 8);             /* A[15:8] */
    }
    put_le(out + n, a >> 16, is64 ? 6u : 2u);       /* A[23:16] .. */
    n += is64 ? 6u : 2u;
    return n;
}

/* D5.55 context information byte and the VMID, CONTEXTID fields: both are
 * 32 bits in every packet layout (VMIDSIZE is 32 bits, R_PTVTD). */
static size_t ctx_bytes(uint8_t *out, const ete_enc_ctx *c)
{
    size_t n = 0;
    out[n++] = (uint8_t)((c->c ? 0x80u : 0u) | (c->v ? 0x40u : 0u) |
                         (c->ns ? 0x20u : 0u) | (c->sf ? 0x10u : 0u) | (c->el & 3u));
    if (c->v) {
        put_le(out + n, c->vmid, 4);
        n += 4;
    }
    if (c->c) {
        put_le(out + n, c->contextid, 4);
        n += 4;
    }
    return n;
}

size_t ete_enc_exc_exact(uint8_t *out, unsigned e, unsigned type, unsigned qe)
{
    size_t n = exc_head(out, e, type);
    out[n++] = (uint8_t)(0x90u | (qe & 3u));
    return n;
}

size_t ete_enc_exc_short_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                             unsigned nbytes)
{
    size_t n = exc_head(out, e, type);
    return n + addr_short_is0(out + n, 0x95, addr, nbytes);
}

size_t ete_enc_exc_short_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                             unsigned nbytes)
{
    size_t n = exc_head(out, e, type);
    return n + addr_short_is1(out + n, 0x96, addr, nbytes);
}

size_t ete_enc_exc_32_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr)
{
    size_t n = exc_head(out, e, type);
    return n + addr_long(out + n, 0x9A, addr, 0, 0);
}

size_t ete_enc_exc_32_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr)
{
    size_t n = exc_head(out, e, type);
    return n + addr_long(out + n, 0x9B, addr, 1, 0);
}

size_t ete_enc_exc_64_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr)
{
    size_t n = exc_head(out, e, type);
    return n + addr_long(out + n, 0x9D, addr, 0, 1);
}

size_t ete_enc_exc_64_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr)
{
    size_t n = exc_head(out, e, type);
    return n + addr_long(out + n, 0x9E, addr, 1, 1);
}

size_t ete_enc_exc_ctxt_32_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c)
{
    size_t n = exc_head(out, e, type);
    n += addr_long(out + n, 0x82, addr, 0, 0);
    return n + ctx_bytes(out + n, c);
}

size_t ete_enc_exc_ctxt_32_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c)
{
    size_t n = exc_head(out, e, type);
    n += addr_long(out + n, 0x83, addr, 1, 0);
    return n + ctx_bytes(out + n, c);
}

size_t ete_enc_exc_ctxt_64_is0(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c)
{
    size_t n = exc_head(out, e, type);
    n += addr_long(out + n, 0x85, addr, 0, 1);
    return n + ctx_bytes(out + n, c);
}

size_t ete_enc_exc_ctxt_64_is1(uint8_t *out, unsigned e, unsigned type, uint64_t addr,
                               const ete_enc_ctx *c)
{
    size_t n = exc_head(out, e, type);
    n += addr_long(out + n, 0x86, addr, 1, 1);
    return n + ctx_bytes(out + n, c);
}

/* D5.24, D5.25: the address byte is 0x70, "Unknown address" (D9.2.13.1). */
size_t ete_enc_txn_failure(uint8_t *out, unsigned e)
{
    size_t n = exc_head(out, e, ETE_EXC_TYPE_TXN_FAILURE);
    out[n++] = 0x70;
    return n;
}

size_t ete_enc_pe_reset(uint8_t *out, unsigned e)
{
    size_t n = exc_head(out, e, 0);
    out[n++] = 0x70;
    return n;
}

/* ---- cycle count (D5.26 .. D5.34, D9.2.16.2) --------------------------- */
size_t ete_enc_cc_f1_0_unknown(uint8_t *out, uint32_t commit)
{
    out[0] = 0x0F;
    return 1 + put_uleb(out + 1, commit);
}

size_t ete_enc_cc_f1_1_unknown(uint8_t *out)
{
    out[0] = 0x0F;
    return 1;
}

size_t ete_enc_cc_f1_0(uint8_t *out, uint32_t commit, uint32_t count)
{
    size_t n = 0;
    out[n++] = 0x0E;
    n += put_uleb(out + n, commit);
    n += put_uleb(out + n, count & 0xFFFFFu);
    return n;
}

size_t ete_enc_cc_f1_1(uint8_t *out, uint32_t count)
{
    out[0] = 0x0E;
    return 1 + put_uleb(out + 1, count & 0xFFFFFu);
}

size_t ete_enc_cc_f2_1(uint8_t *out, unsigned bbbb)
{
    out[0] = 0x0D;
    out[1] = (uint8_t)(0xF0u | (bbbb & 0xFu));
    return 2;
}

size_t ete_enc_cc_f3_1(uint8_t *out, unsigned bb)
{
    out[0] = (uint8_t)(0x10u | (bb & 3u));
    return 1;
}

/* ---- atoms (D5.40 .. D5.46) ------------------------------------------- */
size_t ete_enc_atom_f1(uint8_t *out, unsigned a)
{
    out[0] = (uint8_t)(0xF6u | (a & 1u));
    return 1;
}

size_t ete_enc_atom_f2(uint8_t *out, unsigned a)
{
    out[0] = (uint8_t)(0xD8u | (a & 3u));
    return 1;
}

size_t ete_enc_atom_f3(uint8_t *out, unsigned a)
{
    out[0] = (uint8_t)(0xF8u | (a & 7u));
    return 1;
}

size_t ete_enc_atom_f4(uint8_t *out, unsigned afield)
{
    out[0] = (uint8_t)(0xDCu | (afield & 3u));
    return 1;
}

size_t ete_enc_atom_f5_1(uint8_t *out)
{
    out[0] = 0xF5;
    return 1;
}

size_t ete_enc_atom_f5_2(uint8_t *out, unsigned afield)
{
    out[0] = (uint8_t)(0xD4u | (afield & 3u));
    return 1;
}

size_t ete_enc_atom_f6(uint8_t *out, unsigned count, unsigned last_n)
{
    out[0] = (uint8_t)(0xC0u | (last_n & 1u) << 5 | (count & 0x1Fu));
    return 1;
}

/* ---- addresses and context (D5.47 .. D5.59) ---------------------------- */
size_t ete_enc_addr_short_is0(uint8_t *out, uint64_t addr, unsigned nbytes)
{
    return addr_short_is0(out, 0x95, addr, nbytes);
}

size_t ete_enc_addr_short_is1(uint8_t *out, uint64_t addr, unsigned nbytes)
{
    return addr_short_is1(out, 0x96, addr, nbytes);
}

size_t ete_enc_addr_32_is0(uint8_t *out, uint64_t addr)
{
    return addr_long(out, 0x9A, addr, 0, 0);
}

size_t ete_enc_addr_32_is1(uint8_t *out, uint64_t addr)
{
    return addr_long(out, 0x9B, addr, 1, 0);
}

size_t ete_enc_addr_64_is0(uint8_t *out, uint64_t addr)
{
    return addr_long(out, 0x9D, addr, 0, 1);
}

size_t ete_enc_addr_64_is1(uint8_t *out, uint64_t addr)
{
    return addr_long(out, 0x9E, addr, 1, 1);
}

size_t ete_enc_addr_exact(uint8_t *out, unsigned qe)
{
    out[0] = (uint8_t)(0x90u | (qe & 3u));
    return 1;
}

size_t ete_enc_ctxt_same(uint8_t *out)
{
    out[0] = 0x80;
    return 1;
}

size_t ete_enc_ctxt(uint8_t *out, const ete_enc_ctx *c)
{
    out[0] = 0x81;
    return 1 + ctx_bytes(out + 1, c);
}

size_t ete_enc_addr_ctxt_32_is0(uint8_t *out, uint64_t addr, const ete_enc_ctx *c)
{
    size_t n = addr_long(out, 0x82, addr, 0, 0);
    return n + ctx_bytes(out + n, c);
}

size_t ete_enc_addr_ctxt_32_is1(uint8_t *out, uint64_t addr, const ete_enc_ctx *c)
{
    size_t n = addr_long(out, 0x83, addr, 1, 0);
    return n + ctx_bytes(out + n, c);
}

size_t ete_enc_addr_ctxt_64_is0(uint8_t *out, uint64_t addr, const ete_enc_ctx *c)
{
    size_t n = addr_long(out, 0x85, addr, 0, 1);
    return n + ctx_bytes(out + n, c);
}

size_t ete_enc_addr_ctxt_64_is1(uint8_t *out, uint64_t addr, const ete_enc_ctx *c)
{
    size_t n = addr_long(out, 0x86, addr, 1, 1);
    return n + ctx_bytes(out + n, c);
}

/* ---- D5.68 ------------------------------------------------------------ */
size_t ete_enc_event(uint8_t *out, unsigned events)
{
    out[0] = (uint8_t)(0x70u | (events & 0xFu));
    return 1;
}
