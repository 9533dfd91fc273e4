/* Round trip: generated execution -> model -> bytes -> our decoder ->
 * oracle, over 220 seeds and the configuration mix; OpenCSD agreement on
 * every 5th seed; every packet type the encoder can emit from an A64
 * stream appears somewhere. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ete_roundtrip.h"

#define NSEEDS   220
#define NRECORDS 12000

static uint64_t pkt_total[ETE_ENC_PKT_COUNT];

/* Packet types the model cannot produce from an A64-only, non-speculative
 * PE stream (ete_rt_pkt_reachable, tb/ete/ete_roundtrip.c, lists them with
 * their reasons).  Seeds alternate TRCIDR0.COMMOPT, so both commit modes'
 * Cycle Count formats count. */
static int not_reachable(unsigned t)
{
    return !ete_rt_pkt_reachable(t, 0) && !ete_rt_pkt_reachable(t, 1);
}

START_TEST(test_seed)
{
    uint64_t seed = (uint64_t)_i + 1;
    unsigned cfg = (unsigned)(seed % ETE_RT_NUM_CONFIGS);
    ete_rt_result res;
    char msg[1024];
    int rc = ete_rt_run_seed(seed, cfg, NRECORDS, seed % 5 == 0, &res, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s (replay: build/bin/ete-roundtrip --start %" PRIu64
                  " --seeds 1)", msg, seed);
    ck_assert_msg(res.insns > 0, "seed %" PRIu64 ": nothing decoded", seed);
    for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
        pkt_total[t] += res.pkt[t];
}
END_TEST

START_TEST(test_packet_coverage)
{
    /* runs after the loop test in the same process (CK_NOFORK below) */
    unsigned missing = 0;
    for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++) {
        printf("  %-18s %10" PRIu64 "%s\n", ete_enc_pkt_name(t), pkt_total[t],
               not_reachable(t) ? "  (not reachable: A64 only, MAXSPEC=0)" : "");
        if (!not_reachable(t) && pkt_total[t] == 0)
            missing++;
    }
    ck_assert_msg(missing == 0, "%u packet types the encoder can emit were never emitted",
                  missing);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_roundtrip");
    TCase *tc = tcase_create("seeds");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_seed, 0, NSEEDS);
    tcase_add_test(tc, test_packet_coverage);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
