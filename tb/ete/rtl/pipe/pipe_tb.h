/* The bench of ete_pipe alone (docs/ete-rtl-pipeline.md 4): a generated
 * program, its block stream (pe_blk_from_recs), the configuration of the
 * round-trip mix, random valid gaps, random pkt_ready backpressure and
 * overflow markers at random slot boundaries; every byte is compared with
 * the model's block path (ete_model_blocks, sync_lag ETE_SYNC_LAG,
 * ete_model_overflow at the markers, ete_model_finish). */
#ifndef PIPE_TB_H
#define PIPE_TB_H

#include <stdint.h>
#include <stdio.h>

#include "ete_roundtrip.h"

/* ete_rt_config's configurations, then three with comparators inside runs
 * (tests/ete/test_ete_model_block.c), then one with the program moved so that
 * a run crosses a 4 MiB boundary and a stop comparator 4 MiB below one of
 * its instructions (S2's in-range compare must not take C + 2^22 for C) */
enum {
    PIPE_TB_RANGE_MID = ETE_RT_NUM_CONFIGS,
    PIPE_TB_SS_MID,
    PIPE_TB_MID_ALL,
    PIPE_TB_SS_ALIAS4M,
    PIPE_TB_NUM_CONFIGS
};
const char *pipe_tb_config_name(unsigned config);

typedef struct pipe_tb_opts {
    uint64_t seed;
    int config;            /* ETE_RT_*, PIPE_TB_*; -1: seed % PIPE_TB_NUM_CONFIGS */
    uint64_t records;      /* program records */
    unsigned max_insns;    /* block derivation cap (0: merged runs) */
    double idle;           /* chance of a clock without a new entry */
    double backpressure;   /* chance of pkt_ready low */
    double markers;        /* chance of an overflow marker before a slot */
    int throughput;        /* no gaps, backpressure or markers: the rates */
    int branches;          /* a branch-only program (progen_branches): every
                              instruction a P0 element, one per entry */
    const char *waves;     /* FST file, or NULL */
    const char *prog;      /* the bench binary, for the replay command */
} pipe_tb_opts;

typedef struct pipe_tb_result {
    unsigned config;
    uint64_t entries, markers, p0, bytes, cycles, feed_cycles;
    double ent_per_clk, p0_per_clk;
    char msg[512];
} pipe_tb_result;

void pipe_tb_opts_default(pipe_tb_opts *o);
/* One run: 0 when byte-exact, -1 with res->msg (and the details on log). */
int pipe_tb_run(const pipe_tb_opts *o, pipe_tb_result *res, FILE *log);
/* The configurations the bench runs (every ete_rt_config). */
int pipe_tb_config_supported(unsigned config);

#endif
