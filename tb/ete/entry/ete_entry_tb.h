/* Random bench of ete_entry (every parameter set of ete_entry_dut.h at
 * once) against a C reference of the admission rules of
 * docs/ete-rtl.md ("Timing rules the contract leaves to the RTL") and the
 * stamps of rtl/ete/ete_entry.v: random slot patterns (full rate, bursts,
 * idle gaps, random counts, a PE honouring pe_stall_o), random ent_ready,
 * sessions (start, Running, drain to empty_o) with random TRCSTALLCTLR, and
 * a few resets.  Every clock and set it checks pe_drop_o, pe_stall_o and
 * empty_o, and every entry taken from the stream (fields, cycle stamp,
 * timestamp, markers at their place) against the reference's queue; an
 * honouring PE must never see a drop, and an entry held must reach the
 * stream within 3 + OUT_REG clocks while the stream is not stalled. */
#ifndef ETE_ENTRY_TB_H
#define ETE_ENTRY_TB_H

#include <stdint.h>
#include <stdio.h>

#include "ete_entry_dut.h"

typedef struct ete_entry_tb_opts {
    uint64_t seed;
    uint64_t cycles;       /* clocks to run */
    unsigned set_mask;     /* bit s: drive and check set s (others idle) */
    uint64_t first_gap;    /* clocks of the first session without slots (0: random);
                              more than 2^21 reaches the stamp's saturation */
    FILE    *log;          /* the failure message also goes here; NULL: none */
} ete_entry_tb_opts;

typedef struct ete_entry_tb_stats {
    uint64_t slots_presented, slots_accepted, slots_dropped;
    uint64_t drop_clocks, markers, entries;   /* entries: taken from the stream and compared */
    uint64_t sessions, honest_sessions, honest_slots, stall_clocks, resets;
    uint64_t full_clocks;       /* clocks presenting RETIRE_WIDTH slots */
    uint64_t cyc_saturated;     /* entries stamped 2^21 - 1 */
    uint64_t cyc_max;           /* largest stamp below the saturation */
} ete_entry_tb_stats;

typedef struct ete_entry_tb_result {
    ete_entry_tb_stats st[ETE_ENTRY_SETS];
    uint64_t cycles;           /* clocks run (up to the failure) */
    char msg[640];             /* the first failure, with the seed */
} ete_entry_tb_result;

/* 0 when every check passed, 1 on the first failure (r->msg). */
int ete_entry_tb_run(ete_entry_dut *d, const ete_entry_tb_opts *o, ete_entry_tb_result *r);

#endif
