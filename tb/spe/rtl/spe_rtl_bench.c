/* spe-rtl-bench-<set>: spe_top (one parameter set) against the SPE model
 * (docs/spe-rtl.md, "Bench").
 *
 *   spe-rtl-bench-A [--seed S|random] [--seeds N] [--records N] [--waves F.fst] [-v]
 *
 * Runs seeds S .. S+N-1 (default 1, 1), each on a fresh device; prints the
 * seed of each run and stops at the first difference, which it prints with
 * its context.  Exit status 0 all matched, 1 a difference or bench error,
 * 2 bad options. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_dut.h"
#include "spe_rtl_tb.h"
#include "harness.h"

int main(int argc, char **argv)
{
    spe_rtl_opts o;
    spe_rtl_opts_default(&o);
    uint64_t seeds = 1;
    const char *waves = NULL;
    const harness_opt opts[] = {
        { "--seed", HARNESS_OPT_SEED, &o.seed, "S", "first seed (decimal, 0x hex or 'random')",
          0, 0, NULL },
        { "--seeds", HARNESS_OPT_U64, &seeds, "N", "number of seeds", 1, 0, NULL },
        { "--records", HARNESS_OPT_U64, &o.records, "N", "PE records per seed", 1, 0, NULL },
        { "--waves", HARNESS_OPT_STR, &waves, "F.fst", "write an FST wave file", 0, 0, NULL },
        { "-v", HARNESS_OPT_FLAG, &o.verbose, NULL, "print the events as they happen", 0, 0,
          NULL },
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char perr[256];
    int pr = harness_args_parse(argc, argv, opts, nopts, perr, sizeof perr);
    if (pr != 0) {
        if (pr < 0)
            fprintf(stderr, "spe-rtl-bench: %s\n", perr);
        harness_args_usage(pr < 0 ? stderr : stdout, "spe-rtl-bench", "[options]", opts, nopts);
        return pr < 0 ? 2 : 0;
    }
    o.log = stdout;
    uint64_t first = o.seed, compared = 0, records = 0, bytes = 0, written = 0, aborts = 0;
    uint64_t services = 0, mgmt = 0, full = 0, coll = 0, cycles = 0;
    uint64_t ev[SPE_EV_N] = { 0 }, cti = 0, ev_checks = 0, inflight_max = 0;
    for (uint64_t s = 0; s < seeds; s++) {
        char err[256];
        spe_tb_dut *d = spe_dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "spe-rtl-bench: %s\n", err);
            return 1;
        }
        if (waves && spe_dut_waves(d, waves, err, sizeof err) != 0) {
            fprintf(stderr, "spe-rtl-bench: %s\n", err);
            spe_dut_free(d);
            return 1;
        }
        o.seed = first + s;
        printf("seed %" PRIu64 " (set %s)\n", o.seed, d->params.set);
        fflush(stdout);
        spe_rtl_result r;
        int rc = spe_rtl_run(d, &o, &r);
        spe_dut_free(d);
        if (rc != 0) {
            printf("FAIL seed %" PRIu64 ": %s\n", o.seed, r.msg);
            return 1;
        }
        compared += r.compared;
        records += r.pe_records;
        bytes += r.bytes;
        written += r.written;
        aborts += r.aborts;
        services += r.services;
        mgmt += r.mgmt;
        full += r.full;
        coll += r.collisions;
        for (unsigned e = 0; e < SPE_EV_N; e++)
            ev[e] += r.ev[e];
        cti += r.cti;
        ev_checks += r.ev_checks;
        if (r.inflight_max > inflight_max)
            inflight_max = r.inflight_max;
        cycles += r.cycles;
    }
    printf("PASS %" PRIu64 " seeds from %" PRIu64 ": %" PRIu64 " PE records, %" PRIu64
           " records (%" PRIu64 " bytes) written, %" PRIu64 " management events (%" PRIu64
           " buffer full), %" PRIu64 " collisions, %" PRIu64 " services, %" PRIu64
           " AXI aborts, %" PRIu64 " values compared, %" PRIu64 " clocks\n",
           seeds, first, records, written, bytes, mgmt, full, coll, services, aborts, compared,
           cycles);
    printf("  at most %" PRIu64 " samples in flight; pulses equal to the model's counters at %"
           PRIu64 " checkpoints: SAMPLE_POP %" PRIu64 ", SAMPLE_FEED %" PRIu64
           ", SAMPLE_FILTRATE %" PRIu64 ", SAMPLE_COLLISION %" PRIu64 ", CTI trigger 2 %" PRIu64
           "\n", inflight_max, ev_checks, ev[SPE_EV_SAMPLE_POP], ev[SPE_EV_SAMPLE_FEED],
           ev[SPE_EV_SAMPLE_FILTRATE], ev[SPE_EV_SAMPLE_COLLISION], cti);
    return 0;
}
