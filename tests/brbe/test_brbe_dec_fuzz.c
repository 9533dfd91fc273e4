/* Bounded fuzz of the `brbe-records 1` reader: random valid dumps (every
 * record form, counts, comments, CRLF) must parse back to what was written;
 * mutated dumps and random bytes must either parse into records that pass
 * every check or fail with a line and an offset inside the input; the
 * reader must never crash (ASan, UBSan) or loop. */
#include <check.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dump_read.h"
#include "harness.h"

/* ck_assert records a checkpoint on every call; in the hot loops only a
 * failure reaches Check. */
#define REQUIRE(cond)                                                            \
    do {                                                                         \
        if (!(cond))                                                             \
            ck_abort_msg("%s:%d: failed: %s", __FILE__, __LINE__, #cond);         \
    } while (0)

#ifndef FILES
#define FILES      1500u
#endif
#define MUTATIONS  8u
#define CAP        (64u * 1024u)

static harness_rng rng;

static uint64_t rnd(void)
{
    return harness_rng_next(&rng);
}

static unsigned below(unsigned n) { return (unsigned)harness_rng_below(&rng, n); }

static const unsigned type_codes[] = {
    0x00, 0x01, 0x02, 0x03, 0x05, 0x07, 0x08, 0x21, 0x22, 0x23,
    0x24, 0x26, 0x27, 0x2A, 0x2B, 0x2C, 0x2E, 0x2F, 0x30, 0x39
};

/* A record that satisfies rules 3 to 7 of the format. */
static brbe_record gen_record(unsigned idx)
{
    brbe_record r;
    unsigned valid = 1u + below(3);
    unsigned type = type_codes[below(sizeof type_codes / sizeof type_codes[0])];
    uint64_t inf = ((uint64_t)type << 8) | valid;
    unsigned k = below(4);

    if (rnd() & 1)
        inf |= BRBINF_LASTFAILED;
    if (k == 0) {
        inf |= BRBINF_CCU;                                         /* unknown */
    } else if (k == 1) {
        inf |= (uint64_t)BRBINF_CC_SATURATED << 32;                 /* overflow */
    } else {
        unsigned e = below(13), m = below(256);                     /* fits 20 bits */
        inf |= (((uint64_t)e << 8) | m) << 32;
    }
    r.index = idx;
    r.src = (valid & 2u) ? rnd() : 0;
    r.tgt = (valid & 1u) ? rnd() : 0;
    if (valid & 2u) {            /* source information: MPRED, T */
        if (rnd() & 1)
            inf |= BRBINF_MPRED;
        if (rnd() & 1)
            inf |= BRBINF_T;
    }
    if (valid & 1u)              /* target information: EL */
        inf |= (uint64_t)below(4) << 6;
    r.inf = inf;
    return r;
}

typedef struct gen {
    char *buf;
    size_t n;
    unsigned nsnap;
    unsigned numrec[3], nvalid[3];
    brbe_record rec[3][64];
} gen;

static void put(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(gen *g, const char *fmt, ...)
{
    va_list ap;
    int w;

    va_start(ap, fmt);
    w = vsnprintf(g->buf + g->n, CAP - g->n, fmt, ap);
    va_end(ap);
    REQUIRE(w >= 0);
    REQUIRE(g->n + (size_t)w < CAP);
    g->n += (size_t)w;
}

static void eol(gen *g)
{
    put(g, below(4) == 0 ? "\r\n" : "\n");
    if (below(10) == 0)
        put(g, "# %u\n", below(1000));
    if (below(10) == 0)
        put(g, below(2) ? "\n" : " \t\n");
}

static const char *sp(void)
{
    return below(8) == 0 ? " \t " : " ";
}

static void gen_file(gen *g)
{
    static const unsigned sizes[4] = { 8, 16, 32, 64 };

    g->n = 0;
    g->nsnap = 1u + below(3);
    put(g, "brbe-records 1");
    eol(g);
    for (unsigned s = 0; s < g->nsnap; s++) {
        unsigned nr = sizes[below(4)], nv = below(nr + 1u);
        g->numrec[s] = nr;
        g->nvalid[s] = nv;
        put(g, "snapshot seq=%u%spe=%llu numrec=%u brbidr0=%016llx brbcr_el1=%016llx "
            "brbcr_el2=0000000000000000 brbfcr_el1=%016llx brbts_el1=%016llx", s, sp(),
            (unsigned long long)(rnd() >> below(64)), nr, (unsigned long long)(0x5000u | nr),
            (unsigned long long)(rnd() & BRBCR_DEFINED_MASK),
            (unsigned long long)(rnd() & BRBFCR_DEFINED_MASK), (unsigned long long)rnd());
        eol(g);
        for (unsigned i = 0; i < nr; i++) {
            brbe_record r = { i, 0, 0, 0 };
            if (i < nv)
                r = gen_record(i);
            g->rec[s][i] = r;
            put(g, below(2) ? "%u%s%016llx %016llx %016llx" : "%u%s%016llX %016llX %016llX",
                i, sp(), (unsigned long long)r.src, (unsigned long long)r.tgt,
                (unsigned long long)r.inf);
            eol(g);
        }
        put(g, "end");
        if (s + 1u < g->nsnap || below(2))
            eol(g);
    }
}

static unsigned count_lines(const char *b, size_t n)
{
    unsigned l = 1;
    for (size_t i = 0; i < n; i++)
        if (b[i] == '\n')
            l++;
    return l;
}

/* Parse anything; check the reader's promises. */
static void parse_checked(const char *b, size_t n, unsigned *ok, unsigned *bad)
{
    static brbe_snapshot s;
    brbe_dump_reader r;
    unsigned steps = 0;
    int rc;
    char msg[256];

    brbe_dump_init(&r, b, n);
    while ((rc = brbe_dump_next(&r, &s)) == 1) {
        REQUIRE(++steps < 100000u);
        REQUIRE(s.numrec == 8 || s.numrec == 16 || s.numrec == 32 || s.numrec == 64);
        REQUIRE(s.nvalid <= s.numrec);
        for (unsigned i = 0; i < s.numrec; i++) {
            REQUIRE(s.rec[i].index == i);
            REQUIRE(brbe_record_check(&s.rec[i], s.cc_bits, msg, sizeof msg) == 0);
            REQUIRE(((s.rec[i].inf & BRBINF_VALID_MASK) != 0) == (i < s.nvalid));
        }
    }
    if (rc == 0) {
        (*ok)++;
        return;
    }
    REQUIRE(rc == -1);
    REQUIRE(strlen(r.err) > 0);
    REQUIRE(r.err_line >= 1);
    REQUIRE(r.err_line <= count_lines(b, n));
    REQUIRE(r.err_off <= n);
    (*bad)++;
}

START_TEST(generated_round_trip)
{
    static gen g;
    static brbe_snapshot s;
    static char buf[CAP];

    g.buf = buf;
    harness_rng_init(&rng, 1, 0);
    for (unsigned f = 0; f < FILES; f++) {
        brbe_dump_reader r;
        unsigned k = 0;
        int rc;

        gen_file(&g);
        brbe_dump_init(&r, g.buf, g.n);
        while ((rc = brbe_dump_next(&r, &s)) == 1) {
            REQUIRE(k < g.nsnap);
            REQUIRE(s.seq == k);
            REQUIRE(s.numrec == g.numrec[k]);
            REQUIRE(s.nvalid == g.nvalid[k]);
            for (unsigned i = 0; i < s.numrec; i++) {
                REQUIRE(s.rec[i].src == g.rec[k][i].src);
                REQUIRE(s.rec[i].tgt == g.rec[k][i].tgt);
                REQUIRE(s.rec[i].inf == g.rec[k][i].inf);
            }
            k++;
        }
        if (rc != 0)
            ck_abort_msg("file %u: line %lu offset %zu: %s", f, r.err_line, r.err_off, r.err);
        REQUIRE(k == g.nsnap);
    }
}
END_TEST

static size_t mutate(char *b, size_t n, size_t cap)
{
    size_t p = n ? below((unsigned)n) : 0;
    static const char alphabet[] = "0123456789abcdefABCDEF xg=#\t\r\n-+snapshotend";

    switch (below(8)) {
    case 0:   /* flip bits */
        if (n)
            b[p] = (char)(b[p] ^ (char)(1u << below(8)));
        return n;
    case 1:   /* replace with a character of the format */
        if (n)
            b[p] = alphabet[below((unsigned)sizeof alphabet - 1u)];
        return n;
    case 2:   /* delete a run */
        if (n) {
            size_t k = 1u + below(20);
            if (k > n - p)
                k = n - p;
            memmove(b + p, b + p + k, n - p - k);
            return n - k;
        }
        return n;
    case 3:   /* insert a character */
        if (n + 1 < cap) {
            memmove(b + p + 1, b + p, n - p);
            b[p] = alphabet[below((unsigned)sizeof alphabet - 1u)];
            return n + 1;
        }
        return n;
    case 4:   /* truncate */
        return p;
    case 5:   /* duplicate a run */
        if (n) {
            size_t k = 1u + below(80);
            if (k > n - p)
                k = n - p;
            if (n + k < cap) {
                memmove(b + p + k, b + p, n - p);
                return n + k;
            }
        }
        return n;
    case 6:   /* random byte */
        if (n)
            b[p] = (char)below(256);
        return n;
    default:  /* a digit changed: indices, counts, hex values */
        for (size_t i = p; i < n; i++)
            if (b[i] >= '0' && b[i] <= '9') {
                b[i] = (char)('0' + below(10));
                break;
            }
        return n;
    }
}

START_TEST(mutated_files)
{
    static gen g;
    static char buf[CAP];
    static char m[CAP + 256];
    unsigned ok = 0, bad = 0;

    g.buf = buf;
    harness_rng_init(&rng, 2, 0);
    for (unsigned f = 0; f < FILES; f++) {
        gen_file(&g);
        for (unsigned k = 0; k < MUTATIONS; k++) {
            size_t n = g.n;
            unsigned edits = 1u + below(3);
            memcpy(m, g.buf, n);
            for (unsigned e = 0; e < edits; e++)
                n = mutate(m, n, sizeof m);
            parse_checked(m, n, &ok, &bad);
        }
    }
    /* both outcomes happen: a mutation inside a comment or a changed hex
     * digit of an address keeps the file valid */
    printf("mutated files: %u parsed, %u rejected\n", ok, bad);
    ck_assert_uint_gt(ok, 0);
    ck_assert_uint_gt(bad, 0);
    ck_assert_uint_eq(ok + bad, FILES * MUTATIONS);
}
END_TEST

START_TEST(random_bytes)
{
    static char b[4096];
    unsigned ok = 0, bad = 0;

    harness_rng_init(&rng, 3, 0);
    for (unsigned f = 0; f < 4000; f++) {
        size_t n = below(sizeof b), pre = 0;
        if (f & 1) {   /* half of them start with a valid magic line */
            memcpy(b, "brbe-records 1\n", 15);
            pre = 15;
            if (n < pre)
                n = pre;
        }
        for (size_t i = pre; i < n; i++)
            b[i] = (f & 2) ? (char)below(256) : "0123456789abcdef \n"[below(18)];
        parse_checked(b, n, &ok, &bad);
    }
    ck_assert_uint_eq(ok + bad, 4000);
    ck_assert_uint_eq(ok, 0);   /* no random file is a valid dump */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_dec_fuzz");
    TCase *tc = tcase_create("fuzz");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, generated_round_trip);
    tcase_add_test(tc, mutated_files);
    tcase_add_test(tc, random_bytes);
    suite_add_tcase(s, tc);
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
