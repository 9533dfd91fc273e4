/* C interface to the Verilated Trace Buffer Unit (rtl/trbe/trbe_top.v),
 * the thin C++ shim of trbe_dut.cpp.  One shim is compiled per parameter
 * set (mk/trbe.mk) with the set's parameters as TRBE_DUT_* macros.
 *
 * trbe_dut_new returns a trbe_tb_dut (tb/trbe/rtl/trbe_pins.h) whose step
 * function runs one clock period: the inputs are applied with the clock
 * low and evaluated, the outputs sampled (what the rising edge sees), then
 * the rising edge. */
#ifndef TRBE_DUT_H
#define TRBE_DUT_H

#include <stddef.h>

#include "trbe_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A model out of nothing (all inputs low).  NULL with err on failure. */
trbe_tb_dut *trbe_dut_new(char *err, size_t errlen);
void trbe_dut_free(trbe_tb_dut *d);

/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int trbe_dut_waves(trbe_tb_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
