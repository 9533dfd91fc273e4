/* `make help` (scripts/make_help.sh) lists every target once: each listed
 * name has a rule in make's database, and every .PHONY target is listed.
 * The second test checks the check: a listed name without a rule fails. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "check_util.h"

START_TEST(test_help_complete)
{
    ck_assert_int_eq(cu_run("scripts/make_help.sh --check"), 0);
    ck_assert_int_eq(cu_run("scripts/make_help.sh > /dev/null"), 0);
}
END_TEST

START_TEST(test_help_check_fails)
{
    ck_assert_int_eq(cu_run("MAKE_HELP_EXTRA=no-such-target-of-this-project "
                         "scripts/make_help.sh --check > /dev/null"), 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("make_help");
    TCase *tc = tcase_create("help");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_help_complete);
    tcase_add_test(tc, test_help_check_fails);
    suite_add_tcase(s, tc);
    return cu_run_suite(s);
}
