/* Bounded RTL regression of trbe_top (one binary per parameter set, built
 * by mk/trbe.mk with the Verilated model): the bench of tb/trbe/rtl/trbe_rtl_tb.h
 * in each trace buffer mode, each trigger mode, with AXI error responses,
 * and with everything random.  Each case runs fixed seeds; a failure names
 * the seed, which trbe-rtl-bench-<set> --seed reruns with waves. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trbe_dut.h"
#include "trbe_regs.h"
#include "trbe_rtl_tb.h"

#define RUN_BYTES 12000u

/* Totals over a case's seeds, for the checks that the case did its job. */
typedef struct totals {
    uint64_t sessions, irqs, txn_errors, aborts, written, flush_reqs;
} totals;

static totals run_seeds(uint64_t first, unsigned n, int fm, int tm, int errors)
{
    char err[256];
    totals tot;
    memset(&tot, 0, sizeof tot);
    for (unsigned i = 0; i < n; i++) {
        trbe_tb_dut *d = trbe_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        trbe_tb_opts o;
        trbe_tb_opts_default(&o);
        o.seed = first + i;
        o.bytes = RUN_BYTES;
        o.fill_mode = fm;
        o.trig_mode = tm;
        o.errors = errors;
        o.log = stderr;
        trbe_tb_result r;
        int rc = trbe_tb_run(d, &o, &r);
        trbe_dut_free(d);
        ck_assert_msg(rc == 0, "seed %" PRIu64 ": %s", o.seed, r.msg);
        ck_assert_uint_eq(r.st.bytes_offered, RUN_BYTES);
        ck_assert_uint_gt(r.st.reads_compared, 0);
        tot.sessions += r.st.sessions;
        tot.irqs += r.st.irqs;
        tot.txn_errors += r.st.txn_errors;
        tot.aborts += r.st.ev_abort;
        tot.written += r.st.bytes_written;
        tot.flush_reqs += r.st.flush_reqs;
    }
    ck_assert_uint_gt(tot.sessions, n);
    ck_assert_uint_gt(tot.written, 0);
    return tot;
}

START_TEST(test_fill)
{
    totals t = run_seeds(100, 6, TRBE_FM_FILL, -1, 0);
    ck_assert_uint_gt(t.irqs, 0);               /* buffers filled */
    ck_assert_uint_eq(t.txn_errors, 0);
}
END_TEST
START_TEST(test_wrap)
{
    totals t = run_seeds(200, 6, TRBE_FM_WRAP, -1, 0);
    ck_assert_uint_gt(t.irqs, 0);               /* wrap interrupts */
}
END_TEST
START_TEST(test_circular) { run_seeds(300, 6, TRBE_FM_CBUF, -1, 0); }
END_TEST
START_TEST(test_stop)
{
    totals t = run_seeds(400, 6, -1, TRBE_TM_STOP, 0);
    ck_assert_uint_gt(t.flush_reqs, 0);         /* Trigger Events flushed the trace unit */
}
END_TEST
START_TEST(test_irq)
{
    totals t = run_seeds(500, 6, -1, TRBE_TM_IRQ, 0);
    ck_assert_uint_gt(t.flush_reqs, 0);
}
END_TEST
START_TEST(test_ignore)
{
    totals t = run_seeds(600, 6, -1, TRBE_TM_IGNR, 0);
    ck_assert_uint_eq(t.flush_reqs, 0);         /* Ignore trigger never flushes */
}
END_TEST
START_TEST(test_errors)
{
    totals t = run_seeds(700, 8, -1, -1, 1);
    ck_assert_uint_gt(t.txn_errors, 0);         /* error responses happened ... */
    ck_assert_uint_gt(t.aborts, 0);             /* ... and were reported as aborts */
}
END_TEST
START_TEST(test_random)   { run_seeds(800, 12, -1, -1, -1); }
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rtl_trbe");
    TCase *t = tcase_create("bench");
    tcase_set_timeout(t, 600);
    tcase_add_test(t, test_fill);
    tcase_add_test(t, test_wrap);
    tcase_add_test(t, test_circular);
    tcase_add_test(t, test_stop);
    tcase_add_test(t, test_irq);
    tcase_add_test(t, test_ignore);
    tcase_add_test(t, test_errors);
    tcase_add_test(t, test_random);
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
