/* The ETMv1 branch address decoder (sw/etmv1) on hostile input: many random
 * buffers (biased towards the bytes that matter: continuation bits and the
 * fifth-byte forms of Table 6.9), and every truncation and every one-byte
 * corruption of valid packet streams made by the model.  Nothing may crash
 * (the test runs under ASan and UBSan) or hang; every error names an offset
 * inside the buffer (or its end, for a truncated packet) and a reason; the
 * stateless parser and the stream decoder agree. */
#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "etmv1_dec.h"
#include "etmv1_model.h"
#include "etmv1_pkt.h"
#include "harness.h"

#define REQUIRE(cond, ...)             \
    do {                               \
        if (!(cond))                   \
            ck_abort_msg(__VA_ARGS__); \
    } while (0)

/* Decode buf[0..len) fully, checking the decoder's contract; the number of
 * addresses decoded. */
static uint64_t decode_all(const uint8_t *buf, size_t len, uint64_t base, uint64_t *errors)
{
    etmv1_dec d;
    etmv1_addr a;
    int rc;
    size_t calls = 0, last_pos = 0;
    etmv1_dec_init(&d, buf, len, base);
    while ((rc = etmv1_dec_next(&d, &a)) != ETMV1_DEC_EOF) {
        REQUIRE(++calls <= len, "more calls than bytes (%zu)", len);
        REQUIRE(d.pos > last_pos && d.pos <= len, "no progress at %zu", last_pos);
        if (rc == ETMV1_DEC_ERROR) {
            REQUIRE(d.err[0] != '\0', "error without a reason");
            REQUIRE(d.err_off >= base && d.err_off <= base + len,
                    "error offset %" PRIu64 " outside [%" PRIu64 ", %" PRIu64 "]", d.err_off,
                    base, base + len);
            REQUIRE(d.err_off < base + len || strstr(d.err, "truncated"),
                    "error at the end that is not a truncation: %s", d.err);
        } else {
            REQUIRE(rc == ETMV1_DEC_ADDR, "rc %d", rc);
            REQUIRE(a.offset == base + last_pos && a.len >= 1 && a.len <= 5, "bad address record");
            REQUIRE(a.isa <= 1 && a.e <= 1 && (!a.e || (a.len == 5 && a.isa == ETMV1_ISA_ARM)),
                    "bad state/E");
            REQUIRE((a.addr & (a.isa ? 1u : 3u)) == 0, "misaligned address");
        }
        last_pos = d.pos;
    }
    REQUIRE(d.pos == len, "stopped at %zu of %zu", d.pos, len);
    *errors = d.errors;
    return d.addrs;
}

/* The parser at every position of buf: its contract. */
static void parse_everywhere(const uint8_t *buf, size_t len)
{
    for (size_t pos = 0; pos < len; pos++) {
        etmv1_pkt p, q;
        size_t rest = len - pos;
        int n = etmv1_pkt_parse(buf + pos, rest, &p);
        if (n == ETMV1_PKT_NEED_MORE) {
            REQUIRE(rest < 5 && p.err != NULL && p.err_off == rest, "need-more at %zu", pos);
            continue;
        }
        if (n == ETMV1_PKT_BAD) {
            REQUIRE(p.err != NULL && p.err_off < rest && p.err_off < 5, "bad at %zu", pos);
            continue;
        }
        REQUIRE(n >= 1 && n <= 5 && (size_t)n <= rest && p.len == (unsigned)n, "len at %zu", pos);
        REQUIRE(p.full == (n == 5), "full flag at %zu", pos);
        /* the same packet with nothing after it parses the same */
        REQUIRE(etmv1_pkt_parse(buf + pos, (size_t)n, &q) == n && q.bits == p.bits,
                "packet at %zu depends on the bytes after it", pos);
        for (int m = 0; m < n; m++)
            REQUIRE(etmv1_pkt_parse(buf + pos, (size_t)m, &q) == ETMV1_PKT_NEED_MORE,
                    "prefix %d of the packet at %zu is not need-more", m, pos);
    }
}

START_TEST(test_random_buffers)
{
    harness_rng r;
    harness_rng_init(&r, 0xF022u, 0);
    static const uint8_t interesting[] = { 0x80, 0x81, 0xFF, 0x7F, 0x01, 0x00, 0x08, 0x0F,
                                           0x48, 0x4F, 0x10, 0x1F, 0x20, 0x50, 0xC8, 0x07 };
    uint64_t addrs = 0, errors = 0;
    uint8_t buf[96];
    for (unsigned it = 0; it < 40000; it++) {
        size_t len = (size_t)harness_rng_below(&r, sizeof buf + 1);
        for (size_t i = 0; i < len; i++)
            buf[i] = harness_rng_chance(&r, 0.5)
                         ? interesting[harness_rng_below(&r, sizeof interesting)]
                         : (uint8_t)harness_rng_next(&r);
        uint64_t e;
        parse_everywhere(buf, len);
        addrs += decode_all(buf, len, it, &e);
        errors += e;
    }
    ck_assert_uint_gt(addrs, 1000);
    ck_assert_uint_gt(errors, 1000);
}
END_TEST

START_TEST(test_truncations_and_corruptions)
{
    harness_rng r;
    harness_rng_init(&r, 0x7A0Cu, 0);
    uint64_t trunc_err = 0, corrupt_err = 0;
    for (unsigned it = 0; it < 300; it++) {
        etmv1_model m;
        char err[200];
        uint8_t buf[40 * 5];
        size_t len = 0;
        uint32_t last = (uint32_t)harness_rng_next(&r);
        unsigned isa = 0;
        etmv1_model_reset(&m);
        for (unsigned i = 0; i < 40; i++) {
            etmv1_branch b;
            memset(&b, 0, sizeof b);
            if (harness_rng_chance(&r, 0.1))
                isa ^= 1u;
            b.isa = isa;
            b.target = harness_rng_chance(&r, 0.3)
                           ? (uint32_t)harness_rng_next(&r)
                           : last + (uint32_t)harness_rng_below(&r, 1u << harness_rng_range(&r, 2, 24));
            b.target &= isa ? ~1u : ~3u;
            b.exc = !isa && harness_rng_chance(&r, 0.05);
            int n = etmv1_model_encode(&m, &b, buf + len, err, sizeof err);
            REQUIRE(n > 0, "%s", err);
            len += (size_t)n;
            last = b.target;
        }
        uint64_t e;
        /* every truncation: the last packet cut short is an error at the end */
        for (size_t cut = 0; cut <= len; cut++) {
            decode_all(buf, cut, 0, &e);
            etmv1_dec d;
            etmv1_addr a;
            etmv1_dec_init(&d, buf, cut, 0);
            size_t end = 0;
            int rc;
            while ((rc = etmv1_dec_next(&d, &a)) == ETMV1_DEC_ADDR)
                end = a.offset + a.len;
            if (end < cut) {
                REQUIRE(rc == ETMV1_DEC_ERROR && d.err_off == cut && strstr(d.err, "truncated"),
                        "cut at %zu: no truncation error (rc %d, off %" PRIu64 ")", cut, rc,
                        d.err_off);
                trunc_err++;
            } else {
                REQUIRE(rc == ETMV1_DEC_EOF && e == 0, "cut at a packet boundary %zu: rc %d", cut,
                        rc);
            }
        }
        parse_everywhere(buf, len);
        /* one byte corrupted, at every position */
        for (size_t pos = 0; pos < len; pos++) {
            uint8_t save = buf[pos];
            buf[pos] = (uint8_t)(save ^ (1u << harness_rng_below(&r, 8)));
            decode_all(buf, len, 1000, &e);
            corrupt_err += e;
            parse_everywhere(buf, len);
            buf[pos] = save;
        }
    }
    ck_assert_uint_gt(trunc_err, 1000);
    ck_assert_uint_gt(corrupt_err, 1000);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("etmv1_fuzz");
    TCase *tc = tcase_create("hostile");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_random_buffers);
    tcase_add_test(tc, test_truncations_and_corruptions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
