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

/* Packet types an A64-only, non-speculative (TRCIDR8.MAXSPEC = 0) PE
 * cannot produce in this model:
 *  - IS1 address forms (T32 only, D5.3.2);
 *  - speculation packets: Commit, Cancel 1-3, Mispredict (MAXSPEC = 0,
 *    D6.11.1);
 *  - Cycle Count formats 2_0 and 3_0, which commit at least one element
 *    (D5.30, D5.31, D5.33): with MAXSPEC = 0 every element is already
 *    committed, so under COMMOPT 0 the model uses format 1_0 only;
 *  - Q packets (TRCIDR0.QSUPP = 0), Source Address packets (not
 *    implemented: TRCIDR0 reports no source address tracing), Ignore,
 *    Timestamp Marker (TRCIDR0.TSMARK = 0).
 * Seeds alternate TRCIDR0.COMMOPT, so both commit modes' formats count. */
static int not_reachable(unsigned t)
{
    switch (t) {
    case ETE_ENC_EXC_SHORT_IS1: case ETE_ENC_EXC_32_IS1: case ETE_ENC_EXC_64_IS1:
    case ETE_ENC_EXC_CTXT_32_IS1: case ETE_ENC_EXC_CTXT_64_IS1:
    case ETE_ENC_ADDR_SHORT_IS1: case ETE_ENC_ADDR_32_IS1: case ETE_ENC_ADDR_64_IS1:
    case ETE_ENC_ADDR_CTXT_32_IS1: case ETE_ENC_ADDR_CTXT_64_IS1:
    case ETE_ENC_COMMIT: case ETE_ENC_CANCEL_F1: case ETE_ENC_CANCEL_F2:
    case ETE_ENC_CANCEL_F3: case ETE_ENC_MISPREDICT:
    case ETE_ENC_CC_F2_0_SMALL: case ETE_ENC_CC_F2_0_LARGE: case ETE_ENC_CC_F3_0:
    case ETE_ENC_Q: case ETE_ENC_Q_COUNT: case ETE_ENC_Q_EXACT: case ETE_ENC_Q_SHORT_IS0:
    case ETE_ENC_Q_SHORT_IS1: case ETE_ENC_Q_32_IS0: case ETE_ENC_Q_32_IS1:
    case ETE_ENC_SRC_SHORT_IS0: case ETE_ENC_SRC_SHORT_IS1: case ETE_ENC_SRC_32_IS0:
    case ETE_ENC_SRC_32_IS1: case ETE_ENC_SRC_64_IS0: case ETE_ENC_SRC_64_IS1:
    case ETE_ENC_SRC_EXACT: case ETE_ENC_IGNORE: case ETE_ENC_TS_MARKER:
        return 1;
    default:
        return 0;
    }
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
