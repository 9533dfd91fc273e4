/* pipe-bench: the ete_pipe Verilator bench (tb/ete/rtl/pipe/pipe_tb.h).
 *
 *   pipe-bench [--seed S] [--seeds N] [--config C] [--records R]
 *              [--max-insns W] [--idle P] [--backpressure P] [--markers P]
 *              [--throughput] [--branches] [--waves FILE]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ete_roundtrip.h"
#include "harness.h"
#include "pipe_dut.h"
#include "pipe_tb.h"

int main(int argc, char **argv)
{
    pipe_tb_opts o;
    pipe_tb_opts_default(&o);
    uint64_t seeds = 1, config = PIPE_TB_NUM_CONFIGS, records = o.records, maxi = 0;
    int tput = 0, all = 0, br = 0;
    const char *waves = NULL;
    harness_opt opts[] = {
        {"--seed", HARNESS_OPT_SEED, &o.seed, "S", "first seed (or random)", 0, 0, NULL},
        {"--seeds", HARNESS_OPT_U64, &seeds, "N", "seeds S .. S+N-1", 1, 0, NULL},
        {"--config", HARNESS_OPT_U64, &config, "C",
         "configuration: ete_rt_config 0..11, range-mid 12, startstop-mid 13, mid-all 14, startstop-alias4m 15 (default: seed % 16)", 0, PIPE_TB_NUM_CONFIGS, NULL},
        {"--all-configs", HARNESS_OPT_FLAG, &all, NULL, "every supported configuration per seed",
         0, 0, NULL},
        {"--records", HARNESS_OPT_U64, &records, "R", "program records", 1, 0, NULL},
        {"--max-insns", HARNESS_OPT_U64, &maxi, "W", "run cap of the block derivation", 0, 64,
         NULL},
        {"--idle", HARNESS_OPT_PROB, &o.idle, "P", "chance of a clock without an entry", 0, 0,
         NULL},
        {"--backpressure", HARNESS_OPT_PROB, &o.backpressure, "P", "chance of pkt_ready low", 0,
         0, NULL},
        {"--markers", HARNESS_OPT_PROB, &o.markers, "P", "chance of an overflow marker per slot",
         0, 0, NULL},
        {"--throughput", HARNESS_OPT_FLAG, &tput, NULL,
         "no gaps, backpressure or markers: print the rates", 0, 0, NULL},
        {"--branches", HARNESS_OPT_FLAG, &br, NULL,
         "branch-only programs (progen_branches): one P0 element per entry", 0, 0, NULL},
        {"--waves", HARNESS_OPT_STR, &waves, "FILE", "FST waves of the (last) run", 0, 0, NULL},
    };
    size_t nopts = sizeof opts / sizeof opts[0];
    char err[256];
    int a = harness_args_parse(argc, argv, opts, nopts, err, sizeof err);
    if (a) {
        if (a < 0)
            fprintf(stderr, "pipe-bench: %s\n", err);
        harness_args_usage(a < 0 ? stderr : stdout, "pipe-bench", "[options]", opts, nopts);
        return a < 0 ? 2 : 0;
    }
    pipe_dut_params dp;
    pipe_dut_params_get(&dp);
    harness_seed_print(stdout, "pipe-bench", o.seed);
    o.records = records;
    o.max_insns = (unsigned)maxi;
    o.throughput = tput;
    o.branches = br;
    o.waves = waves;
    o.prog = argv[0];
    uint64_t runs = 0, fails = 0, ent = 0, bytes = 0, p0 = 0, fc = 0;
    for (uint64_t k = 0; k < seeds; k++) {
        for (unsigned c = 0; c < PIPE_TB_NUM_CONFIGS; c++) {
            pipe_tb_opts x = o;
            x.seed = o.seed + k;
            if (all)
                x.config = (int)c;
            else if (config < PIPE_TB_NUM_CONFIGS)
                x.config = (int)config;
            else
                x.config = (int)(x.seed % PIPE_TB_NUM_CONFIGS);
            if (!pipe_tb_config_supported((unsigned)x.config)) {
                if (!all)
                    printf("seed %" PRIu64 " config %s: not supported\n", x.seed,
                           pipe_tb_config_name((unsigned)x.config));
            } else {
                pipe_tb_result res;
                int rc = pipe_tb_run(&x, &res, stdout);
                runs++;
                printf("seed %" PRIu64 " config %-16s max_insns %u: %s  entries %" PRIu64
                       " markers %" PRIu64 " bytes %" PRIu64 "  %.3f entries/clk %.3f P0/clk\n",
                       x.seed, pipe_tb_config_name(res.config), x.max_insns,
                       rc ? res.msg : "ok", res.entries, res.markers, res.bytes,
                       res.ent_per_clk, res.p0_per_clk);
                if (rc)
                    fails++;
                ent += res.entries;
                bytes += res.bytes;
                p0 += res.p0;
                fc += res.feed_cycles;
            }
            if (!all)
                break;
        }
    }
    printf("pipe-bench %s: %" PRIu64 " runs, %" PRIu64 " failed, %" PRIu64 " entries, %" PRIu64
           " bytes compared; %.3f entries/clk, %.3f P0/clk\n", dp.set, runs, fails, ent, bytes,
           fc ? (double)ent / (double)fc : 0.0, fc ? (double)p0 / (double)fc : 0.0);
    return fails ? 1 : 0;
}
