/* The bench harness library (tb/common/harness.h): number, probability and
 * seed parsing, the PRNG, byte-stream comparison and context, options. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

START_TEST(test_parse_u64)
{
    uint64_t v;
    char err[200];
    ck_assert_int_eq(harness_parse_u64("0", &v, err, sizeof err), 0);
    ck_assert_uint_eq(v, 0);
    ck_assert_int_eq(harness_parse_u64("18446744073709551615", &v, err, sizeof err), 0);
    ck_assert_uint_eq(v, UINT64_MAX);
    ck_assert_int_eq(harness_parse_u64("0xDeadBeef", &v, err, sizeof err), 0);
    ck_assert_uint_eq(v, 0xDEADBEEFu);
    ck_assert_int_eq(harness_parse_u64("18446744073709551616", &v, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "64 bits") != NULL, "%s", err);
    ck_assert_int_eq(harness_parse_u64("12a4", &v, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "character 2") != NULL, "%s", err);
    ck_assert_int_eq(harness_parse_u64("0x", &v, err, sizeof err), -1);
    ck_assert_int_eq(harness_parse_u64("", &v, err, sizeof err), -1);
    ck_assert_int_eq(harness_parse_u64("-1", &v, err, sizeof err), -1);
    ck_assert_int_eq(harness_parse_u64("0x1g", &v, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "character 3") != NULL, "%s", err);
}
END_TEST

START_TEST(test_parse_prob)
{
    double p;
    char err[200];
    ck_assert_int_eq(harness_parse_prob("0.25", &p, err, sizeof err), 0);
    ck_assert(p == 0.25);
    ck_assert_int_eq(harness_parse_prob("50%", &p, err, sizeof err), 0);
    ck_assert(p == 0.5);
    ck_assert_int_eq(harness_parse_prob("1", &p, err, sizeof err), 0);
    ck_assert(p == 1.0);
    ck_assert_int_eq(harness_parse_prob("1.5", &p, err, sizeof err), -1);
    ck_assert_int_eq(harness_parse_prob("-0.1", &p, err, sizeof err), -1);
    ck_assert_int_eq(harness_parse_prob("nan", &p, err, sizeof err), -1);
    ck_assert_int_eq(harness_parse_prob("0.5x", &p, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "character 3") != NULL, "%s", err);
    ck_assert_int_eq(harness_parse_prob("", &p, err, sizeof err), -1);
}
END_TEST

START_TEST(test_seed)
{
    uint64_t s = 0;
    char err[200];
    ck_assert_int_eq(harness_seed_parse("42", &s, err, sizeof err), 0);
    ck_assert_uint_eq(s, 42);
    ck_assert_int_eq(harness_seed_parse("random", &s, err, sizeof err), 0);
    ck_assert_uint_ne(s, 0);
    ck_assert_uint_le(s, 0xFFFFFFFFu);
    ck_assert_int_eq(harness_seed_parse(NULL, &s, err, sizeof err), 0);
    ck_assert_uint_ne(s, 0);
    ck_assert_int_eq(harness_seed_parse("x", &s, err, sizeof err), -1);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    harness_seed_print(f, "tool", 255);
    fclose(f);
    ck_assert_str_eq(buf, "tool: seed 255 (0xff)\n");
    free(buf);
}
END_TEST

START_TEST(test_rng)
{
    harness_rng a, b, c;
    harness_rng_init(&a, 7, 0);
    harness_rng_init(&b, 7, 0);
    harness_rng_init(&c, 7, 1);
    int same_c = 1;
    for (int i = 0; i < 100; i++) {
        uint64_t x = harness_rng_next(&a), y = harness_rng_next(&b), z = harness_rng_next(&c);
        ck_assert_uint_eq(x, y);
        if (x != z)
            same_c = 0;
    }
    ck_assert_msg(!same_c, "streams 0 and 1 of one seed are the same sequence");
    /* below: range and rough uniformity */
    unsigned count[10] = {0};
    for (int i = 0; i < 100000; i++) {
        uint64_t v = harness_rng_below(&a, 10);
        ck_assert_uint_lt(v, 10);
        count[v]++;
    }
    for (int k = 0; k < 10; k++)
        ck_assert_msg(count[k] > 9000 && count[k] < 11000, "bucket %d: %u", k, count[k]);
    ck_assert_uint_eq(harness_rng_below(&a, 0), 0);
    ck_assert_uint_eq(harness_rng_below(&a, 1), 0);
    for (int i = 0; i < 1000; i++) {
        uint64_t v = harness_rng_range(&a, 5, 7);
        ck_assert(v >= 5 && v <= 7);
        double u = harness_rng_unit(&a);
        ck_assert(u >= 0.0 && u < 1.0);
    }
    ck_assert_uint_eq(harness_rng_range(&a, 9, 3), 9);
    int hits = 0;
    for (int i = 0; i < 10000; i++) {
        ck_assert_int_eq(harness_rng_chance(&a, 0.0), 0);
        ck_assert_int_eq(harness_rng_chance(&a, 1.0), 1);
        hits += harness_rng_chance(&a, 0.25);
    }
    ck_assert_msg(hits > 2200 && hits < 2800, "chance(0.25): %d of 10000", hits);
    /* the value sequence is fixed: reproducibility across builds */
    harness_rng_init(&a, 1, 0);
    uint64_t first = harness_rng_next(&a);
    harness_rng_init(&b, 1, 0);
    ck_assert_uint_eq(harness_rng_next(&b), first);
    ck_assert_uint_ne(harness_mix64(1), harness_mix64(2));
}
END_TEST

START_TEST(test_bytes_cmp)
{
    const uint8_t x[] = {1, 2, 3, 4, 5};
    const uint8_t y[] = {1, 2, 9, 4, 5};
    size_t off = 99;
    ck_assert_int_eq(harness_bytes_cmp(x, 5, x, 5, &off), 0);
    ck_assert_int_eq(harness_bytes_cmp(x, 5, y, 5, &off), 1);
    ck_assert_uint_eq(off, 2);
    ck_assert_int_eq(harness_bytes_cmp(x, 5, x, 3, &off), 1);
    ck_assert_uint_eq(off, 3);
    ck_assert_int_eq(harness_bytes_cmp(x, 2, x, 5, &off), 1);
    ck_assert_uint_eq(off, 2);
    ck_assert_int_eq(harness_bytes_cmp(NULL, 0, NULL, 0, &off), 0);
}
END_TEST

START_TEST(test_bytes_context)
{
    uint8_t e[20], a[20];
    for (int i = 0; i < 20; i++)
        e[i] = a[i] = (uint8_t)i;
    a[10] = 0xff;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    harness_bytes_context(f, "  ", e, 20, a, 12, 10, 3);
    fclose(f);
    ck_assert_str_eq(buf, "  expected @0x7: 07 08 09 [0a] 0b 0c 0d\n"
                          "  actual   @0x7: 07 08 09 [ff] 0b  .  .\n");
    free(buf);
    /* clipped at the start, mismatch past the end of one stream */
    f = open_memstream(&buf, &len);
    harness_bytes_context(f, "", e, 2, a, 3, 2, 8);
    fclose(f);
    ck_assert_str_eq(buf, "expected @0x0: 00 01 [ .]\n"
                          "actual   @0x0: 00 01 [02]\n");
    free(buf);
}
END_TEST

START_TEST(test_args)
{
    uint64_t n = 0, s = 0;
    double p = -1;
    int flag = 0, seen_n = 0;
    const char *str = NULL;
    const harness_opt opts[] = {
        {"--n", HARNESS_OPT_U64, &n, "N", "a count", 1, 10, &seen_n},
        {"--p", HARNESS_OPT_PROB, &p, "P", "a chance", 0, 0, NULL},
        {"--flag", HARNESS_OPT_FLAG, &flag, NULL, "a flag", 0, 0, NULL},
        {"--name", HARNESS_OPT_STR, &str, "S", "a name", 0, 0, NULL},
        {"--seed", HARNESS_OPT_SEED, &s, "S", "a seed", 0, 0, NULL},
    };
    char err[300];
    char *ok[] = {"prog", "--n", "5", "--p=0.5", "--flag", "--name", "x", "--seed", "0x10"};
    ck_assert_int_eq(harness_args_parse(9, ok, opts, 5, err, sizeof err), 0);
    ck_assert_uint_eq(n, 5);
    ck_assert(p == 0.5);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(seen_n, 1);
    ck_assert_str_eq(str, "x");
    ck_assert_uint_eq(s, 16);

    char *bad1[] = {"prog", "--n", "11"};
    ck_assert_int_eq(harness_args_parse(3, bad1, opts, 5, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "outside 1..10") != NULL, "%s", err);
    char *bad2[] = {"prog", "--what"};
    ck_assert_int_eq(harness_args_parse(2, bad2, opts, 5, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "unknown option") != NULL && strstr(err, "argument 1"), "%s",
                  err);
    char *bad3[] = {"prog", "--n"};
    ck_assert_int_eq(harness_args_parse(2, bad3, opts, 5, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "missing value") != NULL, "%s", err);
    char *bad4[] = {"prog", "file"};
    ck_assert_int_eq(harness_args_parse(2, bad4, opts, 5, err, sizeof err), -1);
    char *bad5[] = {"prog", "--flag=1"};
    ck_assert_int_eq(harness_args_parse(2, bad5, opts, 5, err, sizeof err), -1);
    char *bad6[] = {"prog", "--p", "2"};
    ck_assert_int_eq(harness_args_parse(3, bad6, opts, 5, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "--p") != NULL, "%s", err);
    char *help[] = {"prog", "--what", "-h"};
    ck_assert_int_eq(harness_args_parse(3, help, opts, 5, err, sizeof err), 1);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    harness_args_usage(f, "prog", "[options]", opts, 5);
    fclose(f);
    ck_assert_msg(strstr(buf, "usage: prog [options]\n") == buf, "%s", buf);
    ck_assert_msg(strstr(buf, "  --n N ") != NULL && strstr(buf, "a flag") != NULL, "%s", buf);
    free(buf);
}
END_TEST

/* harness_bench_main with a fake device: the seed loop, the stop at the
 * first failure or keep-going, waves per seed or first only, the unit's
 * options, bad options and a device that cannot be made. */
typedef struct fake_bench {
    uint64_t seed, n, fail_seed;
    uint64_t ran[16], nran, news, frees, waves, described;
    uint64_t sum_first, sum_seeds, sum_failed;
    int no_dut;
} fake_bench;

static fake_bench *fake_cur;

static void *fake_new(char *err, size_t errlen)
{
    if (fake_cur->no_dut) {
        snprintf(err, errlen, "no device");
        return NULL;
    }
    fake_cur->news++;
    return malloc(1);
}

static void fake_free(void *d)
{
    fake_cur->frees++;
    free(d);
}

static int fake_waves(void *d, const char *path, char *err, size_t errlen)
{
    (void)d;
    (void)err;
    (void)errlen;
    ck_assert_str_eq(path, "w.fst");
    fake_cur->waves++;
    return 0;
}

static void fake_describe(void *ctx, void *d, FILE *f)
{
    (void)d;
    (void)f;
    ((fake_bench *)ctx)->described++;
}

static int fake_run(void *ctx, void *d, uint64_t seed, char *msg, size_t msglen)
{
    fake_bench *b = ctx;
    ck_assert_ptr_nonnull(d);
    ck_assert_uint_eq(b->seed, seed);
    if (b->nran < 16)
        b->ran[b->nran] = seed;
    b->nran++;
    if (seed == b->fail_seed) {
        snprintf(msg, msglen, "differs at byte 3");
        return 1;
    }
    return 0;
}

static void fake_summary(void *ctx, uint64_t first, uint64_t seeds, uint64_t failed, FILE *f)
{
    fake_bench *b = ctx;
    (void)f;
    b->sum_first = first;
    b->sum_seeds = seeds;
    b->sum_failed = failed;
}

static int fake_main(fake_bench *b, unsigned flags, int argc, char **argv)
{
    const harness_opt opts[] = {
        {"--n", HARNESS_OPT_U64, &b->n, "N", "a unit option", 1, 0, NULL},
    };
    const harness_bench hb = {
        .prog = "fake-bench", .opts = opts, .nopts = 1, .seed = &b->seed, .flags = flags,
        .ctx = b, .dut_new = fake_new, .dut_waves = fake_waves, .dut_free = fake_free,
        .describe = fake_describe, .run = fake_run, .summary = fake_summary,
    };
    fake_cur = b;
    return harness_bench_main(argc, argv, &hb);
}

START_TEST(test_bench_main)
{
    char *a1[] = {"b", "--seed", "5", "--seeds", "4", "--n", "9", "--waves", "w.fst", NULL};
    fake_bench b = {.seed = 1, .fail_seed = 7};
    ck_assert_int_eq(fake_main(&b, 0, 9, a1), 1);
    ck_assert_uint_eq(b.n, 9);
    ck_assert_uint_eq(b.nran, 3);
    ck_assert_uint_eq(b.ran[0], 5);
    ck_assert_uint_eq(b.ran[2], 7);
    ck_assert_uint_eq(b.news, 3);
    ck_assert_uint_eq(b.frees, 3);
    ck_assert_uint_eq(b.waves, 3);
    ck_assert_uint_eq(b.described, 1);
    ck_assert_uint_eq(b.sum_first, 5);
    ck_assert_uint_eq(b.sum_seeds, 3);
    ck_assert_uint_eq(b.sum_failed, 1);

    fake_bench k = {.seed = 1, .fail_seed = 7};
    ck_assert_int_eq(
        fake_main(&k, HARNESS_BENCH_KEEP_GOING | HARNESS_BENCH_WAVES_FIRST, 9, a1), 1);
    ck_assert_uint_eq(k.nran, 4);
    ck_assert_uint_eq(k.ran[3], 8);
    ck_assert_uint_eq(k.frees, 4);
    ck_assert_uint_eq(k.waves, 1);
    ck_assert_uint_eq(k.sum_seeds, 4);
    ck_assert_uint_eq(k.sum_failed, 1);

    char *a2[] = {"b", "--seeds", "2", NULL};
    fake_bench p = {.seed = 11, .fail_seed = 99};
    ck_assert_int_eq(fake_main(&p, 0, 3, a2), 0);
    ck_assert_uint_eq(p.nran, 2);
    ck_assert_uint_eq(p.ran[0], 11);
    ck_assert_uint_eq(p.ran[1], 12);
    ck_assert_uint_eq(p.waves, 0);
    ck_assert_uint_eq(p.sum_failed, 0);

    char *a3[] = {"b", "--zz", NULL};
    fake_bench e = {.seed = 1};
    ck_assert_int_eq(fake_main(&e, 0, 2, a3), 2);
    ck_assert_uint_eq(e.nran, 0);
    char *a4[] = {"b", "--help", NULL};
    ck_assert_int_eq(fake_main(&e, 0, 2, a4), 0);
    ck_assert_uint_eq(e.nran, 0);

    fake_bench n = {.seed = 1, .no_dut = 1};
    ck_assert_int_eq(fake_main(&n, 0, 3, a2), 1);
    ck_assert_uint_eq(n.nran, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("harness");
    TCase *tc = tcase_create("harness");
    tcase_add_test(tc, test_parse_u64);
    tcase_add_test(tc, test_parse_prob);
    tcase_add_test(tc, test_seed);
    tcase_add_test(tc, test_rng);
    tcase_add_test(tc, test_bytes_cmp);
    tcase_add_test(tc, test_bytes_context);
    tcase_add_test(tc, test_args);
    tcase_add_test(tc, test_bench_main);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
