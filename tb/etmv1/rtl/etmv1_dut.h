/* C interface to the Verilated etmv1_baddr (rtl/etmv1/etmv1_baddr.v), the
 * thin C++ shim of etmv1_dut.cpp. */
#ifndef ETMV1_DUT_H
#define ETMV1_DUT_H

#include <stddef.h>

#include "etmv1_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A device out of nothing (reset low).  NULL with err on failure. */
etmv1_tb_dut *etmv1_dut_new(char *err, size_t errlen);
void etmv1_dut_free(etmv1_tb_dut *d);
/* Waves to an FST file (path NULL: stop).  0, or -1 with err. */
int etmv1_dut_waves(etmv1_tb_dut *d, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
