/* The pins of trace_subsystem (rtl/top/trace_subsystem.v,
 * docs/trace-subsystem.md) as the C bench sees them, and the interface to a
 * clocked device under test.  The Verilator shim (tb/top/rtl/ts_dut.cpp)
 * implements ts_tb_dut for one parameter set; the bench (ts_rtl_tb.c) needs
 * nothing else. */
#ifndef TS_PINS_H
#define TS_PINS_H

#include <stddef.h>
#include <stdint.h>

#define TS_TB_MAX_RW 4    /* RETIRE_WIDTH: 1, 2 or 4 */
#define TS_TB_MAX_OB 16   /* OUT_BYTES: 4, 8 or 16 */
#define TS_TB_MAX_DB 16   /* DATA_W / 8: 8 or 16 */

/* One slot of the PE block port (the ETE's; docs/pe-blocks.md section 1,
 * the port fields). */
typedef struct ts_blk_slot {
    uint64_t addr;
    uint8_t  kind, last, iclass, isa, el, from_el, exc_type, ext_in;
    uint8_t  flags;            /* [3:0] TAKEN NS TSTATE CCFAIL */
} ts_blk_slot;

/* One slot of the PE record port (SPE and BRBE): the pe_rec fields. */
typedef struct ts_pe_slot {
    uint64_t pc, target, cycle, timestamp, va, pa;
    uint32_t contextidr_el1, contextidr_el2;
    uint32_t spe_events;       /* E[10:0] reach the port */
    uint16_t lat_total, lat_issue, lat_xlat, data_source;
    uint8_t  kind, iclass, isa, el, from_el, exc_type;
    uint8_t  flags;            /* [5:0] TAKEN NS TSTATE MISPRED COND CCFAIL */
    uint8_t  ls;
} ts_pe_slot;

typedef struct ts_pins_in {
    uint8_t  rst_n;
    /* PE block port (ETE): bit s of blk_valid is slot s; the system timestamp */
    uint8_t  blk_valid;
    ts_blk_slot blk[TS_TB_MAX_RW];
    uint64_t ts;
    /* PE record port (SPE, BRBE): bit s of pe_valid is slot s */
    uint8_t  pe_valid;
    ts_pe_slot pe[TS_TB_MAX_RW];
    /* APB slave (ETE) */
    uint8_t  psel, penable, pwrite;
    uint16_t paddr;
    uint32_t pwdata;
    /* system-register port */
    uint8_t  sr_valid, sr_write, sr_el, sr_ns, sr_iall, sr_inj;
    uint16_t sr_enc;
    uint64_t sr_wdata;
    /* TRBE side band */
    uint8_t  trbe_trig, trbe_tsb_req, trbe_prog_na;
    /* SPE side band (spe_pe_ctl) */
    uint8_t  spe_psb_valid;
    uint8_t  spe_have_el2, spe_have_el3, spe_nspb, spe_e2pb, spe_tge, spe_tbi0, spe_tbi1;
    uint64_t spe_cntvoff;
    /* BRBE side band (brbe_model_env) */
    uint8_t  brbe_pmu_ovf;
    uint32_t brbe_pmu_ovs;     /* [30:0] */
    uint8_t  brbe_sbrbe, brbe_e3brec, brbe_e3brew, brbe_tge, brbe_e2h, brbe_eel2;
    uint8_t  brbe_ecven, brbe_ecv, brbe_pmcr_n, brbe_hpmn;
    uint64_t brbe_cntvoff;
    /* AXI4 write slave side */
    uint8_t  awready, wready, bvalid, bresp;
    uint32_t bid;
} ts_pins_in;

typedef struct ts_pins_out {
    /* PE ports */
    uint8_t  pe_stall, pe_drop, spe_pe_drop, brbe_pe_drop, spe_pe_busy, brbe_pe_busy;
    /* APB */
    uint32_t prdata;
    uint8_t  pready, pslverr, ete_idle, ete_trc_en;
    /* system-register port */
    uint64_t sr_rdata;
    uint8_t  sr_ready, sr_status;
    /* TRBE */
    uint8_t  trbe_irq, trbe_enabled, trbe_evt_wrap, trbe_evt_trig, trbe_tsb_ack;
    uint8_t  trbe_flush_req, trbe_flush_done, trbe_tsb_go;
    uint8_t  tap_valid;
    uint32_t tap_keep;
    uint8_t  tap_data[TS_TB_MAX_OB];
    /* SPE */
    uint8_t  spe_irq, spe_serror, spe_idle, spe_psb_ready;
    uint8_t  spe_cti_trig;   /* spe_cti_trig_o: CTI input trigger 2 (SPE 2.7) */
    /* PMU event bus pmu_event_o: TS_EV_* bits, [5:4] the BRB_FILTERATE count */
    uint8_t  pmu_event;
    /* AXI4 write master */
    uint32_t awid;
    uint64_t awaddr;
    uint8_t  awlen, awsize, awburst, awlock, awcache, awprot, awvalid;
    uint8_t  wdata[TS_TB_MAX_DB];
    uint32_t wstrb;
    uint8_t  wlast, wvalid, bready;
} ts_pins_out;

/* pmu_event_o of trace_subsystem (docs/trace-subsystem.md, "PMU events") */
enum {
    TS_EV_SAMPLE_POP       = 0,   /* SPE 0x4000, pulse */
    TS_EV_SAMPLE_FEED      = 1,   /* SPE 0x4001, pulse */
    TS_EV_SAMPLE_FILTRATE  = 2,   /* SPE 0x4002, pulse */
    TS_EV_SAMPLE_COLLISION = 3,   /* SPE 0x4003, pulse */
    TS_EV_SPE_N            = 4,
    TS_EV_BRB_FILTERATE    = 4    /* BRBE 0x811F: bits [5:4], a count 0..2 */
};

/* The parameters the device was built with (the -G values). */
typedef struct ts_tb_params {
    const char *set;                 /* parameter set name, "W1" */
    unsigned retire_width, out_bytes, data_bytes, burst_beats;
    unsigned id_w, trbe_axi_id, spe_axi_id;
    /* ETE */
    unsigned ete_entry_depth, ete_out_fifo_depth, ete_rs_depth, ete_num_acpairs;
    unsigned ete_num_events, ete_num_extin, ete_ccsize, ete_ccitmin, ete_commopt;
    /* SPE (the other spe_params fields are spe_params_default's, as spe_top's defaults) */
    unsigned spe_align, spe_max_size, spe_ernd, spe_inflight_records, spe_max_inflight;
    unsigned spe_ext_headers;
    unsigned spe_ser_depth;
    /* BRBE */
    unsigned brbe_numrec, brbe_has_el2, brbe_has_el3, brbe_v1p1, brbe_record_isb;
    unsigned brbe_cap_per_cycle, brbe_ser_depth;
} ts_tb_params;

/* One clock period: apply in with the clock low and evaluate, store the
 * outputs (what the rising edge samples) in out, then the rising edge.
 * waves (NULL when the set cannot trace) starts FST waves (path NULL:
 * stop): 0, or -1 with err. */
typedef struct ts_tb_dut {
    void *ctx;
    void (*step)(void *ctx, const ts_pins_in *in, ts_pins_out *out);
    ts_tb_params params;
    int (*waves)(void *ctx, const char *path, char *err, size_t errlen);
} ts_tb_dut;

#endif
