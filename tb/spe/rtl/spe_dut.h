/* C interface to the Verilated SPE unit (rtl/spe/spe_top.v), the thin C++
 * shim of spe_dut.cpp, compiled once per parameter set (mk/spe_rtl.mk)
 * with the set's parameters as SPE_DUT_* macros. */
#ifndef SPE_DUT_H
#define SPE_DUT_H

#include <stddef.h>

#include "spe_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A model out of nothing (all inputs low).  NULL with err on failure. */
spe_tb_dut *spe_dut_new(char *err, size_t errlen);
void spe_dut_free(spe_tb_dut *d);

/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int spe_dut_waves(spe_tb_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
