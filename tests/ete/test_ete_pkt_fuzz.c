/* Bounded, deterministic fuzzing of the ETE packet parser: random bytes,
 * bytes biased towards header and continuation values, mutated golden
 * packets and truncations, under every configuration.  Every call must
 * stay inside the buffer (ASan), return a sane value, and a packet that
 * parsed must parse again identically from exactly its own bytes, with
 * every strict prefix being need-more. */
#include <check.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_pkt.h"
#include "harness.h"

static harness_rng rng;

static uint64_t rnd(void)
{
    return harness_rng_next(&rng);
}

static unsigned rnd_below(unsigned n)
{
    return (unsigned)harness_rng_below(&rng, n);
}

/* ---- configurations -------------------------------------------------------- */

#define NCFG 4
static ete_pkt_cfg cfgs[NCFG];

static void setup_cfgs(void)
{
    ete_idregs id;
    memset(&id, 0, sizeof id);
    id.trcidr[0] = TRCIDR0_RES1 | TRCIDR0_TRCCCI | TRCIDR0_TSMARK |
                   (TRCIDR0_TSSIZE_64 << TRCIDR0_TSSIZE_SHIFT);
    id.trcidr[8] = 8;
    ete_pkt_cfg_from_regs(&cfgs[0], &id, TRCCONFIGR_RES1);       /* COMMOPT 0 */
    id.trcidr[0] |= TRCIDR0_COMMOPT;
    ete_pkt_cfg_from_regs(&cfgs[1], &id, TRCCONFIGR_RES1);       /* COMMOPT 1 */
    memset(&cfgs[2], 0, sizeof cfgs[2]);                         /* nothing, lenient */
    cfgs[3] = cfgs[2];
    cfgs[3].commopt = 1;
    cfgs[3].maxspec = 0xFFFFFFFFu;                               /* extreme MAXSPEC */
}

/* ---- seeds: one packet of every kind (the golden vectors' bytes) ------------ */

typedef struct seed {
    uint8_t n;
    uint8_t b[20];
} seed;

static const seed seeds[] = {
    { 12, { 0,0,0,0,0,0,0,0,0,0,0, 0x80 } },
    { 2, { 0x00, 0x03 } }, { 2, { 0x00, 0x05 } },
    { 7, { 0x01, 0x0D, 0x41, 0xAC, 0x02, 0x80, 0x10 } },
    { 7, { 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F } },
    { 1, { 0x04 } },
    { 4, { 0x03, 0xB4, 0x24, 0x05 } },
    { 10, { 0x02, 0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF, 0x81 } },
    { 1, { 0x88 } }, { 1, { 0x0A } }, { 1, { 0x0B } },
    { 3, { 0x06, 0x1D, 0x91 } },
    { 5, { 0x06, 0x44, 0x95, 0xD1, 0x91 } },
    { 4, { 0x06, 0x07, 0x96, 0x3F } },
    { 7, { 0x06, 0x19, 0x9A, 0x0D, 0x09, 0x00, 0x80 } },
    { 7, { 0x06, 0x5E, 0x9B, 0x3C, 0x56, 0x34, 0x12 } },
    { 11, { 0x06, 0x2F, 0x9D, 0x1E, 0x2B, 0x34, 0x12, 0x00, 0x80, 0xFF, 0xFF } },
    { 11, { 0x06, 0x42, 0x9E, 0x01, 0x10, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00 } },
    { 8, { 0x06, 0x09, 0x82, 0x00, 0x08, 0x00, 0x00, 0x21 } },
    { 12, { 0x06, 0x0D, 0x83, 0x01, 0x00, 0x00, 0x00, 0x80, 0xEF, 0xBE, 0xAD, 0xDE } },
    { 16, { 0x06, 0x54, 0x85, 0x01, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0x72, 0x42, 0, 0, 0 } },
    { 20, { 0x06, 0x21, 0x86, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0xF3,
            0x04, 0x03, 0x02, 0x01, 0x44, 0x33, 0x22, 0x11 } },
    { 3, { 0x06, 0x31, 0x70 } }, { 3, { 0x06, 0x40, 0x70 } },
    { 2, { 0x0F, 0x03 } }, { 1, { 0x0F } }, { 4, { 0x0E, 0x00, 0xC8, 0x01 } },
    { 4, { 0x0E, 0xFF, 0xFF, 0x3F } }, { 2, { 0x0C, 0x25 } }, { 2, { 0x0D, 0xF0 } },
    { 2, { 0x0D, 0xF7 } }, { 1, { 0x19 } }, { 1, { 0x13 } },
    { 3, { 0x2D, 0xE8, 0x07 } }, { 2, { 0x2F, 0x04 } }, { 1, { 0x36 } }, { 1, { 0x3F } },
    { 1, { 0x33 } }, { 1, { 0xF7 } }, { 1, { 0xD9 } }, { 1, { 0xFE } }, { 1, { 0xDC } },
    { 1, { 0xF5 } }, { 1, { 0xD7 } }, { 1, { 0xE2 } }, { 1, { 0xD4 } },
    { 2, { 0x95, 0x40 } }, { 3, { 0x96, 0xD5, 0xAA } }, { 5, { 0x9A, 0x7F, 0x00, 0x00, 0x40 } },
    { 5, { 0x9B, 0x7F, 0xFF, 0xFF, 0xFF } },
    { 9, { 0x9D, 0x33, 0x66, 0xBB, 0xBB, 0xAA, 0xAA, 0x00, 0x00 } },
    { 9, { 0x9E, 0x01, 0, 0, 0, 0, 0, 0, 0x80 } }, { 1, { 0x92 } }, { 1, { 0x80 } },
    { 6, { 0x81, 0xB1, 0x23, 0x01, 0x00, 0x00 } },
    { 6, { 0x82, 0x00, 0x00, 0x01, 0x00, 0x22 } },
    { 10, { 0x83, 0x00, 0x01, 0x00, 0x00, 0x40, 0xFF, 0xFF, 0xFF, 0xFF } },
    { 18, { 0x85, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xD1,
            0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80 } },
    { 10, { 0x86, 0x00, 0x00, 0x40, 0, 0, 0, 0, 0, 0x30 } },
    { 3, { 0xB4, 0x81, 0xFF } }, { 2, { 0xB5, 0x7F } }, { 5, { 0xB6, 0x00, 0x00, 0x40, 0x00 } },
    { 5, { 0xB7, 0x05, 0x00, 0x00, 0x00 } },
    { 9, { 0xB8, 0x02, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00 } },
    { 9, { 0xB9, 0x44, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 } }, { 1, { 0xB0 } },
    { 1, { 0x70 } }, { 1, { 0x75 } }, { 1, { 0xAF } }, { 3, { 0xAC, 0x80, 0x01 } },
    { 2, { 0xA1, 0x07 } }, { 3, { 0xA5, 0x10, 0x02 } },
    { 8, { 0xA6, 0x80, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F } },
    { 6, { 0xAA, 0x01, 0x00, 0x00, 0x00, 0x01 } },
    { 7, { 0xAB, 0x11, 0x43, 0x65, 0x87, 0xAC, 0x02 } },
};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

/* ---- the checks ---------------------------------------------------------------- */

static unsigned long n_calls, n_pkts, n_bad, n_more;

/* Check's assertions cost a system call each: the hot loops record the
 * first failure here and each test asserts once at its end. */
static unsigned long n_fail;
static char first_fail[256];

static void record_fail(int line, const char *fmt, ...)
{
    if (n_fail++ == 0) {
        va_list ap;
        int k = snprintf(first_fail, sizeof first_fail, "line %d: ", line);
        va_start(ap, fmt);
        vsnprintf(first_fail + k, sizeof first_fail - (size_t)k, fmt, ap);
        va_end(ap);
    }
}

#define CHECK(cond) \
    do { if (!(cond)) record_fail(__LINE__, "%s", #cond); } while (0)
#define CHECKM(cond, ...) \
    do { if (!(cond)) record_fail(__LINE__, __VA_ARGS__); } while (0)

static void assert_no_failures(void)
{
    ck_assert_msg(n_fail == 0, "%lu failed checks; the first: %s", n_fail, first_fail);
}
static unsigned long type_seen[ETE_PKT_TYPE_COUNT];

static int pkt_same(const ete_pkt *a, const ete_pkt *b)
{
    return a->type == b->type && a->header == b->header && a->len == b->len &&
           a->async_zeros == b->async_zeros && a->plctl == b->plctl && a->info == b->info &&
           a->tinfo_cc == b->tinfo_cc && a->tinfo_t == b->tinfo_t && a->spec == b->spec &&
           a->cyct == b->cyct && a->ts == b->ts && a->ts_bits == b->ts_bits &&
           a->count == b->count && a->count_valid == b->count_valid && a->commit == b->commit &&
           a->aaaa == b->aaaa && a->bbbb == b->bbbb && a->aa == b->aa && a->bb == b->bb &&
           a->cancel == b->cancel && a->cancel_cc == b->cancel_cc && a->m == b->m &&
           a->a == b->a && a->atom_count == b->atom_count && a->atom_bits == b->atom_bits &&
           a->e == b->e && a->exc_type == b->exc_type && a->event == b->event &&
           a->addr.val == b->addr.val && a->addr.form == b->addr.form &&
           a->addr.is == b->addr.is && a->addr.lo == b->addr.lo && a->addr.hi == b->addr.hi &&
           a->addr.qe == b->addr.qe && a->has_ctxt == b->has_ctxt &&
           a->ctxt.el == b->ctxt.el && a->ctxt.sf == b->ctxt.sf && a->ctxt.ns == b->ctxt.ns &&
           a->ctxt.v == b->ctxt.v && a->ctxt.c == b->ctxt.c && a->ctxt.vmid == b->ctxt.vmid &&
           a->ctxt.contextid == b->ctxt.contextid && a->err_off == b->err_off &&
           a->err == b->err;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p)
        ck_abort_msg("out of memory");
    return p;
}

static int all_zero(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* Parse buf[0..len) (the end of buf is the end of its allocation) and check
 * what came back.  Returns the parse result. */
static int check_at(const ete_pkt_cfg *c, const uint8_t *buf, size_t len)
{
    ete_pkt p, q;
    int n = ete_pkt_parse(c, buf, len, &p);

    n_calls++;
    CHECKM(n >= ETE_PKT_BAD && (n < 0 || (size_t)n <= len),
                  "parse returned %d for %zu bytes", n, len);
    if (n > 0) {
        uint8_t *own;
        char line[64];
        size_t room;
        int k;

        n_pkts++;
        CHECK(p.type < ETE_PKT_TYPE_COUNT);
        CHECK(p.len == (unsigned)n);
        CHECK(p.header == buf[0]);
        CHECK(p.err == NULL);
        CHECKM(p.type == ETE_PKT_ASYNC || (unsigned)n <= ETE_PKT_MAX_LEN,
                      "%s of %d bytes", ete_pkt_name(p.type), n);
        type_seen[p.type]++;
        /* exactly its own bytes: the same packet */
        own = xmalloc((size_t)n);
        memcpy(own, buf, (size_t)n);
        CHECK(ete_pkt_parse(c, own, (size_t)n, &q) == n);
        CHECKM(pkt_same(&p, &q), "%s: re-parse differs", ete_pkt_name(p.type));
        /* every strict prefix: need-more (checked for the short ones) */
        if (n <= 32)
            for (int m = 0; m < n; m++)
                CHECKM(ete_pkt_parse(c, own, (size_t)m, &q) == ETE_PKT_NEED_MORE,
                              "%s: prefix %d not need-more", ete_pkt_name(p.type), m);
        free(own);
        /* the text form, into a buffer of random size */
        room = rnd_below(sizeof line + 1);
        memset(line, 'x', sizeof line);
        k = ete_pkt_format(&p, room ? line : NULL, room);
        CHECK(k > 0);
        if (room)
            CHECK(memchr(line, '\0', room) != NULL);
    } else if (n == ETE_PKT_BAD) {
        n_bad++;
        CHECK(p.err != NULL);
        CHECK(p.err_off < len);
        CHECK(p.type == 0);
        /* the bytes before the offending one were acceptable */
        CHECK(ete_pkt_parse(c, buf, p.err_off, &q) == ETE_PKT_NEED_MORE);
    } else {
        n_more++;
        CHECK(p.err == NULL);
        /* only an A-Sync can be longer than ETE_PKT_MAX_LEN */
        if (len >= ETE_PKT_MAX_LEN)
            CHECKM(all_zero(buf, len), "need-more for %zu bytes that are not zeros", len);
    }
    return n;
}

/* Walk a buffer as a stream, resynchronising one byte on from a bad packet. */
static void walk(const ete_pkt_cfg *c, const uint8_t *buf, size_t len)
{
    size_t pos = 0;
    while (pos < len) {
        int n = check_at(c, buf + pos, len - pos);
        if (n == ETE_PKT_NEED_MORE)
            break;
        pos += n > 0 ? (size_t)n : 1u;
    }
}

static const uint8_t interesting[] = {
    0x00, 0x80, 0xFF, 0x7F, 0x01, 0x03, 0x05, 0x06, 0x70, 0x0C, 0x0D, 0x0E, 0x0F,
    0x2D, 0x2E, 0x81, 0x82, 0x85, 0x86, 0x90, 0x95, 0x96, 0x9A, 0x9D, 0xA0, 0xA5,
    0xAA, 0xAC, 0xB4, 0xB8, 0x40, 0x31, 0x1D, 0xC0, 0x10, 0x3F,
};

static void fill(uint8_t *b, size_t n, int biased)
{
    for (size_t i = 0; i < n; i++)
        b[i] = biased && rnd_below(4) ? interesting[rnd_below(sizeof interesting)]
                                      : (uint8_t)rnd();
}

/* ---- tests ------------------------------------------------------------------------ */

START_TEST(test_random_bytes)
{
    harness_rng_init(&rng, 1, 0);
    for (unsigned it = 0; it < 180000; it++) {
        size_t n = 1 + rnd_below(48);
        uint8_t *b = xmalloc(n);
        fill(b, n, it & 1);
        walk(&cfgs[it % NCFG], b, n);
        free(b);
    }
    assert_no_failures();
}
END_TEST

START_TEST(test_mutated_seeds)
{
    harness_rng_init(&rng, 2, 0);
    for (unsigned it = 0; it < 360000; it++) {
        uint8_t tmp[96];
        size_t n = 0;
        unsigned parts = 1 + rnd_below(4);

        for (unsigned k = 0; k < parts; k++) {
            const seed *s = &seeds[rnd_below(NSEEDS)];
            if (n + s->n > sizeof tmp)
                break;
            memcpy(tmp + n, s->b, s->n);
            n += s->n;
        }
        switch (rnd_below(5)) {
        case 0:                                   /* flip bits */
            for (unsigned k = 1 + rnd_below(3); k && n; k--)
                tmp[rnd_below((unsigned)n)] ^= (uint8_t)(1u << rnd_below(8));
            break;
        case 1:                                   /* replace bytes */
            for (unsigned k = 1 + rnd_below(3); k && n; k--)
                tmp[rnd_below((unsigned)n)] = interesting[rnd_below(sizeof interesting)];
            break;
        case 2:                                   /* truncate */
            n = rnd_below((unsigned)n + 1);
            break;
        case 3:                                   /* insert a random byte */
            if (n && n < sizeof tmp) {
                size_t at = rnd_below((unsigned)n);
                memmove(tmp + at + 1, tmp + at, n - at);
                tmp[at] = (uint8_t)rnd();
                n++;
            }
            break;
        default:                                  /* unchanged */
            break;
        }
        if (n == 0)
            continue;
        uint8_t *b = xmalloc(n);
        memcpy(b, tmp, n);
        walk(&cfgs[it % NCFG], b, n);
        free(b);
    }
    assert_no_failures();
}
END_TEST

/* Long zero runs and A-Sync at every alignment of a random stream. */
START_TEST(test_async_runs)
{
    harness_rng_init(&rng, 3, 0);
    for (unsigned it = 0; it < 10000; it++) {
        size_t n = 16 + rnd_below(200);
        uint8_t *b = xmalloc(n);
        size_t at, zeros, pos;
        fill(b, n, 1);
        zeros = 1 + rnd_below(40);
        at = rnd_below((unsigned)n);
        for (size_t k = 0; k < zeros && at + k < n; k++)
            b[at + k] = 0;
        if (at + zeros < n)
            b[at + zeros] = ETE_ASYNC_END;
        walk(&cfgs[it % NCFG], b, n);
        /* the finder agrees with the parser */
        if (ete_pkt_find_async(b, n, &pos)) {
            ete_pkt p;
            int r = ete_pkt_parse(&cfgs[0], b + pos, n - pos, &p);
            CHECK(r > 0);
            CHECK(p.type == ETE_PKT_ASYNC);
        } else {
            CHECK(pos <= n);
            CHECK(all_zero(b + pos, n - pos));
        }
        free(b);
    }
    assert_no_failures();
}
END_TEST

START_TEST(test_coverage)
{
    /* the runs above met every packet type (the tests in one process share
     * the counters: this one runs last) */
    for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++)
        ck_assert_msg(type_seen[t] > 0, "fuzzing never produced %s", ete_pkt_name(t));
    ck_assert_uint_gt(n_bad, 1000);
    ck_assert_uint_gt(n_more, 1000);
    ck_assert_uint_gt(n_pkts, 100000);
}
END_TEST

static Suite *fuzz_suite(void)
{
    Suite *s = suite_create("ete_pkt_fuzz");
    TCase *t = tcase_create("fuzz");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_random_bytes);
    tcase_add_test(t, test_mutated_seeds);
    tcase_add_test(t, test_async_runs);
    tcase_add_test(t, test_coverage);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    setup_cfgs();
    SRunner *sr = srunner_create(fuzz_suite());
    /* the counters of the earlier tests feed test_coverage: one process */
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
