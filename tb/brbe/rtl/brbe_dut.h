/* C interface to the Verilated BRBE unit (rtl/brbe/brbe_top.v), the thin
 * C++ shim of brbe_dut.cpp, compiled once per parameter set (mk/brbe.mk)
 * with the set's parameters as BRBE_DUT_* macros. */
#ifndef BRBE_DUT_H
#define BRBE_DUT_H

#include <stddef.h>

#include "brbe_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A model out of nothing (all inputs low).  NULL with err on failure. */
brbe_tb_dut *brbe_dut_new(char *err, size_t errlen);
void brbe_dut_free(brbe_tb_dut *d);
/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int brbe_dut_waves(brbe_tb_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
