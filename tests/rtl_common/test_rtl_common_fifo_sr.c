/* Bounded RTL regression of common_fifo_sr (built by mk/common.mk with the
 * Verilated bench top holding every parameter set of fifo_sr_dut.h): the
 * random bench of fifo_sr_tb.h, one case per set over fixed seeds.  Each
 * case also checks that the run reached full, drained to empty after full
 * and read back to back for at least DEPTH clocks.  A failure names the
 * seed, which common-fifo-sr-bench --seed reruns (--waves for waves). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "fifo_sr_dut.h"
#include "fifo_sr_tb.h"

#define SEEDS  4u
#define CYCLES 40000u

static void run_set(unsigned s)
{
    char err[256];
    fifo_sr_tb_stats tot = {0, 0, 0, 0, 0, 0};
    for (unsigned i = 0; i < SEEDS; i++) {
        fifo_sr_dut *d = fifo_sr_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        fifo_sr_tb_opts o = {1000u * (s + 1u) + i, CYCLES, 1u << s, stderr};
        static fifo_sr_tb_result r;
        int rc = fifo_sr_tb_run(d, &o, &r);
        fifo_sr_dut_free(d);
        ck_assert_msg(rc == 0, "%s", r.msg);
        tot.written += r.st[s].written;
        tot.read += r.st[s].read;
        tot.full += r.st[s].full;
        tot.empty_after_full += r.st[s].empty_after_full;
        if (r.st[s].max_run > tot.max_run)
            tot.max_run = r.st[s].max_run;
    }
    ck_assert_uint_gt(tot.read, CYCLES / 4u);
    ck_assert_uint_gt(tot.full, 0);
    ck_assert_uint_gt(tot.empty_after_full, 0);
    ck_assert_uint_ge(tot.max_run, fifo_sr_sets[s].depth);
}

START_TEST(test_set) { run_set((unsigned)_i); }
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rtl_common_fifo_sr");
    TCase *t = tcase_create("bench");
    tcase_set_timeout(t, 300);
    tcase_add_loop_test(t, test_set, 0, FIFO_SR_SETS);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
