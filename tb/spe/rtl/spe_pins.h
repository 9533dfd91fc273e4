/* The pins of spe_top (rtl/spe/spe_top.v, docs/spe-rtl.md) as the C bench
 * sees them, and the interface to a clocked device under test.  The
 * Verilator shim (spe_dut.cpp) implements spe_tb_dut for one parameter set;
 * the bench (spe_rtl_tb.c) needs nothing else. */
#ifndef SPE_PINS_H
#define SPE_PINS_H

#include <stdint.h>

typedef struct spe_pins_in {
    uint8_t  rst_n;
    /* PE retirement port */
    uint8_t  pe_valid, pe_kind, pe_iclass, pe_isa, pe_el, pe_from_el, pe_flags, pe_ls;
    uint64_t pe_pc, pe_target, pe_va, pe_pa, pe_timestamp;
    uint16_t pe_lat_total, pe_lat_issue, pe_lat_xlat, pe_data_source;
    uint32_t pe_spe_events, pe_ctx1, pe_ctx2;
    uint8_t  psb_valid;
    /* PE-side controls (spe_pe_ctl) */
    uint8_t  have_el2, have_el3, nspb, e2pb, tge, tbi0, tbi1, reg_el, reg_ns;
    uint64_t cntvoff;
    /* system-register port */
    uint8_t  sr_valid, sr_write;
    uint16_t sr_enc;
    uint64_t sr_wdata;
    /* AXI slave side */
    uint8_t  awready, wready, bvalid, bresp;
    uint16_t bid;
} spe_pins_in;

typedef struct spe_pins_out {
    uint8_t  pe_ready, psb_ready, sr_ready, sr_err, irq, serror, idle;
    uint8_t  pmu_event;     /* pmu_event_o: SPE_EV_* bits */
    uint8_t  cti_trig;      /* cti_trig_o: CTI input trigger 2 */
    uint64_t sr_rdata;
    uint16_t awid;
    uint64_t awaddr;
    uint8_t  awlen, awsize, awburst, awvalid, wlast, wvalid, bready;
    uint8_t  wdata[16];
    uint16_t wstrb;
} spe_pins_out;

/* pmu_event_o bits (SPE supplement 2.6 Table 1) */
enum {
    SPE_EV_SAMPLE_POP       = 0,   /* 0x4000 */
    SPE_EV_SAMPLE_FEED      = 1,   /* 0x4001 */
    SPE_EV_SAMPLE_FILTRATE  = 2,   /* 0x4002 */
    SPE_EV_SAMPLE_COLLISION = 3,   /* 0x4003 */
    SPE_EV_N                = 4
};

/* The parameters the device was built with (spe_params form). */
typedef struct spe_tb_params {
    const char *set;
    unsigned data_w, align, max_size, ernd, lds, have_tme, inflight_records, max_inflight,
        ext_headers,
        align_cmd, ea_report, ea_sync;
} spe_tb_params;

/* One clock period: apply in with the clock low and evaluate, store the
 * outputs (what the rising edge samples) in out, then the rising edge. */
typedef struct spe_tb_dut {
    void *ctx;
    void (*step)(void *ctx, const spe_pins_in *in, spe_pins_out *out);
    spe_tb_params params;
} spe_tb_dut;

#endif
