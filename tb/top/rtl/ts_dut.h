/* C interface to the Verilated trace subsystem (rtl/top/trace_subsystem.v),
 * the thin C++ shim of ts_dut.cpp.  One shim is compiled per parameter set
 * (mk/top.mk) with the set's parameters as TS_DUT_* macros.
 *
 * ts_dut_new returns a ts_tb_dut (tb/top/rtl/ts_pins.h) whose step function
 * runs one clock period: the inputs are applied with the clock low and
 * evaluated, the outputs sampled (what the rising edge sees), then the
 * rising edge. */
#ifndef TS_DUT_H
#define TS_DUT_H

#include <stddef.h>

#include "ts_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A device out of nothing (all inputs low, in reset).  NULL with err on
 * failure. */
ts_tb_dut *ts_dut_new(char *err, size_t errlen);
void ts_dut_free(ts_tb_dut *d);

/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int ts_dut_waves(ts_tb_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
