/* SPE RTL bench (docs/spe-rtl.md, "Bench"): one run drives spe_top and the
 * C model (model/spe) side by side with a random PE stream (progen), random
 * programming of PMSCR_EL1/EL2, PMSFCR_EL1, PMSEVFR_EL1, PMSLATFR_EL1,
 * PMSIRR_EL1 (small intervals), a random buffer placement and PE controls,
 * random AXI backpressure and response latency, PSB CSYNC at random points,
 * and on some seeds AXI error responses at 4 KB boundaries inside the
 * buffer (external aborts, injected into the model at the same address).
 * On even seeds the bench waits for the unit after every record and
 * compares PMBPTR_EL1, PMBSR_EL1, PMSICR_EL1, PMBIRQ and the SError flag;
 * on odd seeds records go back to back (the unit's backpressure only) and
 * the comparison is made every 16 records.  The memory image is compared
 * at every buffer service (the bench plays the buffer-full handler) and at
 * the end; every register is compared at the end.  The pulses of
 * pmu_event_o and cti_trig_o are counted every clock and compared with the
 * model's counters (SAMPLE_POP, SAMPLE_FEED, SAMPLE_FILTRATE,
 * SAMPLE_COLLISION; records written for the CTI trigger) at every register
 * comparison and at the end.  The AXI slave's response latency is drawn per
 * run (B 0..7 clocks, or up to 40 on a quarter of the runs), so records
 * complete at random times relative to the PE stream. */
#ifndef SPE_RTL_TB_H
#define SPE_RTL_TB_H

#include <stdint.h>
#include <stdio.h>

#include "spe_pins.h"

typedef struct spe_rtl_opts {
    uint64_t seed;
    uint64_t records;       /* PE records of the generated stream (0: 20000) */
    FILE    *log;           /* messages (NULL: stderr) */
    int      verbose;
} spe_rtl_opts;

typedef struct spe_rtl_result {
    uint64_t pe_records;    /* records fed to both */
    uint64_t cycles;
    uint64_t compared;      /* register values compared */
    uint64_t bytes;         /* bytes the model wrote (all services) */
    uint64_t written;       /* records the model wrote */
    uint64_t services;      /* buffer-full services */
    uint64_t aborts;        /* AXI error responses given */
    uint64_t mgmt;          /* management events of the model */
    uint64_t full;          /* buffer-full events seen (PMBSR_EL1.S, EC 0, BSC 1) */
    uint64_t collisions;    /* sample collisions of the model (PMBSR_EL1.COLL sources) */
    uint64_t bursts;        /* AXI bursts */
    uint64_t inflight_max;  /* most samples in flight in the model after a record */
    uint64_t ev[SPE_EV_N];  /* pmu_event_o pulses counted (SPE_EV_* order) */
    uint64_t cti;           /* cti_trig_o pulses counted */
    uint64_t ev_checks;     /* event counts compared with the model's counters */
    char msg[4096];         /* first difference, with context */
} spe_rtl_result;

void spe_rtl_opts_default(spe_rtl_opts *o);
/* One run against a freshly created device.  Returns 0 when everything
 * matched, 1 on a difference (r->msg), -1 on a bench error (r->msg). */
int spe_rtl_run(const spe_tb_dut *dut, const spe_rtl_opts *o, spe_rtl_result *r);

#endif
