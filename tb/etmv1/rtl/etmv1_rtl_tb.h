/* etmv1_baddr RTL bench (docs/etmv1.md, "RTL bench"): one run drives the
 * Verilated etmv1_baddr and the C model (model/etmv1) side by side with a
 * random branch stream (local targets, jumps, repeats, state changes,
 * exception branches, forced full addresses, resets with packets in
 * flight), random gaps on the input valid and random backpressure on the
 * output ready; every packet is compared byte for byte, with its count, and
 * the output's hold rule is checked every clock. */
#ifndef ETMV1_RTL_TB_H
#define ETMV1_RTL_TB_H

#include <stdint.h>
#include <stdio.h>

#include "etmv1_pins.h"

typedef struct etmv1_rtl_opts {
    uint64_t seed;
    uint64_t branches;      /* branches offered (0: 20000) */
    double   p_valid;       /* chance in_valid_i is offered when a branch waits */
    double   p_ready;       /* chance out_ready_i is high */
    FILE    *log;           /* messages (NULL: stderr) */
    int      verbose;
} etmv1_rtl_opts;

typedef struct etmv1_rtl_result {
    uint64_t branches;      /* taken by the device */
    uint64_t packets;       /* compared */
    uint64_t bytes;
    uint64_t by_len[6];
    uint64_t e_bits, thumb, forced, resets, dropped, holds, in_stalls;
    uint64_t cycles;
    char msg[4000];         /* first difference, with context */
} etmv1_rtl_result;

void etmv1_rtl_opts_default(etmv1_rtl_opts *o);
/* One run against a freshly created device (reset low).  Returns 0 when
 * everything matched, 1 on a difference (r->msg). */
int etmv1_rtl_run(const etmv1_tb_dut *dut, const etmv1_rtl_opts *o, etmv1_rtl_result *r);

#endif
