/* Random bench of common_fifo_sr (every parameter set of fifo_sr_dut.h at
 * once): random write counts within free_o, random rd_ready, traffic that
 * changes by phases (filling, draining, balanced, full rate) and a few
 * resets.  Every clock and set it checks each element read against a C
 * queue, count_o and free_o, the read port's valid/ready rules (valid and
 * data hold while stalled) and the rate: the oldest element is valid at
 * the latest 3 + OUT_REG clocks after it was written. */
#ifndef FIFO_SR_TB_H
#define FIFO_SR_TB_H

#include <stdint.h>
#include <stdio.h>

#include "fifo_sr_dut.h"

typedef struct fifo_sr_tb_opts {
    uint64_t seed;
    uint64_t cycles;       /* clocks to run */
    unsigned set_mask;     /* bit s: drive and check set s (others idle) */
    FILE    *log;          /* the failure message also goes here; NULL: none */
} fifo_sr_tb_opts;

typedef struct fifo_sr_tb_stats {
    uint64_t written, read, resets;
    uint64_t full;             /* clocks with count_o == DEPTH */
    uint64_t empty_after_full; /* times it drained to empty after being full */
    uint64_t max_run;          /* longest run of back-to-back reads */
} fifo_sr_tb_stats;

typedef struct fifo_sr_tb_result {
    fifo_sr_tb_stats st[FIFO_SR_SETS];
    uint64_t cycles;           /* clocks run (up to the failure) */
    char msg[512];             /* the first failure, with the seed */
} fifo_sr_tb_result;

/* 0 when every check passed, 1 on the first failure (r->msg). */
int fifo_sr_tb_run(fifo_sr_dut *d, const fifo_sr_tb_opts *o, fifo_sr_tb_result *r);

#endif
