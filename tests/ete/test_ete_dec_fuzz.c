/* Bounded deterministic fuzz of the whole ETE decoder: random and mutated
 * byte streams after a valid A-Sync + Trace Info prefix, fed in random
 * pieces, under several configurations.  The decoder must not crash (ASan,
 * UBSan), must return, must keep its element invariants, and every error
 * must name a byte offset inside the stream. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_decoder.h"
#include "ete_snapshot_read.h"
#include "harness.h"

#define IMG_BASE  0x1000u
#define IMG_WORDS 1024u

static harness_rng rng;

static uint64_t rnd(void)
{
    return harness_rng_next(&rng);
}

static uint32_t img[IMG_WORDS];

static int mem_read(void *ctx, uint64_t addr, unsigned el, int ns, uint32_t *w)
{
    (void)ctx;
    (void)el;
    (void)ns;
    if (addr < IMG_BASE || addr >= IMG_BASE + 4ull * IMG_WORDS || (addr & 3))
        return -1;
    *w = img[(addr - IMG_BASE) / 4];
    return 0;
}

/* An image of mostly plain instructions with every kind of P0 instruction,
 * branching inside and outside the image. */
static void make_image(void)
{
    static const uint32_t p0[] = {
        0x14000004, 0x97fffff0, 0x54000081, 0xb4000041, 0x371fffa4, 0xd61f00a0,
        0xd63f00c0, 0xd65f03c0, 0xd69f03e0, 0xd5033fdf, 0xd503207f, 0xd5233063,
        0x15ffffff, 0x16000000,
    };
    for (unsigned i = 0; i < IMG_WORDS; i++) {
        if (rnd() % 5 == 0)
            img[i] = p0[rnd() % (sizeof p0 / sizeof p0[0])];
        else
            img[i] = 0xd503201f;
    }
}

typedef struct check_ctx {
    size_t len;
    unsigned bad;
    uint64_t ranges;
} check_ctx;

static void on_elem(void *ctx, const ete_elem *e)
{
    check_ctx *c = ctx;
    ck_assert_uint_lt(e->kind, ETE_ELEM_KIND_COUNT);
    ck_assert_uint_le(e->offset, c->len);
    if (e->kind == ETE_ELEM_RANGE) {
        c->ranges++;
        /* A64: every range is whole words, n_insn of them */
        if (e->end - e->start != 4ull * e->n_insn || e->n_insn == 0) {
            fprintf(stderr, "bad range 0x%llx 0x%llx %u at offset 0x%llx\n",
                    (unsigned long long)e->start, (unsigned long long)e->end, e->n_insn,
                    (unsigned long long)e->offset);
            c->bad++;
        }
    }
    char line[160];
    int k = ete_elem_format(e, line, sizeof line);
    ck_assert_int_gt(k, 0);
}

static size_t prefix(uint8_t *b)
{
    size_t n = 0;
    for (int i = 0; i < 11; i++)
        b[n++] = 0;
    b[n++] = 0x80;
    b[n++] = 0x01;                  /* Trace Info, INFO CC, CYCT 4 */
    b[n++] = 0x09;
    b[n++] = 0x01;
    b[n++] = 0x04;
    b[n++] = 0x04;                  /* Trace On */
    b[n++] = 0x81;                  /* Context EL1 NS AArch64 */
    b[n++] = 0x31;
    b[n++] = 0x9D;                  /* Target Address 0x1000 */
    b[n++] = 0x00;
    b[n++] = 0x08;
    for (int i = 0; i < 6; i++)
        b[n++] = 0;
    return n;
}

/* Packets that are valid in most configurations, as material to mutate. */
static size_t valid_packet(uint8_t *b)
{
    static const uint8_t pk[][10] = {
        { 1, 0xF7 }, { 1, 0xF6 }, { 1, 0xDB }, { 1, 0xFA }, { 1, 0xDC }, { 1, 0xF5 },
        { 1, 0xD5 }, { 1, 0xC3 }, { 1, 0xE5 }, { 2, 0x95, 0x10 }, { 2, 0x95, 0x0A },
        { 1, 0x90 }, { 1, 0x91 }, { 1, 0x92 }, { 2, 0x2D, 0x01 }, { 2, 0x2E, 0x01 },
        { 1, 0x31 }, { 1, 0x35 }, { 1, 0x3B }, { 1, 0x30 }, { 3, 0x06, 0x1D, 0x90 },
        { 3, 0x06, 0x5C, 0x91 }, { 3, 0x06, 0x31, 0x70 }, { 3, 0x06, 0x01, 0x70 },
        { 1, 0x0A }, { 1, 0x0B }, { 2, 0x02, 0x33 }, { 3, 0x03, 0x44, 0x05 }, { 2, 0x0E, 0x07 },
        { 1, 0x0F }, { 2, 0x0D, 0xF2 }, { 1, 0x13 }, { 2, 0xAC, 0x04 }, { 1, 0xAF },
        { 3, 0xA5, 0x21, 0x02 }, { 1, 0xB0 }, { 2, 0xB4, 0x11 }, { 1, 0x73 }, { 1, 0x80 },
        { 2, 0x81, 0x31 }, { 2, 0x81, 0x01 }, { 1, 0x04 }, { 2, 0x01, 0x00 }, { 2, 0x00, 0x03 },
        { 2, 0x00, 0x05 }, { 1, 0x70 }, { 1, 0x88 },
    };
    unsigned i = (unsigned)(rnd() % (sizeof pk / sizeof pk[0]));
    memcpy(b, pk[i] + 1, pk[i][0]);
    return pk[i][0];
}

static void one_case(unsigned mode, uint8_t *buf, size_t cap)
{
    size_t n = prefix(buf);
    size_t len = 64 + (size_t)(rnd() % (cap - 96));
    if (mode == 0) {
        while (n < len)
            buf[n++] = (uint8_t)rnd();
    } else {
        while (n + 16 < len) {
            n += valid_packet(buf + n);
            if (rnd() % 64 == 0) {          /* an A-Sync now and then */
                for (int i = 0; i < 11; i++)
                    buf[n++] = 0;
                buf[n++] = 0x80;
            }
        }
        if (mode == 2) {                    /* mutate a few bytes */
            unsigned m = 1 + (unsigned)(rnd() % 8);
            for (unsigned i = 0; i < m; i++)
                buf[20 + rnd() % (n - 20)] = (uint8_t)rnd();
        }
    }
    ete_dec_cfg cfg;
    ete_cfg_defaults(&cfg);
    cfg.trcconfigr = (rnd() & 1) ? 0x1001 : 0x10C1;
    if (rnd() & 1)
        cfg.id.trcidr[0] &= ~(1u << 29);    /* COMMOPT 0 */
    if (rnd() & 1)
        cfg.id.trcidr[0] |= 1u << 30;       /* COMMTRANS 1 */
    if (rnd() & 1)
        cfg.id.trcidr[0] |= 1u << 23;       /* TSMARK */
    cfg.id.trcidr[8] = (uint32_t)(rnd() % 3 == 0 ? 0 : rnd() % 40);
    if (rnd() & 1)
        cfg.id.trcidr[2] &= ~(1u << 31);    /* WFXMODE 0 */

    check_ctx cc = { n, 0, 0 };
    char err[256];
    ete_decoder *d = ete_decoder_new(&cfg, mem_read, NULL, on_elem, &cc, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    size_t pos = 0;
    while (pos < n) {
        size_t chunk = 1 + (size_t)(rnd() % (rnd() & 1 ? 7 : 600));
        if (chunk > n - pos)
            chunk = n - pos;
        size_t used = 0;
        ck_assert_int_eq(ete_decoder_feed(d, buf + pos, chunk, &used), 0);
        ck_assert_uint_eq(used, chunk);
        pos += chunk;
    }
    ete_decoder_finish(d);
    ck_assert_uint_eq(cc.bad, 0);
    if (ete_decoder_errors(d)) {
        const char *e = ete_decoder_last_error(d);
        unsigned long long off;
        ck_assert_msg(sscanf(e, "offset 0x%llx:", &off) == 1, "error without offset: %s", e);
        ck_assert_msg(off <= n, "error offset 0x%llx past the end (%zu): %s", off, n, e);
    }
    ete_decoder_free(d);
}

START_TEST(fuzz_streams)
{
    harness_rng_init(&rng, 1, 0);
    make_image();
    enum { CAP = 4096 };
    uint8_t *buf = malloc(CAP + 64);
    ck_assert_ptr_nonnull(buf);
    for (unsigned i = 0; i < 2000; i++)
        one_case(i % 3, buf, CAP);
    free(buf);
}
END_TEST

START_TEST(fuzz_long_zero_runs)
{
    /* long runs of zeros, split anywhere, then a valid stream */
    harness_rng_init(&rng, 2, 0);
    make_image();
    enum { N = 5000 };
    uint8_t *buf = calloc(N + 64, 1);
    ck_assert_ptr_nonnull(buf);
    size_t n = N;
    buf[n++] = 0x80;
    buf[n++] = 0x01;
    buf[n++] = 0x00;
    for (unsigned rep = 0; rep < 50; rep++) {
        ete_dec_cfg cfg;
        ete_cfg_defaults(&cfg);
        check_ctx cc = { n, 0, 0 };
        char err[128];
        ete_decoder *d = ete_decoder_new(&cfg, mem_read, NULL, on_elem, &cc, err, sizeof err);
        ck_assert_ptr_nonnull(d);
        size_t pos = 0, used;
        while (pos < n) {
            size_t chunk = 1 + (size_t)(rnd() % 900);
            if (chunk > n - pos)
                chunk = n - pos;
            ck_assert_int_eq(ete_decoder_feed(d, buf + pos, chunk, &used), 0);
            pos += chunk;
        }
        ete_decoder_finish(d);
        ck_assert_uint_eq(ete_decoder_errors(d), 0);
        ete_decoder_free(d);
    }
    free(buf);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_decoder_fuzz");
    TCase *tc = tcase_create("fuzz");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fuzz_streams);
    tcase_add_test(tc, fuzz_long_zero_runs);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
