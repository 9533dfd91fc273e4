/* The pins of etmv1_baddr (rtl/etmv1/etmv1_baddr.v, docs/etmv1.md) as the C
 * bench sees them, and the interface to a clocked device under test.  The
 * Verilator shim (etmv1_dut.cpp) implements etmv1_tb_dut; the bench
 * (etmv1_rtl_tb.c) needs nothing else. */
#ifndef ETMV1_PINS_H
#define ETMV1_PINS_H

#include <stdint.h>

typedef struct etmv1_pins_in {
    uint8_t  rst_n;
    uint8_t  in_valid, in_thumb, in_exc, full;
    uint32_t in_addr;
    uint8_t  out_ready;
} etmv1_pins_in;

typedef struct etmv1_pins_out {
    uint8_t  in_ready, out_valid, out_cnt;
    uint64_t out_data;      /* bits [39:0] */
} etmv1_pins_out;

/* One clock period: apply in with the clock low and evaluate, store the
 * outputs (what the rising edge samples) in out, then the rising edge. */
typedef struct etmv1_tb_dut {
    void *ctx;
    void (*step)(void *ctx, const etmv1_pins_in *in, etmv1_pins_out *out);
} etmv1_tb_dut;

#endif
