/* C interface to the Verilated bench top of common_fifo_sr
 * (tb/common/rtl/fifo_sr_tb_top.v: one instance per parameter set, side by
 * side, sharing clock and reset), the thin C++ shim of fifo_sr_dut.cpp. */
#ifndef FIFO_SR_DUT_H
#define FIFO_SR_DUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The parameter sets, in instance order; fifo_sr_tb_top.v has the same
 * table (WIDTH <= 40, WR_N <= 4, DEPTH <= 64). */
#define FIFO_SR_SETS 9
typedef struct fifo_sr_set {
    const char *name;
    unsigned wr_n, depth, width, out_reg;
} fifo_sr_set;
extern const fifo_sr_set fifo_sr_sets[FIFO_SR_SETS];

/* One set's inputs for a clock and its (registered) outputs after it. */
typedef struct fifo_sr_in {
    unsigned wr_cnt;       /* elements written, lanes 0 .. wr_cnt-1 */
    uint64_t wr_data[4];   /* lane i */
    int      rd_ready;
} fifo_sr_in;

typedef struct fifo_sr_out {
    int      rd_valid;
    uint64_t rd_data;
    unsigned count, free;
    unsigned free_ge;      /* free_ge_o: bit l-1 is free_o >= l */
} fifo_sr_out;

typedef struct fifo_sr_dut fifo_sr_dut;

/* A model out of nothing (all inputs low).  NULL with err on failure. */
fifo_sr_dut *fifo_sr_dut_new(char *err, size_t errlen);
void fifo_sr_dut_free(fifo_sr_dut *d);

/* One clock: apply rst_n and every set's inputs with the clock low,
 * evaluate, rising edge. */
void fifo_sr_dut_step(fifo_sr_dut *d, int rst_n, const fifo_sr_in in[FIFO_SR_SETS]);

/* Every set's outputs now (after the last rising edge). */
void fifo_sr_dut_sample(fifo_sr_dut *d, fifo_sr_out out[FIFO_SR_SETS]);

/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int fifo_sr_dut_waves(fifo_sr_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
