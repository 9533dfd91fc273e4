/* Bounded, deterministic fuzzing of the SPE packet parser and record layer:
 *  - random records encoded here from chapter 5 (every packet type, short
 *    and extended headers, Padding and Alignment between and inside
 *    records, IMPLEMENTATION DEFINED, reserved and unknown packets) must
 *    decode to exactly the records encoded;
 *  - random bytes, bytes biased towards header values, and mutated valid
 *    streams (bit flips, byte changes, insertions, deletions, truncation)
 *    must never read out of bounds (ASan), consume more than they have, or
 *    hang; every error carries an offset inside the data; every byte is
 *    reported to the hook exactly once, in order; a packet that parsed
 *    parses again identically from exactly its own bytes and every strict
 *    prefix of it is need-more. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "spe_dec.h"
#include "spe_dump.h"
#include "spe_stats.h"

/* Check's assertions report every passing check to the parent process; the
 * hot loops here check thousands of times per stream, so they test with
 * REQ/REQ_MSG, which call into Check only on failure. */
#define REQ(c)                                                                             \
    do {                                                                                   \
        if (!(c))                                                                          \
            ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #c);                             \
    } while (0)
#define REQ_MSG(c, ...)                                                                    \
    do {                                                                                   \
        if (!(c))                                                                          \
            ck_abort_msg(__VA_ARGS__);                                                     \
    } while (0)

static harness_rng rng;

static uint64_t rnd(void)
{
    return harness_rng_next(&rng);
}

static unsigned below(unsigned n)
{
    return (unsigned)harness_rng_below(&rng, n);
}

static int chance(unsigned percent)
{
    return below(100) < percent;
}

/* ---- an encoder for valid streams (test side, from chapter 5) ----------- */

#define STREAM_MAX 16384

typedef struct stream {
    uint8_t b[STREAM_MAX];
    size_t n;
    uint64_t base;
    spe_record want[256];
    unsigned nrec;
} stream;

static void emit(stream *s, const uint8_t *b, size_t n)
{
    REQ(s->n + n <= STREAM_MAX);
    memcpy(s->b + s->n, b, n);
    s->n += n;
}

static void emit_hdr_payload(stream *s, const uint8_t *hdr, unsigned hlen, uint64_t v,
                             unsigned plen)
{
    uint8_t b[SPE_PKT_MAX_LEN];
    memcpy(b, hdr, hlen);
    for (unsigned i = 0; i < plen; i++)
        b[hlen + i] = (uint8_t)(v >> (8 * i)); /* 5.1.3 little-endian */
    emit(s, b, hlen + plen);
}

static unsigned sz_of(unsigned plen)
{
    return plen == 1 ? 0 : plen == 2 ? 1 : plen == 4 ? 2 : 3;
}

/* Address or Counter: short header 10 SZ x III, or extended 001000II + short */
static void emit_indexed(stream *s, uint8_t kind, unsigned idx, uint64_t v, unsigned plen)
{
    uint8_t h[2];
    if (idx >= 8 || chance(30)) {
        h[0] = (uint8_t)(0x20u | (idx >> 3));
        h[1] = (uint8_t)(kind | (idx & 7u));
        emit_hdr_payload(s, h, 2, v, plen);
    } else {
        h[0] = (uint8_t)(kind | idx);
        emit_hdr_payload(s, h, 1, v, plen);
    }
}

static void emit_framing(stream *s)
{
    unsigned k = below(10);
    if (k < 5) {
        /* Padding */
        for (unsigned i = below(5) + 1; i > 0; i--)
            emit(s, (const uint8_t[]){ 0x00 }, 1);
    } else if (k < 9 && s->n + 2 + 64 <= STREAM_MAX - 64) {
        /* Alignment, SIZE 1..5 (4..64 bytes), filled with arbitrary bytes */
        unsigned size = below(5) + 1, a = 2u << size;
        uint64_t end = s->base + s->n + 2;
        unsigned skip = (unsigned)((a - (end & (a - 1u))) & (a - 1u));
        uint8_t b[2] = { (uint8_t)(0x20u | size), 0x00 };
        emit(s, b, 2);
        for (unsigned i = 0; i < skip; i++)
            emit(s, (const uint8_t[]){ (uint8_t)rnd() }, 1);
    }
}

static const uint8_t ldst_valid[] = { 0x00, 0x01, 0x04, 0x05 };

static unsigned valid_sub(unsigned cls)
{
    if (cls == SPE_OP_CLASS_OTHER)
        return below(2);
    if (cls == SPE_OP_CLASS_BRANCH)
        return below(4);
    if (chance(50))
        return ldst_valid[below(4)];
    return 0x02u | (below(8) << 2) | below(2); /* 0 0 0 AR EXCL AT 1 ST */
}

/* One random ignorable packet: IMPLEMENTATION DEFINED or reserved/unknown. */
static void emit_ignorable(stream *s, spe_record *w)
{
    static const uint8_t imp_idx[] = { 6, 7, 16, 21, 31 };
    static const uint8_t rsv_idx[] = { 4, 5, 8, 15 };
    uint64_t v = rnd();
    uint8_t h[2];

    switch (below(9)) {
    case 0:
        emit_indexed(s, 0xB0, imp_idx[below(5)], v, 8);
        w->impdef++;
        return;
    case 1:
        emit_indexed(s, 0x98, imp_idx[below(5)], v, 2);
        w->impdef++;
        return;
    case 2: {
        /* Address and Counter INDEX 4, 5, 8..15 are reserved */
        int addr = chance(50);
        emit_indexed(s, addr ? 0xB0 : 0x98, rsv_idx[below(4)], v, addr ? 8 : 2);
        break;
    }
    case 3:
        h[0] = (uint8_t)(0x66u + below(2)); /* Context INDEX 2, 3 */
        emit_hdr_payload(s, h, 1, v, 4);
        break;
    case 4:
        h[0] = 0x4B; /* Operation Type CLASS 3 */
        emit_hdr_payload(s, h, 1, v, 1);
        break;
    case 5:
        h[0] = 0x48; /* Other with a reserved SUBCLASS */
        emit_hdr_payload(s, h, 1, 2u + below(254), 1);
        break;
    case 6:
        h[0] = (uint8_t)(0x63u | (below(2) << 4)); /* Data Source SZ 0b10/0b11 */
        emit_hdr_payload(s, h, 1, v, (h[0] & 0x10u) ? 8 : 4);
        break;
    case 7:
        h[0] = (uint8_t)(0x02u + below(30)); /* no payload, unknown */
        emit(s, h, 1);
        break;
    default:
        h[0] = 0x20;
        h[1] = (uint8_t)(0x40u | below(0xC0)); /* extended, no Figure 6 kind */
        if ((h[1] & 0xF8u) == 0xB0u || (h[1] & 0xF8u) == 0x98u)
            h[1] = 0x40;
        emit_hdr_payload(s, h, 2, v, 1u << ((h[1] >> 4) & 3u));
        break;
    }
    w->ignored++;
}

/* One random valid record, appended with its expected decoding. */
static void emit_record(stream *s)
{
    spe_record *w = &s->want[s->nrec++];
    static const unsigned ev_len[] = { 1, 2, 4, 8 };
    size_t start;

    memset(w, 0, sizeof *w);
    if (chance(60))
        emit_framing(s);
    start = s->n;
    w->offset = s->base + start;
    for (unsigned k = 0; k < 12; k++) {
        uint64_t v = rnd();
        uint8_t h;
        if (!chance(55))
            continue;
        if (w->packets && chance(8))
            emit(s, (const uint8_t[]){ 0x00 }, 1); /* Padding inside a record */
        if (chance(10)) {
            emit_ignorable(s, w);
            w->packets++;
        }
        switch (k) {
        case 0: case 1: case 2: case 3: /* Address PC, TGT, VA, PA */
            emit_indexed(s, 0xB0, k, v, 8);
            w->present |= SPE_REC_ADDR(k);
            w->addr[k] = v;
            break;
        case 4: case 5: case 6: /* Counter TOT, ISSUE, XLAT */
            emit_indexed(s, 0x98, k - 4, v, 2);
            w->present |= SPE_REC_LAT(k - 4);
            w->lat[k - 4] = (uint16_t)v;
            break;
        case 7: case 8: /* Context EL1, EL2 */
            h = (uint8_t)(0x64u + (k - 7));
            emit_hdr_payload(s, &h, 1, v, 4);
            w->present |= SPE_REC_CTX(k - 7);
            w->ctx[k - 7] = (uint32_t)v;
            break;
        case 9: { /* Operation Type */
            unsigned cls = below(3), sub = valid_sub(cls);
            h = (uint8_t)(0x48u | cls);
            emit_hdr_payload(s, &h, 1, sub, 1);
            w->present |= SPE_REC_OP;
            w->op_class = (uint8_t)cls;
            w->op_sub = (uint8_t)sub;
            break;
        }
        case 10: { /* Events, any size; bits not output read as zero */
            unsigned len = ev_len[below(4)];
            h = (uint8_t)(0x42u | (sz_of(len) << 4));
            emit_hdr_payload(s, &h, 1, v, len);
            w->present |= SPE_REC_EVENTS;
            w->events = len == 8 ? v : v & ((UINT64_C(1) << (8 * len)) - 1u);
            w->events_len = (uint8_t)len;
            break;
        }
        default: { /* Data Source, byte or halfword */
            unsigned len = below(2) ? 2 : 1;
            h = (uint8_t)(0x43u | (sz_of(len) << 4));
            emit_hdr_payload(s, &h, 1, v, len);
            w->present |= SPE_REC_DS;
            w->data_source = (uint16_t)(len == 2 ? v & 0xFFFFu : v & 0xFFu);
            break;
        }
        }
        w->packets++;
    }
    if (chance(50)) {
        uint8_t h = 0x71;
        uint64_t ts = rnd();
        emit_hdr_payload(s, &h, 1, ts, 8);
        w->present |= SPE_REC_TS;
        w->ts = ts;
    } else {
        emit(s, (const uint8_t[]){ 0x01 }, 1);
    }
    w->packets++;
    w->size = s->base + s->n - w->offset;
}

static void make_stream(stream *s, unsigned nrec)
{
    s->n = 0;
    s->nrec = 0;
    s->base = chance(50) ? 0 : (rnd() & 0xFFFFu);
    while (s->nrec < nrec && s->n < STREAM_MAX - 512)
        emit_record(s);
    if (chance(50))
        emit_framing(s);
}

static void same_record(const spe_record *got, const spe_record *w, unsigned i)
{
    REQ_MSG(got->offset == w->offset && got->size == w->size,
                  "record %u: offset/size %llu/%llu, want %llu/%llu", i,
                  (unsigned long long)got->offset, (unsigned long long)got->size,
                  (unsigned long long)w->offset, (unsigned long long)w->size);
    REQ_MSG(got->present == w->present, "record %u: present 0x%x, want 0x%x", i,
                  got->present, w->present);
    REQ(got->packets == w->packets);
    REQ(got->ignored == w->ignored);
    REQ(got->impdef == w->impdef);
    REQ(got->repeated == 0);
    for (unsigned k = 0; k < 4; k++)
        if (w->present & SPE_REC_ADDR(k))
            REQ(got->addr[k] == w->addr[k]);
    for (unsigned k = 0; k < 3; k++)
        if (w->present & SPE_REC_LAT(k))
            REQ(got->lat[k] == w->lat[k]);
    for (unsigned k = 0; k < 2; k++)
        if (w->present & SPE_REC_CTX(k))
            REQ(got->ctx[k] == w->ctx[k]);
    if (w->present & SPE_REC_OP) {
        REQ(got->op_class == w->op_class);
        REQ(got->op_sub == w->op_sub);
    }
    if (w->present & SPE_REC_EVENTS) {
        REQ(got->events == w->events);
        REQ(got->events_len == w->events_len);
    }
    if (w->present & SPE_REC_DS)
        REQ(got->data_source == w->data_source);
    if (w->present & SPE_REC_TS)
        REQ(got->ts == w->ts);
}

/* ---- invariants for any input ------------------------------------------------ */

typedef struct cover {
    uint64_t next;   /* stream offset the next piece must start at */
    uint64_t pieces;
} cover;

static void cover_hook(void *ctx, uint64_t off, const uint8_t *b, size_t n, const spe_pkt *pkt)
{
    cover *c = ctx;
    char desc[SPE_PKT_DESC_MAX];

    REQ(b != NULL && n > 0);
    REQ_MSG(off == c->next, "piece at %llu, want %llu", (unsigned long long)off,
                  (unsigned long long)c->next);
    c->next += n;
    c->pieces++;
    if (pkt) {
        REQ(pkt->type < SPE_PKT_TYPE_COUNT);
        REQ(pkt->len >= 1 && pkt->len <= SPE_PKT_MAX_LEN && pkt->len <= n);
        REQ(pkt->type == SPE_PKT_ALIGNMENT || pkt->len == n);
        REQ(spe_pkt_desc(pkt, desc, sizeof desc) >= 0);
    }
}

/* Parser invariants at every position of buf. */
static void check_parser(const uint8_t *buf, size_t len)
{
    for (size_t pos = 0; pos < len; pos++) {
        spe_pkt p, q;
        size_t rest = len - pos;
        int n = spe_pkt_parse(buf + pos, rest, &p);

        REQ(n == SPE_PKT_NEED_MORE || n == SPE_PKT_BAD || (n >= 1 && (size_t)n <= rest));
        if (n == SPE_PKT_NEED_MORE) {
            REQ(rest < SPE_PKT_MAX_LEN);
            REQ(p.err != NULL);
            REQ(p.need == 0 || p.need > rest);
            continue;
        }
        if (n == SPE_PKT_BAD) {
            REQ(p.err != NULL && p.err_off < rest);
            REQ(spe_pkt_parse(buf + pos, p.err_off, &q) == SPE_PKT_NEED_MORE);
            continue;
        }
        REQ(n <= (int)SPE_PKT_MAX_LEN && p.len == n && p.hdr_len + p.payload_len == n);
        REQ(spe_pkt_parse(buf + pos, (size_t)n, &q) == n);
        REQ(q.type == p.type && q.payload == p.payload && q.index == p.index &&
                  q.status == p.status);
        for (int m = 0; m < n; m++)
            REQ(spe_pkt_parse(buf + pos, (size_t)m, &q) == SPE_PKT_NEED_MORE);
    }
}

/* Record-layer invariants; returns the number of errors. */
static uint64_t check_decoder(const uint8_t *buf, size_t len, uint64_t base, FILE *sink)
{
    spe_dec d;
    spe_record r;
    cover c = { base, 0 };
    spe_dumper dp;
    spe_stats st;
    uint64_t calls = 0, last_end = base;
    int rc;

    spe_dec_init(&d, buf, len, base);
    if (sink) {
        spe_dumper_init(&dp, sink);
        spe_dec_set_hook(&d, spe_dumper_hook, &dp);
    } else {
        spe_dec_set_hook(&d, cover_hook, &c);
    }
    spe_stats_init(&st);
    while ((rc = spe_dec_next(&d, &r)) != SPE_DEC_EOF) {
        REQ_MSG(++calls <= 2u * len + 2u, "no progress");
        if (rc == SPE_DEC_ERROR) {
            REQ(d.err_off >= base && d.err_off < base + len);
            REQ(d.err[0] != '\0' && strlen(d.err) < sizeof d.err);
            continue;
        }
        REQ(rc == SPE_DEC_RECORD);
        REQ(r.offset >= last_end && r.size >= 1 && r.offset + r.size <= base + len);
        REQ(r.packets >= 1 && r.ignored + r.impdef <= r.packets);
        last_end = r.offset + r.size;
        REQ(spe_stats_add(&st, &r) == 0);
        if (sink)
            spe_csv_record(sink, &r);
    }
    REQ(spe_dec_next(&d, &r) == SPE_DEC_EOF);
    if (sink) {
        spe_dumper_flush(&dp);
        spe_stats_print(&st, &d, sink, 3);
    } else {
        REQ(c.next == base + len);
    }
    REQ(d.records == st.records);
    REQ(d.errors >= d.bad && d.errors <= d.bad + 1u);
    spe_stats_free(&st);
    return d.errors;
}

/* ---- the tests ------------------------------------------------------------ */

static stream S;

START_TEST(valid_streams_round_trip)
{
    unsigned total = 0;

    harness_rng_init(&rng, 1, 0);
    for (unsigned iter = 0; iter < 2000; iter++) {
        spe_dec d;
        spe_record r;
        unsigned i = 0;
        int rc;

        make_stream(&S, 1 + below(40));
        spe_dec_init(&d, S.b, S.n, S.base);
        while ((rc = spe_dec_next(&d, &r)) == SPE_DEC_RECORD) {
            REQ(i < S.nrec);
            same_record(&r, &S.want[i], i);
            i++;
        }
        REQ_MSG(rc == SPE_DEC_EOF, "iteration %u: error at %llu: %s", iter,
                      (unsigned long long)d.err_off, d.err);
        ck_assert_uint_eq(i, S.nrec);
        ck_assert(d.errors == 0 && d.bad == 0);
        ck_assert_uint_eq(check_decoder(S.b, S.n, S.base, NULL), 0);
        total += i;
    }
    ck_assert_uint_gt(total, 20000);
}
END_TEST

START_TEST(random_bytes)
{
    static uint8_t buf[4096];
    FILE *sink = fopen("/dev/null", "w");

    ck_assert_ptr_nonnull(sink);
    harness_rng_init(&rng, 2, 0);
    for (unsigned iter = 0; iter < 3000; iter++) {
        size_t len = below(sizeof buf);
        unsigned mode = iter % 3;
        for (size_t i = 0; i < len; i++) {
            if (mode == 0) {
                buf[i] = (uint8_t)rnd();
            } else {
                /* biased towards header bytes, End and Padding */
                static const uint8_t hot[] = { 0x00, 0x01, 0x71, 0x20, 0x21, 0x2F, 0x3F,
                                               0xB0, 0x98, 0x64, 0x48, 0x49, 0x4A, 0x42,
                                               0x72, 0x43, 0x53, 0x25, 0x30 };
                buf[i] = chance(70) ? hot[below(sizeof hot)] : (uint8_t)rnd();
            }
        }
        if (iter % 8 == 0)
            check_parser(buf, len);
        check_decoder(buf, len, mode == 2 ? rnd() & 0xFFFFFFu : 0, NULL);
        if (iter % 16 == 0)
            check_decoder(buf, len, 0, sink);
    }
    fclose(sink);
}
END_TEST

START_TEST(mutated_streams)
{
    static uint8_t buf[STREAM_MAX + 64];
    uint64_t errors = 0, clean = 0;

    harness_rng_init(&rng, 3, 0);
    for (unsigned iter = 0; iter < 6000; iter++) {
        size_t len;
        make_stream(&S, 1 + below(12));
        memcpy(buf, S.b, S.n);
        len = S.n;
        for (unsigned m = below(4) + 1; m > 0; m--) {
            size_t at = len ? below((unsigned)len) : 0;
            switch (below(5)) {
            case 0: /* bit flip */
                if (len)
                    buf[at] ^= (uint8_t)(1u << below(8));
                break;
            case 1: /* byte change */
                if (len)
                    buf[at] = (uint8_t)rnd();
                break;
            case 2: /* insertion */
                if (len < sizeof buf) {
                    memmove(buf + at + 1, buf + at, len - at);
                    buf[at] = (uint8_t)rnd();
                    len++;
                }
                break;
            case 3: /* deletion */
                if (len) {
                    memmove(buf + at, buf + at + 1, len - at - 1);
                    len--;
                }
                break;
            default: /* truncation */
                len = at;
                break;
            }
        }
        if (iter % 8 == 0)
            check_parser(buf, len);
        if (check_decoder(buf, len, S.base, NULL))
            errors++;
        else
            clean++;
    }
    /* the mutations reach both the error paths and the clean ones */
    ck_assert_uint_gt(errors, 1200);
    ck_assert_uint_gt(clean, 400);
}
END_TEST

/* Every 1- and 2-byte stream, the 3-byte streams whose third byte is 0 and
 * every 257th of the others, through the parser and the decoder. */
START_TEST(exhaustive_short)
{
    uint8_t b[3];

    for (unsigned v = 0; v < (1u << 24); v += (v < (1u << 16) ? 1u : 257u)) {
        b[0] = (uint8_t)v;
        b[1] = (uint8_t)(v >> 8);
        b[2] = (uint8_t)(v >> 16);
        check_decoder(b, 3, 0, NULL);
        if (v < 256) {
            check_decoder(b, 1, 0, NULL);
            check_parser(b, 1);
        }
        if (v < 65536)
            check_decoder(b, 2, 0, NULL);
    }
}
END_TEST

static void add(Suite *s, const char *name, const TTest *t)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, t);
    suite_add_tcase(s, tc);
}

static Suite *suite(void)
{
    Suite *s = suite_create("spe_dec_fuzz");

    add(s, "round_trip", valid_streams_round_trip);
    add(s, "random", random_bytes);
    add(s, "mutated", mutated_streams);
    add(s, "exhaustive", exhaustive_short);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
