/* Bounded RTL regression of ete_entry (built by mk/ete_entry.mk with the
 * Verilated bench top holding every parameter set of ete_entry_dut.h): the
 * random bench of ete_entry_tb.h against its C reference of the admission
 * rules, one case per set over fixed seeds, and one run whose first session
 * idles past 2^21 clocks so that the cycle stamp saturates.  Each case also
 * checks that drops, markers, full-rate clocks, stalls and sessions with a
 * PE honouring pe_stall_o occurred, so that every rule was exercised.  A
 * failure names the seed, which ete-entry-bench --seed reruns (--waves for
 * waves). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_entry_dut.h"
#include "ete_entry_tb.h"

#define SEEDS  3u
#define CYCLES 60000u

static ete_entry_tb_result res;

static void run_set(unsigned s)
{
    char err[256];
    ete_entry_tb_stats tot;
    memset(&tot, 0, sizeof tot);
    for (unsigned i = 0; i < SEEDS; i++) {
        ete_entry_dut *d = ete_entry_dut_new(err, sizeof err);
        ck_assert_msg(d != NULL, "%s", err);
        ete_entry_tb_opts o = {100u * (s + 1u) + i, CYCLES, 1u << s, 0, stderr};
        int rc = ete_entry_tb_run(d, &o, &res);
        ete_entry_dut_free(d);
        ck_assert_msg(rc == 0, "%s", res.msg);
        const ete_entry_tb_stats *st = &res.st[s];
        tot.slots_presented += st->slots_presented;
        tot.slots_accepted += st->slots_accepted;
        tot.slots_dropped += st->slots_dropped;
        tot.drop_clocks += st->drop_clocks;
        tot.markers += st->markers;
        tot.entries += st->entries;
        tot.sessions += st->sessions;
        tot.honest_sessions += st->honest_sessions;
        tot.honest_slots += st->honest_slots;
        tot.stall_clocks += st->stall_clocks;
        tot.full_clocks += st->full_clocks;
    }
    printf("ete_entry %s: %" PRIu64 " slots presented, %" PRIu64 " accepted, %" PRIu64
           " dropped in %" PRIu64 " clocks, %" PRIu64 " markers, %" PRIu64
           " entries compared, %" PRIu64 " sessions (%" PRIu64 " honouring the stall, %" PRIu64
           " slots)\n",
           ete_entry_sets[s].name, tot.slots_presented, tot.slots_accepted, tot.slots_dropped,
           tot.drop_clocks, tot.markers, tot.entries, tot.sessions, tot.honest_sessions,
           tot.honest_slots);
    ck_assert_uint_gt(tot.entries, CYCLES / 4u);
    ck_assert_uint_gt(tot.markers, 10);
    ck_assert_uint_gt(tot.drop_clocks, tot.markers);
    ck_assert_uint_gt(tot.full_clocks, 1000);
    ck_assert_uint_gt(tot.stall_clocks, 0);
    ck_assert_uint_gt(tot.honest_sessions, 0);
    ck_assert_uint_gt(tot.honest_slots, 1000);
    ck_assert_uint_eq(tot.slots_accepted + tot.slots_dropped, tot.slots_presented);
}

START_TEST(test_set) { run_set((unsigned)_i); }
END_TEST

/* The first session of every set idles 2^21 + 100 clocks before its first
 * slot: that slot's stamp is 2^21 - 1. */
START_TEST(test_saturation)
{
    char err[256];
    ete_entry_dut *d = ete_entry_dut_new(err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ete_entry_tb_opts o = {7, (1u << 21) + 20000u, (1u << ETE_ENTRY_SETS) - 1u,
                           (1u << 21) + 100u, stderr};
    int rc = ete_entry_tb_run(d, &o, &res);
    ete_entry_dut_free(d);
    ck_assert_msg(rc == 0, "%s", res.msg);
    for (unsigned s = 0; s < ETE_ENTRY_SETS; s++) {
        ck_assert_uint_eq(res.st[s].cyc_saturated, 1);
        ck_assert_uint_gt(res.st[s].entries, 1000);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rtl_ete_entry");
    TCase *t = tcase_create("bench");
    tcase_set_timeout(t, 600);
    tcase_add_loop_test(t, test_set, 0, ETE_ENTRY_SETS);
    tcase_add_test(t, test_saturation);
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
