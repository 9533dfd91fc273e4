/* BRBE RTL bench (docs/brbe-rtl.md, "Bench"): one run drives brbe_top and
 * the C model (model/brbe) side by side with a random PE stream
 * (progen_generate, with Debug state entries inserted), random register
 * programming (BRBCR_EL1/EL2 enables, CC, MPRED, EXCEPTION, ERTN, FZP, TS;
 * BRBFCR_EL1 filters, EnI, PAUSED, BANK; BRBTS; the injection registers),
 * PMU overflow pulses, BRB IALL and BRB INJ at random points and a random
 * environment.  Every access's status is compared as it happens; at random
 * points and at the end a read sequence reads every register and every
 * record of every bank through the port and compares each value with
 * brbe_model_read.  The BRB_FILTERATE count on pmu_event_o is summed every
 * clock and compared with the model's captured records at every read
 * sequence and at the end. */
#ifndef BRBE_RTL_TB_H
#define BRBE_RTL_TB_H

#include <stdint.h>
#include <stdio.h>

#include "brbe_pins.h"

typedef struct brbe_rtl_opts {
    uint64_t seed;
    uint64_t records;       /* PE records of the generated stream (0: 20000) */
    int      eret_reset;    /* a PE Warm reset after a quarter of the inserted ERETs */
    int      long_gaps;     /* 2^20 to 2^21 idle cycles before 1 record in 500 */
    FILE    *log;           /* messages (NULL: stderr) */
    int      verbose;
} brbe_rtl_opts;

typedef struct brbe_rtl_result {
    uint64_t pe_records;    /* records fed to both */
    uint64_t skipped;       /* records the model rejects (not fed to the RTL) */
    uint64_t cycles;
    uint64_t accesses;      /* port requests (all kinds) */
    uint64_t compared;      /* read values compared */
    uint64_t sequences;     /* full read sequences */
    uint64_t freezes, iall, inj;
    uint64_t filterate;     /* BRB_FILTERATE occurrences counted on pmu_event_o */
    uint64_t filterate_two; /* clocks with two occurrences */
    uint64_t ev_checks;     /* counts compared with the model's */
    uint64_t by_type[64];   /* valid records read through the port, per TYPE */
    uint64_t by_valid[4];   /* ... per VALID */
    uint64_t can_type[64];  /* stream events that produce each TYPE */
    char msg[12000];         /* first difference, with context */
} brbe_rtl_result;

void brbe_rtl_opts_default(brbe_rtl_opts *o);
/* One run against a freshly created device.  Returns 0 when everything
 * matched, 1 on a difference (r->msg), -1 on a bench error (r->msg). */
int brbe_rtl_run(const brbe_tb_dut *dut, const brbe_rtl_opts *o, brbe_rtl_result *r);

#endif
