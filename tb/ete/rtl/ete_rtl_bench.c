/* ete-rtl-bench-<set>: the Verilator bench of the ETE unit (rtl/ete) for
 * one parameter set.  One seed, or a regression over many (--seeds N):
 * one line per seed, the packet types the RTL emitted, and a summary line
 * "N passed, N failed".  docs/ete-bench.md describes it. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ete_dut.h"
#include "ete_roundtrip.h"
#include "ete_rtl_tb.h"
#include "harness.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU seconds of the process: the speed figures divide by these, so that
 * they do not depend on what else the machine runs. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    ete_dut_params dp;
    ete_dut_params_get(&dp);
    char prog[64], replay[80];
    snprintf(prog, sizeof prog, "ete-rtl-bench-%s", dp.set);
    snprintf(replay, sizeof replay, "build/bin/ete-rtl-bench-%s", dp.set);

    ete_rtl_opts o;
    ete_rtl_opts_default(&o);
    uint64_t seed = 0, nseeds = 0, records = o.records, cycles = 0;
    const char *config = NULL, *pe = NULL, *waves = NULL, *cov = NULL, *dump = NULL;
    double bp = -1.0, idle = -1.0;
    int stall = 0, no_stall = 0, ocsd = 0, no_ocsd = 0, seed_given = 0, seeds_given = 0;
    int verbose = 0, tput = 0, full = 0, branches = 0, long_runs = 0;
    int end_txn = 0, no_end_txn = 0;
    uint64_t burst = 0;
    const harness_opt opts[] = {
        {"--seed", HARNESS_OPT_SEED, &seed, "S", "seed (decimal, 0x hex or 'random'; "
         "default random); with --seeds the first seed", 0, 0, &seed_given},
        {"--seeds", HARNESS_OPT_U64, &nseeds, "N", "regression: run N seeds from --seed "
         "(default 1)", 1, 0, &seeds_given},
        {"--records", HARNESS_OPT_U64, &records, "N", "PE records per seed (default 20000)",
         1, 0, NULL},
        {"--cycles", HARNESS_OPT_U64, &cycles, "N", "stop presenting records after N cycles, "
         "then disable and check", 1, 0, NULL},
        {"--config", HARNESS_OPT_STR, &config, "NAME", "register configuration (default: seed "
         "% count): plain rs bb cci ts ctxt filter-el filter-range filter-startstop events "
         "all overflow", 0, 0, NULL},
        {"--pe", HARNESS_OPT_STR, &pe, "FILE", "PE stream file (pe-gen) instead of the "
         "generator", 0, 0, NULL},
        {"--waves", HARNESS_OPT_STR, &waves, "FILE", "write an FST wave file", 0, 0, NULL},
        {"--backpressure", HARNESS_OPT_PROB, &bp, "P", "fraction of cycles out_ready_i is low "
         "(default from the seed)", 0, 0, NULL},
        {"--idle", HARNESS_OPT_PROB, &idle, "P", "chance of a cycle without PE records "
         "(default from the seed)", 0, 0, NULL},
        {"--stall", HARNESS_OPT_FLAG, &stall, NULL, "program TRCSTALLCTLR.ISTALL and honour "
         "pe_stall_o", 0, 0, NULL},
        {"--no-stall", HARNESS_OPT_FLAG, &no_stall, NULL, "never stall (default: some seeds "
         "when TRCIDR3.STALLCTL)", 0, 0, NULL},
        {"--ocsd", HARNESS_OPT_FLAG, &ocsd, NULL, "check with OpenCSD on every seed (default "
         "every 5th)", 0, 0, NULL},
        {"--no-ocsd", HARNESS_OPT_FLAG, &no_ocsd, NULL, "never run OpenCSD", 0, 0, NULL},
        {"--coverage", HARNESS_OPT_STR, &cov, "PREFIX", "coverage builds: write each seed's "
         "counts to PREFIX-<seed>.dat", 0, 0, NULL},
        {"--dump", HARNESS_OPT_STR, &dump, "PREFIX", "write PREFIX.trace (RTL bytes), .model "
         "(model bytes), .pe (accepted records), .elems (decoded)", 0, 0, NULL},
        {"--verbose", HARNESS_OPT_FLAG, &verbose, NULL, "packet table for single seeds too",
         0, 0, NULL},
        {"--throughput", HARNESS_OPT_FLAG, &tput, NULL, "rate measurement: no backpressure, "
         "idle cycles or stall; each cycle up to RETIRE_WIDTH records, the group ending after "
         "its first P0 record (at most one P0 element per cycle)", 0, 0, NULL},
        {"--full-rate", HARNESS_OPT_FLAG, &full, NULL, "rate measurement: as --throughput but "
         "RETIRE_WIDTH records every cycle whatever they are", 0, 0, NULL},
        {"--branches", HARNESS_OPT_FLAG, &branches, NULL, "generate a branch-only program "
         "(every record a P0 instruction) instead of the random program", 0, 0, NULL},
        {"--long-runs", HARNESS_OPT_FLAG, &long_runs, NULL, "generate a program of long "
         "straight-line runs (up to 200 instructions between branches) instead of the random "
         "program", 0, 0, NULL},
        {"--end-in-txn", HARNESS_OPT_FLAG, &end_txn, NULL, "end the records inside a "
         "transaction, so that disabling traces Transaction Failure and Discard (default: "
         "seeds with seed % 4 == 1)", 0, 0, NULL},
        {"--no-end-in-txn", HARNESS_OPT_FLAG, &no_end_txn, NULL, "never end inside a "
         "transaction", 0, 0, NULL},
        {"--burst", HARNESS_OPT_U64, &burst, "B", "rate modes: present for B cycles, then "
         "nothing for B x RETIRE_WIDTH cycles, repeatedly", 1, 1u << 20, NULL},
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char err[300];
    int pr = harness_args_parse(argc, argv, opts, nopts, err, sizeof err);
    if (pr != 0) {
        if (pr < 0)
            fprintf(stderr, "%s: %s\n", prog, err);
        harness_args_usage(pr < 0 ? stderr : stdout, prog, "[options]", opts, nopts);
        return pr < 0 ? 2 : 0;
    }
    if (!seed_given)
        harness_seed_parse(NULL, &seed, err, sizeof err);
    if (!seeds_given)
        nseeds = 1;
    if (stall && no_stall) {
        fprintf(stderr, "%s: --stall and --no-stall together\n", prog);
        return 2;
    }
    if (end_txn && no_end_txn) {
        fprintf(stderr, "%s: --end-in-txn and --no-end-in-txn together\n", prog);
        return 2;
    }
    if (ocsd && no_ocsd) {
        fprintf(stderr, "%s: --ocsd and --no-ocsd together\n", prog);
        return 2;
    }
    if (tput && full) {
        fprintf(stderr, "%s: --throughput and --full-rate together\n", prog);
        return 2;
    }
    if ((tput || full) && (bp >= 0 || idle >= 0 || stall)) {
        fprintf(stderr, "%s: --%s sets backpressure, idle cycles and stalling itself\n", prog,
                tput ? "throughput" : "full-rate");
        return 2;
    }
    if (dump && nseeds != 1) {
        fprintf(stderr, "%s: --dump writes one trace: use it with one seed\n", prog);
        return 2;
    }
    if (waves && nseeds != 1) {
        fprintf(stderr, "%s: --waves writes one file: use it with one seed\n", prog);
        return 2;
    }
    if (seed > UINT64_MAX - nseeds) {
        fprintf(stderr, "%s: --seed + --seeds overflows 64 bits\n", prog);
        return 2;
    }
    o.records = records;
    o.max_cycles = cycles;
    o.waves = waves;
    o.dump = dump;
    char cov_path[512];
    o.backpressure = bp;
    o.idle = idle;
    o.stall = stall ? 1 : no_stall ? 0 : -1;
    o.ocsd = ocsd ? 1 : no_ocsd ? 0 : -1;
    o.end_in_txn = end_txn ? 1 : no_end_txn ? 0 : -1;
    o.prog = replay;
    o.mode = tput ? ETE_RTL_MODE_THROUGHPUT : full ? ETE_RTL_MODE_FULL_RATE
                                                 : ETE_RTL_MODE_NORMAL;
    o.branches = branches;
    o.long_runs = long_runs;
    o.burst = (unsigned)burst;
    if (burst && !tput && !full) {
        fprintf(stderr, "%s: --burst is for the rate modes (--throughput, --full-rate)\n", prog);
        return 2;
    }
    if (branches + long_runs + (pe != NULL) > 1) {
        fprintf(stderr, "%s: --branches, --long-runs and --pe: one at most\n", prog);
        return 2;
    }
    if (config) {
        o.config = ete_rtl_config_index(config);
        if (o.config < 0) {
            fprintf(stderr, "%s: unknown --config '%s'\n", prog, config);
            return 2;
        }
    }
    pe_stream ps;
    pe_stream_init(&ps);
    if (pe) {
        if (pe_stream_read(&ps, pe, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", prog, err);
            return 2;
        }
        o.pe = &ps;
        o.pe_path = pe;
    }

    harness_seed_print(stdout, prog, seed);
    printf("%s: RETIRE_WIDTH %u, OUT_BYTES %u, IN_FIFO_DEPTH %u, COMMOPT %u, RS_DEPTH %u, "
           "NUM_ACPAIRS %u, NUM_EVENTS %u, NUM_EXTIN %u, CCSIZE %u, CCITMIN %u%s%s\n", prog,
           dp.retire_width, dp.out_bytes, dp.in_fifo_depth, dp.commopt, dp.rs_depth,
           dp.num_acpairs, dp.num_events, dp.num_extin, dp.ccsize, dp.ccitmin,
           dp.waves ? ", waves" : "", dp.coverage ? ", coverage" : "");

    uint64_t pass = 0, fail = 0, errors = 0, tot_cycles = 0, tot_rec = 0, tot_bytes = 0;
    uint64_t tot_ovf = 0, tot_drop = 0, tot_stall = 0, ocsd_n = 0;
    uint64_t tot_p0 = 0, tot_rcyc = 0, tot_rbytes = 0, tot_fed = 0, tot_slots = 0,
             tot_offered = 0;
    double tot_sim = 0.0;
    uint64_t pkt[ETE_PKT_TYPE_COUNT] = {0};
    int cfg_seen[64] = {0};
    double t_all = now(), c_all = cpu_now(), tot_wall = 0.0;
    for (uint64_t k = 0; k < nseeds; k++) {
        o.seed = seed + k;
        if (o.config < 0 &&
            !ete_rtl_config_supported((unsigned)(o.seed % ete_rtl_num_configs()))) {
            printf("seed %" PRIu64 " %s config=%s skipped (not supported by the set's unit)\n",
                   o.seed, dp.set, ete_rtl_config_name((unsigned)(o.seed % ete_rtl_num_configs())));
            continue;
        }
        if (cov) {
            snprintf(cov_path, sizeof cov_path, "%s-%" PRIu64 ".dat", cov, o.seed);
            o.coverage = cov_path;
        }
        ete_rtl_result res;
        double t0 = now();
        int rc = ete_rtl_run(&o, &res, stdout);
        double dt = now() - t0;
        tot_wall += dt;
        char rate[160] = "";
        if (o.mode != ETE_RTL_MODE_NORMAL && res.rec_cycles)
            snprintf(rate, sizeof rate, " p0/cycle=%.3f records/cycle=%.3f bytes/cycle=%.3f",
                     (double)res.p0 / (double)res.rec_cycles,
                     (double)res.fed / (double)res.rec_cycles,
                     (double)res.rec_bytes / (double)res.rec_cycles);
        snprintf(rate + strlen(rate), sizeof rate - strlen(rate),
                 " slots=%" PRIu64 " slots-fed=%" PRIu64, res.slots, res.slots_fed);
        printf("seed %" PRIu64 " %s config=%s bp=%.2f%s idle=%.2f stall=%s records=%" PRIu64
               " dropped=%" PRIu64 " overflows=%" PRIu64 " cycles=%" PRIu64 " bytes=%" PRIu64
               " insns=%" PRIu64 "%s%s%s%s %s (%.2f s)%s%s\n",
               o.seed, dp.set, ete_rtl_config_name(res.config), res.backpressure,
               res.heavy ? "(heavy)" : "", res.idle,
               res.stall ? (res.stall_level == 0 ? "L0" : res.stall_level == 1 ? "L1"
                            : res.stall_level == 2 ? "L2" : "L3") : "no",
               res.records, res.dropped, res.overflows, res.cycles, res.bytes, res.insns,
               res.end_in_txn ? " end=in-txn" : "",
               res.ocsd_checked ? " ocsd=ok" : res.ocsd_differs ? " ocsd=differs" : "",
               res.oracle_skipped ? " oracle=n/a" : "", rate,
               rc == 0 ? "PASS" : rc > 0 ? "FAIL" : "ERROR", dt, rc ? ": " : "",
               rc ? res.msg : "");
        fflush(stdout);
        if (rc == 0)
            pass++;
        else if (rc > 0)
            fail++;
        else
            errors++;
        tot_cycles += res.cycles;
        tot_rec += res.records;
        tot_bytes += res.bytes;
        tot_ovf += res.overflows;
        tot_drop += res.dropped;
        tot_stall += res.stall_cycles;
        tot_p0 += res.p0;
        tot_fed += res.fed;
        tot_slots += res.slots_fed;
        tot_offered += res.slots;
        tot_sim += res.sim_seconds;
        tot_rcyc += res.rec_cycles;
        tot_rbytes += res.rec_bytes;
        ocsd_n += (uint64_t)res.ocsd_checked;
        if (res.config < 64)
            cfg_seen[res.config] = 1;
        for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++)
            pkt[t] += res.pkt[t];
    }
    double t_total = now() - t_all;
    /* CPU seconds of the runs, and of them the share spent in the
     * Verilated model's eval (measured in wall time per clock, which
     * preemption hits evenly) */
    double c_total = cpu_now() - c_all;
    double c_sim = tot_wall > 0 ? c_total * (tot_sim / tot_wall) : 0.0;
    unsigned ncfg = ete_rtl_num_configs(), seen = 0;
    for (unsigned c = 0; c < ncfg && c < 64; c++)
        seen += (unsigned)cfg_seen[c];
    /* the packet-type check needs every configuration and whole runs */
    int check_cov = nseeds > 1 && seen == ncfg && !pe && !cycles &&
                    o.mode == ETE_RTL_MODE_NORMAL;
    unsigned missing = 0;
    if (nseeds > 1 || verbose) {
        printf("packets emitted by the RTL (set %s):\n", dp.set);
        for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++) {
            int reach = ete_rt_pkt_reachable(t, dp.commopt);
            if (!reach && !pkt[t])
                continue;
            printf("  %-18s %12" PRIu64 "%s\n", ete_pkt_name(t), pkt[t],
                   !reach ? "  (not reachable for this unit)"
                   : !pkt[t] ? "  NEVER EMITTED" : "");
            if (reach && !pkt[t])
                missing++;
        }
    }
    printf("cycles %" PRIu64 ", records %" PRIu64 " (dropped %" PRIu64 ", %" PRIu64
           " overflows), stalled cycles %" PRIu64 ", trace bytes %" PRIu64
           ", OpenCSD on %" PRIu64 " seeds, %.1f s (%.1f CPU s), %.0f cycles per CPU second "
           "(the Verilated model alone: %.0f)\n", tot_cycles, tot_rec,
           tot_drop, tot_ovf, tot_stall, tot_bytes, ocsd_n, t_total, c_total,
           c_total > 0 ? (double)tot_cycles / c_total : 0.0,
           c_sim > 0 ? (double)tot_cycles / c_sim : 0.0);
    if (o.mode != ETE_RTL_MODE_NORMAL) {
        /* rates over the cycles that presented records, all seeds
         * together, then the totals they come from (mk/ete_rtl.mk's
         * bench-ete-rtl adds those up over runs) */
        double rc = tot_rcyc ? (double)tot_rcyc : 1.0;
        printf("rate %s set %s seeds %" PRIu64 ": p0/cycle %.3f records/cycle %.3f "
               "slots/cycle %.3f bytes/cycle %.3f cycles/s %.0f dropped %" PRIu64
               " overflows %" PRIu64 "\n",
               o.mode == ETE_RTL_MODE_THROUGHPUT ? "throughput" : "full-rate", dp.set, nseeds,
               (double)tot_p0 / rc, (double)tot_fed / rc, (double)tot_slots / rc,
               (double)tot_rbytes / rc, c_total > 0 ? (double)tot_cycles / c_total : 0.0,
               tot_drop, tot_ovf);
        printf("rate-totals p0 %" PRIu64 " records %" PRIu64 " bytes %" PRIu64 " window %" PRIu64
               " cycles %" PRIu64 " seconds %.6f dropped %" PRIu64 " overflows %" PRIu64
               " slots %" PRIu64 " offered %" PRIu64 " simseconds %.6f\n",
               tot_p0, tot_fed, tot_rbytes, tot_rcyc, tot_cycles, c_total, tot_drop, tot_ovf,
               tot_slots, tot_offered, c_sim);
    }
    if (check_cov && missing) {
        printf("packet coverage: %u reachable packet types never emitted\n", missing);
        fail++;
    } else if (nseeds > 1 && !check_cov) {
        printf("packet coverage: not checked (needs every configuration, generated "
               "streams and whole runs)\n");
    }
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", pass, fail + errors);
    pe_stream_free(&ps);
    return fail + errors ? 1 : 0;
}
