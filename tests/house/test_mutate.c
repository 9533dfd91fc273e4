/* `make mutate` (scripts/mutate.py, docs/verification.md):
 *  - the smoke run: every fixed mutant of tests/mutate/smoke.txt (three per
 *    unit) is killed by its unit's regression;
 *  - the check of the check: a smoke file whose mutant changes nothing the
 *    regression can see (a comment) fails the smoke run;
 *  - the draw is a function of the seed: the same seed lists the same
 *    mutants, another seed others, and each mutant's original text is on
 *    the line it names. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_util.h"

static char *slurp_cmd(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    size_t r;
    while ((r = fread(b + n, 1, cap - 1 - n, p)) > 0) {
        n += r;
        ck_assert_uint_lt(n, cap - 1);
    }
    b[n] = '\0';
    ck_assert_int_eq(pclose(p), 0);
    return b;
}

START_TEST(test_smoke_killed)
{
    ck_assert_int_eq(cu_run("python3 scripts/mutate.py smoke"), 0);
}
END_TEST

START_TEST(test_smoke_fails_on_survivor)
{
    char spec[] = "/tmp/test_mutate_XXXXXX";
    int fd = mkstemp(spec);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    /* a comment of the ETMv1 encoder, changed: no behaviour changes */
    fprintf(f, "etmv1\trtl/etmv1/etmv1_baddr.v\t`default_nettype none\t"
               "`default_nettype none // x\tetmv1-test\n");
    ck_assert_int_eq(fclose(f), 0);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "python3 scripts/mutate.py smoke --spec %s > /dev/null", spec);
    ck_assert_int_eq(cu_run(cmd), 1);
    unlink(spec);
}
END_TEST

START_TEST(test_draw_seeded)
{
    char *a = slurp_cmd("python3 scripts/mutate.py run --unit trbe --n 20 --seed 7 --list");
    char *b = slurp_cmd("python3 scripts/mutate.py run --unit trbe --n 20 --seed 7 --list");
    char *c = slurp_cmd("python3 scripts/mutate.py run --unit trbe --n 20 --seed 8 --list");
    ck_assert_str_eq(a, b);
    ck_assert_str_ne(a, c);
    ck_assert_ptr_nonnull(strstr(a, "20 mutants drawn (seed 7)"));
    free(a);
    free(b);
    free(c);
    /* every drawn mutant of every unit applies to the text it names */
    ck_assert_int_eq(cu_run("python3 scripts/mutate.py check --n 200 --seed 1"), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mutate");
    TCase *tc = tcase_create("mutate");
    tcase_set_timeout(tc, 1800);
    tcase_add_test(tc, test_draw_seeded);
    tcase_add_test(tc, test_smoke_fails_on_survivor);
    tcase_add_test(tc, test_smoke_killed);
    suite_add_tcase(s, tc);
    return cu_run_suite(s);
}
