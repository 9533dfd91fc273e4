/* trbe-rtl-bench-<set>: runs the TRBE RTL bench (tb/trbe/rtl/trbe_rtl_tb.h) for a
 * range of seeds against the Verilated trbe_top of one parameter set and
 * ends with "N passed, N failed".  docs/trbe.md, "Bench". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "trbe_dut.h"
#include "trbe_regs.h"
#include "trbe_rtl_tb.h"

static int parse_mode(const char *s, const char *const *names, unsigned n, int *out)
{
    if (!s)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        if (names[i] && strcmp(s, names[i]) == 0) {
            *out = (int)i;
            return 0;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, seeds = 1, bytes = 20000, errors = 2, blat = 4;
    int verbose = 0, seen_seed = 0, thru = 0;
    const char *fm = NULL, *tm = NULL, *waves = NULL;
    harness_opt opts[] = {
        {"--seed", HARNESS_OPT_SEED, &seed, "S", "first seed (a number or 'random'; default 1)",
         0, 0, &seen_seed},
        {"--seeds", HARNESS_OPT_U64, &seeds, "N", "seeds to run, from S up (default 1)", 1, 0,
         NULL},
        {"--bytes", HARNESS_OPT_U64, &bytes, "B", "trace bytes offered per run (default 20000)", 1,
         1ull << 32, NULL},
        {"--fill-mode", HARNESS_OPT_STR, &fm, "M", "fill, wrap or circular (default: random)", 0,
         0, NULL},
        {"--trig-mode", HARNESS_OPT_STR, &tm, "M", "stop, irq or ignore (default: random)", 0, 0,
         NULL},
        {"--errors", HARNESS_OPT_U64, &errors, "E",
         "AXI error responses: 0 never, 1 in every run, 2 every third seed (default)", 0, 2, NULL},
        {"--waves", HARNESS_OPT_STR, &waves, "FILE", "FST waves of the first seed", 0, 0, NULL},
        {"--verbose", HARNESS_OPT_FLAG, &verbose, NULL, "a line per session and interrupt", 0, 0,
         NULL},
        {"--throughput", HARNESS_OPT_FLAG, &thru, NULL,
         "measure: no gaps or events, always-ready AXI, Circular Buffer mode", 0, 0, NULL},
        {"--b-latency", HARNESS_OPT_U64, &blat, "L",
         "--throughput: clocks from WLAST to BVALID (default 4)", 0, 1000, NULL},
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    char err[256];
    int rc = harness_args_parse(argc, argv, opts, nopts, err, sizeof err);
    if (rc != 0) {
        if (rc < 0)
            fprintf(stderr, "%s: %s\n", argv[0], err);
        harness_args_usage(rc < 0 ? stderr : stdout, argv[0], "[options]", opts, nopts);
        return rc < 0 ? 2 : 0;
    }
    static const char *const fms[] = {"fill", "wrap", NULL, "circular"};
    static const char *const tms[] = {"stop", "irq", NULL, "ignore"};
    trbe_tb_opts o;
    trbe_tb_opts_default(&o);
    if (parse_mode(fm, fms, 4, &o.fill_mode) != 0 || parse_mode(tm, tms, 4, &o.trig_mode) != 0) {
        fprintf(stderr, "%s: --fill-mode takes fill, wrap or circular; --trig-mode takes stop, "
                "irq or ignore\n", argv[0]);
        return 2;
    }
    o.bytes = bytes;
    o.errors = errors == 2 ? -1 : (int)errors;
    o.verbose = verbose;
    o.throughput = thru;
    o.b_latency = (unsigned)blat;
    o.log = stdout;

    trbe_tb_dut *d = trbe_dut_new(err, sizeof err);
    if (!d) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        return 1;
    }
    unsigned dbytes = d->params.data_bytes;
    harness_seed_print(stdout, argv[0], seed);
    printf("parameter set %s: IN_BYTES %u, DATA_W %u, BURST_BEATS %u, ID_W %u, AXI_OUT %u\n",
           d->params.set, d->params.in_bytes, 8 * d->params.data_bytes, d->params.burst_beats,
           d->params.id_w, d->params.axi_out);
    if (waves && trbe_dut_waves(d, waves, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        trbe_dut_free(d);
        return 1;
    }
    uint64_t pass = 0, fail = 0, cycles = 0, written = 0, txns = 0, errs = 0, irqs = 0;
    uint64_t sessions = 0, ctxsw = 0, flushes = 0, trigs = 0, tsbs = 0, ignored = 0, reads = 0;
    uint64_t ev[6] = {0}, orphans = 0;
    unsigned modes = 0, inflight = 0;
    for (uint64_t i = 0; i < seeds; i++) {
        trbe_tb_result r;
        o.seed = seed + i;
        /* a fresh model per seed: the previous run's state must not leak */
        if (i > 0) {
            trbe_dut_free(d);
            d = trbe_dut_new(err, sizeof err);
            if (!d) {
                fprintf(stderr, "%s: %s\n", argv[0], err);
                return 1;
            }
        }
        if (trbe_tb_run(d, &o, &r) == 0)
            pass++;
        else {
            fail++;
            printf("seed %" PRIu64 " failed: %s\n", o.seed, r.msg);
        }
        cycles += r.st.cycles;
        written += r.st.bytes_written;
        txns += r.st.txns;
        errs += r.st.txn_errors;
        irqs += r.st.irqs;
        sessions += r.st.sessions;
        ctxsw += r.st.ctx_switches;
        flushes += r.st.flush_reqs;
        trigs += r.st.triggers;
        tsbs += r.st.tsbs;
        ignored += r.st.ignored_writes;
        reads += r.st.reads_compared;
        ev[0] += r.st.ev_full;
        ev[1] += r.st.ev_wrap;
        ev[2] += r.st.ev_trig_stop;
        ev[3] += r.st.ev_trig_irq;
        ev[4] += r.st.ev_abort;
        ev[5] += r.st.ev_impdef;
        modes |= r.st.modes_seen;
        orphans += r.st.axi_orphans;
        if (r.st.axi_max_inflight > inflight)
            inflight = r.st.axi_max_inflight;
    }
    trbe_dut_free(d);
    printf("%" PRIu64 " cycles, %" PRIu64 " bytes written, %" PRIu64 " write transactions (%"
           PRIu64 " error responses), %" PRIu64 " interrupts\n", cycles, written, txns, errs, irqs);
    printf("AXI: at most %u write bursts in flight, %" PRIu64 " bursts completed after a failing "
           "one\n", inflight, orphans);
    printf("%" PRIu64 " sessions (%u of the 9 mode pairs), %" PRIu64 " context switches, %" PRIu64
           " ignored writes, %" PRIu64 " register reads compared\n", sessions,
           (unsigned)__builtin_popcount(modes), ctxsw, ignored, reads);
    printf("%" PRIu64 " Detected Triggers, %" PRIu64 " flush requests, %" PRIu64 " TSB CSYNC\n",
           trigs, flushes, tsbs);
    printf("interrupts by cause: full %" PRIu64 ", wrap %" PRIu64 ", trigger-stop %" PRIu64
           ", trigger-irq %" PRIu64 ", abort %" PRIu64 ", impdef %" PRIu64 "\n", ev[0], ev[1],
           ev[2], ev[3], ev[4], ev[5]);
    if (thru && cycles)
        printf("throughput: %.2f bytes per clock written (bus %u bytes per beat)\n",
               (double)written / (double)cycles, dbytes);
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", pass, fail);
    return fail ? 1 : 0;
}
