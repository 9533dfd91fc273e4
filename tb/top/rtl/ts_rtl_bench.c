/* ts-rtl-bench-<set>: the Verilator bench of the trace subsystem
 * (rtl/top/trace_subsystem.v) for one parameter set: runs tb/top/rtl/ts_rtl_tb.h
 * for one seed or a range of them (--seeds N), one line per seed, and
 * ends with "N passed, N failed".  docs/trace-subsystem.md, "Bench". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_roundtrip.h"
#include "harness.h"
#include "progen.h"
#include "trbe_regs.h"
#include "ts_dut.h"
#include "ts_rtl_tb.h"

static int parse_name(const char *s, const char *const *names, unsigned n, unsigned *out)
{
    for (unsigned i = 0; i < n; i++) {
        if (names[i] && strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    return -1;
}

static int config_index(const char *name)
{
    for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
        if (strcmp(name, ete_rt_config_name(c)) == 0)
            return (int)c;
    return -1;
}

static void progress(void *ctx, uint64_t done, uint64_t total, uint64_t cycles)
{
    (void)ctx;
    fprintf(stderr, "  %" PRIu64 " of %" PRIu64 " records, %" PRIu64 " clocks\n", done, total,
            cycles);
}

int main(int argc, char **argv)
{
    char err[512];
    ts_tb_dut *d = ts_dut_new(err, sizeof err);
    if (!d) {
        fprintf(stderr, "ts-rtl-bench: %s\n", err);
        return 1;
    }
    char prog[64];
    snprintf(prog, sizeof prog, "ts-rtl-bench-%s", d->params.set);

    uint64_t seed = 0, nseeds = 1, records = 20000, buf_kb = 0;
    const char *workload = NULL, *config = NULL, *fm = NULL, *tm = NULL, *waves = NULL;
    double idle = -1.0, bp = -1.0;
    int seed_given = 0, spe = 0, no_spe = 0, brbe = 0, no_brbe = 0, no_stall = 0, verbose = 0;
    const harness_opt opts[] = {
        {"--seed", HARNESS_OPT_SEED, &seed, "S", "seed (decimal, 0x hex or 'random'; default "
         "random); with --seeds the first seed", 0, 0, &seed_given},
        {"--seeds", HARNESS_OPT_U64, &nseeds, "N", "regression: N seeds from S, one line each "
         "(default 1)", 1, 0, NULL},
        {"--records", HARNESS_OPT_U64, &records, "N", "PE records per seed from the random "
         "program generator, or the first N of --workload (default 20000; 0: the whole "
         "workload)", 0, 0, NULL},
        {"--workload", HARNESS_OPT_STR, &workload, "FILE", "a PE stream file (.pe) instead of "
         "the generator", 0, 0, NULL},
        {"--config", HARNESS_OPT_STR, &config, "NAME", "ETE configuration of tb/ete's round "
         "trip (default: seed % count): plain rs bb cci ts ctxt filter-el filter-range "
         "filter-startstop events all overflow", 0, 0, NULL},
        {"--fill-mode", HARNESS_OPT_STR, &fm, "M", "TRBE mode fill, wrap or circular "
         "(default: from the seed)", 0, 0, NULL},
        {"--trig-mode", HARNESS_OPT_STR, &tm, "M", "TRBE trigger mode stop, irq or ignore; "
         "stop and irq get one Detected Trigger (default: from the seed)", 0, 0, NULL},
        {"--buf-kb", HARNESS_OPT_U64, &buf_kb, "K", "trace buffer size in KB, a multiple of 4 "
         "(default: from the seed, 4 KB to 1 MB)", 4, 262144, NULL},
        {"--spe", HARNESS_OPT_FLAG, &spe, NULL, "profile with SPE on every seed (default: "
         "seeds 1 and 2 mod 4)", 0, 0, NULL},
        {"--no-spe", HARNESS_OPT_FLAG, &no_spe, NULL, "never program SPE", 0, 0, NULL},
        {"--brbe", HARNESS_OPT_FLAG, &brbe, NULL, "record branches with BRBE on every seed "
         "(default: seeds 2 and 3 mod 4)", 0, 0, NULL},
        {"--no-brbe", HARNESS_OPT_FLAG, &no_brbe, NULL, "never program BRBE", 0, 0, NULL},
        {"--idle", HARNESS_OPT_PROB, &idle, "P", "chance of a clock without PE records "
         "(default: from the seed)", 0, 0, NULL},
        {"--backpressure", HARNESS_OPT_PROB, &bp, "P", "chance that AWREADY or WREADY is low "
         "in a clock (default: from the seed)", 0, 0, NULL},
        {"--no-stall", HARNESS_OPT_FLAG, &no_stall, NULL, "the PE ignores pe_stall_o "
         "(records may be dropped)", 0, 0, NULL},
        {"--waves", HARNESS_OPT_STR, &waves, "FILE", "FST waves (one seed only)", 0, 0, NULL},
        {"--verbose", HARNESS_OPT_FLAG, &verbose, NULL, "progress every 64k records", 0, 0,
         NULL},
    };
    const size_t nopts = sizeof opts / sizeof opts[0];
    int pr = harness_args_parse(argc, argv, opts, nopts, err, sizeof err);
    if (pr != 0) {
        if (pr < 0)
            fprintf(stderr, "%s: %s\n", prog, err);
        harness_args_usage(pr < 0 ? stderr : stdout, prog, "[options]", opts, nopts);
        ts_dut_free(d);
        return pr < 0 ? 2 : 0;
    }
    if (!seed_given)
        harness_seed_parse(NULL, &seed, err, sizeof err);
    static const char *const fms[] = {"fill", "wrap", NULL, "circular"};
    static const char *const tms[] = {"stop", "irq", NULL, "ignore"};
    unsigned fm_v = 0, tm_v = 0;
    const char *bad = NULL;
    int cfg = -1;
    if (fm && parse_name(fm, fms, 4, &fm_v) != 0)
        bad = "--fill-mode takes fill, wrap or circular";
    else if (tm && parse_name(tm, tms, 4, &tm_v) != 0)
        bad = "--trig-mode takes stop, irq or ignore";
    else if (config && (cfg = config_index(config)) < 0)
        bad = "unknown --config";
    else if ((spe && no_spe) || (brbe && no_brbe))
        bad = "--spe with --no-spe, or --brbe with --no-brbe";
    else if (buf_kb % 4u != 0)
        bad = "--buf-kb must be a multiple of 4";
    else if (waves && nseeds != 1)
        bad = "--waves writes one file: use it with one seed";
    else if (seed > UINT64_MAX - nseeds)
        bad = "--seed + --seeds overflows 64 bits";
    if (bad) {
        fprintf(stderr, "%s: %s\n", prog, bad);
        ts_dut_free(d);
        return 2;
    }
    pe_stream wl;
    pe_stream_init(&wl);
    if (workload && pe_stream_read(&wl, workload, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        ts_dut_free(d);
        return 2;
    }

    harness_seed_print(stdout, prog, seed);
    const ts_tb_params *P = &d->params;
    printf("%s: RETIRE_WIDTH %u, OUT_BYTES %u, DATA_W %u, BURST_BEATS %u, AXI IDs TRBE %u SPE %u, "
           "ETE COMMOPT %u, SPE serializer %u, BRBE NUMREC %u serializer %u\n", prog,
           P->retire_width, P->out_bytes, 8u * P->data_bytes, P->burst_beats, P->trbe_axi_id,
           P->spe_axi_id, P->ete_commopt, P->spe_ser_depth, P->brbe_numrec, P->brbe_ser_depth);
    fflush(stdout);

    uint64_t pass = 0, fail = 0, tot_rec = 0, tot_cyc = 0, tot_bytes = 0, tot_stall = 0;
    uint64_t tot_drop = 0, tot_bursts = 0, tot_spe = 0, tot_brbe = 0, tot_flush = 0;
    uint64_t tot_wrap = 0, tot_svc = 0, tot_tog = 0, tot_peek = 0;
    double tot_sec = 0;
    for (uint64_t i = 0; i < nseeds; i++) {
        uint64_t s = seed + i;
        harness_rng g;
        harness_rng_init(&g, s, 0x42454E43ull);
        pe_stream gen, *ps = &wl;
        pe_stream_init(&gen);
        if (!workload) {
            progen_cfg pc;
            progen_cfg_default(&pc, s);
            pc.n_records = records ? records : 20000;
            if (progen_generate(&pc, &gen, err, sizeof err) != 0) {
                printf("seed %" PRIu64 " ERROR: progen: %s\n", s, err);
                fail++;
                continue;
            }
            ps = &gen;
        }
        pe_stream view = *ps;
        if (workload && records && records < view.nrec)
            view.nrec = (size_t)records;

        ts_tb_opts o;
        ts_tb_opts_default(&o);
        o.seed = s;
        unsigned c = cfg >= 0 ? (unsigned)cfg : (unsigned)(s % ETE_RT_NUM_CONFIGS);
        ete_params ep;
        ete_rt_config(c, s, &view, &ep, &o.ete);
        static const unsigned fmv[] = {TRBE_FM_FILL, TRBE_FM_WRAP, TRBE_FM_CBUF};
        static const unsigned tmv[] = {TRBE_TM_STOP, TRBE_TM_IRQ, TRBE_TM_IGNR};
        o.trbe_fill_mode = fm ? fm_v : fmv[harness_rng_below(&g, 3)];
        o.trbe_trig_mode = tm ? tm_v : tmv[harness_rng_below(&g, 3)];
        unsigned pick = (unsigned)harness_rng_below(&g, 10);
        o.buf_size = buf_kb ? buf_kb * 1024u
                   : pick < 4 ? 4096u * harness_rng_range(&g, 1, 3)       /* fills, wraps */
                   : pick < 7 ? 4096u * harness_rng_range(&g, 4, 16)
                              : 1024u * 1024u;
        double b = bp >= 0 ? bp : (harness_rng_chance(&g, 0.3) ? 0.0 : 0.7 * harness_rng_unit(&g));
        o.p_awready = 1.0 - (b > 0.95 ? 0.95 : b);
        o.p_wready = o.p_awready;
        o.b_lat_min = (unsigned)harness_rng_below(&g, 4);
        o.b_lat_max = o.b_lat_min + (unsigned)harness_rng_below(&g, 24);
        o.pe_idle = idle >= 0 ? (idle > 0.99 ? 0.99 : idle) : 0.5 * harness_rng_unit(&g);
        o.stall = !no_stall;
        o.spe = spe ? 1 : no_spe ? 0 : (s % 4u == 1u || s % 4u == 2u);
        o.brbe = brbe ? 1 : no_brbe ? 0 : (s % 4u == 2u || s % 4u == 3u);
        o.waves = waves;
        o.log = stdout;
        if (verbose)
            o.progress = progress;

        ts_tb_result r;
        int rc = ts_tb_run(d, &o, &view, &r);
        printf("seed %" PRIu64 " %s config=%s fill=%s trig=%s buf=%" PRIu64 "KB%s%s%s "
               "records=%" PRIu64 " dropped=%" PRIu64 " stall=%" PRIu64 " cycles=%" PRIu64
               " trace=%zu bursts=%" PRIu64 " flushes=%" PRIu64 " wraps=%" PRIu64
               " spe_records=%" PRIu64 " spe_events=%" PRIu64 " brbe_read=%" PRIu64
               " %s (%.2f s)%s%s\n", s, P->set, ete_rt_config_name(c), fms[o.trbe_fill_mode],
               tms[o.trbe_trig_mode], o.buf_size / 1024u, o.spe ? " spe" : "",
               o.brbe ? " brbe" : "", o.stall ? "" : " no-stall", r.records, r.dropped,
               r.stall_cycles, r.cycles, r.ntrace, r.axi_bursts, r.trbe_flushes, r.trbe_wraps,
               r.spe_records, r.spe_services + r.spe_toggles, r.brbe_records_read,
               rc == 0 ? "PASS" : "FAIL", r.seconds, rc ? ": " : "", rc ? r.msg : "");
        fflush(stdout);
        if (rc == 0)
            pass++;
        else
            fail++;
        tot_rec += r.records;
        tot_cyc += r.cycles;
        tot_bytes += r.ntrace;
        tot_stall += r.stall_cycles;
        tot_drop += r.dropped;
        tot_bursts += r.axi_bursts;
        tot_spe += r.spe_records;
        tot_brbe += r.brbe_records_read;
        tot_flush += r.trbe_flushes;
        tot_wrap += r.trbe_wraps;
        tot_svc += r.spe_services;
        tot_tog += r.spe_toggles;
        tot_peek += r.brbe_peeks;
        tot_sec += r.seconds;
        ts_tb_result_free(&r);
        pe_stream_free(&gen);
        /* a fresh device per seed: the previous run's state must not leak */
        if (i + 1 < nseeds) {
            ts_dut_free(d);
            d = ts_dut_new(err, sizeof err);
            if (!d) {
                fprintf(stderr, "%s: %s\n", prog, err);
                pe_stream_free(&wl);
                return 1;
            }
            P = &d->params;
        }
    }
    ts_dut_free(d);
    pe_stream_free(&wl);
    if (nseeds > 1) {
        printf("%" PRIu64 " records, %" PRIu64 " clocks (%.0f clocks/s), %" PRIu64 " trace bytes, "
               "%" PRIu64 " dropped, %" PRIu64 " stall clocks, %" PRIu64 " AXI bursts\n",
               tot_rec, tot_cyc, tot_sec > 0 ? (double)tot_cyc / tot_sec : 0.0, tot_bytes,
               tot_drop, tot_stall, tot_bursts);
        printf("TRBE: %" PRIu64 " flushes, %" PRIu64 " wraps; SPE: %" PRIu64 " records, %" PRIu64
               " PMBIRQ services, %" PRIu64 " PMBLIMITR_EL1.E switches; BRBE: %" PRIu64
               " records read at the end, %" PRIu64 " mid-run peeks\n", tot_flush, tot_wrap,
               tot_spe, tot_svc, tot_tog, tot_brbe, tot_peek);
    }
    printf("%" PRIu64 " passed, %" PRIu64 " failed\n", pass, fail);
    return fail ? 1 : 0;
}
