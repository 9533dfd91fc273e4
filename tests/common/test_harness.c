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
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
