/* The pins of brbe_top (rtl/brbe/brbe_top.v, docs/brbe-rtl.md) as the C
 * bench sees them, and the interface to a clocked device under test.  The
 * Verilator shim (brbe_dut.cpp) implements brbe_tb_dut for one parameter
 * set; the bench (brbe_rtl_tb.c) needs nothing else. */
#ifndef BRBE_PINS_H
#define BRBE_PINS_H

#include <stdint.h>

typedef struct brbe_pins_in {
    uint8_t  rst_n;
    /* PE retirement port */
    uint8_t  pe_valid, pe_kind, pe_iclass, pe_isa, pe_el, pe_from_el, pe_exc_type, pe_flags;
    uint64_t pe_pc, pe_target, pe_cycle, pe_timestamp;
    /* PMU overflow pulse */
    uint8_t  pmu_ovf;
    uint32_t pmu_ovs;       /* bits [30:0] */
    /* environment (brbe_model_env) */
    uint8_t  sbrbe, e3brec, e3brew, tge, e2h, eel2, ecven, ecv, pmcr_n, hpmn;
    uint64_t cntvoff;
    /* system-register port */
    uint8_t  sr_valid, sr_write, sr_iall, sr_inj, sr_el, sr_ns;
    uint16_t sr_enc;
    uint64_t sr_wdata;
} brbe_pins_in;

typedef struct brbe_pins_out {
    uint64_t sr_rdata;
    uint8_t  sr_ready, sr_status;
    uint8_t  pmu_event;     /* pmu_event_o: BRB_FILTERATE occurrences, 0..2 */
} brbe_pins_out;

/* The parameters the device was built with (brbe_model_cfg form). */
typedef struct brbe_tb_params {
    const char *set;        /* parameter set name, "N8" */
    unsigned numrec, has_el2, has_el3, v1p1, record_isb, cap_per_cycle;
} brbe_tb_params;

/* One clock period: apply in with the clock low and evaluate, store the
 * outputs (what the rising edge samples) in out, then the rising edge. */
typedef struct brbe_tb_dut {
    void *ctx;
    void (*step)(void *ctx, const brbe_pins_in *in, brbe_pins_out *out);
    brbe_tb_params params;
} brbe_tb_dut;

#endif
