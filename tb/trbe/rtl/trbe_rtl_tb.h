/* TRBE RTL bench (docs/trbe.md, "Bench"): one run drives trbe_top with a
 * random trace byte stream (random beat sizes and valid gaps), random
 * Detected Triggers, a trace unit that completes flushes after a random
 * delay, random TSB CSYNCs, and an AXI slave with random backpressure,
 * latency and (on chosen runs) error responses: SLVERR, DECERR and wrong BIDs; a PE programs the unit
 * with the driver (sw/trbe): sessions in every trace buffer and trigger
 * mode, interrupt handling and restarts, context switches, and writes the
 * architecture says are ignored while enabled.  The model (model/trbe) is
 * fed the same bytes, events and register accesses in the order the RTL
 * took them.  A run passes when every register read with the unit
 * disabled, the final registers, the list of write transactions and the
 * memory image agree. */
#ifndef TRBE_RTL_TB_H
#define TRBE_RTL_TB_H

#include <stdint.h>
#include <stdio.h>

#include "trbe_pins.h"

typedef struct trbe_tb_opts {
    uint64_t seed;
    uint64_t bytes;         /* trace bytes the trace unit offers (0: 20000) */
    int      fill_mode;     /* enum trbe_fm, or -1: random per session */
    int      trig_mode;     /* enum trbe_tm, or -1: random per session */
    int      errors;        /* -1: error responses on every third seed; 0 never; 1 always */
    int      verbose;       /* 1: one line per session and interrupt */
    int      throughput;    /* 1: measure instead of stress: no valid gaps, no events,
                             * always-ready AXI with b_latency, one Circular Buffer
                             * session, no context switches (still compared) */
    unsigned b_latency;     /* throughput runs: clocks from WLAST to BVALID */
    FILE    *log;           /* messages (NULL: stderr) */
} trbe_tb_opts;

typedef struct trbe_tb_stats {
    uint64_t cycles;
    uint64_t bytes_offered;
    uint64_t bytes_written;     /* by the model: bytes that reached memory */
    uint64_t txns, txn_errors;
    uint64_t axi_orphans;       /* bursts completed after a failing one (not compared) */
    unsigned axi_max_inflight;  /* most write bursts outstanding at once */
    uint64_t sessions, irqs, ctx_switches, ignored_writes, rogue_sessions;
    uint64_t ev_full, ev_wrap, ev_trig_stop, ev_trig_irq, ev_abort, ev_impdef;
    uint64_t tsbs, triggers, flushes, flush_reqs;
    uint64_t reads_compared;
    unsigned modes_seen;        /* bit fm*4+tm for each session mode used */
} trbe_tb_stats;

typedef struct trbe_tb_result {
    int  pass;
    char msg[768];          /* the first mismatch or error */
    trbe_tb_stats st;
} trbe_tb_result;

/* One run.  Returns 0 when it passed, 1 on a mismatch (r->msg, with the
 * details and context printed to opts->log). */
int trbe_tb_run(const trbe_tb_dut *dut, const trbe_tb_opts *opts, trbe_tb_result *r);

/* The same set of defaults the command line starts from. */
void trbe_tb_opts_default(trbe_tb_opts *o);

#endif
